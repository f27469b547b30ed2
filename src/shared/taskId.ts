// A task id goes into the URL of every query of its task (`/v1/video/generations/<id>`, `?taskId=<id>`), with the
// profile's key. Whether it comes from the user (Track a task id) or from a gateway's submit answer, it must be one
// safe path segment: no separators, no control characters, and not a dot segment (`..` would turn
// `/v1/video/generations/..` into `GET /v1/video/`). An id that is not is refused before any request.
import { AppError } from './ipc/result'

export const TASK_ID_MAX_CHARS = 500

/** Why `id` cannot name a task in a URL, in words that name the field and the rule; null when it can. */
export function taskIdProblem(id: string): string | null {
  if (id.length === 0) return 'Task id: enter the id the gateway returned when the task was submitted'
  if (id.length > TASK_ID_MAX_CHARS) return `Task id: at most ${TASK_ID_MAX_CHARS} characters`
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f/\\?#]/.test(id))
    return 'Task id: no spaces, control characters, slashes, "?" or "#"'
  if (/^\.+$/.test(id)) return 'Task id: dots alone ("." or "..") name a folder in a URL, not a task'
  return null
}

/** The id encoded for a URL; an unsafe id throws TASK_ID_UNSAFE and nothing is sent. */
export function taskIdInUrl(id: string): string {
  const problem = taskIdProblem(id)
  if (problem)
    throw new AppError('TASK_ID_UNSAFE', `${problem}; "${id.slice(0, 40)}" was not sent to the gateway.`)
  return encodeURIComponent(id)
}

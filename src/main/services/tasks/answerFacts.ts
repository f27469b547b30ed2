// What a job exchange's answer said, in a line: the console envelope's `code` and `msg`, the task's status and
// id, a failure's `error.code` and `error.message`, how many images or which URL came back, a download's size.
// Read from the recorded (bounded, elided) body; a body that is not JSON, or was cut, still yields what its
// first characters name. Invariant: every value is shortened; nothing here can grow with the answer.
import type { Exchange } from '../../../shared/ipc/exchange'

export interface AnswerFact {
  field: string
  value: string
}

const VALUE_CHARS = 160
const SCAN_CHARS = 4096
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string')
    return value.length > VALUE_CHARS ? `${value.slice(0, VALUE_CHARS - 1)}…` : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`
  return null
}

/** Dotted paths read from the answer, in the order they are shown. */
const PATHS = [
  'code',
  'msg',
  'status',
  'task_id',
  'error.code',
  'error.message',
  'data.status',
  'data.task_id',
  'data.result.taskId',
  'data.result.images',
  'data.images',
  'data.url',
  'url',
  'success',
  'generation_id',
  'size',
] as const

function at(value: unknown, path: string): unknown {
  let v = value
  for (const key of path.split('.')) {
    if (!isObject(v)) return undefined
    v = v[key]
  }
  return v
}

/** The facts of an answer body: the paths above that it holds, and `data` itself when it is a plain value. */
export function answerFacts(body: string | null): AnswerFact[] {
  if (!body) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return scanFacts(body.slice(0, SCAN_CHARS))
  }
  if (!isObject(parsed)) return []
  const facts: AnswerFact[] = []
  for (const path of PATHS) {
    const value = shown(at(parsed, path))
    if (value !== null) facts.push({ field: path, value })
  }
  const data = parsed.data
  if (typeof data === 'string' || typeof data === 'number') facts.push({ field: 'data', value: shown(data)! })
  return facts
}

/** A body cut short or not JSON: the top-level `"code"`, `"msg"` and `"status"` its start names. */
function scanFacts(text: string): AnswerFact[] {
  const facts: AnswerFact[] = []
  for (const field of ['code', 'msg', 'status'] as const) {
    const m = new RegExp(`"${field}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*"|-?\\d+)`).exec(text)
    if (!m) continue
    let value: unknown = m[1]
    try {
      value = JSON.parse(m[1]!)
    } catch {
      // A string cut in the middle of an escape: shown as written.
    }
    facts.push({ field, value: shown(value) ?? String(m[1]) })
  }
  return facts
}

/** The facts of an exchange's answer (none when it has no response). */
export const exchangeFacts = (exchange: Exchange): AnswerFact[] =>
  answerFacts(exchange.response?.body ?? null)

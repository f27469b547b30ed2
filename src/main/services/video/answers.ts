// Reading the gateway's answers to video submits and queries: task ids, task status (model and console shapes),
// HTTP error messages from any of the gateway's error bodies, and a small JSON summary of a streamed answer for
// the Inspector. Pure functions; nothing here sends or stores.
import { CONSOLE_SUCCESS_CODE } from '../../../shared/catalog/consoleTasks'
import { isObject } from '../tasks/answers'
import type { IngestResult } from './ingest'

export { describeError, describeHttpError, isObject } from '../tasks/answers'

/** A failed attempt to fetch a succeeded task's video. */
export class ResultError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message)
  }
}

export type TaskAnswer =
  | { kind: 'task'; status: string | null; errorCode: string | null; errorMessage: string | null }
  | { kind: 'refused'; code: string; message: string }

export function readTaskAnswer(kind: 'model' | 'console', scan: IngestResult): TaskAnswer {
  const v = scan.scanner.values
  const str = (path: string): string | null => {
    const value = v.get(path)
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null
  }
  if (kind === 'console') {
    const code = v.get('code')
    if (code !== CONSOLE_SUCCESS_CODE) {
      return {
        kind: 'refused',
        code: `CONSOLE_${String(code)}`,
        message: `The console answered code ${String(code)}: ${str('msg') ?? 'no message'}.`,
      }
    }
    return {
      kind: 'task',
      status: str('data.status'),
      errorCode: str('data.error.code'),
      errorMessage: str('data.error.message'),
    }
  }
  return {
    kind: 'task',
    status: str('status'),
    errorCode: str('error.code'),
    errorMessage: str('error.message'),
  }
}

/** A small JSON of what a streamed answer held, with the big fields described, for the inspector. */
export function summaryBody(scan: IngestResult): string {
  const root: Record<string, unknown> = {}
  const set = (path: string, value: unknown) => {
    const keys = path.split('.')
    let node = root
    keys.slice(0, -1).forEach((k) => {
      if (typeof node[k] !== 'object' || node[k] === null) node[k] = {}
      node = node[k] as Record<string, unknown>
    })
    node[keys[keys.length - 1]!] = value
  }
  for (const [path, value] of scan.scanner.values) if (path) set(path, value)
  for (const [path, url] of scan.urls) set(path, url)
  for (const path of scan.scanner.oversized) set(path, '<long string elided>')
  // A second inline copy (a download's data_url beside its base64) came on the wire: shown elided, like long values.
  for (const [path, { mimeType, chars }] of scan.dropped)
    set(
      path,
      `<data:${mimeType ?? ''};base64,… ${chars} base64 characters elided; not decoded, the video was already read from another field>`,
    )
  if (scan.file)
    set(
      scan.file.field,
      `<${scan.file.bytes} bytes of ${scan.file.mimeType ?? 'video/mp4'} decoded to a file>`,
    )
  return JSON.stringify(root, null, 2)
}

export function modelTaskId(answer: unknown): unknown {
  return isObject(answer) ? answer.task_id : undefined
}

export function consoleTaskId(answer: unknown): unknown {
  if (!isObject(answer) || answer.code !== CONSOLE_SUCCESS_CODE) return undefined
  const data = answer.data
  return isObject(data) ? data.task_id : typeof data === 'string' ? data : undefined
}

export function consoleErrorCode(answer: unknown): string {
  return isObject(answer) && answer.code !== undefined ? `CONSOLE_${String(answer.code)}` : 'BAD_RESPONSE'
}

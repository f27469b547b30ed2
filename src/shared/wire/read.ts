// Reading untrusted JSON from servers: narrow `unknown` field by field without throwing, so a missing or
// oddly typed field degrades to "absent" instead of breaking a parse or a stream fold.
import { errorTextOf, meaningful } from './errorText'
import type { WireError } from './events'
import { parseJsonBounded } from '../jsonDepth'

export type JsonObject = Record<string, unknown>

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
export const obj = (v: unknown): JsonObject | undefined => (isObject(v) ? v : undefined)
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined

/** Drops keys whose value is `undefined`, so built bodies and usage objects stay minimal. */
export function compact<T extends JsonObject>(o: T): T {
  const out: JsonObject = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v
  return out as T
}

/** Parses a frame's data; `undefined` means malformed JSON. */
export function parseJson(data: string): unknown {
  try {
    return parseJsonBounded(data)
  } catch {
    return undefined
  }
}

/**
 * An error body of any format as one shape: chat/responses `{error: {message, type, param, code}}`,
 * messages `{type: error, error: {type, message}}`, native `{error: {code, message, status}}` (also wrapped
 * in an array), a flat `{code, message}`, or any other body (`{detail}`, plain text, an HTML page), whose
 * words are the message (errorText.ts). Placeholder values such as `"code": "None"` count as absent.
 */
export function readError(body: unknown, status?: number): WireError {
  const top = Array.isArray(body) ? body[0] : body
  const outer = obj(top) ?? {}
  const inner = obj(outer.error) ?? outer
  // The words come from any shape (`{detail}`, plain text, an HTML page); the whole body stays in `raw`.
  const message = errorTextOf(top)
  const errorType = meaningful(inner.type) ?? meaningful(inner.status)
  const rawCode = inner.code ?? outer.code
  const code = typeof rawCode === 'number' && Number.isFinite(rawCode) ? rawCode : meaningful(rawCode)
  const error: WireError = { message: message ?? bodyAsText(top) ?? fallbackMessage(status), raw: body }
  if (errorType !== undefined && errorType !== 'error') error.errorType = errorType
  if (code !== undefined) error.code = code
  return withStatus(error, status)
}

function withStatus(error: WireError, status: number | undefined): WireError {
  return status === undefined ? error : { status, ...error }
}

/** A JSON body with no words in any known field: its JSON, bounded, rather than "no message". */
function bodyAsText(top: unknown): string | undefined {
  if (top === undefined || top === null || typeof top === 'string') return undefined
  const json = JSON.stringify(top)
  if (json === undefined || json === '{}' || json === '[]') return undefined
  return json.length > 300 ? `${json.slice(0, 299)}…` : json
}

function fallbackMessage(status: number | undefined): string {
  return status === undefined
    ? 'The server reported an error without a message'
    : `HTTP ${status} with an empty body`
}

// The contract every format module fulfils (build, parse, fold) and the request it builds. Auth headers
// are not part of a built request: main adds them from the secret store, so keys never pass through here.
import type { Draft } from './draft'
import type { Completion, StreamFolder, WireError } from './events'
import type { WireFormat } from './format'

export interface BuiltRequest {
  method: 'POST'
  /** Path and query relative to the base URL, e.g. `/v1/chat/completions`, `/v1beta/models/m:streamGenerateContent?alt=sse`. */
  path: string
  /** Format headers besides auth: content type, `accept` for streams, `anthropic-version` for messages. */
  headers: Record<string, string>
  /** The exact JSON body in the format's own shape. */
  body: Record<string, unknown>
}

export interface FormatAdapter {
  readonly id: WireFormat
  readonly label: string
  build(draft: Draft): BuiltRequest
  /** Parses a non-streamed 2xx body; throws `WireParseError` only when the body is not a JSON object. */
  parseResponse(json: unknown): Completion
  /** Reads an error body (parsed JSON or raw text) of a non-2xx answer. */
  parseError(body: unknown, status?: number): WireError
  createFolder(): StreamFolder
}

export class WireParseError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WireParseError'
  }
}

/** Prefix of tool call ids made up locally when a format sends none (native); such ids are never sent back. */
export const SYNTH_ID_PREFIX = 'synth_'

export function synthId(): string {
  return SYNTH_ID_PREFIX + Math.random().toString(36).slice(2, 12).padEnd(10, '0')
}

export const isSynthId = (id: string): boolean => id.startsWith(SYNTH_ID_PREFIX)

export function jsonHeaders(stream: boolean): Record<string, string> {
  return stream
    ? { 'content-type': 'application/json', accept: 'text/event-stream' }
    : { 'content-type': 'application/json', accept: 'application/json' }
}

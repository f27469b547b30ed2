// The contract every format module fulfils (build, its inverse parseRequest, parse, fold) and the request it
// builds. Auth headers are not part of a built request: main adds them from the secret store, so keys never
// pass through here.
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

/** What a request body alone does not say: native carries the model and streaming in its path. */
export interface ParseRequestContext {
  /** Used when the body names no model (always for native). */
  model?: string
  /** Used when the body has no `stream` field (always for native). */
  stream?: boolean
}

export interface ParsedRequest {
  /** The draft that `build` turns back into the body, up to the fields listed in `unmapped`. */
  draft: Draft
  /**
   * Dotted paths of body fields the draft cannot express (`logprobs`,
   * `messages[2].content[0].cache_control`), in the order found; `$` when the body is not a JSON object.
   * Rebuilding the draft loses them.
   */
  unmapped: string[]
}

export interface FormatAdapter {
  readonly id: WireFormat
  readonly label: string
  build(draft: Draft): BuiltRequest
  /** The inverse of `build`: reads a body in this format's own shape into a draft. Never throws. */
  parseRequest(body: unknown, context?: ParseRequestContext): ParsedRequest
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

// The stream-folding skeleton the four format folders share: a frame that is not a JSON object is a warning
// and the stream goes on, an error frame ends the stream, the end of input before the format's terminal event
// is `incomplete`, and a folder yields exactly one terminal event (one `finish`, one `error` or one
// `incomplete`). Per-format code only turns one JSON chunk into events and says when the turn is complete.
import {
  type FolderStatus,
  type SseFrame,
  type StreamEvent,
  type StreamFolder,
  type WireError,
} from './events'
import { reportedUsage } from './reportedUsage'
import { obj, parseJson, type JsonObject } from './read'

export interface FoldControl {
  /**
   * The format's terminal point was reached: a `finish` is added unless one was already yielded.
   * `close` also stops reading (later frames are ignored); without it, trailing frames such as a usage chunk
   * still fold.
   */
  complete(options?: { close?: boolean }): void
}

export interface FormatFold {
  /** The format's name in messages: `chat`, `responses`, `messages`, `native`. */
  readonly name: string
  /** What `incomplete` says when the input ends before the terminal point. */
  readonly incompleteMessage: string
  /** Frame data with a meaning before JSON parsing (chat's `[DONE]`); `true` when handled. */
  sentinel?(data: string, out: StreamEvent[], control: FoldControl): boolean
  /** The chunk object inside the parsed frame (native may wrap it in an array). */
  unwrap?(json: unknown): JsonObject | undefined
  /** The error a chunk carries, when it is an error frame. */
  error(chunk: JsonObject, json: unknown, frame: SseFrame): WireError | undefined
  /** Folds one chunk into events; calls `control.complete()` at the format's terminal point. */
  chunk(chunk: JsonObject, frame: SseFrame, out: StreamEvent[], control: FoldControl): void
  /** Events owed when the input ends early (calls still open); yielded before `incomplete`. */
  flush?(out: StreamEvent[]): void
}

/** A stream folder for one response, built from a format's chunk folding. */
export function createStreamFolder(format: FormatFold): StreamFolder {
  let status: FolderStatus = 'open'
  let closed = false
  let finished = false

  // Keeps the one-terminal-event rule whatever the per-format code emits, and drops usage that reports
  // nothing (all counts zero), so no consumer shows it as zero tokens.
  const emit = (events: StreamEvent[]): StreamEvent[] => {
    const out: StreamEvent[] = []
    for (const e of events) {
      if (e.type === 'usage' && !reportedUsage(e.usage)) continue
      if (e.type === 'finish') {
        if (finished) continue
        finished = true
      }
      out.push(e)
    }
    return out
  }

  const control = (out: StreamEvent[]): FoldControl => ({
    complete(options) {
      if (!finished) out.push({ type: 'finish', stopReason: null, finish: 'other' })
      status = 'complete'
      if (options?.close) closed = true
    },
  })

  return {
    get status() {
      return status
    },
    get closed() {
      return closed
    },
    push(frame: SseFrame): StreamEvent[] {
      if (closed) return []
      const out: StreamEvent[] = []
      // `complete` may be called before the chunk's own finish is in `out`; emit() dedupes in order, so the
      // format's finish (pushed first) wins over the fallback.
      if (format.sentinel?.(frame.data.trim(), out, control(out))) return emit(out)
      const json = parseJson(frame.data)
      const chunk = format.unwrap ? format.unwrap(json) : obj(json)
      if (!chunk) {
        return [
          {
            type: 'warning',
            message: `Skipped a ${format.name} stream frame that is not a JSON object`,
            raw: frame.data,
          },
        ]
      }
      const error = format.error(chunk, json, frame)
      if (error) {
        closed = true
        status = 'error'
        return [{ type: 'error', ...error }]
      }
      format.chunk(chunk, frame, out, control(out))
      return emit(out)
    },
    end(): StreamEvent[] {
      if (closed) return []
      closed = true
      if (status === 'complete') return []
      status = 'incomplete'
      const out: StreamEvent[] = []
      format.flush?.(out)
      return [...emit(out), { type: 'incomplete', message: format.incompleteMessage }]
    },
  }
}

/**
 * What a streamed request's answer stands for when it is not SSE: a non-2xx status, or a JSON body carrying
 * an error (`{error: …}`, also wrapped in an array), ends as that error with the body's message. `undefined`
 * when the body is something else (then it is read as a stream).
 */
export function streamErrorFromBody(
  parseError: (body: unknown, status?: number) => WireError,
  text: string,
  status?: number,
): WireError | undefined {
  const json = parseJson(text.trim())
  if (status !== undefined && (status < 200 || status > 299)) return parseError(json ?? text, status)
  const body = obj(Array.isArray(json) ? json[0] : json)
  if (body && body.error !== undefined && body.error !== null) return parseError(json, status)
  return undefined
}

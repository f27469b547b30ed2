// Records one exchange as it happens, already redacted (S7). Main keeps the full record (bounded); what
// crosses IPC is `snapshot()`, which elides long base64 strings and caps sizes so no message nears 256 KB (M1).
import { randomUUID } from 'node:crypto'
import type { Exchange, HeaderSource, LiveExchange, RetryRecord, SseFrame } from '../../shared/ipc/exchange'
import { redactHeader, redactUrl, secretScrubber } from './redact'

const MAX_BODY_CHARS = 8 * 1024 * 1024
const MAX_FRAMES = 100_000
/** Characters of frame data kept in full; later frames keep their time and size only (a hostile stream). */
const MAX_FRAME_CHARS = 32 * 1024 * 1024
const SNAPSHOT_BODY_CHARS = 48 * 1024
const SNAPSHOT_FRAMES = 400
const SNAPSHOT_FRAME_BYTES = 64 * 1024
const LONG_STRING = 2048
const LIVE_FRAMES = 16
const LIVE_FRAME_BYTES = 32 * 1024

export class ExchangeRecorder {
  readonly id = randomUUID()
  readonly startedAt = Date.now()
  private readonly t0 = performance.now()
  private request: Exchange['request'] = { method: 'GET', url: '', headers: [], body: null }
  private response: Exchange['response'] = null
  private readonly frames: SseFrame[] = []
  private bodyChunks: string[] = []
  private bodyChars = 0
  private frameChars = 0
  private truncated = false
  /** When the HTTP client wrote the request (the last attempt's). */
  private writtenMs: number | null = null
  private headersMs: number | null = null
  private firstByteMs: number | null = null
  private endMs: number | null = null
  private error: string | null = null
  private readonly retries: RetryRecord[] = []
  attempts = 0

  /** Scrubs the secrets known when the exchange began from a text; worked out once, run on every frame. */
  private readonly scrub: (text: string) => string

  constructor(secrets: readonly string[] = []) {
    this.scrub = secretScrubber(secrets)
  }

  elapsed(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10
  }

  recordRequest(method: string, url: string, headers: Record<string, string>, body: string | null): void {
    this.request = {
      ...this.request,
      method,
      url: this.scrub(redactUrl(url)),
      headers: Object.entries(headers).map(([k, v]) => [k, this.scrub(redactHeader(k, v))]),
      body: body === null ? null : this.scrub(body),
    }
  }

  /** Who set each header, and the app's headers the profile removed (the Inspector lists them apart). */
  recordHeaderSources(sources: Record<string, HeaderSource>, removed: readonly string[]): void {
    this.request.sources = { ...sources }
    if (removed.length > 0) this.request.removed = [...removed]
  }

  /** The way the call went (`direct`, `HTTP proxy http://h:p (the profile's proxy)`); never credentials. */
  recordRoute(route: string): void {
    this.request.route = this.scrub(route)
  }

  /** A retry before the first byte (at most 20 kept: the policy allows 10). */
  recordRetry(reason: string, waitMs: number, serverAsked: boolean): void {
    if (this.retries.length >= 20) return
    this.retries.push({
      t: this.elapsed(),
      attempt: this.attempts,
      reason: this.scrub(reason),
      waitMs: Math.round(waitMs),
      serverAsked,
    })
  }

  /** The HTTP client wrote the request (each attempt overwrites it: the answer is the last attempt's). */
  recordWritten(): void {
    this.writtenMs = this.elapsed()
  }

  recordResponse(status: number, statusText: string, headers: Headers): void {
    this.headersMs = this.elapsed()
    const pairs: [string, string][] = []
    headers.forEach((value, name) => pairs.push([name, this.scrub(redactHeader(name, value))]))
    this.response = { status, statusText, headers: pairs, body: null, truncated: false, frames: [] }
  }

  recordBodyChunk(text: string): void {
    if (this.firstByteMs === null) this.firstByteMs = this.elapsed()
    if (this.bodyChars >= MAX_BODY_CHARS) {
      this.truncated = true
      return
    }
    this.bodyChunks.push(text)
    this.bodyChars += text.length
  }

  recordFrame(frame: { event?: string; data: string }): void {
    if (this.firstByteMs === null) this.firstByteMs = this.elapsed()
    if (this.frames.length >= MAX_FRAMES) {
      this.truncated = true
      return
    }
    const kept = this.frameChars + frame.data.length <= MAX_FRAME_CHARS
    if (kept) this.frameChars += frame.data.length
    else this.truncated = true
    const entry: SseFrame = {
      t: this.elapsed(),
      data: kept ? this.scrub(frame.data) : `<${frame.data.length} characters not kept: the record is full>`,
    }
    if (frame.event !== undefined) entry.event = frame.event
    this.frames.push(entry)
  }

  /** About how many characters this record holds in memory (for the exchange log's budget). */
  retainedChars(): number {
    return (this.request.body?.length ?? 0) + this.bodyChars + this.frameChars
  }

  recordError(message: string): void {
    this.error = this.scrub(message)
  }

  finish(): void {
    if (this.endMs === null) this.endMs = this.elapsed()
  }

  /** The raw response body as received (the text of a captured SSE stream, for save-and-replay). */
  rawBody(): string {
    return this.scrub(this.bodyChunks.join(''))
  }

  allFrames(): readonly SseFrame[] {
    return this.frames
  }

  /**
   * A bounded copy for the renderer: long strings elided, the body and frame list capped. It never throws: a
   * record that cannot be summarised comes back without its bodies and says why, so a run's end never fails
   * because of its record.
   */
  snapshot(): Exchange {
    try {
      return this.boundedCopy()
    } catch (error) {
      return {
        id: this.id,
        startedAt: this.startedAt,
        request: { ...this.request, body: null },
        response: this.response && { ...this.response, body: null, frames: [], truncated: true },
        timings: this.timings(),
        attempts: this.attempts,
        ...(this.retries.length ? { retries: [...this.retries] } : {}),
        error: `The exchange could not be summarised (${(error as Error).message}); its bodies are left out.`,
      }
    }
  }

  /**
   * The request as sent (bounded like a snapshot's), the status line and headers, the times so far and the
   * attempts: what the Inspector shows while the answer streams.
   */
  liveRequest(): LiveExchange {
    const { id, startedAt, request, response, timings, attempts } = this.boundedCopy()
    const head = response && {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }
    return { id, startedAt, request, response: head, timings, attempts }
  }

  /** When the first byte of the body arrived (ms since the request started), once it has. */
  firstByteAt(): number | null {
    return this.firstByteMs
  }

  /** The frame count and the newest few frames (elided, capped: a few KB whatever the stream sends, M1). */
  liveFrames(count = LIVE_FRAMES, budget = LIVE_FRAME_BYTES): { total: number; recent: SseFrame[] } {
    return { total: this.frames.length, recent: lastFramesWithin(this.frames, count, budget) }
  }

  private timings(): Exchange['timings'] {
    const { headersMs, firstByteMs, endMs, writtenMs } = this
    return writtenMs === null ? { headersMs, firstByteMs, endMs } : { writtenMs, headersMs, firstByteMs, endMs }
  }

  private boundedCopy(): Exchange {
    const frames = lastFramesWithin(this.frames, SNAPSHOT_FRAMES, SNAPSHOT_FRAME_BYTES)
    const response = this.response && {
      ...this.response,
      body: this.frames.length > 0 || this.bodyChars === 0 ? null : cap(elideLongStrings(this.rawBody())),
      frames,
      truncated: this.truncated || frames.length < this.frames.length || this.bodyChars > SNAPSHOT_BODY_CHARS,
    }
    return {
      id: this.id,
      startedAt: this.startedAt,
      request: {
        ...this.request,
        body: this.request.body === null ? null : cap(elideLongStrings(this.request.body)),
      },
      response,
      timings: this.timings(),
      attempts: this.attempts,
      ...(this.retries.length ? { retries: [...this.retries] } : {}),
      error: this.error,
    }
  }
}

/**
 * Replaces long base64-looking JSON strings (images, videos) with a short description of their size. A scan,
 * not a regular expression: a 10 MB string made V8's regex engine overflow its stack (S9), and this stays
 * linear in time and constant in stack whatever the text holds.
 */
export function elideLongStrings(text: string): string {
  if (text.length < LONG_STRING) return text
  const parts: string[] = []
  let copied = 0
  let at = text.indexOf('"')
  while (at !== -1 && at < text.length - 1) {
    const start = at + 1
    let i = start
    let prefix = ''
    if (text.startsWith('data:', i)) {
      let j = i + 5
      while (j < text.length && isMimeChar(text.charCodeAt(j))) j++
      if (text.startsWith(';base64,', j)) {
        prefix = text.slice(i, j + 8)
        i = j + 8
      }
    }
    const runStart = i
    while (i < text.length && isBase64Char(text.charCodeAt(i))) i++
    if (i - runStart >= LONG_STRING && text.charCodeAt(i) === 34 /* " */) {
      const kb = Math.round(((i - start) * 3) / 4 / 1024)
      parts.push(text.slice(copied, start), `<${prefix ? `${prefix} ` : 'base64, '}${kb} KB elided>`)
      copied = i
      at = text.indexOf('"', i + 1)
    } else {
      // The characters scanned hold no quote, so the next candidate is at or after where the scan stopped.
      at = text.indexOf('"', Math.max(i, start))
    }
  }
  if (copied === 0) return text
  parts.push(text.slice(copied))
  return parts.join('')
}

/** [A-Za-z0-9+/=_-] */
function isBase64Char(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    (c >= 48 && c <= 57) ||
    c === 43 ||
    c === 47 ||
    c === 61 ||
    c === 95 ||
    c === 45
  )
}

/** [\w/+.-] */
function isMimeChar(c: number): boolean {
  return isBase64Char(c) || c === 46
}

/** The newest frames, at most `count` and about `budget` characters of data, each elided and capped. */
function lastFramesWithin(frames: readonly SseFrame[], count: number, budget: number): SseFrame[] {
  const out: SseFrame[] = []
  let bytes = 0
  for (let i = frames.length - 1; i >= 0 && out.length < count; i--) {
    const f = frames[i]!
    const data = cap(elideLongStrings(f.data), 8192)
    bytes += data.length + 48
    if (bytes > budget && out.length > 0) break
    out.push({ ...f, data })
  }
  return out.reverse()
}

function cap(text: string, max = SNAPSHOT_BODY_CHARS): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}\n… (${text.length - max} more characters in the full record)`
}

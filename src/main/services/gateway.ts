// The one place that turns a profile plus a request into an HTTP call: base URL joining, auth per endpoint
// kind, extra headers, timeouts, abort, retries (R1: only before the first body byte, only for transient
// statuses and connection errors) and a redacted record of the exchange. Plain Node, global fetch.
import type { ResolvedProfile } from './profiles'
import { AppError } from '../../shared/ipc/result'
import { ExchangeRecorder } from './exchangeRecorder'

/** model: endpoints 1–4, 9–13; native: 5–8; console: 14–20 (on the console base URL). */
export type EndpointKind = 'model' | 'native' | 'console'

export interface GatewayRequest {
  kind: EndpointKind
  method: 'GET' | 'POST'
  /** Path with optional query, joined to the profile's base URL (e.g. `/v1/chat/completions`). */
  path: string
  /** A JSON body, serialised as is; or `rawBody`, sent exactly as written by the user. */
  body?: unknown
  rawBody?: string
  /** Format headers (e.g. `anthropic-version`); auth and content negotiation are set here. */
  headers?: Record<string, string>
  /**
   * Streams hand back the open response (SSE, or a large JSON body read as it arrives); the whole-request
   * timeout then covers only the headers.
   */
  stream?: boolean
  signal?: AbortSignal
  maxRetries?: number
}

export interface GatewayResponse {
  status: number
  ok: boolean
  headers: Headers
  exchange: ExchangeRecorder
  /** The open body, for streams. Null once read by `text()`. */
  body: ReadableStream<Uint8Array> | null
}

export interface GatewayOptions {
  /** Secrets to scrub from records and errors beyond the profile's own (S7). */
  knownSecrets?: () => readonly string[]
  /** Backoff base, ms (tests shorten it). */
  retryBaseMs?: number
  /** Longest server-requested wait we sleep through; longer ones are reported to the user (R1). */
  maxRetryAfterMs?: number
  userAgent?: string
}

export const RETRYABLE_STATUS = new Set([408, 409, 429, 500, 502, 503, 504, 529])

export class GatewayError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly exchange: ExchangeRecorder,
    details?: Record<string, unknown>,
  ) {
    super(code, message, { ...details, exchangeId: exchange.id })
  }
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`)
}

/** The headers and URL for one call, with the credential the endpoint kind takes. */
export function authorize(
  profile: ResolvedProfile,
  req: Pick<GatewayRequest, 'kind' | 'path'>,
): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {}
  for (const h of profile.headers) headers[h.name] = h.value
  if (req.kind === 'console') {
    if (!profile.consoleBaseUrl)
      throw new AppError(
        'GATEWAY_NO_CONSOLE_URL',
        `Profile "${profile.name}" has no console base URL; add it in Settings.`,
      )
    if (!profile.consoleToken)
      throw new AppError(
        'GATEWAY_NO_SECRET',
        `Profile "${profile.name}" has no console access token; add it in Settings.`,
      )
    headers.authorization = `Bearer ${profile.consoleToken}`
    return { url: joinUrl(profile.consoleBaseUrl, req.path), headers }
  }
  if (!profile.apiKey)
    throw new AppError('GATEWAY_NO_SECRET', `Profile "${profile.name}" has no API key; add it in Settings.`)
  let url = joinUrl(profile.baseUrl, req.path)
  if (req.kind === 'native' && profile.nativeAuth === 'header') headers['x-vendor-api-key'] = profile.apiKey
  else if (req.kind === 'native' && profile.nativeAuth === 'query') {
    url += `${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(profile.apiKey)}`
  } else headers.authorization = `Bearer ${profile.apiKey}`
  return { url, headers }
}

/** Wait requested by the server (`retry-after-ms`, then `retry-after` seconds or HTTP date), ms. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'))
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms
  const ra = headers.get('retry-after')
  if (ra === null) return null
  const seconds = Number(ra)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(ra)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

export class GatewayClient {
  private readonly retryBaseMs: number
  private readonly maxRetryAfterMs: number

  constructor(private readonly options: GatewayOptions = {}) {
    this.retryBaseMs = options.retryBaseMs ?? 500
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000
  }

  /** Sends a request; non-2xx answers are returned (not thrown) so callers can parse each format's error body. */
  async send(profile: ResolvedProfile, req: GatewayRequest): Promise<GatewayResponse> {
    const secrets = [profile.apiKey, profile.consoleToken, ...(this.options.knownSecrets?.() ?? [])].filter(
      (s): s is string => !!s,
    )
    const recorder = new ExchangeRecorder(secrets)
    const { url, headers: authHeaders } = authorize(profile, req)
    const headers = { ...lowerKeys(req.headers ?? {}), ...authHeaders }
    const bodyText = req.rawBody ?? (req.body === undefined ? null : JSON.stringify(req.body))
    if (bodyText !== null) headers['content-type'] = 'application/json'
    // A caller may ask for another type (a JSON body read as a stream); otherwise streams want SSE.
    headers.accept ??= req.stream ? 'text/event-stream' : 'application/json'
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent
    recorder.recordRequest(req.method, url, headers, bodyText)

    const maxRetries = req.maxRetries ?? 2
    for (let attempt = 0; ; attempt++) {
      recorder.attempts = attempt + 1
      const timeout = new AbortController()
      const timer = setTimeout(() => timeout.abort(), profile.timeoutMs)
      const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal
      let response: Response
      try {
        response = await fetch(url, { method: req.method, headers, body: bodyText ?? undefined, signal })
      } catch (error) {
        clearTimeout(timer)
        if (req.signal?.aborted) {
          recorder.recordError('stopped by the user')
          recorder.finish()
          throw new GatewayError('GATEWAY_ABORTED', 'The request was stopped.', recorder)
        }
        const message = timeout.signal.aborted
          ? `No response within ${Math.round(profile.timeoutMs / 1000)} s (the profile's request timeout).`
          : `Could not reach ${new URL(url).origin}: ${describeNetworkError(error)}`
        if (attempt < maxRetries) {
          await this.sleep(this.backoff(attempt), req.signal, recorder)
          continue
        }
        recorder.recordError(message)
        recorder.finish()
        throw new GatewayError(
          timeout.signal.aborted ? 'GATEWAY_TIMEOUT' : 'GATEWAY_UNREACHABLE',
          message,
          recorder,
        )
      }

      const shouldRetry = response.headers.get('x-should-retry')
      const retryable =
        shouldRetry === 'true' || (shouldRetry !== 'false' && RETRYABLE_STATUS.has(response.status))
      if (retryable && attempt < maxRetries) {
        const wanted = retryAfterMs(response.headers)
        if (wanted === null || wanted <= this.maxRetryAfterMs) {
          clearTimeout(timer)
          await response.body?.cancel().catch(() => undefined)
          await this.sleep(wanted ?? this.backoff(attempt), req.signal, recorder)
          continue
        }
      }

      recorder.recordResponse(response.status, response.statusText, response.headers)
      if (req.stream && response.ok) {
        // The stream consumer owns the body from here; the header timeout no longer applies.
        clearTimeout(timer)
        return {
          status: response.status,
          ok: true,
          headers: response.headers,
          exchange: recorder,
          body: response.body,
        }
      }
      try {
        recorder.recordBodyChunk(await readBodyText(response, MAX_WHOLE_BODY_BYTES))
      } catch (error) {
        recorder.recordError(`the response body was cut off: ${describeNetworkError(error)}`)
      } finally {
        clearTimeout(timer)
        recorder.finish()
      }
      return {
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        exchange: recorder,
        body: null,
      }
    }
  }

  private backoff(attempt: number): number {
    const base = Math.min(this.retryBaseMs * 2 ** attempt, 8000)
    return base * (0.75 + Math.random() * 0.5)
  }

  private async sleep(
    ms: number,
    signal: AbortSignal | undefined,
    recorder: ExchangeRecorder,
  ): Promise<void> {
    if (signal?.aborted) throw new GatewayError('GATEWAY_ABORTED', 'The request was stopped.', recorder)
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(t)
        reject(new GatewayError('GATEWAY_ABORTED', 'The request was stopped.', recorder))
      }
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
}

/** The server-requested wait when it is too long to sleep through, so the UI can say so (R1). */
export function longRetryAfter(res: GatewayResponse, limitMs = 60_000): number | null {
  const wanted = retryAfterMs(res.headers)
  return wanted !== null && wanted > limitMs ? wanted : null
}

export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`
  // fetch's own "fetch failed" says nothing; its cause says why (a blocked port, a malformed address…).
  if (cause?.message) return cause.message
  return error instanceof Error ? error.message : String(error)
}

/** The largest non-streamed answer read (S9: values up to 100 MB); a larger one is refused, not buffered. */
export const MAX_WHOLE_BODY_BYTES = 128 * 1024 * 1024

/** Reads a body as UTF-8 text, giving up (and closing the socket) past `maxBytes`, whatever Content-Length says. */
async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return ''
  const decoder = new TextDecoder('utf-8')
  const parts: string[] = []
  let bytes = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength
    if (bytes > maxBytes) {
      await response.body.cancel().catch(() => undefined)
      throw new Error(`the answer is larger than ${maxBytes / 1024 / 1024} MB, so it was not read`)
    }
    parts.push(decoder.decode(chunk, { stream: true }))
  }
  parts.push(decoder.decode())
  return parts.join('')
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

/** Reads a non-streamed response as text (already recorded). */
export function responseText(res: GatewayResponse): string {
  return res.exchange.rawBody()
}

// The one place that turns a profile plus a request into an HTTP call: base URL joining, the headers of the
// call (the app's own, less those the profile removed, then the profile's: requestHeaders.ts), the profile's way
// out (direct, proxy, SOCKS5, its TLS trust: network/networkPool.ts), its timeouts (connect, first byte, idle
// between chunks of a whole body), its retry policy (R1: only before the first body byte, for the profile's
// statuses and connection errors, a server's wait honoured up to its limit), and a redacted record of the
// exchange with each retry and the route taken.
import type { ResolvedProfile } from './profiles'
import { AppError } from '../../shared/ipc/result'
import { ExchangeRecorder } from './exchangeRecorder'
import { httpCall, type HttpAnswer } from './network/httpCall'
import { NetworkPool, type CallPurpose, type Connection } from './network/networkPool'
import { classifyNetworkError, describeNetworkError } from './network/networkErrors'
import { proxyLabel, type Route } from './network/routes'
import { joinUrl, planHeaders, type EndpointKind } from './requestHeaders'

export { joinUrl, describeNetworkError, type EndpointKind }

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
   * Streams hand back the open response (SSE, or a large JSON body read as it arrives); the first-byte timeout
   * then covers only the headers.
   */
  stream?: boolean
  signal?: AbortSignal
  /** Overrides the profile's retry count (0 for a call that must never repeat). */
  maxRetries?: number
  /** Called as the HTTP client writes each attempt's request (see HttpInit.onWrite). */
  onWrite?: () => void
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
  userAgent?: string
  /** The per-profile dispatchers (one per app; a client made without one makes its own). */
  network?: NetworkPool
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

/** The headers and URL for one call, with the credential the endpoint kind takes. */
export function authorize(
  profile: ResolvedProfile,
  req: Pick<GatewayRequest, 'kind' | 'path'>,
): { url: string; headers: Record<string, string> } {
  const plan = planHeaders(profile, { kind: req.kind, path: req.path })
  return { url: plan.url, headers: plan.headers }
}

/** How a route reads in the Inspector and in messages: `direct`, `HTTP proxy http://h:p (why)`. */
export function describeRoute(route: Route): string {
  if (route.kind === 'direct') return route.reason === 'no proxy' ? 'direct' : `direct (${route.reason})`
  const what =
    route.kind === 'socks5' ? 'SOCKS5 proxy' : route.kind === 'https-proxy' ? 'HTTPS proxy' : 'HTTP proxy'
  return `${what} ${proxyLabel(route.proxy)} (${route.reason})`
}

/** The words a failed connection of this route gets: through which proxy, and which layer failed. */
function unreachableMessage(origin: string, route: Route | null, error: unknown): string {
  const via =
    route && route.kind !== 'direct' ? ` through the ${describeRoute(route).replace(/ \(.*\)$/, '')}` : ''
  const failure = classifyNetworkError(error)
  if (failure.area === 'tls') return `Could not reach ${origin}${via}: ${failure.words} (${failure.code}).`
  if (failure.area === 'proxy') return `Could not reach ${origin}${via}: ${failure.words}.`
  return `Could not reach ${origin}${via}: ${describeNetworkError(error)}`
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
  /** The per-profile dispatchers every call of the app goes through (result downloads and probes included). */
  readonly network: NetworkPool

  constructor(private readonly options: GatewayOptions = {}) {
    this.retryBaseMs = options.retryBaseMs ?? 500
    this.network = options.network ?? new NetworkPool()
  }

  get userAgent(): string | undefined {
    return this.options.userAgent
  }

  /** Every secret a record of this profile's calls must never show. */
  secretsOf(profile: ResolvedProfile): string[] {
    return [
      profile.apiKey,
      profile.consoleToken,
      profile.proxyPassword,
      profile.clientKey,
      ...(this.options.knownSecrets?.() ?? []),
    ].filter((s): s is string => !!s)
  }

  /** How a call of this profile finds its connection for a URL (each redirect hop asks again). */
  connector(profile: ResolvedProfile): (url: URL, purpose: CallPurpose) => Promise<Connection> {
    return (url, purpose) => this.network.connection(profile, url, purpose)
  }

  /** Sends a request; non-2xx answers are returned (not thrown) so callers can parse each format's error body. */
  async send(profile: ResolvedProfile, req: GatewayRequest): Promise<GatewayResponse> {
    const recorder = new ExchangeRecorder(this.secretsOf(profile))
    const bodyText = req.rawBody ?? (req.body === undefined ? null : JSON.stringify(req.body))
    const plan = planHeaders(
      profile,
      {
        kind: req.kind,
        path: req.path,
        headers: req.headers,
        hasBody: bodyText !== null,
        stream: req.stream,
      },
      this.options.userAgent,
    )
    const { url, headers } = plan
    recorder.recordRequest(req.method, url, headers, bodyText)
    recorder.recordHeaderSources(plan.sources, plan.removed)
    const origin = new URL(url).origin
    const policy = profile.retry
    const maxRetries = req.maxRetries ?? policy.maxRetries
    const statuses = new Set(policy.statuses)
    const firstByteMs = profile.timeoutMs

    for (let attempt = 0; ; attempt++) {
      recorder.attempts = attempt + 1
      const timeout = new AbortController()
      const timer = setTimeout(() => timeout.abort(), firstByteMs)
      const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal
      let response: HttpAnswer
      let route: Route | null = null
      const onWrite = () => {
        recorder.recordWritten()
        req.onWrite?.()
      }
      try {
        response = await httpCall(
          async (u, purpose) => {
            const c = await this.network.connection(profile, u, purpose)
            route = c.route
            recorder.recordRoute(describeRoute(c.route))
            return c
          },
          url,
          { method: req.method, headers, body: bodyText, signal, onWrite },
        )
      } catch (error) {
        clearTimeout(timer)
        if (req.signal?.aborted) {
          recorder.recordError('stopped by the user')
          recorder.finish()
          throw new GatewayError('GATEWAY_ABORTED', 'The request was stopped.', recorder)
        }
        // A server that refuses the client certificate sends a TLS alert, then closes: the alert is the reason.
        const cause = this.network.recentTlsAlert(profile.id) ?? error
        const message = timeout.signal.aborted
          ? `No response within ${Math.round(firstByteMs / 1000)} s (the profile's first-byte timeout).`
          : unreachableMessage(origin, route, cause)
        // A TLS or proxy refusal is the same on every attempt: it is not retried.
        const area = timeout.signal.aborted ? 'network' : classifyNetworkError(cause).area
        if (attempt < maxRetries && area === 'network') {
          const wait = this.backoff(attempt)
          recorder.recordRetry(
            timeout.signal.aborted ? 'no response in time' : describeNetworkError(error),
            wait,
            false,
          )
          await this.sleep(wait, req.signal, recorder)
          continue
        }
        recorder.recordError(message)
        recorder.finish()
        throw new GatewayError(
          timeout.signal.aborted
            ? 'GATEWAY_TIMEOUT'
            : area === 'tls'
              ? 'GATEWAY_TLS'
              : area === 'proxy'
                ? 'GATEWAY_PROXY'
                : 'GATEWAY_UNREACHABLE',
          message,
          recorder,
        )
      }

      const shouldRetry = response.headers.get('x-should-retry')
      const retryable = shouldRetry === 'true' || (shouldRetry !== 'false' && statuses.has(response.status))
      if (retryable && attempt < maxRetries) {
        const wanted = retryAfterMs(response.headers)
        if (wanted === null || wanted <= policy.maxWaitMs) {
          clearTimeout(timer)
          await response.body?.cancel().catch(() => undefined)
          const wait = wanted ?? this.backoff(attempt)
          recorder.recordRetry(
            `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
            wait,
            wanted !== null,
          )
          await this.sleep(wait, req.signal, recorder)
          continue
        }
      }
      clearTimeout(timer)

      recorder.recordResponse(response.status, response.statusText, response.headers)
      if (req.stream && response.ok) {
        // The stream consumer owns the body from here, with its own idle guard.
        return {
          status: response.status,
          ok: true,
          headers: response.headers,
          exchange: recorder,
          body: response.body,
        }
      }
      try {
        recorder.recordBodyChunk(
          await readBodyText(response, MAX_WHOLE_BODY_BYTES, profile.idleTimeoutMs, req.signal),
        )
      } catch (error) {
        recorder.recordError(`the response body was cut off: ${describeNetworkError(error)}`)
      } finally {
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

  /** Closes every profile's connections (the app is closing). */
  close(): Promise<void> {
    return this.network.close()
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

/** The largest non-streamed answer read (S9: values up to 100 MB); a larger one is refused, not buffered. */
export const MAX_WHOLE_BODY_BYTES = 128 * 1024 * 1024

/**
 * Reads a body as UTF-8 text, giving up (and closing the socket) past `maxBytes` whatever Content-Length says, or
 * when no bytes come for `idleMs` (the profile's idle timeout between chunks).
 */
async function readBodyText(
  response: HttpAnswer,
  maxBytes: number,
  idleMs: number,
  signal?: AbortSignal,
): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder('utf-8')
  const parts: string[] = []
  let bytes = 0
  let idle = false
  const stop = () => void reader.cancel().catch(() => undefined)
  let timer = setTimeout(onIdle, idleMs)
  function onIdle() {
    idle = true
    stop()
  }
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      clearTimeout(timer)
      timer = setTimeout(onIdle, idleMs)
      bytes += value.byteLength
      if (bytes > maxBytes) {
        stop()
        throw new Error(`the answer is larger than ${maxBytes / 1024 / 1024} MB, so it was not read`)
      }
      parts.push(decoder.decode(value, { stream: true }))
    }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', stop)
  }
  if (idle) throw new Error(`no data for ${Math.round(idleMs / 1000)} s (the profile's idle timeout)`)
  if (signal?.aborted) throw new Error('stopped by the user')
  parts.push(decoder.decode())
  return parts.join('')
}

/** Reads a non-streamed response as text (already recorded). */
export function responseText(res: GatewayResponse): string {
  return res.exchange.rawBody()
}

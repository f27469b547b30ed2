// One probe request over HTTP, recorded for the Inspector and read to the stream's real end (not to the first
// terminal event: a second terminal event or a missing `[DONE]` is exactly what the check looks for). Never
// retried: a probe's answer is the gateway's first answer, and a paid call is never repeated without the user
// asking. Auth can be replaced by a style under test (none, a header, the `?key=` query).
import type { ResolvedProfile } from '../profiles'
import { authorize, describeNetworkError, describeRoute, type EndpointKind } from '../gateway'
import { httpCall, type Connect } from '../network/httpCall'
import { ExchangeRecorder } from '../exchangeRecorder'
import { createSseReader } from '../text/sseReader'
import type { RecordedFrame, WireExchange, WireKind } from '../../../shared/check/conformance'

/** How a probe authenticates: the profile's own way, none, or one style with the profile's key. */
export type ProbeAuth = 'profile' | 'none' | { header: string; bearer?: boolean } | 'query'

export interface ProbeRequest {
  kind: EndpointKind
  wire: WireKind
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: unknown
  stream: boolean
  auth?: ProbeAuth
  /** Bytes of the answer read and kept for judging (MAX_PROBE_BODY_BYTES unless the probe needs more). */
  maxBodyBytes?: number
}

export interface ProbeAnswer {
  exchange: WireExchange
  recorder: ExchangeRecorder
  /** ms from the request to the first frame (streams) or the headers (whole bodies); null without an answer. */
  firstByteMs: number | null
  /** ms from the request to the frame of each index (streams). */
  frameTimes: number[]
  totalMs: number
}

export interface ProbeHttpOptions {
  signal: AbortSignal
  /** The profile's connections (its proxy and trust), as every call of the profile. */
  connect: Connect
  /** Secrets to scrub from the record beyond the profile's own. */
  secrets?: readonly string[]
  /** A stream silent this long is given up (the profile's idle timeout by default). */
  idleMs?: number
  userAgent?: string
}

/**
 * What a probe keeps to judge, as the exchange recorder keeps what it shows: a probe's answer is a few tokens
 * (the longest asks for 2,200), so past these bounds it is a broken or hostile answer, read no further and judged
 * as cut; the whole answer is never held (a gateway answering 100 MB to every probe once took main past 2 GB).
 */
export const MAX_PROBE_BODY_BYTES = 2 * 1024 * 1024
/** A family A video download carries a whole clip as base64: its one probe may keep this much. */
export const MAX_DOWNLOAD_BODY_BYTES = 64 * 1024 * 1024
export const MAX_PROBE_FRAMES = 10_000

const AUTH_NAMES = new Set(['authorization', 'x-api-key', 'x-vendor-api-key', 'api-key', 'x-goog-api-key'])

function withAuth(
  profile: ResolvedProfile,
  req: ProbeRequest,
): { url: string; headers: Record<string, string> } {
  const { url, headers } = authorize(profile, { kind: req.kind, path: req.path })
  const auth = req.auth ?? 'profile'
  if (auth === 'profile') return { url, headers }
  const u = new URL(url)
  u.searchParams.delete('key')
  const bare = Object.fromEntries(Object.entries(headers).filter(([k]) => !AUTH_NAMES.has(k.toLowerCase())))
  const key = (req.kind === 'console' ? profile.consoleToken : profile.apiKey) ?? ''
  if (auth === 'query') u.searchParams.set('key', key)
  else if (auth !== 'none') bare[auth.header.toLowerCase()] = auth.bearer ? `Bearer ${key}` : key
  return { url: u.toString(), headers: bare }
}

export async function sendProbe(
  profile: ResolvedProfile,
  req: ProbeRequest,
  options: ProbeHttpOptions,
): Promise<ProbeAnswer> {
  const secrets = [profile.apiKey, profile.consoleToken, ...(options.secrets ?? [])].filter(
    (s): s is string => !!s,
  )
  const recorder = new ExchangeRecorder(secrets)
  recorder.attempts = 1
  const t0 = performance.now()
  const since = () => Math.round((performance.now() - t0) * 10) / 10
  const exchange: WireExchange = {
    kind: req.wire,
    stream: req.stream,
    status: null,
    contentType: null,
    body: '',
    frames: [],
    transportError: null,
  }
  const answer: ProbeAnswer = { exchange, recorder, firstByteMs: null, frameTimes: [], totalMs: 0 }
  let url: string
  let headers: Record<string, string>
  try {
    ;({ url, headers } = withAuth(profile, req))
  } catch (error) {
    exchange.transportError = (error as Error).message
    recorder.recordError(exchange.transportError)
    recorder.finish()
    return answer
  }
  for (const [k, v] of Object.entries(req.headers ?? {}))
    if (!(k.toLowerCase() in headers)) headers[k.toLowerCase()] = v
  const bodyText = req.body === undefined ? null : JSON.stringify(req.body)
  if (bodyText !== null) headers['content-type'] = 'application/json'
  headers.accept = req.stream ? 'text/event-stream' : 'application/json'
  if (options.userAgent) headers['user-agent'] = options.userAgent
  recorder.recordRequest(req.method, url, headers, bodyText)

  const local = new AbortController()
  const signal = AbortSignal.any([options.signal, local.signal])
  const idleMs = options.idleMs ?? profile.idleTimeoutMs
  // One timer: the whole request until the headers, then the silence between chunks of a body.
  let timer = setTimeout(() => local.abort(), profile.timeoutMs)
  const rearm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => local.abort(), idleMs)
  }
  const why = (error: unknown) =>
    options.signal.aborted
      ? 'stopped by the user'
      : local.signal.aborted
        ? `no data for ${Math.round((exchange.status === null ? profile.timeoutMs : idleMs) / 1000)} s`
        : describeNetworkError(error)
  try {
    const res = await httpCall(options.connect, url, { method: req.method, headers, body: bodyText, signal })
    recorder.recordRoute(describeRoute(res.route))
    recorder.recordResponse(res.status, res.statusText, res.headers)
    exchange.status = res.status
    exchange.contentType = res.headers.get('content-type')
    answer.firstByteMs = since()
    rearm()
    const isSse = /^text\/event-stream\b/i.test(exchange.contentType ?? '')
    const parts: string[] = []
    let tooLong: string | null = null
    const reader = createSseReader(
      (frame) => {
        if (tooLong) return
        if (exchange.frames.length >= MAX_PROBE_FRAMES) {
          tooLong = `the stream passed ${MAX_PROBE_FRAMES.toLocaleString('en-US')} events and was not read further`
          return local.abort()
        }
        const f: RecordedFrame =
          frame.event === undefined ? { data: frame.data } : { event: frame.event, data: frame.data }
        exchange.frames.push(f)
        answer.frameTimes.push(since())
        recorder.recordFrame(frame)
      },
      (message) => recorder.recordError(`SSE: ${message}`),
      (text) => {
        parts.push(text)
        recorder.recordBodyChunk(text)
      },
    )
    const decoder = new TextDecoder()
    const maxBytes = req.maxBodyBytes ?? MAX_PROBE_BODY_BYTES
    let bytes = 0
    try {
      for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
        rearm()
        bytes += chunk.byteLength
        if (bytes > maxBytes) {
          tooLong = `the answer passed ${maxBytes / 1024 / 1024} MB and was not read further`
          local.abort()
        }
        if (tooLong) throw new Error(tooLong)
        if (req.stream && isSse) {
          reader.push(chunk)
          if (tooLong) throw new Error(tooLong)
        } else {
          const text = decoder.decode(chunk, { stream: true })
          parts.push(text)
          recorder.recordBodyChunk(text)
        }
      }
      if (req.stream && isSse) reader.end()
      else {
        const rest = decoder.decode()
        if (rest) {
          parts.push(rest)
          recorder.recordBodyChunk(rest)
        }
      }
    } catch (error) {
      exchange.transportError = tooLong ?? `the body was cut: ${why(error)}`
      recorder.recordError(exchange.transportError)
    }
    exchange.body = parts.join('')
  } catch (error) {
    exchange.transportError = why(error)
    recorder.recordError(exchange.transportError)
  } finally {
    clearTimeout(timer)
    recorder.finish()
  }
  answer.totalMs = since()
  return answer
}

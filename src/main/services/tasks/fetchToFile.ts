// Streams a hosted result (a signed CDN URL) to a temp file (M3): bytes go straight to disk, a dropped connection
// resumes with `Range: bytes=<have>-` (guarded by If-Range), a server that ignores the range restarts from zero,
// and the file counts as complete only when its size equals the announced total. No credentials are sent: the
// URL is a third party's, not the gateway's. It goes out the profile's way (its proxy and trust). Where it may be
// fetched is the profile's result URL policy (S10): checked before each hop, redirects followed one by one, and on
// each direct connection's name lookup (a URL the policy exempts goes out as a gateway call). What may be kept is
// the kind's size bound, checked on Content-Length and again while the bytes stream (a lying length is no way round).
import { createWriteStream, promises as fs } from 'node:fs'
import { finished } from 'node:stream/promises'
import { describeNetworkError } from '../network/networkErrors'
import { httpCall, type Connect, type HttpAnswer } from '../network/httpCall'
import { ResultUrlRefused, type ResultUrlPolicy } from '../network/resultUrlPolicy'
import { waitDrain } from './drain'

export type ResultFetchCode =
  | 'RESULT_URL_EXPIRED'
  | 'RESULT_HTTP'
  | 'RESULT_NETWORK'
  | 'RESULT_NOT_VIDEO'
  | 'RESULT_ABORTED'
  | 'RESULT_URL_REFUSED'
  | 'RESULT_TOO_LARGE'

/** Redirects followed for one connection; each is checked against the policy before it is requested. */
const MAX_REDIRECTS = 5

export class ResultFetchError extends Error {
  override readonly name = 'ResultFetchError'
  constructor(
    readonly code: ResultFetchCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

export interface FetchFileOptions {
  tempPath: string
  /** The profile's connections (GatewayClient.connector). */
  connect: Connect
  /** Where the URL (and every redirect) may be fetched from. */
  policy: ResultUrlPolicy
  /** The most bytes kept; a larger result fails with RESULT_TOO_LARGE. */
  maxBytes?: number
  /** What the result is, for the size bound's message ("video", "image"). */
  label?: string
  signal?: AbortSignal
  /** Connections per call (the first plus resumes). */
  maxConnections?: number
  /** A connection with no bytes for this long is dropped and resumed, ms. */
  idleTimeoutMs?: number
  /** Pause before a resume, ms. */
  resumeDelayMs?: number
  userAgent?: string
  onProgress?: (bytes: number, total: number | null) => void
  /** Every answer's status line and headers (each redirect's too), for the exchange record (the body is the video). */
  onResponse?: (res: HttpAnswer, requestHeaders: Record<string, string>) => void
}

export interface FetchFileResult {
  bytes: number
  mimeType: string
  /** Connections that continued a partial file with Range. */
  resumes: number
  connections: number
}

const NOT_VIDEO = /^(text\/|application\/(json|xml|problem))/i

function totalFromContentRange(value: string | null): { start: number; total: number | null } | null {
  const m = /^bytes\s+(\d+)-\d+\/(\d+|\*)$/i.exec(value?.trim() ?? '')
  if (!m) return null
  return { start: Number(m[1]), total: m[2] === '*' ? null : Number(m[2]) }
}

export async function fetchToFile(url: string, options: FetchFileOptions): Promise<FetchFileResult> {
  const maxConnections = options.maxConnections ?? 4
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY
  const tooLarge = (bytes: number, announced: boolean) =>
    resultTooLarge(options.label ?? 'result', bytes, maxBytes, announced)
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000
  let written = 0
  let total: number | null = null
  let validator: string | null = null
  let mimeType = 'video/mp4'
  let resumes = 0
  let lastProblem = ''

  for (let connection = 1; connection <= maxConnections; connection++) {
    if (options.signal?.aborted) throw new ResultFetchError('RESULT_ABORTED', 'The download was stopped.')
    if (connection > 1 && options.resumeDelayMs) await delay(options.resumeDelayMs, options.signal)
    const headers: Record<string, string> = { accept: 'video/*,*/*;q=0.8' }
    if (options.userAgent) headers['user-agent'] = options.userAgent
    if (written > 0) {
      headers.range = `bytes=${written}-`
      if (validator) headers['if-range'] = validator
    }
    const idle = new AbortController()
    let idleTimer = setTimeout(() => idle.abort(), idleTimeoutMs)
    const touch = () => {
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => idle.abort(), idleTimeoutMs)
    }
    const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal
    let res: HttpAnswer
    try {
      res = await follow(url, headers, signal, options)
    } catch (error) {
      clearTimeout(idleTimer)
      if (options.signal?.aborted) throw new ResultFetchError('RESULT_ABORTED', 'The download was stopped.')
      const refused = refusalIn(error)
      if (refused)
        throw new ResultFetchError('RESULT_URL_REFUSED', `The result URL was not fetched: ${refused}.`)
      lastProblem = idle.signal.aborted
        ? `no answer within ${idleTimeoutMs / 1000} s`
        : describeNetworkError(error)
      continue
    }

    if (res.status === 416 && written > 0) {
      clearTimeout(idleTimer)
      await res.body?.cancel().catch(() => undefined)
      const have = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')
      if (have && Number(have[1]) === written)
        return { bytes: written, mimeType, resumes, connections: connection }
      written = 0
      lastProblem = 'the server refused the resume range'
      continue
    }
    if (!res.ok) {
      clearTimeout(idleTimer)
      await res.body?.cancel().catch(() => undefined)
      const expired = res.status === 401 || res.status === 403 || res.status === 404 || res.status === 410
      throw new ResultFetchError(
        expired ? 'RESULT_URL_EXPIRED' : 'RESULT_HTTP',
        expired
          ? `The result URL answered HTTP ${res.status}: it has expired or is no longer valid.`
          : `The result URL answered HTTP ${res.status} ${res.statusText}.`.trim(),
        res.status,
      )
    }
    const type = res.headers.get('content-type') ?? ''
    if (NOT_VIDEO.test(type)) {
      clearTimeout(idleTimer)
      await res.body?.cancel().catch(() => undefined)
      throw new ResultFetchError(
        'RESULT_NOT_VIDEO',
        `The result URL answered ${type}, not a video.`,
        res.status,
      )
    }
    if (type && /^(video|image|application\/octet-stream)/i.test(type)) mimeType = type.split(';')[0]!.trim()
    validator = res.headers.get('etag') ?? res.headers.get('last-modified') ?? validator

    let append = false
    if (res.status === 206) {
      const range = totalFromContentRange(res.headers.get('content-range'))
      if (range && range.start === written && written > 0) {
        append = true
        resumes++
        total = range.total ?? total
        if (total !== null && total > maxBytes) {
          clearTimeout(idleTimer)
          await res.body?.cancel().catch(() => undefined)
          throw tooLarge(total, true)
        }
      } else {
        // A range we did not ask for: start over rather than splice mismatched bytes.
        clearTimeout(idleTimer)
        await res.body?.cancel().catch(() => undefined)
        written = 0
        lastProblem = 'the server answered an unexpected range'
        continue
      }
    } else {
      written = 0
      const length = Number(res.headers.get('content-length'))
      total = res.headers.get('content-length') !== null && Number.isFinite(length) ? length : null
      if (total !== null && total > maxBytes) {
        clearTimeout(idleTimer)
        await res.body?.cancel().catch(() => undefined)
        throw tooLarge(total, true)
      }
    }

    const out = createWriteStream(options.tempPath, { flags: append ? 'a' : 'w', mode: 0o600 })
    out.on('error', () => undefined)
    let dropped: string | null = null
    let oversize = false
    try {
      if (!res.body) throw new Error('the response has no body')
      const reader = res.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        touch()
        written += value.byteLength
        if (written > maxBytes) {
          await reader.cancel().catch(() => undefined)
          oversize = true
          break
        }
        if (!out.write(value)) await waitDrain(out)
        options.onProgress?.(written, total)
      }
    } catch (error) {
      if (options.signal?.aborted) {
        clearTimeout(idleTimer)
        out.destroy()
        throw new ResultFetchError('RESULT_ABORTED', 'The download was stopped.')
      }
      dropped = idle.signal.aborted ? `no bytes for ${idleTimeoutMs / 1000} s` : describeNetworkError(error)
    } finally {
      clearTimeout(idleTimer)
      out.end()
      await finished(out).catch(() => undefined)
    }
    if (oversize) throw tooLarge(written, false)
    // What actually reached the disk decides where a resume starts.
    written = await fs.stat(options.tempPath).then(
      (s) => s.size,
      () => 0,
    )
    if (dropped === null && (total === null || written === total)) {
      return { bytes: written, mimeType, resumes, connections: connection }
    }
    lastProblem = dropped ?? `the connection closed after ${written} of ${total} bytes`
  }
  throw new ResultFetchError(
    'RESULT_NETWORK',
    `The result could not be downloaded after ${maxConnections} connections: ${lastProblem}.`,
  )
}

/**
 * One request with its redirects followed by hand: every hop is checked against the policy before it is asked
 * for, goes out as a gateway call when the policy exempts it (its origin, a host the user allowed) and as a
 * result otherwise (direct connections then reach public addresses only), and is recorded.
 */
async function follow(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  options: Pick<FetchFileOptions, 'connect' | 'policy' | 'onResponse'>,
): Promise<HttpAnswer> {
  const connect: Connect = (target) =>
    options.connect(target, options.policy.exempt(target) ? 'gateway' : 'result')
  let target = new URL(url)
  for (let hop = 0; ; hop++) {
    await options.policy.check(target)
    const res = await httpCall(connect, target.toString(), {
      method: 'GET',
      headers,
      signal,
      redirect: 'manual',
    })
    options.onResponse?.(res, headers)
    const location = res.headers.get('location')
    if (res.status < 300 || res.status > 399 || res.status === 304 || !location) return res
    await res.body?.cancel().catch(() => undefined)
    if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`)
    target = new URL(location, target)
  }
}

/** The policy's refusal inside an error (a connection's lookup refusal arrives as a cause). */
function refusalIn(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof ResultUrlRefused) return e.message
  return null
}

/** A result past its kind's size bound: announced by its length, or found out while it streamed. */
export function resultTooLarge(
  label: string,
  bytes: number,
  maxBytes: number,
  announced: boolean,
): ResultFetchError {
  return new ResultFetchError(
    'RESULT_TOO_LARGE',
    `The ${label} ${announced ? 'is' : 'passed'} ${mb(bytes)}, over the bound of ${mb(maxBytes)} for ` +
      `${label}s (Settings → Downloads); it was not kept.`,
  )
}

function mb(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        reject(new ResultFetchError('RESULT_ABORTED', 'The download was stopped.'))
      },
      { once: true },
    )
  })
}

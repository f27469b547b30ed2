// One HTTP request through a profile's dispatcher, answered in the shape the app reads (status, Headers, a web
// ReadableStream body), with exactly the headers the caller gives: no library adds its own (no accept-language,
// sec-fetch-mode or accept-encoding), so the headers the app lists as its own are all it sends besides the
// connection's (host, content-length, connection). Redirects are followed as fetch does, each hop routed (and
// checked by the pool's connect policy) anew; credentials are not carried to another origin.
import { STATUS_CODES } from 'node:http'
import { pipeline, type Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { request, type Dispatcher } from 'undici'
import type { Route } from './routes'
import type { CallPurpose, Connection } from './networkPool'

export interface HttpInit {
  method: string
  headers: Record<string, string>
  body?: string | null
  signal?: AbortSignal
  /** Follow redirects (as fetch does by default), or hand the 3xx back. */
  redirect?: 'follow' | 'manual'
  purpose?: CallPurpose
  /** Each hop before it is requested (the connect policy of result URLs checks the new target). */
  onRedirect?: (from: URL, to: URL, status: number) => void
  /**
   * Called as the HTTP client writes the request (the first hop's): on a new connection once it is open, on a
   * reused one after the client's idle-socket check; never when the request fails or is stopped before that.
   */
  onWrite?: () => void
}

export interface HttpAnswer {
  status: number
  statusText: string
  ok: boolean
  headers: Headers
  body: ReadableStream<Uint8Array> | null
  /** The URL that answered (after redirects). */
  url: string
  /** The way the last hop went. */
  route: Route
}

/** How a call finds its dispatcher for a URL: the profile's pool, per hop. */
export type Connect = (url: URL, purpose: CallPurpose) => Promise<Connection>

const MAX_REDIRECTS = 10
const CREDENTIAL_HEADERS = /^(authorization|x-api-key|x-vendor-api-key|api-key|x-goog-api-key|cookie)$/i

export async function httpCall(connect: Connect, url: string, init: HttpInit): Promise<HttpAnswer> {
  let target = new URL(url)
  let method = init.method.toUpperCase()
  let body = init.body ?? null
  let headers = { ...init.headers }
  for (let hop = 0; ; hop++) {
    const { dispatcher, route } = await connect(target, init.purpose ?? 'gateway')
    const res = await request(target, {
      dispatcher: hop === 0 && init.onWrite ? stampingWrites(dispatcher, init.onWrite) : dispatcher,
      method: method as 'GET',
      headers,
      body: body ?? undefined,
      signal: init.signal,
    })
    const location = res.headers.location
    if (init.redirect !== 'manual' && [301, 302, 303, 307, 308].includes(res.statusCode) && location) {
      await res.body.dump().catch(() => undefined)
      if (hop >= MAX_REDIRECTS)
        throw Object.assign(new Error(`more than ${MAX_REDIRECTS} redirects`), {
          code: 'ERR_TOO_MANY_REDIRECTS',
        })
      const next = new URL(String(Array.isArray(location) ? location[0] : location), target)
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw Object.assign(new Error(`a redirect to ${next.protocol} is not followed`), {
          code: 'ERR_REDIRECT_SCHEME',
        })
      init.onRedirect?.(target, next, res.statusCode)
      if (
        res.statusCode === 303 ||
        ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
      ) {
        if (method !== 'HEAD') method = 'GET'
        body = null
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)))
      }
      if (next.origin !== target.origin)
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.test(k)))
      target = next
      continue
    }
    const answerHeaders = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, v)
    }
    return {
      status: res.statusCode,
      statusText: STATUS_CODES[res.statusCode] ?? '',
      ok: res.statusCode >= 200 && res.statusCode < 300,
      headers: answerHeaders,
      body:
        method === 'HEAD'
          ? (await res.body.dump().catch(() => undefined), null)
          : toWebStream(decoded(res.body, answerHeaders.get('content-encoding'))),
      url: target.toString(),
      route,
    }
  }
}

/**
 * The dispatcher, calling `onWrite` as it writes a request: undici calls a request's `onRequestStart`
 * synchronously right before it writes the request line and headers to the socket (undici 7's client-h1 `writeH1`
 * and client-h2), once the socket is connected (on a reused one, after its idle check); a request whose signal was
 * aborted before is aborted there, unwritten.
 */
function stampingWrites(dispatcher: Dispatcher, onWrite: () => void): Dispatcher {
  return dispatcher.compose(
    (dispatch) => (options, handler) =>
      dispatch(options, {
        onRequestStart(controller, context) {
          handler.onRequestStart?.(controller, context)
          // A signal aborted before the write aborts here (undici's request handler), and nothing is written.
          if (!controller.aborted) onWrite()
        },
        onRequestUpgrade: (controller, status, headers, socket) =>
          handler.onRequestUpgrade?.(controller, status, headers, socket),
        onResponseStart: (controller, status, headers, message) =>
          handler.onResponseStart?.(controller, status, headers, message),
        onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
        onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
        onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
      }),
  )
}

/**
 * The body as the server meant it: a server may compress an answer though none was asked for, so gzip, deflate
 * and br are undone as fetch does (the readers' own bounds then apply to what comes out, a bomb included).
 */
function decoded(body: Readable, encoding: string | null): Readable {
  const e = (encoding ?? '').trim().toLowerCase()
  const inflate =
    e === 'gzip' || e === 'x-gzip'
      ? createGunzip()
      : e === 'deflate'
        ? createInflate()
        : e === 'br'
          ? createBrotliDecompress()
          : null
  if (!inflate) return body
  return pipeline(body, inflate, () => undefined)
}

/** A Node stream as a web stream: cancelling it destroys the socket's body, so the request is aborted. */
function toWebStream(readable: Readable): ReadableStream<Uint8Array> {
  const it = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await it.next()
        if (done) controller.close()
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
      } catch (error) {
        controller.error(error)
      }
    },
    cancel() {
      readable.destroy()
    },
  })
}

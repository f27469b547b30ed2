// Browser mode: the same app core (router, services, simulator) in plain Node, the built renderer served on
// 127.0.0.1, and the contract carried over a WebSocket. A random per-launch token is required for the page
// (then kept in an HttpOnly cookie) and for the socket; foreign Origins and Host headers are refused, so
// neither another site nor DNS rebinding can reach the API. Secrets never leave this process.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { AppCore } from '../main/appCore'
import type { EventSink } from '../main/services/ports'
import type { Events } from '../shared/ipc/contract'
import { buildCsp, documentSecurityHeaders } from '../main/security/csp'
import { contentTypeFor, resolveStaticPath } from '../main/security/staticFiles'
import { answerMedia } from '../main/services/mediaResponse'
import { parseJsonBounded } from '../shared/jsonDepth'
import { SocketQuota } from './socketQuota'
import { attachmentDisposition } from '../main/services/video/contentDisposition'

export interface WebServerOptions {
  /** The app core, or the core being composed: the page is served at once and its calls wait for the core. */
  core: AppCore | Promise<AppCore>
  rendererDir: string
  port?: number
  token?: string
  /** Where contained faults are reported (a reset socket, a bad frame); never the process's end. */
  log?: (message: string) => void
}

export interface WebServer {
  /** The URL to open, with the token. */
  url: string
  origin: string
  token: string
  close(): Promise<void>
}

const COOKIE = 'gp_session'
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024
/**
 * Calls that may wait for the core while it is composed (the page sends six), and the bytes they may hold; a
 * call beyond either is answered at once with APP_STARTING, so no client can pile up memory meanwhile.
 */
const MAX_CALLS_BEFORE_CORE = 256
const MAX_BYTES_BEFORE_CORE = 32 * 1024 * 1024

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const log = limitedLog(options.log ?? (() => undefined))
  const sockets = new Set<Socket>()
  let origin = ''
  let csp = ''
  // Until the core is composed, media requests and calls wait for it; then they are handled at once, in order.
  let core: AppCore | null = null
  const coreReady = Promise.resolve(options.core).then((ready) => (core = ready))
  coreReady.catch(() => undefined)
  const waiting = { calls: 0, bytes: 0 }

  const tokenMatches = (candidate: string | null | undefined) => {
    if (!candidate) return false
    const a = Buffer.from(candidate)
    const b = Buffer.from(token)
    return a.length === b.length && timingSafeEqual(a, b)
  }
  const cookieToken = (req: IncomingMessage) =>
    (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([k]) => k === COOKIE)?.[1]
  const hostAllowed = (req: IncomingMessage) => {
    const port = new URL(origin).port
    return req.headers.host === `127.0.0.1:${port}` || req.headers.host === `localhost:${port}`
  }

  const server = createServer((req, res) => {
    void handleHttp(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end('internal error')
    })
  })

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    if (!hostAllowed(req))
      return void res.writeHead(421, { 'content-type': 'text/plain' }).end('misdirected request')
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end()
    const url = new URL(req.url ?? '/', origin)
    const viaQuery = tokenMatches(url.searchParams.get('token'))
    if (!viaQuery && !tokenMatches(cookieToken(req))) {
      return void res
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', ...documentSecurityHeaders(csp) })
        .end('This page needs the link printed by `npm run web` (it carries a per-launch token).')
    }
    const mediaMatch = /^\/media\/([^/]+)$/.exec(url.pathname)
    if (mediaMatch)
      return serveMedia(req, res, decodeURIComponent(mediaMatch[1]!), url.searchParams.get('download'))
    const path = resolveStaticPath(options.rendererDir, url.pathname)
    let data: Buffer
    try {
      if (!path) throw new Error('outside')
      data = await readFile(path)
    } catch {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
    const headers: Record<string, string> = {
      'content-type': contentTypeFor(path),
      'cache-control': 'no-store',
      ...documentSecurityHeaders(csp),
    }
    if (viaQuery) headers['set-cookie'] = `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`
    res.writeHead(200, headers)
    res.end(req.method === 'HEAD' ? undefined : data)
  }

  async function serveMedia(req: IncomingMessage, res: ServerResponse, id: string, download: string | null) {
    const media = (core ?? (await coreReady)).media
    const answer = await answerMedia(media, id, req.method ?? 'GET', req.headers.range)
    // `?download=<name>` is browser mode's "Save as…": the same bytes, offered as a file.
    if (download !== null && answer.status < 300)
      answer.headers['content-disposition'] = attachmentDisposition(download)
    res.writeHead(answer.status, answer.headers)
    if (!answer.body) return void res.end()
    answer.body.on('error', () => res.destroy())
    res.on('close', () => answer.body?.destroy())
    answer.body.pipe(res)
  }

  // Each socket's messages are emitted one per turn of the event loop, not a whole TCP read at once: a socket that
  // floods cannot hold the loop for the length of its backlog, and sockets take turns (R10).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    allowSynchronousEvents: false,
  })
  // A socket handed over by 'upgrade' has no error listener of Node's: a client that resets it (before or after
  // our answer) would otherwise raise an unhandled 'error' and end the process (S9).
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', (error) => log(`browser mode: upgrade socket error (${(error as Error).message})`))
    let url: URL
    try {
      url = new URL(req.url ?? '/', origin)
    } catch {
      return void socket.destroy()
    }
    const authorised =
      hostAllowed(req) &&
      req.headers.origin === origin &&
      url.pathname === '/ipc' &&
      (tokenMatches(url.searchParams.get('token')) || tokenMatches(cookieToken(req)))
    if (!authorised) {
      if (socket.writable) socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      else socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws))
  })

  let nextSocketId = 0
  function serveSocket(ws: WebSocket) {
    const senderId = `ws-${++nextSocketId}`
    // Calls in flight, and what waits to be sent, are bounded per socket; past them it is closed with a reason.
    const quota = new SocketQuota(ws, (reason) => log(`browser mode: socket ${senderId} closed: ${reason}`))
    const sink: EventSink<Events> = {
      get alive() {
        return quota.open
      },
      emit(name, payload) {
        quota.send(JSON.stringify({ t: 'event', name, payload }))
      },
    }
    // ws answers a frame it cannot accept (invalid UTF-8: 1007, over maxPayload: 1009, a protocol error:
    // 1002) by closing with that code and then emitting 'error'; without this listener the process would end.
    ws.on('error', (error) => log(`browser mode: socket ${senderId} closed: ${error.message}`))
    ws.on('message', (raw, isBinary) => {
      if (isBinary) return ws.close(1003, 'binary messages are not accepted')
      let message: { t?: unknown; id?: unknown; route?: unknown; payload?: unknown }
      try {
        message = parseJsonBounded(raw.toString()) as typeof message
      } catch (error) {
        // Nesting is bounded before parsing (S9): every later step (zod, stringify, clone) recurses per level.
        return ws.close(
          1007,
          /nested/.test((error as Error).message) ? 'a message is nested too deep' : 'a message is not JSON',
        )
      }
      if (message?.t !== 'invoke' || typeof message.id !== 'number') return
      const id = message.id
      const handle = (ready: AppCore) =>
        ready.router.handle(message.route, message.payload, { senderId, events: sink }).then((result) => {
          quota.send(JSON.stringify({ t: 'result', id, result }))
        })
      const failed = (error: unknown) =>
        log(`browser mode: ${String(message.route)} failed: ${(error as Error).message}`)
      const bytes = rawLength(raw)
      if (core) return quota.take(() => handle(core!).catch(failed), bytes)
      if (waiting.calls >= MAX_CALLS_BEFORE_CORE || waiting.bytes + bytes > MAX_BYTES_BEFORE_CORE) {
        // (Written out: the result helpers' module brings zod, which this part of the host loads later.)
        const result = {
          ok: false,
          error: {
            code: 'APP_STARTING',
            message: 'The app is still starting: this call was not taken. Try again in a moment.',
          },
        }
        quota.send(JSON.stringify({ t: 'result', id, result }))
        return
      }
      // Counted from the moment it is taken (it may wait behind the socket's earlier calls) until it ends.
      waiting.calls++
      waiting.bytes += bytes
      quota.take(
        () => coreReady.then(handle).catch(failed),
        bytes,
        () => {
          waiting.calls--
          waiting.bytes -= bytes
        },
      )
    })
  }

  server.on('clientError', (error, socket) => {
    log(`browser mode: bad request (${error.message})`)
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    else socket.destroy()
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  csp = buildCsp({ connect: [`ws://127.0.0.1:${port}`] })

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    async close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * At most 20 lines per 10 s reach the log; the rest are counted and reported once, so a client that resets
 * sockets in a loop cannot flood the log (or the disk behind it).
 */
export function limitedLog(
  log: (message: string) => void,
  max = 20,
  windowMs = 10_000,
): (message: string) => void {
  let windowStart = 0
  let written = 0
  let suppressed = 0
  return (message) => {
    const now = Date.now()
    if (now - windowStart >= windowMs) {
      if (suppressed > 0) log(`browser mode: ${suppressed} more such messages were not logged`)
      windowStart = now
      written = 0
      suppressed = 0
    }
    if (written < max) {
      written++
      log(message)
    } else suppressed++
  }
}

/** The size of a message as ws hands it over (one buffer, or the fragments of a fragmented one). */
function rawLength(raw: RawData): number {
  if (Array.isArray(raw)) return raw.reduce((n, part) => n + part.length, 0)
  return raw instanceof ArrayBuffer ? raw.byteLength : raw.length
}

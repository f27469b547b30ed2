// Browser mode: the same app core (router, services, simulator) in plain Node, the built renderer served on
// 127.0.0.1, and the contract carried over a WebSocket. A random per-launch token is required for the page
// (then kept in an HttpOnly cookie) and for the socket; foreign Origins and Host headers are refused, so
// neither another site nor DNS rebinding can reach the API. Secrets never leave this process.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { AppCore } from '../main/appCore'
import type { EventSink } from '../main/services/ports'
import type { Events } from '../shared/ipc/contract'
import { buildCsp, documentSecurityHeaders } from '../main/security/csp'
import { contentTypeFor, resolveStaticPath } from '../main/security/staticFiles'
import { answerMedia } from '../main/services/mediaResponse'
import { attachmentDisposition } from '../main/services/video/contentDisposition'

export interface WebServerOptions {
  core: AppCore
  rendererDir: string
  port?: number
  token?: string
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

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const sockets = new Set<Socket>()
  let origin = ''
  let csp = ''

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
    if (mediaMatch) return serveMedia(req, res, decodeURIComponent(mediaMatch[1]!), url.searchParams.get('download'))
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
    const answer = await answerMedia(options.core.media, id, req.method ?? 'GET', req.headers.range)
    // `?download=<name>` is browser mode's "Save as…": the same bytes, offered as a file.
    if (download !== null && answer.status < 300) answer.headers['content-disposition'] = attachmentDisposition(download)
    res.writeHead(answer.status, answer.headers)
    if (!answer.body) return void res.end()
    answer.body.on('error', () => res.destroy())
    res.on('close', () => answer.body?.destroy())
    answer.body.pipe(res)
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin)
    const authorised =
      hostAllowed(req) &&
      req.headers.origin === origin &&
      url.pathname === '/ipc' &&
      (tokenMatches(url.searchParams.get('token')) || tokenMatches(cookieToken(req)))
    if (!authorised) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws))
  })

  let nextSocketId = 0
  function serveSocket(ws: WebSocket) {
    const senderId = `ws-${++nextSocketId}`
    const sink: EventSink<Events> = {
      get alive() {
        return ws.readyState === ws.OPEN
      },
      emit(name, payload) {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: 'event', name, payload }))
      },
    }
    ws.on('message', async (raw) => {
      let message: { t?: unknown; id?: unknown; route?: unknown; payload?: unknown }
      try {
        message = JSON.parse(raw.toString())
      } catch {
        return
      }
      if (message?.t !== 'invoke' || typeof message.id !== 'number') return
      const result = await options.core.router.handle(message.route, message.payload, {
        senderId,
        events: sink,
      })
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: 'result', id: message.id, result }))
    })
  }

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

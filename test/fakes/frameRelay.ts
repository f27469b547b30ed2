// A loopback relay in front of the simulator that writes an SSE answer the way a real gateway's proxy delivers
// it: each frame in its own network write, some milliseconds apart (Nagle off), so a reader meets every frame
// boundary as a separate read. Other answers pass through whole. Used only by tests; nothing is faked.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface FrameRelayOptions {
  /** Where requests go, e.g. the simulator's base URL. */
  target: string
  /** Pause before each frame, ms. */
  gapMs?: number
  /** Keep the connection open after the upstream answer ended (a server that never closes). */
  neverClose?: boolean
}

export interface RunningRelay {
  baseUrl: string
  /** How many separate writes each relayed SSE answer took, newest last. */
  writes: number[]
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startFrameRelay(options: FrameRelayOptions): Promise<RunningRelay> {
  const target = new URL(options.target)
  const gapMs = options.gapMs ?? 5
  const writes: number[] = []
  const open = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    req.socket.setNoDelay(true)
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (up: IncomingMessage) => {
        const headers = { ...up.headers }
        const sse = String(headers['content-type'] ?? '').includes('text/event-stream')
        if (!sse) {
          res.writeHead(up.statusCode ?? 502, headers)
          up.pipe(res)
          return
        }
        delete headers['content-length']
        res.writeHead(up.statusCode ?? 502, headers)
        res.flushHeaders()
        let buffer = ''
        let count = 0
        // Frames are written strictly in order, each after a pause, while upstream keeps arriving.
        let chain = Promise.resolve()
        const send = (frame: string) => {
          chain = chain.then(async () => {
            await sleep(gapMs)
            if (!res.destroyed) res.write(frame)
            count++
          })
        }
        up.setEncoding('utf8')
        up.on('data', (text: string) => {
          buffer += text
          for (;;) {
            const m = /\r?\n\r?\n/.exec(buffer)
            if (!m) break
            send(buffer.slice(0, m.index + m[0].length))
            buffer = buffer.slice(m.index + m[0].length)
          }
        })
        up.on('end', () => {
          if (buffer !== '') send(buffer)
          void chain.then(() => {
            writes.push(count)
            if (!options.neverClose) res.end()
          })
        })
        up.on('error', () => res.destroy())
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('connection', (socket) => {
    open.add(socket)
    socket.on('close', () => open.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    writes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

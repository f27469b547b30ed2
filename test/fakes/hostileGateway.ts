// A gateway that misbehaves on purpose, on loopback, for the process-level hardening test. The first path
// segment picks the mode (a profile's base URL is `http://127.0.0.1:<port>/<mode>`); every mode answers the
// chat completions route as a stream. Bounded: endless modes stop when the client goes or after `maxMs`.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

export const HOSTILE_MODES = [
  'malformed-sse',
  'invalid-utf8',
  'huge-content-length',
  'endless',
  'gzip-bomb',
  'slow-trickle',
  'line-50mb',
  'echo-key',
] as const
export type HostileMode = (typeof HOSTILE_MODES)[number]

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-hostile',
    object: 'chat.completion.chunk',
    created: 1730000000,
    model: 'gpt-4o',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  })}\n\n`

let bomb: Buffer | null = null
/** 512 MB of one unterminated line, gzipped to about half a megabyte. */
function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(512 * 1024 * 1024, 0x61), { level: 9 })
  return bomb
}

export interface HostileGateway {
  url(mode: HostileMode): string
  close(): Promise<void>
}

export async function startHostileGateway(
  options: { maxMs?: number; echo?: string } = {},
): Promise<HostileGateway> {
  const maxMs = options.maxMs ?? 60_000
  const server: Server = createServer((req, res) => {
    req.resume()
    const mode = (req.url ?? '').split('/')[1] as HostileMode
    const started = Date.now()
    let closed = false
    res.on('close', () => (closed = true))
    const sse = (extra: Record<string, string> = {}) =>
      res.writeHead(200, { 'content-type': 'text/event-stream', ...extra })
    const every = (ms: number, write: (res: ServerResponse) => void) => {
      const timer = setInterval(() => {
        if (closed || Date.now() - started > maxMs) {
          clearInterval(timer)
          return void res.destroy()
        }
        write(res)
      }, ms)
    }
    switch (mode) {
      case 'malformed-sse':
        sse()
        res.write('data: {"choices": [{"delta": {"content": "a"\n\n')
        res.write('event\n: \ndata: not json at all\n\n')
        res.write(`${'x'.repeat(1000)}\r\r\n\n\ndata: [DONE\n\n`)
        res.write(chunk('still reading'))
        return void res.end('data: {"choices": null}\n\n')
      case 'invalid-utf8':
        sse()
        res.write(chunk('before '))
        res.write(
          Buffer.concat([
            Buffer.from('data: {"choices":[{"index":0,"delta":{"content":"'),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('"}}]}\n\n'),
          ]),
        )
        res.write(Buffer.from([0xed, 0xa0, 0x80, 0x0a, 0x0a]))
        res.write(chunk(' after', 'stop'))
        return void res.end('data: [DONE]\n\n')
      case 'huge-content-length':
        sse({ 'content-length': String(2 * 1024 * 1024 * 1024) })
        res.write(chunk('a promised 2 GB that never comes'))
        return every(20, (r) => r.write(': ping\n\n'))
      case 'endless':
        sse()
        return every(2, (r) => r.write(chunk('more and more text '.repeat(8))))
      case 'gzip-bomb':
        sse({ 'content-encoding': 'gzip' })
        return void res.end(gzipBomb())
      case 'slow-trickle': {
        sse()
        const text = chunk('drip ').repeat(1000)
        let at = 0
        return every(25, (r) => r.write(text[at++ % text.length]!))
      }
      case 'line-50mb':
        sse()
        res.write(chunk('x'.repeat(50 * 1024 * 1024)))
        res.write(chunk('', 'stop'))
        return void res.end('data: [DONE]\n\n')
      case 'echo-key': {
        // The key split across frames in every way: each frame carries a few characters.
        sse()
        const text = `Your key is ${options.echo ?? ''} and again: ${options.echo ?? ''}.`
        let at = 0
        return every(3, (r) => {
          if (at >= text.length) {
            r.write(chunk('', 'stop'))
            return void r.end('data: [DONE]\n\n')
          }
          const n = 1 + (at % 3)
          r.write(chunk(text.slice(at, at + n)))
          at += n
        })
      }
      default:
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such mode"}}')
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: (mode) => `http://127.0.0.1:${port}/${mode}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

// A gateway that answers every request with `megabytes` MB: a stream request with that much of small SSE frames,
// any other with one JSON body of that size. For the process-level tests and the hostile benchmark: what main keeps
// of such answers must stay bounded. Writes honour backpressure and stop when the client goes.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FloodingGateway {
  url: string
  /** Requests answered so far. */
  requests(): number
  close(): Promise<void>
}

const FRAME = `data: ${JSON.stringify({
  id: 'chatcmpl-flood',
  object: 'chat.completion.chunk',
  model: 'gpt-4o',
  choices: [{ index: 0, delta: { content: 'a' }, finish_reason: null }],
})}\n\n`

export async function startFloodingGateway(megabytes: number): Promise<FloodingGateway> {
  let requests = 0
  const server: Server = createServer((req, res) => {
    requests++
    const body: Buffer[] = []
    req.on('data', (c: Buffer) => body.push(c))
    req.on('end', () => {
      const stream = /"stream"\s*:\s*true/.test(Buffer.concat(body).toString())
      const total = megabytes * 1024 * 1024
      const piece = Buffer.from(
        stream ? FRAME.repeat(Math.ceil(65_536 / FRAME.length)) : '"' + 'a'.repeat(65_534) + '"',
      )
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' })
      let sent = 0
      if (!stream) {
        res.write('{"id":"flood","object":"chat.completion","data":[')
        sent += 48
      }
      const pump = () => {
        while (sent < total && !res.destroyed) {
          sent += piece.length
          const more = stream || sent >= total ? piece : Buffer.concat([piece, Buffer.from(',')])
          if (!res.write(more)) return void res.once('drain', pump)
        }
        if (!res.destroyed) res.end(stream ? 'data: [DONE]\n\n' : ']}')
      }
      pump()
    })
  })
  server.on('connection', (socket) => socket.on('error', () => undefined))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

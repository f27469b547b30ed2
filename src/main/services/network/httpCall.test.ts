// When the HTTP client writes a request (`onWrite`, the load test's send time and the Inspector's "Request
// written"), against a real server over loopback that notes when each request reached it and on which connection.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayClient, type GatewayRequest } from '../gateway'
import { memoryProfile, type ResolvedProfile } from '../profiles'

const KEY = 'sk-write-stamp-0123456789'
let server: Server
let base = ''
/** Each request the server read: when (this process's clock), on which client port, its path. */
const seen: { at: number; port: number; path: string }[] = []
let failFirst = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ at: performance.now(), port: req.socket.remotePort ?? 0, path: req.url ?? '' })
    req.resume()
    req.on('end', () => {
      if (req.url === '/old') {
        res.writeHead(307, { location: '/v1/messages/count_tokens' }).end()
      } else if (failFirst > 0) {
        failFirst--
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}')
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens":3}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function profile(baseUrl = base): ResolvedProfile {
  return memoryProfile(
    { name: 'Stamp', baseUrl, consoleBaseUrl: '', timeoutMs: 5_000 },
    { id: 'stamp', idleTimeoutMs: 5_000, apiKey: KEY },
  )
}

const count: GatewayRequest = {
  kind: 'model',
  method: 'POST',
  path: '/v1/messages/count_tokens',
  body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
}

/** Sends one request, noting the hand-off and every write the client reports. */
async function stamped(client: GatewayClient, p: ResolvedProfile, req: Partial<GatewayRequest> = {}) {
  const writes: number[] = []
  const handedAt = performance.now()
  const res = await client.send(p, { ...count, ...req, onWrite: () => writes.push(performance.now()) })
  return { res, handedAt, writes }
}

describe('the write of a request, as the HTTP client does it', () => {
  it('is told after the hand-off and before the server has the request, on a new and on a reused connection', async () => {
    const client = new GatewayClient({ retryBaseMs: 5 })
    try {
      seen.length = 0
      const first = await stamped(client, profile())
      // undici frees the connection a moment after the answer's last byte is read.
      await new Promise((resolve) => setTimeout(resolve, 20))
      const second = await stamped(client, profile())
      expect(seen).toHaveLength(2)
      // The second went on the first one's kept-alive connection.
      expect(seen[1]!.port).toBe(seen[0]!.port)
      for (const [i, { handedAt, writes, res }] of [first, second].entries()) {
        expect(writes).toHaveLength(1)
        expect(writes[0]!).toBeGreaterThan(handedAt)
        expect(writes[0]!).toBeLessThanOrEqual(seen[i]!.at)
        const { writtenMs, headersMs } = res.exchange.snapshot().timings
        expect(writtenMs).toBeGreaterThan(0)
        expect(writtenMs!).toBeLessThanOrEqual(headersMs!)
      }
    } finally {
      await client.close()
    }
  })

  it('is not told when the request is never written: nothing listens, or it was stopped first', async () => {
    const client = new GatewayClient({ retryBaseMs: 5 })
    try {
      const dead = createServer()
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
      const port = (dead.address() as AddressInfo).port
      await new Promise<void>((resolve) => dead.close(() => resolve()))
      const writes: number[] = []
      const refused = await client
        .send(profile(`http://127.0.0.1:${port}`), { ...count, maxRetries: 0, onWrite: () => writes.push(1) })
        .catch((e: { code: string; exchange: { snapshot(): { timings: object } } }) => e)
      expect((refused as { code: string }).code).toBe('GATEWAY_UNREACHABLE')
      expect(writes).toEqual([])
      expect(
        'writtenMs' in
          (refused as { exchange: { snapshot(): { timings: object } } }).exchange.snapshot().timings,
      ).toBe(false)
      const stopped = await client
        .send(profile(), { ...count, signal: AbortSignal.abort(), onWrite: () => writes.push(1) })
        .catch((e: { code: string }) => e)
      expect((stopped as { code: string }).code).toBe('GATEWAY_ABORTED')
      expect(writes).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('is told once per attempt, the exchange keeping the last; a redirect hop is not a new write', async () => {
    const client = new GatewayClient({ retryBaseMs: 5 })
    try {
      failFirst = 1
      const retried = await stamped(client, profile(), { maxRetries: 1 })
      expect(retried.res.status).toBe(200)
      expect(retried.writes).toHaveLength(2)
      const record = retried.res.exchange.snapshot()
      expect(record.attempts).toBe(2)
      expect(record.timings.writtenMs!).toBeGreaterThan(record.retries![0]!.t)
      seen.length = 0
      const moved = await stamped(client, profile(), { path: '/old' })
      expect(moved.res.status).toBe(200)
      expect(seen.map((s) => s.path)).toEqual(['/old', '/v1/messages/count_tokens'])
      expect(moved.writes).toHaveLength(1)
      expect(moved.writes[0]!).toBeLessThanOrEqual(seen[0]!.at)
    } finally {
      await client.close()
    }
  })
})

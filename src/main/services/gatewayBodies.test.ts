// A non-streamed answer larger than the app reads (a lying 2 GB Content-Length, an endless body) is refused
// after MAX_WHOLE_BODY_BYTES instead of being buffered whole (S9); the socket is closed and the record says why.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayClient, MAX_WHOLE_BODY_BYTES } from './gateway'
import { memoryProfile, type ResolvedProfile } from './profiles'

let server: Server
let base = ''
let served = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 ** 3) })
    const block = Buffer.alloc(1024 * 1024, 0x61)
    const pump = () => {
      while (served < 4 * 1024 ** 3) {
        served += block.length
        if (!res.write(block)) return void res.once('drain', pump)
      }
    }
    res.on('close', () => undefined)
    pump()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('a non-streamed answer too large to read', () => {
  it('is refused past its bound, the socket closed, and the record says why', async () => {
    const profile: ResolvedProfile = memoryProfile(
      { name: 'big answers', baseUrl: base, timeoutMs: 60_000 },
      { apiKey: 'sk-test-000000' },
    )
    const res = await new GatewayClient().send(profile, {
      kind: 'model',
      method: 'POST',
      path: '/v1/embeddings',
      body: {},
    })
    expect(res.exchange.snapshot().error).toMatch(/larger than 128 MB, so it was not read/)
    expect(served).toBeLessThan(MAX_WHOLE_BODY_BYTES + 64 * 1024 * 1024)
  }, 60_000)
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from 'node:net'
import { createSimulator, type RunningSimulator } from '../../simulator/server'
import { GatewayClient, GatewayError, longRetryAfter, retryAfterMs, joinUrl } from './gateway'
import { checkConnection } from './connectionCheck'
import { memoryProfile, type ResolvedProfile } from './profiles'

const KEY = 'sk-gateway-test-0123456789'
let sim: RunningSimulator

function profile(overrides: Partial<ResolvedProfile> = {}): ResolvedProfile {
  return {
    ...memoryProfile(
      { name: 'Test', baseUrl: sim.baseUrl, consoleBaseUrl: sim.consoleBaseUrl, timeoutMs: 10_000 },
      { id: 'p1', idleTimeoutMs: 60_000, apiKey: KEY, consoleToken: 'console-token-abcdef' },
    ),
    ...overrides,
  }
}

const countTokens = {
  kind: 'model',
  method: 'POST',
  path: '/v1/messages/count_tokens',
  body: { model: 'm', messages: [{ role: 'user', content: 'hello there' }] },
} as const
const faulty = (fault: string, once?: string) =>
  profile({
    headers: [
      { name: 'x-sim-fault', value: fault },
      ...(once ? [{ name: 'x-sim-fault-once', value: once }] : []),
    ],
  })

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY, consoleToken: 'console-token-abcdef' })
})
afterAll(() => sim.close())

describe('GatewayClient', () => {
  const client = new GatewayClient({ retryBaseMs: 5 })

  it('joins base URLs with a path prefix and without doubled slashes', () => {
    expect(joinUrl('https://gw.example.com/api/', '/v1/messages')).toBe(
      'https://gw.example.com/api/v1/messages',
    )
    expect(joinUrl('https://gw.example.com', 'v1/x')).toBe('https://gw.example.com/v1/x')
  })

  it('calls a model endpoint with Bearer auth and records the exchange with the key masked', async () => {
    const res = await client.send(profile(), countTokens)
    expect(res.status).toBe(200)
    expect(JSON.parse(res.exchange.rawBody())).toMatchObject({ input_tokens: expect.any(Number) })
    const record = res.exchange.snapshot()
    expect(record.request.headers).toContainEqual(['authorization', 'Bearer ***'])
    expect(record.request.url).toBe(`${sim.baseUrl}/v1/messages/count_tokens`)
    expect(record.response?.status).toBe(200)
    expect(record.timings.endMs).toBeGreaterThan(0)
    expect(JSON.stringify(record)).not.toContain(KEY)
  })

  it.each(['bearer', 'header', 'query'] as const)(
    'authenticates native endpoints with %s auth',
    async (nativeAuth) => {
      const res = await client.send(profile({ nativeAuth }), {
        kind: 'native',
        method: 'POST',
        path: '/v1beta/models/gemini-2.5-flash:generateContent',
        body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
      })
      expect(res.status).toBe(200)
      const record = res.exchange.snapshot()
      if (nativeAuth === 'query') expect(record.request.url).toContain('key=***')
      if (nativeAuth === 'header') expect(record.request.headers).toContainEqual(['x-vendor-api-key', '***'])
      expect(JSON.stringify(record)).not.toContain(KEY)
    },
  )

  it('sends each kind of endpoint its credential in the spec style alone, which the strict simulator accepts', async () => {
    const credentialHeaders = ['authorization', 'x-api-key', 'api-key', 'x-vendor-api-key', 'x-goog-api-key']
    const cases = [
      {
        kind: 'model',
        method: 'POST',
        path: '/v1/messages',
        body: { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] },
        style: 'authorization',
      },
      {
        kind: 'console',
        method: 'GET',
        path: '/prod-api/svc/v4/api/photoShootQuery?taskId=none',
        style: 'authorization',
      },
    ] as const
    for (const c of cases) {
      const { style, ...req } = c
      const res = await client.send(profile(), req)
      expect(res.status, c.path).not.toBe(401)
      const sent = res.exchange
        .snapshot()
        .request.headers.filter(([name]) => credentialHeaders.includes(name))
      expect(sent, c.path).toEqual([[style, 'Bearer ***']])
    }
  })

  it('sends extra headers from the profile', async () => {
    const res = await client.send(profile({ headers: [{ name: 'x-team', value: 'blue' }] }), countTokens)
    expect(res.exchange.snapshot().request.headers).toContainEqual(['x-team', 'blue'])
  })

  it.each(['429', '500', '503', '529', 'reset'])(
    'retries a %s before the first byte and succeeds (R1)',
    async (fault) => {
      const res = await client.send(faulty(fault, `retry-${fault}-${Math.random()}`), countTokens)
      expect(res.status).toBe(200)
      expect(res.exchange.attempts).toBe(2)
    },
  )

  it('never retries a 400 or a 401', async () => {
    const bad = await client.send(profile(), { ...countTokens, body: { messages: [] } })
    expect(bad.status).toBe(400)
    expect(bad.exchange.attempts).toBe(1)
    const unauthorised = await client.send(profile({ apiKey: 'sk-wrong-key-000000' }), countTokens)
    expect(unauthorised.status).toBe(401)
    expect(unauthorised.exchange.attempts).toBe(1)
  })

  it('gives up after the retry budget and returns the last answer', async () => {
    const res = await client.send(faulty('503'), { ...countTokens, maxRetries: 2 })
    expect(res.status).toBe(503)
    expect(res.exchange.attempts).toBe(3)
  })

  it('honours Retry-After and reports waits over 60 s instead of sleeping through them', async () => {
    const started = Date.now()
    const res = await client.send(faulty('429:0.2', `ra-${Math.random()}`), countTokens)
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(180)
    const long = await client.send(faulty('429:120'), countTokens)
    expect(long.status).toBe(429)
    expect(long.exchange.attempts).toBe(1)
    expect(longRetryAfter(long)).toBe(120_000)
  })

  it('parses retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250)
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(10_000)
    expect(retryAfterMs(new Headers())).toBeNull()
  })

  it('times out with the profile timeout and says so', async () => {
    const slow = { ...faulty('latency:3000'), timeoutMs: 1000 }
    const err = await client.send(slow, { ...countTokens, maxRetries: 0 }).catch((e) => e)
    expect(err).toBeInstanceOf(GatewayError)
    expect(err.code).toBe('GATEWAY_TIMEOUT')
    expect(err.message).toBe("No response within 1 s (the profile's first-byte timeout).")
  }, 10_000)

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController()
    const pending = client.send(faulty('latency:5000'), { ...countTokens, signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    const started = Date.now()
    const err = await pending.catch((e) => e)
    expect(err.code).toBe('GATEWAY_ABORTED')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('names the origin and the network error when nothing listens', async () => {
    const port = await freePort()
    const err = await client
      .send(profile({ baseUrl: `http://127.0.0.1:${port}` }), { ...countTokens, maxRetries: 1 })
      .catch((e) => e)
    expect(err.code).toBe('GATEWAY_UNREACHABLE')
    expect(err.message).toContain(`http://127.0.0.1:${port}`)
    expect(err.message).toMatch(/ECONNREFUSED/)
    expect(err.exchange.attempts).toBe(2)
  })

  it('refuses to call without the credential the endpoint needs', async () => {
    await expect(client.send(profile({ apiKey: null }), countTokens)).rejects.toMatchObject({
      code: 'GATEWAY_NO_SECRET',
    })
    await expect(
      client.send(profile({ consoleBaseUrl: '' }), {
        kind: 'console',
        method: 'GET',
        path: '/prod-api/svc/v4/api/svcVideoQuery?taskId=x',
      }),
    ).rejects.toMatchObject({ code: 'GATEWAY_NO_CONSOLE_URL' })
  })

  it('scrubs a key that the server echoes back', async () => {
    const echo = new GatewayClient({ knownSecrets: () => ['sk-other-secret-99999'] })
    const res = await echo.send(profile(), {
      ...countTokens,
      body: { model: 'm', messages: [{ role: 'user', content: 'sk-other-secret-99999' }] },
    })
    expect(JSON.stringify(res.exchange.snapshot())).not.toContain('sk-other-secret-99999')
  })
})

describe('checkConnection', () => {
  const client = new GatewayClient({ retryBaseMs: 5 })

  it('reports a working profile with its latency', async () => {
    const report = await checkConnection(client, profile())
    expect(report).toMatchObject({ reachable: true, authAccepted: true, status: 200 })
    expect(report.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('reports a rejected key with the server message, without the key', async () => {
    const report = await checkConnection(client, profile({ apiKey: 'sk-rejected-key-424242' }))
    expect(report).toMatchObject({
      reachable: true,
      authAccepted: false,
      status: 401,
      problem: 'key-refused',
    })
    expect(report.message).toMatch(/^Reached 127\.0\.0\.1:\d+, but the key was refused \(HTTP 401\)/)
    expect(JSON.stringify(report)).not.toContain('sk-rejected-key-424242')
  })

  it('reports an unreachable server', async () => {
    const port = await freePort()
    const report = await checkConnection(client, profile({ baseUrl: `http://127.0.0.1:${port}` }))
    expect(report).toMatchObject({
      reachable: false,
      authAccepted: null,
      status: null,
      problem: 'unreachable',
    })
    expect(report.message).toBe(
      `Cannot reach 127.0.0.1:${port}: the connection was refused (nothing is listening on that port).`,
    )
    expect(report.detail).toBe('ECONNREFUSED')
  })

  it('tells a profile with no key apart, and still says whether its host answers', async () => {
    const report = await checkConnection(client, profile({ apiKey: null }))
    expect(report).toMatchObject({ reachable: true, problem: 'no-key' })
    expect(report.message).toMatch(/^No API key is saved for this profile/)
    expect(report.message).toMatch(/answers\)/)
    const port = await freePort()
    const down = await checkConnection(client, profile({ apiKey: null, baseUrl: `http://127.0.0.1:${port}` }))
    expect(down).toMatchObject({ reachable: false, problem: 'no-key' })
    expect(down.message).toMatch(/cannot be reached: the connection was refused/)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe('accept header', () => {
  it('asks for SSE on streams and JSON otherwise, unless the caller names a type', async () => {
    const client = new GatewayClient()
    const p = profile()
    const sse = await client.send(p, { ...countTokens, stream: true })
    expect(sse.exchange.snapshot().request.headers).toContainEqual(['accept', 'text/event-stream'])
    await sse.body?.cancel()
    const json = await client.send(p, {
      ...countTokens,
      stream: true,
      headers: { Accept: 'application/json' },
    })
    expect(json.exchange.snapshot().request.headers).toContainEqual(['accept', 'application/json'])
    await json.body?.cancel()
  })
})

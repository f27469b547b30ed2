import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from './server'
import { createSimulator } from './server'
import { API_KEY, postJson, readSse, startSimulator } from '../../test/fakes/simulatorClient'

const chatBody = { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] }
const nativeBody = { contents: [{ parts: [{ text: 'Hello' }] }] }

describe('simulator server core', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('listens on loopback with one origin for model and console endpoints and the default credentials', () => {
    expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(sim.consoleBaseUrl).toBe(sim.baseUrl)
    expect(sim.options).toMatchObject({
      apiKey: 'sk-sim-local',
      consoleToken: 'sim-console-token',
      tokensPerSecond: 0,
    })
    expect(sim.state.baseUrl).toBe(sim.baseUrl)
  })

  it('puts an x-request-id on every response, errors included', async () => {
    const ok = await postJson(sim, '/v1/chat/completions', chatBody)
    const missing = await fetch(`${sim.baseUrl}/nowhere`)
    expect(ok.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/)
    expect(missing.headers.get('x-request-id')).toMatch(/^req_/)
    expect(ok.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'))
  })

  it('answers an unknown path with 404 in a neutral JSON shape, native paths in the native shape', async () => {
    const plain = await fetch(`${sim.baseUrl}/v1/nowhere`, { method: 'POST' })
    expect(plain.status).toBe(404)
    expect(plain.headers.get('content-type')).toBe('application/json')
    expect(await plain.json()).toMatchObject({
      error: { type: 'not_found_error', message: expect.stringContaining('/v1/nowhere') },
    })
    const native = await fetch(`${sim.baseUrl}/v1beta/models/x:doSomething`, { method: 'POST' })
    expect(await native.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } })
  })

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const response = await fetch(`${sim.baseUrl}/v1/chat/completions`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  it('rejects model endpoints without a key or with a wrong key in the route error style', async () => {
    const none = await fetch(`${sim.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify(chatBody),
    })
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({
      error: {
        message: expect.stringContaining('Missing credentials'),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    })
    const wrong = await postJson(
      sim,
      '/v1/messages',
      { model: 'm', max_tokens: 5, messages: [] },
      { authorization: 'Bearer nope' },
    )
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: expect.any(String) },
    })
  })

  it('refuses x-api-key on the messages endpoint: the spec allows only Authorization: Bearer there', async () => {
    const response = await fetch(`${sim.baseUrl}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', max_tokens: 50, messages: [{ role: 'user', content: 'Hi' }] }),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error', message: expect.stringContaining('x-api-key') },
    })
  })

  it('accepts Bearer, x-vendor-api-key and ?key= on native endpoints, and no other style', async () => {
    const path = '/v1beta/models/gemini-2.5-flash:generateContent'
    const variants: [string, Record<string, string>][] = [
      [path, { authorization: `Bearer ${API_KEY}` }],
      [path, { 'x-vendor-api-key': API_KEY }],
      [`${path}?key=${API_KEY}`, {}],
    ]
    for (const [url, headers] of variants) {
      const response = await fetch(`${sim.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(nativeBody),
      })
      expect(response.status, JSON.stringify(headers)).toBe(200)
    }
    const stray = await fetch(`${sim.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': API_KEY },
      body: JSON.stringify(nativeBody),
    })
    expect(stray.status).toBe(401)
    const bad = await fetch(`${sim.baseUrl}${path}?key=wrong`, {
      method: 'POST',
      body: JSON.stringify(nativeBody),
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } })
  })

  it('does not accept x-vendor-api-key or ?key= on non-native endpoints', async () => {
    const response = await fetch(`${sim.baseUrl}/v1/chat/completions?key=${API_KEY}`, {
      method: 'POST',
      headers: { 'x-vendor-api-key': API_KEY },
      body: JSON.stringify(chatBody),
    })
    expect(response.status).toBe(401)
  })

  it('answers a malformed JSON body with 400 in the route style', async () => {
    const chat = await postJson(sim, '/v1/chat/completions', '{"model":')
    expect(chat.status).toBe(400)
    expect(await chat.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('Malformed JSON') },
    })
    const native = await postJson(sim, '/v1beta/models/g:generateContent', '{oops')
    expect(await native.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } })
  })

  it('answers a body that is JSON but not an object with 400', async () => {
    const response = await postJson(sim, '/v1/chat/completions', '[1,2]')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { message: 'The request body must be a JSON object.' },
    })
  })
})

describe('simulator lifecycle', () => {
  it('uses the given key, token and options', async () => {
    const sim = await createSimulator({ apiKey: 'custom', consoleToken: 'tok', tokensPerSecond: 5 })
    try {
      const rejected = await postJson(sim, '/v1/chat/completions', chatBody)
      const accepted = await postJson(sim, '/v1/chat/completions', chatBody, {
        authorization: 'Bearer custom',
      })
      expect([rejected.status, accepted.status]).toEqual([401, 200])
      expect(sim.options.tokensPerSecond).toBe(5)
    } finally {
      await sim.close()
    }
  })

  it('adds the latencyMs option before every response, errors included', async () => {
    const sim = await createSimulator({ latencyMs: 120 })
    try {
      const started = performance.now()
      const response = await fetch(`${sim.baseUrl}/nowhere`)
      expect(response.status).toBe(404)
      expect(performance.now() - started).toBeGreaterThanOrEqual(110)
    } finally {
      await sim.close()
    }
  })

  it('refuses an invalid server fault option at start', async () => {
    await expect(createSimulator({ fault: 'explode' })).rejects.toThrow(/Unknown fault/)
  })

  it('close() ends streams in flight instead of waiting for them', async () => {
    const sim = await createSimulator({ tokensPerSecond: 2 })
    const response = await postJson(sim, '/v1/chat/completions', { ...chatBody, stream: true })
    const reading = readSse(response)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = performance.now()
    await sim.close()
    const read = await reading
    expect(performance.now() - started).toBeLessThan(1000)
    expect(read.raw).not.toContain('[DONE]')
  })
})

describe('HEAD', () => {
  it('answers HEAD on hosted media like GET, without a body', async () => {
    const sim = await createSimulator()
    try {
      const get = await fetch(`${sim.baseUrl}/sim-media/samples/famC.mp4`)
      const head = await fetch(`${sim.baseUrl}/sim-media/samples/famC.mp4`, { method: 'HEAD' })
      expect(head.status).toBe(get.status)
      expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'))
      expect(head.headers.get('accept-ranges')).toBe('bytes')
      expect((await head.arrayBuffer()).byteLength).toBe(0)
    } finally {
      await sim.close()
    }
  })
})

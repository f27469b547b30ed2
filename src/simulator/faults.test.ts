import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from './server'
import { FAULT_KINDS, FaultSpecError, faultOnceGate, parseFaults } from './faults'
import { API_KEY, jsonEvents, postJson, readSse, startSimulator } from '../../test/fakes/simulatorClient'

const chat = (stream: boolean, content = 'Hello there') => ({
  model: 'gpt-4o',
  stream,
  messages: [{ role: 'user', content }],
})
const messages = (stream: boolean) => ({
  model: 'claude-sonnet-4-6',
  max_tokens: 400,
  stream,
  messages: [{ role: 'user', content: 'Hello there' }],
})

describe('parseFaults', () => {
  it('parses every documented kind and combinations', () => {
    expect(parseFaults('latency:100,ttft:200,tps:50')).toEqual({
      latencyMs: 100,
      firstTokenDelayMs: 200,
      tokensPerSecond: 50,
    })
    expect(parseFaults('429')).toEqual({ status: { status: 429, retryAfterSeconds: 1 } })
    expect(parseFaults('429:2.5')).toEqual({ status: { status: 429, retryAfterSeconds: 2.5 } })
    expect(parseFaults('529')).toEqual({ status: { status: 529 } })
    expect(parseFaults('reset')).toEqual({ reset: true })
    expect(parseFaults('drop:3').stream).toEqual({ kind: 'drop', after: 3 })
    expect(parseFaults('stall:0').stream).toEqual({ kind: 'stall', after: 0 })
    expect(parseFaults(undefined)).toEqual({})
    expect(FAULT_KINDS).toContain('malformed:<n>')
  })

  it('rejects unknown kinds and bad numbers with a message naming the part', () => {
    expect(() => parseFaults('boom')).toThrow(FaultSpecError)
    expect(() => parseFaults('drop:x')).toThrow(/drop:x/)
    expect(() => parseFaults('latency:-5')).toThrow(/non-negative/)
    expect(() => parseFaults('500:1')).toThrow(/Unknown fault/)
  })

  it('gates a keyed fault to the first n requests', () => {
    const seen = new Map<string, number>()
    expect(faultOnceGate(seen, 'k', undefined)).toEqual({ apply: true, attempt: 1 })
    expect(faultOnceGate(seen, 'k', undefined)).toEqual({ apply: false, attempt: 2 })
    expect(faultOnceGate(seen, 'j', '2').apply).toBe(true)
    expect(faultOnceGate(seen, 'j', '2').apply).toBe(true)
    expect(faultOnceGate(seen, 'j', '2').apply).toBe(false)
    expect(faultOnceGate(seen, undefined, undefined)).toEqual({ apply: true })
  })
})

describe('fault injection observed from a client', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('latency:<ms> delays the whole response', async () => {
    const started = performance.now()
    const response = await postJson(sim, '/v1/chat/completions', chat(false), {
      'x-sim-fault': 'latency:150',
    })
    expect(response.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('ttft:<ms> delays the first token but not the headers and the role chunk', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(true), { 'x-sim-fault': 'ttft:250' })
    const read = await readSse(response)
    const roleChunk = read.events[0]
    const firstContent = read.events.find((event) => event.data.includes('"content":"This'))
    expect(roleChunk?.data).toContain('"role":"assistant"')
    expect((firstContent?.at ?? 0) - (roleChunk?.at ?? 0)).toBeGreaterThanOrEqual(230)
  })

  it('tps:<n> paces token events at n tokens per second', async () => {
    const body = { ...chat(true), max_tokens: 40, stream_options: { include_usage: true } }
    const read = await readSse(
      await postJson(sim, '/v1/chat/completions', body, { 'x-sim-fault': 'tps:100' }),
    )
    const usage = jsonEvents(read).at(-1)?.data.usage as { completion_tokens: number }
    // The last piece is due once every earlier token has had its 1/100 s (a piece is at most a few tokens).
    const expectedMs = ((usage.completion_tokens - 5) / 100) * 1000
    expect(read.events.at(-1)?.data).toBe('[DONE]')
    expect(read.events.at(-1)?.at).toBeGreaterThanOrEqual(expectedMs)
    expect(read.events.at(-1)?.at).toBeLessThan(expectedMs + 1500)
  })

  it('429 answers rate limited with Retry-After and retry-after-ms in the route style', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(false), { 'x-sim-fault': '429' })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(response.headers.get('retry-after-ms')).toBe('1000')
    expect(await response.json()).toMatchObject({
      error: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
    })
    const native = await postJson(
      sim,
      '/v1beta/models/g:generateContent',
      { contents: [] },
      { 'x-sim-fault': '429' },
    )
    expect(await native.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } })
  })

  it('429:<seconds> sets the given wait', async () => {
    const response = await postJson(sim, '/v1/messages', messages(false), { 'x-sim-fault': '429:0.05' })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after-ms')).toBe('50')
    expect(response.headers.get('retry-after')).toBe('1')
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: expect.any(String) },
    })
  })

  it('500 and 503 answer server errors in the route style', async () => {
    const five = await postJson(sim, '/v1/chat/completions', chat(false), { 'x-sim-fault': '500' })
    expect(five.status).toBe(500)
    expect(await five.json()).toMatchObject({ error: { type: 'server_error' } })
    const three = await postJson(sim, '/v1/messages', messages(false), { 'x-sim-fault': '503' })
    expect(three.status).toBe(503)
    expect(await three.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } })
  })

  it('upstream answers 500 upstream_error in the messages style, as the spec table says', async () => {
    const res = await postJson(sim, '/v1/messages', messages(false), { 'x-sim-fault': 'upstream' })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({
      type: 'error',
      error: { type: 'upstream_error', message: expect.any(String) },
    })
    const chat500 = await postJson(sim, '/v1/chat/completions', chat(false), { 'x-sim-fault': 'upstream' })
    expect(chat500.status).toBe(500)
  })

  it('529 answers overloaded_error in the messages style', async () => {
    const response = await postJson(sim, '/v1/messages', messages(true), { 'x-sim-fault': '529' })
    expect(response.status).toBe(529)
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: expect.any(String) },
    })
  })

  it('reset destroys the connection before any header', async () => {
    await expect(
      postJson(sim, '/v1/chat/completions', chat(false), { 'x-sim-fault': 'reset' }),
    ).rejects.toThrow(/fetch failed/)
  })

  it('drop:<n> ends a stream abruptly after n events with no terminal event', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(true), { 'x-sim-fault': 'drop:3' })
    const read = await readSse(response)
    expect(read.events).toHaveLength(3)
    expect(read.error).toBeDefined()
    expect(read.raw).not.toContain('[DONE]')
  })

  it('drop:<n> on a JSON answer sends half the body and then closes', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(false), { 'x-sim-fault': 'drop:0' })
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow()
  })

  it('malformed:<n> writes an unparseable data line after n events and then continues', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(true), { 'x-sim-fault': 'malformed:2' })
    const read = await readSse(response)
    const third = read.events[2]
    expect(third?.data).toBe('{"simulated": malformed')
    expect(() => JSON.parse(third?.data ?? '')).toThrow()
    expect(read.events.at(-1)?.data).toBe('[DONE]')
  })

  it('malformed:<n> on a JSON answer sends a truncated body', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(false), {
      'x-sim-fault': 'malformed:0',
    })
    const text = await response.text()
    expect(() => JSON.parse(text)).toThrow()
    expect(text.startsWith('{"id":"chatcmpl-')).toBe(true)
  })

  it('error:<n> sends the format’s own mid-stream error event and ends', async () => {
    const chatRead = await readSse(
      await postJson(sim, '/v1/chat/completions', chat(true), { 'x-sim-fault': 'error:2' }),
    )
    expect(chatRead.events).toHaveLength(3)
    expect(JSON.parse(chatRead.events[2]?.data ?? '')).toMatchObject({ error: { type: 'server_error' } })
    expect(chatRead.error).toBeUndefined()

    const messagesRead = await readSse(
      await postJson(sim, '/v1/messages', messages(true), { 'x-sim-fault': 'error:1' }),
    )
    expect(messagesRead.events.map((event) => event.event)).toEqual(['message_start', 'error'])
    expect(JSON.parse(messagesRead.events[1]?.data ?? '')).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    })

    const responsesRead = await readSse(
      await postJson(
        sim,
        '/v1/responses',
        { model: 'gpt-4o', input: 'Hi', stream: true },
        { 'x-sim-fault': 'error:2' },
      ),
    )
    const types = jsonEvents(responsesRead).map((event) => event.data.type)
    expect(types).toEqual(['response.created', 'response.in_progress', 'error', 'response.failed'])

    const nativeRead = await readSse(
      await postJson(
        sim,
        '/v1beta/models/g:streamGenerateContent?alt=sse',
        { contents: [{ parts: [{ text: 'Hi' }] }] },
        { 'x-sim-fault': 'error:1' },
      ),
    )
    expect(JSON.parse(nativeRead.events.at(-1)?.data ?? '')).toMatchObject({
      error: { code: 500, status: 'INTERNAL' },
    })
  })

  it('stall:<n> stops writing after n events but keeps the socket open until the client gives up', async () => {
    const controller = new AbortController()
    const response = await postJson(
      sim,
      '/v1/chat/completions',
      chat(true),
      { 'x-sim-fault': 'stall:2' },
      controller.signal,
    )
    const read = await readSse(response, 300)
    expect(read.events).toHaveLength(2)
    expect(read.error).toBeUndefined()
    expect(read.raw).not.toContain('[DONE]')
    controller.abort()
  })

  it('x-sim-fault-once fails the first request of a key and lets the retry through', async () => {
    const headers = { 'x-sim-fault': '429:0.01', 'x-sim-fault-once': `retry-${Math.random()}` }
    const first = await postJson(sim, '/v1/chat/completions', chat(false), headers)
    const second = await postJson(sim, '/v1/chat/completions', chat(false), headers)
    expect([first.status, second.status]).toEqual([429, 200])
    expect([first.headers.get('x-sim-attempt'), second.headers.get('x-sim-attempt')]).toEqual(['1', '2'])
  })

  it('a model list call to a simulator without a list is a plain 404 and uses up no fault of a key', async () => {
    const headers = { 'x-sim-fault': '500', 'x-sim-fault-once': `list-${Math.random()}` }
    const list = await fetch(`${sim.baseUrl}/v1/models`, {
      headers: { authorization: `Bearer ${API_KEY}`, ...headers },
    })
    expect(list.status).toBe(404)
    expect(list.headers.get('x-sim-attempt')).toBeNull()
    const first = await postJson(sim, '/v1/chat/completions', chat(false), headers)
    expect([first.status, first.headers.get('x-sim-attempt')]).toEqual([500, '1'])
  })

  it('an unknown x-sim-fault is a 400 naming the known kinds', async () => {
    const response = await postJson(sim, '/v1/chat/completions', chat(false), { 'x-sim-fault': 'explode' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining('Known kinds') },
    })
  })
})

describe('server-wide fault option', () => {
  it('applies to every request without its own x-sim-fault header', async () => {
    const sim = await startSimulator({ fault: '503' })
    try {
      const faulted = await postJson(sim, '/v1/chat/completions', chat(false))
      const overridden = await postJson(sim, '/v1/chat/completions', chat(false), {
        'x-sim-fault': 'latency:0',
      })
      expect([faulted.status, overridden.status]).toEqual([503, 200])
    } finally {
      await sim.close()
    }
  })

  it('paces streams with the tokensPerSecond and firstTokenDelayMs options', async () => {
    const sim = await startSimulator({ tokensPerSecond: 50, firstTokenDelayMs: 120 })
    try {
      const body = { ...chat(true), max_tokens: 20, stream_options: { include_usage: true } }
      const read = await readSse(await postJson(sim, '/v1/chat/completions', body))
      const usage = jsonEvents(read).at(-1)?.data.usage as { completion_tokens: number }
      const first = read.events.find((event) => event.data.includes('"content":"This'))
      expect(first?.at).toBeGreaterThanOrEqual(110)
      expect(read.events.at(-1)?.at).toBeGreaterThanOrEqual(120 + ((usage.completion_tokens - 5) / 50) * 1000)
    } finally {
      await sim.close()
    }
  })
})

// The text service against the simulator over loopback: every format streamed and not, tools, thinking, images,
// structured output, and the fault bars R1–R5 observed end to end.
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import { createServer as createTlsServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import {
  appendAssistantTurn,
  appendToolResults,
  type Draft,
  type WireFormat,
  WIRE_FORMATS,
} from '../../src/shared/wire'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink, type RunEnded } from '../fakes/recordingSink'
import { SELF_SIGNED_CERT, SELF_SIGNED_KEY } from '../fakes/selfSignedCert'

const KEY = 'sk-text-runs-0123456789'
let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let media: MediaStore
let service: TextService
let plainId: string

async function profileWith(
  headers: { name: string; value: string }[] = [],
  idleTimeoutMs = 60_000,
): Promise<string> {
  const view = await profiles.create(
    profileFieldsSchema.parse({
      name: `p${Math.random()}`,
      baseUrl: sim.baseUrl,
      headers,
      idleTimeoutMs,
      nativeAuth: 'header',
    }),
  )
  await profiles.setSecret(view.id, 'apiKey', KEY)
  return view.id
}

const ask = (text: string, extra: Partial<Draft> = {}): Draft => ({
  model: 'sim-model',
  stream: true,
  maxTokens: 400,
  messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
  ...extra,
})

async function run(format: WireFormat, draft: Draft, profileId = plainId, sink = new RecordingSink()) {
  const { runId } = await service.start({ profileId, format, draft }, sink)
  const ended = await sink.ended(runId)
  return { runId, sink, ended, text: sink.text(runId), reasoning: sink.text(runId, 'reasoning') }
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'text-runs-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const gateway = new GatewayClient({ retryBaseMs: 5 })
  media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  service = new TextService({ profiles, gateway, media })
  plainId = await profileWith()
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.each(WIRE_FORMATS)('%s format', (format) => {
  it('streams an answer, ends once with usage and timings, and matches the non-streamed answer', async () => {
    const streamed = await run(format, ask('Tell me about lighthouses.'))
    expect(streamed.ended.status).toBe('done')
    expect(streamed.text.length).toBeGreaterThan(20)
    expect(streamed.ended.summary.usage?.output).toBeGreaterThan(0)
    expect(streamed.ended.timings.ttftMs).not.toBeNull()
    expect(streamed.sink.endedCount(streamed.runId)).toBe(1)
    expect(streamed.ended.exchange?.request.headers.some(([, v]) => v.includes(KEY))).toBe(false)
    const whole = await run(format, ask('Tell me about lighthouses.', { stream: false }))
    expect(whole.ended.status).toBe('done')
    expect(whole.text).toBe(streamed.text)
  })

  it('sends the end small and first, then the exchange it recorded', async () => {
    const r = await run(format, ask('Tell me a long story.', { maxTokens: 6000 }))
    expect(r.ended.status).toBe('done')
    const names = r.sink.received.map((x) => x.name)
    const endAt = names.indexOf('text.runEnded')
    // The exchange comes right after the end, once: nothing else between them.
    expect(names.slice(endAt)).toEqual(['text.runEnded', 'text.runExchange'])
    const end = r.sink.received[endAt]!.payload as Record<string, unknown>
    expect(end.exchangeFollows).toBe(true)
    expect(end).not.toHaveProperty('exchange')
    const exchange = (r.sink.received[endAt + 1]!.payload as { exchange: { id: string } }).exchange
    // A long answer's exchange is many times the size of its end, which stays a few hundred bytes.
    expect(JSON.stringify(end).length).toBeLessThan(4_000)
    expect(JSON.stringify(exchange).length).toBeGreaterThan(10 * JSON.stringify(end).length)
    expect(r.ended.exchange?.id).toBe(exchange.id)
    expect(r.ended.exchange?.response?.status).toBe(200)
  })

  it('completes a two-round tool call in its own shape', async () => {
    const tools = [
      {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ]
    const draft = ask('Use get_weather for Oslo please.', { tools, toolChoice: 'auto' })
    const first = await run(format, draft)
    expect(first.ended.status).toBe('done')
    expect(first.ended.summary.finish).toBe('tool_calls')
    const call = first.ended.summary.toolCalls[0]!
    expect(call.name).toBe('get_weather')
    expect(call.parsedArguments).toMatchObject({ city: expect.any(String) })
    const completion = {
      text: first.text,
      reasoning: '',
      reasoningBlocks: [],
      toolCalls: first.ended.summary.toolCalls,
      images: [],
      stopReason: first.ended.summary.stopReason,
      finish: first.ended.summary.finish,
      warnings: [],
    }
    const next = appendToolResults(appendAssistantTurn(draft, completion), [
      { callId: call.id, name: call.name, content: '{"temperature_c": 7, "sky": "overcast"}' },
    ])
    const second = await run(format, next)
    expect(second.ended.status).toBe('done')
    expect(second.text).toMatch(/overcast|7/)
  })

  it('streams reasoning when thinking is asked for', async () => {
    const r = await run(
      format,
      ask('Think about primes.', {
        maxTokens: 4096,
        thinking: { enabled: true, budgetTokens: 2048, effort: 'high', includeThoughts: true },
        temperature: 1,
      }),
    )
    expect(r.ended.status).toBe('done')
    expect(r.reasoning.length).toBeGreaterThan(10)
    expect(r.text.length).toBeGreaterThan(10)
  })

  it('ends a mid-stream error as an error within 100 ms, keeping the partial text (R2)', async () => {
    const r = await run(
      format,
      ask('Tell me a long story.'),
      await profileWith([{ name: 'x-sim-fault', value: 'error:4' }]),
    )
    expect(r.ended.status).toBe('error')
    expect(r.ended.error?.message).toBeTruthy()
    const lastEventAt = r.sink.received.filter((x) => x.name === 'text.runEvents').at(-1)?.at ?? 0
    const endedAt = r.sink.received.find((x) => x.name === 'text.runEnded')!.at
    expect(endedAt - lastEventAt).toBeLessThan(100)
  })

  it('marks a stream cut before its terminal event incomplete, never done (R3)', async () => {
    const r = await run(
      format,
      ask('Tell me a long story.'),
      await profileWith([{ name: 'x-sim-fault', value: 'drop:5' }]),
    )
    expect(r.ended.status).toBe('incomplete')
    expect(r.sink.endedCount(r.runId)).toBe(1)
  })
})

describe('faults and control', () => {
  it('retries a 429 before the first byte and succeeds (R1)', async () => {
    const r = await run(
      'chat',
      ask('hello'),
      await profileWith([
        { name: 'x-sim-fault', value: '429' },
        { name: 'x-sim-fault-once', value: `k-${Math.random()}` },
      ]),
    )
    expect(r.ended.status).toBe('done')
    expect(r.ended.exchange?.attempts).toBe(2)
  })

  it('shows an HTTP error with the format error body, status and type', async () => {
    const r = await run('messages', ask('hi', { model: 'missing-model' }))
    expect(r.ended.status).toBe('error')
    expect(r.ended.error).toMatchObject({ status: 404, message: expect.any(String) })
  })

  it('aborts a stalled stream after the idle timeout with a clear message (R4)', async () => {
    const started = performance.now()
    const r = await run(
      'responses',
      ask('story'),
      await profileWith([{ name: 'x-sim-fault', value: 'stall:3' }], 1000),
    )
    expect(r.ended.status).toBe('error')
    expect(r.ended.error?.message).toMatch(/No data for 1 s/)
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('keeps going past a malformed line and says so', async () => {
    const r = await run(
      'chat',
      ask('hello there'),
      await profileWith([{ name: 'x-sim-fault', value: 'malformed:2' }]),
    )
    expect(r.ended.status).toBe('done')
    expect(
      r.ended.summary.warnings.length + r.sink.events(r.runId).filter((e) => e.type === 'warning').length,
    ).toBeGreaterThan(0)
  })

  it('stops at once: the run ends aborted and nothing arrives after the stop (R5)', async () => {
    const slow = await profileWith([{ name: 'x-sim-fault', value: 'tps:40' }])
    const sink = new RecordingSink()
    const { runId } = await service.start(
      { profileId: slow, format: 'messages', draft: ask('sim:tokens=400 a long answer please') },
      sink,
    )
    await new Promise((r) => setTimeout(r, 400))
    expect(service.stop(runId)).toEqual({ stopped: true })
    const stoppedAt = performance.now()
    const ended = await sink.ended(runId)
    expect(ended.status).toBe('aborted')
    await new Promise((r) => setTimeout(r, 300))
    const late = sink.received.filter((x) => x.at > stoppedAt && x.name === 'text.runEvents')
    expect(late).toEqual([])
    expect(service.stop(runId)).toEqual({ stopped: false })
  })

  it('sends nothing to a window that went away and closes the upstream stream', async () => {
    const slow = await profileWith([{ name: 'x-sim-fault', value: 'tps:40' }])
    const sink = new RecordingSink()
    await service.start({ profileId: slow, format: 'chat', draft: ask('sim:tokens=300 go') }, sink)
    await new Promise((r) => setTimeout(r, 300))
    sink.alive = false
    const count = sink.received.length
    await new Promise((r) => setTimeout(r, 500))
    expect(sink.received.length).toBe(count)
  })

  it('stores generated images in the media store and sends only their URL (M1)', async () => {
    const r = await run(
      'native',
      ask('draw a lighthouse', {
        maxTokens: 2000,
        extras: { native: { generationConfig: { responseModalities: ['IMAGE'] } } },
      }),
    )
    expect(r.ended.status).toBe('done')
    const image = r.sink.events(r.runId).find((e) => e.type === 'image')
    expect(image).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      url: expect.stringMatching(/^media:\/\/[a-f0-9]{32}$/),
    })
    const id = (image as { url: string }).url.slice('media://'.length)
    expect(existsSync((await media.path(id))!)).toBe(true)
    expect(JSON.stringify(r.sink.received)).not.toMatch(/iVBORw0KGgo/)
  })

  it('answers structured output that parses against the schema', async () => {
    const schema = {
      type: 'object',
      properties: { title: { type: 'string' }, year: { type: 'integer' } },
      required: ['title', 'year'],
    }
    const r = await run('chat', ask('a film', { responseFormat: { name: 'film', schema } }))
    expect(JSON.parse(r.text)).toMatchObject({ title: expect.any(String), year: expect.any(Number) })
  })

  it('sends a raw JSON body exactly as written, and ends a run whose JSON is broken naming line and column', async () => {
    const sink = new RecordingSink()
    const raw = '{"model":"sim-raw","max_tokens":50,"messages":[{"role":"user","content":"raw hello"}]}'
    const { runId } = await service.start(
      { profileId: plainId, format: 'messages', draft: ask('ignored'), rawBody: raw },
      sink,
    )
    const ended: RunEnded = await sink.ended(runId)
    expect(ended.status).toBe('done')
    expect(ended.exchange?.request.body).toBe(raw)
    const broken = await service.start(
      { profileId: plainId, format: 'chat', draft: ask('x'), rawBody: '{\n  "model": "m",\n}' },
      sink,
    )
    const failed = await sink.ended(broken.runId)
    expect(failed.status).toBe('error')
    expect(failed.error).toMatchObject({
      errorType: 'TEXT_INVALID_JSON',
      message: 'Request JSON: unexpected `}` (a comma before it?) at line 3, column 1',
    })
    expect(failed.exchange).toBeNull()
  })

  it("sends anyway a raw JSON body the form would reject, as written, so the answer is the gateway's own error", async () => {
    const sink = new RecordingSink()
    const raw = '{"model":"sim-raw","max_tokens":-5}'
    const { runId } = await service.start(
      { profileId: plainId, format: 'messages', draft: ask('ignored'), rawBody: raw, force: true },
      sink,
    )
    const ended = await sink.ended(runId)
    expect(ended.exchange?.request.body).toBe(raw)
    expect(ended.status).toBe('error')
    expect(ended.error?.status).toBe(400)
  })

  it('refuses an out-of-range draft before sending, naming the field and the rule (R8)', async () => {
    const r = await run('messages', ask('x', { temperature: 1.5 }))
    expect(r.ended.status).toBe('error')
    expect(r.ended.exchange).toBeNull()
    expect(r.ended.error).toMatchObject({
      errorType: 'TEXT_INVALID_DRAFT',
      message: expect.stringContaining('temperature must be between 0 and 1'),
      hint: expect.stringContaining('Send anyway'),
    })
    expect(r.ended.error?.issues?.[0]).toMatchObject({ field: 'temperature', severity: 'error' })
  })

  it("sends anyway a draft the form rejects, so the answer is the gateway's own error", async () => {
    const r = await run('messages', ask('x', { temperature: 1.5 }), plainId)
    expect(r.ended.error?.errorType).toBe('TEXT_INVALID_DRAFT')
    const sink = new RecordingSink()
    const { runId } = await service.start(
      { profileId: plainId, format: 'messages', draft: ask('x', { temperature: 1.5 }), force: true },
      sink,
    )
    const ended = await sink.ended(runId)
    expect(JSON.parse(ended.exchange!.request.body!)).toMatchObject({ temperature: 1.5 })
    expect(ended.status).toBe('error')
    expect(ended.error?.status).toBe(400)
    expect(ended.error?.message).toMatch(/temperature/)
  })

  it('counts tokens with the server for messages and estimates for the others', async () => {
    const server = await service.countTokens({
      profileId: plainId,
      format: 'messages',
      draft: ask('count these words please'),
    })
    expect(server).toMatchObject({ source: 'server', inputTokens: expect.any(Number) })
    const estimate = await service.countTokens({
      profileId: plainId,
      format: 'chat',
      draft: ask('count these words please'),
    })
    expect(estimate.source).toBe('estimate')
    expect(estimate.inputTokens).toBeGreaterThan(3)
  })

  it('keeps the estimate local when asked: no request goes out, even for messages, and the system prompt counts alone', async () => {
    // A profile whose gateway does not answer: the gateway's own count fails there, the local estimate does not.
    const view = await profiles.create(
      profileFieldsSchema.parse({ name: 'nowhere', baseUrl: 'http://127.0.0.1:9', headers: [] }),
    )
    await profiles.setSecret(view.id, 'apiKey', KEY)
    const draft = ask('count these words please', { system: 'Answer in French.' })
    await expect(service.countTokens({ profileId: view.id, format: 'messages', draft })).rejects.toThrow()
    const local = await service.countTokens({ profileId: view.id, format: 'messages', draft, local: true })
    expect(local).toMatchObject({ source: 'estimate', exchange: null })
    expect(local.inputTokens).toBeGreaterThan(8)
    const systemOnly = await service.countTokens({
      profileId: view.id,
      format: 'chat',
      draft: { ...draft, messages: [] },
      local: true,
    })
    expect(systemOnly.inputTokens).toBeGreaterThan(2)
    expect(systemOnly.inputTokens).toBeLessThan(local.inputTokens)
  })

  it('previews the exact request with the key masked and code that reads it from the environment', async () => {
    const preview = await service.preview({ profileId: plainId, format: 'chat', draft: ask('preview me') })
    expect(preview.url).toBe(`${sim.baseUrl}/v1/chat/completions`)
    expect(preview.headers).toContainEqual(['authorization', 'Bearer ***'])
    expect(JSON.parse(preview.body)).toMatchObject({ model: 'sim-model', stream: true })
    expect(preview.code?.curl).toContain('GATEWAY_API_KEY')
    expect(JSON.stringify(preview)).not.toContain(KEY)
  })
})

describe('a run never hangs: every failure before the first byte ends it once, naming the cause', () => {
  const servers: { close(): unknown }[] = []
  const sockets: Socket[] = []
  afterAll(() => {
    for (const socket of sockets) socket.destroy()
    for (const server of servers) server.close()
  })

  async function listening(server: TcpServer | ReturnType<typeof createTlsServer>): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push(server)
    return (server.address() as { port: number }).port
  }

  async function profileAt(baseUrl: string, key: string | null = KEY, timeoutMs = 120_000): Promise<string> {
    const view = await profiles.create(
      profileFieldsSchema.parse({ name: `at ${baseUrl}`, baseUrl, timeoutMs, nativeAuth: 'header' }),
    )
    if (key) await profiles.setSecret(view.id, 'apiKey', key)
    return view.id
  }

  /** Runs to the end and checks the one terminal event; answers its error. */
  async function failsWith(profileId: string, draft = ask('hello')): Promise<RunEnded['error']> {
    const sink = new RecordingSink()
    const { runId } = await service.start(
      { profileId, format: 'chat', draft, runId: `run-${Math.random()}` },
      sink,
    )
    const ended = await sink.ended(runId, 30_000)
    await new Promise((r) => setTimeout(r, 50))
    expect(ended.status).toBe('error')
    expect(sink.endedCount(runId)).toBe(1)
    expect(sink.events(runId)).toEqual([])
    return ended.error
  }

  it('a profile without an API key: says so and where to add one', async () => {
    const error = await failsWith(await profileAt('http://127.0.0.1:9', null))
    expect(error).toMatchObject({
      errorType: 'GATEWAY_NO_SECRET',
      message: expect.stringMatching(/no API key/),
    })
    expect(error?.message).not.toMatch(/Settings/)
    expect(error?.hint).toMatch(/Settings/)
  })

  it('a profile that no longer exists', async () => {
    const id = await profileAt(sim.baseUrl)
    await profiles.delete(id)
    const error = await failsWith(id)
    expect(error).toMatchObject({
      errorType: 'PROFILES_NOT_FOUND',
      message: expect.stringMatching(/no longer exists/),
    })
    expect(error?.hint).toMatch(/another profile/)
  })

  it('a draft main finds invalid', async () => {
    const error = await failsWith(plainId, ask('hello', { model: '' }))
    expect(error).toMatchObject({ errorType: 'TEXT_INVALID_DRAFT', issues: expect.any(Array) })
  })

  it('connection refused on a closed port', async () => {
    const port = await listening(createTcpServer())
    await new Promise((r) => servers.pop()!.close() && setTimeout(r, 10))
    const error = await failsWith(await profileAt(`http://127.0.0.1:${port}`))
    expect(error).toMatchObject({
      errorType: 'GATEWAY_UNREACHABLE',
      message: expect.stringMatching(/ECONNREFUSED/),
    })
    expect(error?.hint).toMatch(/Nothing listens/)
  })

  it('a host name that does not resolve', async () => {
    const error = await failsWith(await profileAt('http://nonexistent.invalid'))
    expect(error).toMatchObject({
      errorType: 'GATEWAY_UNREACHABLE',
      message: expect.stringMatching(/nonexistent\.invalid/),
    })
    expect(error?.hint).toMatch(/does not resolve/)
  })

  it('a TLS server whose certificate is self-signed', async () => {
    const server = createTlsServer({ cert: SELF_SIGNED_CERT, key: SELF_SIGNED_KEY }, (_req, res) =>
      res.end('{}'),
    )
    const port = await listening(server)
    const error = await failsWith(await profileAt(`https://127.0.0.1:${port}`))
    expect(error).toMatchObject({
      errorType: 'GATEWAY_TLS',
      message: expect.stringMatching(/SELF_SIGNED|CERT/),
    })
    expect(error?.hint).toMatch(/certificate/)
  })

  it('a server that accepts and never answers: the request timeout ends it', async () => {
    const server = createTcpServer((socket) => sockets.push(socket))
    const port = await listening(server)
    const error = await failsWith(await profileAt(`http://127.0.0.1:${port}`, KEY, 1000))
    expect(error).toMatchObject({
      errorType: 'GATEWAY_TIMEOUT',
      message: expect.stringMatching(/No response within 1 s/),
    })
    expect(error?.hint).toMatch(/request timeout/)
  }, 20_000)

  it('Stop ends a run that is still waiting for an answer, at once', async () => {
    const server = createTcpServer((socket) => sockets.push(socket))
    const port = await listening(server)
    const profileId = await profileAt(`http://127.0.0.1:${port}`)
    const sink = new RecordingSink()
    const { runId } = await service.start({ profileId, format: 'chat', draft: ask('hi') }, sink)
    await new Promise((r) => setTimeout(r, 200))
    const stoppedAt = performance.now()
    expect(service.stop(runId)).toEqual({ stopped: true })
    const ended = await sink.ended(runId, 1000)
    expect(ended.status).toBe('aborted')
    expect(performance.now() - stoppedAt).toBeLessThan(100)
    await new Promise((r) => setTimeout(r, 100))
    expect(sink.endedCount(runId)).toBe(1)
  })

  it("names the run with the caller's id and refuses a second run under the same id", async () => {
    const sink = new RecordingSink()
    const runId = `mine-${Date.now()}`
    const slow = await profileWith([{ name: 'x-sim-fault', value: 'ttft:300' }])
    expect(await service.start({ profileId: slow, format: 'chat', draft: ask('hi'), runId }, sink)).toEqual({
      runId,
    })
    await expect(
      service.start({ profileId: slow, format: 'chat', draft: ask('hi'), runId }, sink),
    ).rejects.toMatchObject({
      code: 'TEXT_RUN_EXISTS',
    })
    expect((await sink.ended(runId)).status).toBe('done')
  })
})

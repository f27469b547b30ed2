// The text service against the simulator over loopback: every format streamed and not, tools, thinking, images,
// structured output, and the fault bars R1–R5 observed end to end.
import { mkdtempSync, rmSync, existsSync } from 'node:fs'
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

  it('sends a raw JSON body exactly as written, and names rawBody when it is not JSON', async () => {
    const sink = new RecordingSink()
    const raw = '{"model":"sim-raw","max_tokens":50,"messages":[{"role":"user","content":"raw hello"}]}'
    const { runId } = await service.start(
      { profileId: plainId, format: 'messages', draft: ask('ignored'), rawBody: raw },
      sink,
    )
    const ended: RunEnded = await sink.ended(runId)
    expect(ended.status).toBe('done')
    expect(ended.exchange?.request.body).toBe(raw)
    await expect(
      service.start({ profileId: plainId, format: 'chat', draft: ask('x'), rawBody: '{"model": ' }, sink),
    ).rejects.toMatchObject({
      code: 'TEXT_INVALID_JSON',
      message: expect.stringMatching(/^rawBody: not valid JSON/),
    })
  })

  it('refuses an out-of-range draft before sending, naming the field and the rule (R8)', async () => {
    await expect(
      service.start(
        { profileId: plainId, format: 'messages', draft: ask('x', { temperature: 1.5 }) },
        new RecordingSink(),
      ),
    ).rejects.toMatchObject({
      code: 'TEXT_INVALID_DRAFT',
      message: expect.stringContaining('temperature must be between 0 and 1'),
    })
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

  it('previews the exact request with the key masked and code that reads it from the environment', async () => {
    const preview = await service.preview({ profileId: plainId, format: 'chat', draft: ask('preview me') })
    expect(preview.url).toBe(`${sim.baseUrl}/v1/chat/completions`)
    expect(preview.headers).toContainEqual(['authorization', 'Bearer ***'])
    expect(JSON.parse(preview.body)).toMatchObject({ model: 'sim-model', stream: true })
    expect(preview.code.curl).toContain('GATEWAY_API_KEY')
    expect(JSON.stringify(preview)).not.toContain(KEY)
  })
})

// Edited text Request JSON against the simulator over loopback HTTP: it runs the spec's rules the form runs (a
// temperature of 5, a messages max_tokens of 0, a thinking budget of 500 are refused before anything is sent,
// naming the field), Send anyway sends it as written, warnings never block; Count tokens counts the edited body
// (what Send would send), and a draft without a message has nothing to count.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import type { Draft, WireFormat } from '../../src/shared/wire'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const KEY = 'sk-raw-text-rules-0123456789'
let sim: RunningSimulator
let dir: string
let service: TextService
let profileId: string

const ask = (text: string): Draft => ({
  model: 'sim-model',
  stream: false,
  maxTokens: 400,
  messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
})

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'raw-text-rules-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  service = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
  })
  profileId = (
    await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl, headers: [] }))
  ).id
  await profiles.setSecret(profileId, 'apiKey', KEY)
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function send(format: WireFormat, rawBody: string, force = false) {
  const sink = new RecordingSink()
  const { runId } = await service.start({ profileId, format, draft: ask('the form'), rawBody, force }, sink)
  return sink.ended(runId)
}

describe('edited Request JSON runs the form’s rules', () => {
  it.each([
    [
      'chat',
      '{"model":"m","temperature":5,"messages":[{"role":"user","content":"hi"}]}',
      /temperature must be between 0 and 2/,
    ],
    [
      'messages',
      '{"model":"m","max_tokens":0,"messages":[{"role":"user","content":"hi"}]}',
      /max_tokens must be greater than 0/,
    ],
    [
      'messages',
      '{"model":"m","max_tokens":4000,"thinking":{"type":"enabled","budget_tokens":500},"messages":[{"role":"user","content":"hi"}]}',
      /budget_tokens must be greater than 1024/,
    ],
  ] as const)('%s: %s is refused before sending, naming the field', async (format, raw, rule) => {
    const ended = await send(format, raw)
    expect(ended.status).toBe('error')
    expect(ended.exchange).toBeNull()
    expect(ended.error?.errorType).toBe('TEXT_INVALID_DRAFT')
    expect(ended.error?.message).toMatch(rule)
    expect(ended.error?.message).toMatch(/Request JSON: /)
    expect(ended.error?.issues?.[0]).toMatchObject({
      severity: 'error',
      field: expect.stringMatching(/^Request JSON\./),
    })
    // Send anyway: the same text goes out byte for byte, and the gateway judges it.
    const forced = await send(format, raw, true)
    expect(forced.exchange?.request.body).toBe(raw)
  })

  it('a warning does not stop the send; the preview lists it', async () => {
    const raw =
      '{"model":"m","max_tokens":2000,"thinking":{"type":"enabled","budget_tokens":3000},"messages":[{"role":"user","content":"hi"}]}'
    const preview = await service.preview({ profileId, format: 'messages', draft: ask('x'), rawBody: raw })
    expect(preview.issues).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringMatching(/budget_tokens should be less than max_tokens/),
      }),
    )
    const ended = await send('messages', raw)
    expect(ended.exchange?.request.body).toBe(raw)
  })

  it('a body that is not a JSON object cannot be sent anyway', async () => {
    const ended = await send('chat', '[1, 2]', true)
    expect(ended.error).toMatchObject({ errorType: 'TEXT_INVALID_JSON' })
    expect(ended.exchange).toBeNull()
  })
})

describe('Count tokens counts what will be sent', () => {
  it('the edited body’s messages and system, not the form’s', async () => {
    const form = await service.countTokens({ profileId, format: 'messages', draft: ask('the form') })
    const raw = JSON.stringify({
      model: 'sim-model',
      max_tokens: 100,
      system: 'You answer at length about the history of lighthouses along the northern coasts.',
      messages: [
        { role: 'user', content: 'Tell me everything you know about lighthouse keepers and their lamps.' },
      ],
    })
    const edited = await service.countTokens({
      profileId,
      format: 'messages',
      draft: ask('the form'),
      rawBody: raw,
    })
    expect(edited.source).toBe('server')
    expect(edited.inputTokens).toBeGreaterThan(form.inputTokens + 10)
    // count_tokens takes the body's model, messages, system and tools only.
    expect(JSON.parse(edited.exchange!.request.body!)).toEqual({
      model: 'sim-model',
      system: expect.any(String),
      messages: [expect.objectContaining({ role: 'user' })],
    })
    const estimate = await service.countTokens({
      profileId,
      format: 'chat',
      draft: ask('the form'),
      rawBody: raw.replace('"system"', '"ignored"'),
    })
    const formEstimate = await service.countTokens({ profileId, format: 'chat', draft: ask('the form') })
    expect(estimate.inputTokens).toBeGreaterThan(formEstimate.inputTokens)
  })

  it('a draft without a message has nothing to count, and nothing is sent', async () => {
    await expect(
      service.countTokens({ profileId, format: 'messages', draft: { ...ask('x'), messages: [] } }),
    ).rejects.toMatchObject({
      code: 'TEXT_NOTHING_TO_COUNT',
      message: expect.stringMatching(/Nothing to count/),
    })
  })
})

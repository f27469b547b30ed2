// The model list of a profile against the simulator over loopback: without its list endpoint (the default, as
// the spec shows none) and started with each of the three list shapes; the profile's own headers go with the
// call, a refused key is said in words, and the gateway's prices are used where the table has no row.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GATEWAY_ONLY_MODEL, LIST_HEADERS_STORE } from '../../src/simulator/models'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { createCostCore } from '../../src/main/services/cost/costCore'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { KNOWN_TEXT_MODELS } from '../../src/shared/catalog/textModels'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-model-list-0123456789'
let sim: RunningSimulator | null = null
const dirs: string[] = []
afterEach(async () => {
  await sim?.close()
  sim = null
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function setUp(modelList?: 'openai' | 'anthropic' | 'gemini', key = KEY) {
  const requests: string[] = []
  sim = await createSimulator({ apiKey: KEY, modelList, log: (line) => requests.push(line) })
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const profile = await profiles.create(
    profileFieldsSchema.parse({
      name: 'Listed',
      baseUrl: sim.baseUrl,
      headers: [{ name: 'x-team', value: 'pricing' }],
    }),
  )
  await profiles.setSecret(profile.id, 'apiKey', key)
  const dir = mkdtempSync(join(tmpdir(), 'models-'))
  dirs.push(dir)
  const core = createCostCore({ dataDir: dir, profiles, gateway: new GatewayClient({ retryBaseMs: 1 }) })
  const listCalls = () => requests.filter((r) => r.startsWith('GET /v1/models ')).length
  return { ...core, profileId: profile.id, listCalls, sim }
}

describe('a gateway without a model list endpoint', () => {
  it('is said once in plain words, and the catalog is offered', async () => {
    const { models, profileId, listCalls } = await setUp()
    const first = await models.list({ profileId, limit: 300 })
    expect(first.gateway).toMatchObject({ state: 'none', count: 0 })
    expect(first.gateway.message).toBe(
      'This gateway does not list its models; the catalog and the ids you type are offered.',
    )
    expect(first.models.map((m) => m.id)).toEqual(expect.arrayContaining(KNOWN_TEXT_MODELS.map((m) => m.id)))
    expect(first.models.every((m) => !m.sources.includes('gateway'))).toBe(true)
    // Asked once: the next lists read what was kept, until a refresh.
    await models.list({ profileId, query: 'gpt', limit: 10 })
    expect(listCalls()).toBe(1)
    await models.list({ profileId, limit: 10, refresh: true })
    expect(listCalls()).toBe(2)
  })
})

describe('a gateway that lists its models', () => {
  it('in the OpenAI shape: its own models, context fields and OpenRouter-style prices, with the profile headers', async () => {
    const { models, costs, profileId, sim } = await setUp('openai')
    const listed = await models.list({ profileId, query: 'sim echo', limit: 50 })
    expect(listed.gateway).toMatchObject({ state: 'listed', shape: 'openai' })
    expect(listed.gateway.message).toMatch(/^The gateway lists \d+ models\.$/)
    expect(listed.models).toEqual([
      expect.objectContaining({
        id: GATEWAY_ONLY_MODEL,
        name: 'Simulator echo 1',
        sources: ['gateway'],
        contextWindow: 32768,
        maxOutput: 4096,
        price: { currency: 'USD', input: 0.5, output: 1.5, source: 'gateway', setAt: expect.any(String) },
      }),
    ])
    const headers = sim.state.stores.get(LIST_HEADERS_STORE) as Record<string, string>
    expect(headers['x-team']).toBe('pricing')
    expect(headers.authorization).toBe(`Bearer ${KEY}`)
    // A run on that model is priced from the list (the table has no row): 1000 × 0.5 + 100 × 1.5 micro-units.
    const cost = costs.textCost({
      profileId,
      format: 'chat',
      model: GATEWAY_ONLY_MODEL,
      usage: { input: 1000, output: 100 },
    })
    expect(cost).toMatchObject({ kind: 'priced', micros: 650, currency: 'USD', price: { source: 'gateway' } })
  })

  it.each(['anthropic', 'gemini'] as const)('in the %s shape, page by page', async (shape) => {
    const { models, profileId, listCalls } = await setUp(shape)
    const all = await models.list({ profileId, limit: 300 })
    expect(all.gateway).toMatchObject({ state: 'listed', shape })
    // Every model the simulator lists, across its pages (Anthropic's first page holds 20, Gemini's 50).
    expect(all.gateway.count).toBe(KNOWN_TEXT_MODELS.length + 5 + 1 + 1)
    // Anthropic pages by 20 unless asked for more: the second page is asked for with `after_id`.
    expect(listCalls()).toBe(shape === 'anthropic' ? 2 : 1)
    const echo = all.models.find((m) => m.id === GATEWAY_ONLY_MODEL)
    expect(echo).toMatchObject({ name: 'Simulator echo 1', sources: ['gateway'] })
    if (shape === 'gemini')
      expect(echo).toMatchObject({ contextWindow: 32768, maxOutput: 4096, kind: 'text' })
    const gpt = all.models.find((m) => m.id === 'gpt-4o')
    expect(gpt?.sources).toEqual(['gateway', 'catalog'])
    // The gateway's own models come first (what the Gateway check and every picker offer), the rest after.
    const own = all.models.map((m) => m.sources.includes('gateway'))
    expect(own.indexOf(false)).toBeGreaterThan(0)
    expect(own.slice(own.indexOf(false))).not.toContain(true)
  })

  it('refusing the key is said in words, not thrown', async () => {
    const { models, profileId } = await setUp('openai', 'sk-wrong-key-000000000')
    const listed = await models.list({ profileId, limit: 5 })
    expect(listed.gateway.state).toBe('failed')
    expect(listed.gateway.message).toBe(
      'The gateway refused the key for its model list (status 401); the catalog and the ids you type are offered.',
    )
    expect(listed.models.length).toBe(5)
  })
})

describe('the model picker list', () => {
  it('puts favourites first, keeps typed ids, and shows what the last check saw', async () => {
    const { models, profileId } = await setUp()
    models.setFavourite('claude-haiku-4-5', true)
    models.putCustom(profileId, 'my-team/fine-tune-7')
    models.recordCheck(profileId, 1_700_000_000_000, [
      { group: 'text', probeId: 'plain', model: 'gpt-4o', format: 'chat', status: 'supported' },
      { group: 'text', probeId: 'plain', model: 'gpt-4o', format: 'messages', status: 'refused' },
      { group: 'text', probeId: 'tools', model: 'gpt-4o', format: 'chat', status: 'failed' },
    ])
    const all = await models.list({ profileId, kind: 'text', limit: 300 })
    expect(all.models[0]).toMatchObject({ id: 'claude-haiku-4-5', favourite: true })
    expect(all.models.find((m) => m.id === 'my-team/fine-tune-7')).toMatchObject({ sources: ['yours'] })
    expect(all.models.find((m) => m.id === 'gpt-4o')?.checked).toEqual({
      at: 1_700_000_000_000,
      formats: { chat: 'supported', messages: 'refused' },
    })
    expect(all.models.some((m) => m.kind === 'video')).toBe(false)
    const typed = await models.list({ profileId, query: 'fine tune', limit: 10 })
    expect(typed.models.map((m) => m.id)).toEqual(['my-team/fine-tune-7'])
  })
})

// A text run's cost end to end against the simulator over loopback: in each format the cost in the run's end is
// the reported usage times the profile's prices by that format's accounting, the same figure is in the run's
// history record and in the month's spend; a gateway that reports no usage gets an estimate, marked as one; an
// answer kept as interrupted keeps its cost on its conversation turn, so the conversation's total counts it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { createCostCore } from '../../src/main/services/cost/costCore'
import type { CostService } from '../../src/main/services/cost/costService'
import { tokenAccount } from '../../src/shared/cost/accounting'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { WIRE_FORMATS, type Draft, type WireFormat } from '../../src/shared/wire'
import { TEXT_PANEL_CONVERSATION_ID } from '../../src/shared/ipc/text'
import { loadTokenizer } from '../../src/main/services/cost/tokenizer'
import { costText } from '../../src/shared/cost/money'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const KEY = 'sk-run-cost-0123456789'
let sim: RunningSimulator
let dir: string
let history: HistoryStore
let costs: CostService
let service: TextService
let profileId: string
let quietId: string
let slowId: string
/** Profiles whose gateway fails as its name says (the simulator's fault flags), and one at a closed port. */
const failing: Record<string, string> = {}

const PRICE = { input: 3, output: 15, cachedRead: 0.3, cacheWrite: 3.75, reasoning: 12 }

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'run-cost-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const add = async (name: string, headers: { name: string; value: string }[] = []) => {
    const view = await profiles.create(
      profileFieldsSchema.parse({ name, baseUrl: sim.baseUrl, headers, nativeAuth: 'header' }),
    )
    await profiles.setSecret(view.id, 'apiKey', KEY)
    return view.id
  }
  profileId = await add('Priced')
  // A gateway in front that answers without usage.
  quietId = await add('Quiet', [{ name: 'x-sim-fault', value: 'nousage' }])
  // A gateway that streams slowly, so a window can go away mid-answer.
  slowId = await add('Slow', [{ name: 'x-sim-fault', value: 'tps:400' }])
  for (const fault of ['500', 'reset', 'error:3', 'drop:3'])
    failing[fault] = await add(`Fault ${fault}`, [{ name: 'x-sim-fault', value: fault }])
  failing.refused = (
    await profiles.create(
      profileFieldsSchema.parse({ name: 'Closed port', baseUrl: 'http://127.0.0.1:1', nativeAuth: 'header' }),
    )
  ).id
  await profiles.setSecret(failing.refused, 'apiKey', KEY)
  const gateway = new GatewayClient({ retryBaseMs: 1 })
  ;({ costs } = createCostCore({ dataDir: dir, profiles, gateway }))
  for (const id of [profileId, quietId, slowId, ...Object.values(failing)])
    costs.prices.put(id, {
      model: 'priced-model',
      currency: 'EUR',
      ...PRICE,
      setAt: '2025-02-01',
      source: 'user',
    })
  history = new HistoryStore(join(dir, 'data'))
  service = new TextService({
    profiles,
    gateway,
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
    costs,
    recorder: history,
  })
})
afterAll(async () => {
  await history.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

const draft = (extra: Partial<Draft> = {}): Draft => ({
  model: 'priced-model',
  stream: true,
  maxTokens: 200,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Tell me about the sea in three sentences.' }] }],
  ...extra,
})

async function run(format: WireFormat, d: Draft, id = profileId) {
  const sink = new RecordingSink()
  const { runId } = await service.start({ profileId: id, format, draft: d }, sink)
  return { runId, ended: await sink.ended(runId) }
}

describe.each(WIRE_FORMATS)('a %s run', (format) => {
  it('costs its reported usage times the price, in its end, its history record and the spend', async () => {
    const before = costs.spendOf([{ id: profileId, name: 'Priced' }]).profiles[0]!.byCurrency.EUR?.micros ?? 0
    const { runId, ended } = await run(format, draft({ stream: format !== 'native' }))
    expect(ended.status).toBe('done')
    const usage = ended.summary.usage!
    const a = tokenAccount(format, usage)!
    // By hand: each billable count at its price per 1M tokens is that many micro-units.
    const byHand = Math.round(
      a.input * 3 + a.cachedRead * 0.3 + a.cacheWrite * 3.75 + a.output * 15 + a.reasoning * 12,
    )
    expect(byHand).toBeGreaterThan(0)
    expect(ended.summary.cost).toMatchObject({
      kind: 'priced',
      micros: byHand,
      currency: 'EUR',
      estimate: false,
    })
    const row = history.list({}, 0, 50).rows.find((r) => r.id === runId)
    expect(row?.cost).toEqual({ micros: byHand, currency: 'EUR', estimate: false })
    const after = costs.spendOf([{ id: profileId, name: 'Priced' }]).profiles[0]!.byCurrency.EUR!.micros
    expect(after - before).toBe(byHand)
  })
})

it('a thinking run bills reasoning at its own price where the format counts it apart', async () => {
  const { ended } = await run(
    'native',
    draft({ thinking: { enabled: true, budgetTokens: 2048, includeThoughts: true } }),
  )
  const a = tokenAccount('native', ended.summary.usage)!
  expect(a.reasoning).toBeGreaterThan(0)
  const cost = ended.summary.cost
  expect(cost?.kind === 'priced' && cost.lines.find((l) => l.label === 'reasoning')).toMatchObject({
    quantity: a.reasoning,
    rate: 12,
    micros: a.reasoning * 12,
  })
})

it('a run whose gateway reports no usage is priced from the local tokenizer, marked estimate', async () => {
  const { runId, ended } = await run('chat', draft(), quietId)
  expect(ended.status).toBe('done')
  expect(ended.summary.usage).toBeUndefined()
  expect(ended.summary.cost).toMatchObject({ kind: 'priced', currency: 'EUR', estimate: true })
  const cost = ended.summary.cost!
  if (cost.kind !== 'priced') throw new Error('priced')
  const input = cost.lines.find((l) => l.label === 'input')!
  const output = cost.lines.find((l) => l.label === 'output')!
  expect(input.quantity).toBeGreaterThan(5)
  expect(output.quantity).toBeGreaterThan(5)
  expect(cost.micros).toBe(Math.round(input.quantity * 3 + output.quantity * 15))
  expect(history.list({}, 0, 50).rows.find((r) => r.id === runId)?.cost).toEqual({
    micros: cost.micros,
    currency: 'EUR',
    estimate: true,
  })
})

it('a model without a price says so instead of costing nothing', async () => {
  const { runId, ended } = await run('messages', draft({ model: 'nobody-priced-this' }))
  expect(ended.summary.cost).toEqual({
    kind: 'unpriced',
    model: 'nobody-priced-this',
    why: 'no token price is set for nobody-priced-this',
  })
  expect(history.list({}, 0, 50).rows.find((r) => r.id === runId)?.cost).toBeNull()
})

it("an answer kept as interrupted keeps its cost on its turn, the same figure as its history record", async () => {
  // The estimate of an answer cut before its usage arrived comes from the tokenizer, loaded by then in the app.
  await loadTokenizer()
  const sink = new RecordingSink()
  const { runId } = await service.start(
    {
      profileId: slowId,
      format: 'chat',
      draft: draft({ maxTokens: 4000, messages: [] }),
      conversation: { id: TEXT_PANEL_CONVERSATION_ID },
      edit: { type: 'add', turns: [{ role: 'user', parts: [{ type: 'text', text: 'sim:tokens=3000 a story' }] }] },
      keepAnswer: true,
    },
    sink,
  )
  const turns = () => service.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID })
  const until = async (check: () => boolean) => {
    const end = Date.now() + 20_000
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  await until(() => sink.text(runId).length > 100)
  // The page reloads: the run finds no window at its next batch and keeps what arrived, marked.
  sink.alive = false
  await until(() => turns().length === 2)
  const kept = turns()[1]!
  expect(kept).toMatchObject({ role: 'assistant', partial: 'interrupted' })
  await until(() => history.list({}, 0, 50).rows.some((r) => r.id === runId))
  const row = history.list({}, 0, 50).rows.find((r) => r.id === runId)!
  expect(row.cost).toMatchObject({ currency: 'EUR' })
  expect(row.cost!.micros).toBeGreaterThan(0)
  expect(kept.cost).toEqual(row.cost)
})

describe('a run that failed', () => {
  const spent = () =>
    Object.values(failing).reduce(
      (sum, id) => sum + (costs.spendOf([{ id, name: id }]).profiles[0]!.byCurrency.EUR?.micros ?? 0),
      0,
    )
  const rowOf = (runId: string) => history.list({}, 0, 200).rows.find((r) => r.id === runId)
  // The tokenizer is loaded, so an estimate could be made: the rule, not a missing tokenizer, keeps it at nothing.
  beforeAll(() => loadTokenizer())

  it.each([
    ['an HTTP 500', '500'],
    ['a socket reset before any header', 'reset'],
    ['a refused connection', 'refused'],
    ['a mid-stream error event after some text', 'error:3'],
  ])('with %s and no usage reported charges nothing and reads "failed before billing"', async (_, fault) => {
    const before = spent()
    const { runId, ended } = await run('chat', draft(), failing[fault])
    expect(ended.status).toBe('error')
    expect(ended.summary.usage).toBeUndefined()
    expect(ended.summary.cost).toEqual({ kind: 'unbilled', why: 'the run failed before the gateway billed it' })
    expect(costText(ended.summary.cost)).toBe('failed before billing, nothing charged')
    await expect.poll(() => rowOf(runId)?.status).toBe('error')
    expect(rowOf(runId)!.cost).toBeNull()
    expect(spent()).toBe(before)
  })

  it('after the gateway reported usage is billed as reported, not estimated', async () => {
    const before = spent()
    // Messages reports its input tokens in message_start, before the error event.
    const { runId, ended } = await run('messages', draft(), failing['error:3'])
    expect(ended.status).toBe('error')
    const a = tokenAccount('messages', ended.summary.usage)!
    expect(a.input).toBeGreaterThan(0)
    const byHand = Math.round(a.input * 3 + a.cachedRead * 0.3 + a.cacheWrite * 3.75 + a.output * 15)
    expect(ended.summary.cost).toMatchObject({ kind: 'priced', micros: byHand, estimate: false })
    await expect.poll(() => rowOf(runId)?.cost).toEqual({ micros: byHand, currency: 'EUR', estimate: false })
    expect(spent() - before).toBe(byHand)
  })

  it('a stream cut before its usage keeps its estimate (the gateway was answering), charged once', async () => {
    const before = spent()
    const { runId, ended } = await run('chat', draft(), failing['drop:3'])
    expect(ended.status).toBe('incomplete')
    expect(ended.summary.cost).toMatchObject({ kind: 'priced', estimate: true })
    const micros = (ended.summary.cost as { micros: number }).micros
    expect(micros).toBeGreaterThan(0)
    await expect.poll(() => rowOf(runId)?.cost).toEqual({ micros, currency: 'EUR', estimate: true })
    expect(spent() - before).toBe(micros)
  })
})

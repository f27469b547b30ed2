// What a Gateway check cost, on the app's side against the simulator: each cell priced at the profile's prices
// from the usage its answers reported (checked by hand against the simulator's own usage for the same request),
// the console image task per image, the total charged to the month's spend and kept on the History record; a
// gateway that reports no usage makes its cells "usage not reported", never $0, and a refused or failed probe
// "failed before billing".
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { ProfileService, BUILT_IN_PROFILE_ID } from '../../src/main/services/profiles'
import { CheckService } from '../../src/main/services/check/checkService'
import { CostService } from '../../src/main/services/cost/costService'
import { PriceStore } from '../../src/main/services/cost/priceStore'
import { monthOf, SpendLedger } from '../../src/main/services/cost/spendLedger'
import type { RunRecord } from '../../src/main/services/history/ports'
import type { CheckCell } from '../../src/shared/check/model'
import { TEXT_PROBES } from '../../src/shared/check/probes'
import { billedText, sumBilled } from '../../src/shared/cost/billed'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'
import { NetworkPool } from '../../src/main/services/network/networkPool'
import { chatUsage } from '../fakes/chatUsage'

const KEY = 'sk-check-cost-123'
let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let costs: CostService
let service: CheckService
const records: RunRecord[] = []

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY, consoleToken: 'console-token' })
  dir = mkdtempSync(join(tmpdir(), 'check-cost-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore(), () => ({
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    apiKey: KEY,
    consoleToken: 'console-token',
  }))
  await profiles.init()
  // The built-in simulator profile has the demo prices: gpt-4o-mini $0.15 in / $0.60 out per 1M, an image $0.04.
  costs = new CostService(
    new PriceStore({ dataDir: dir, demoProfileId: BUILT_IN_PROFILE_ID }),
    new SpendLedger({ dataDir: dir }),
  )
  service = new CheckService({
    profiles,
    costs,
    network: new NetworkPool(),
    recorder: { record: (r) => records.push(r) },
  })
})
afterAll(async () => {
  await costs.flush()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function runCheck(checkId: string, profileId: string, include: ('images' | 'video')[]) {
  const sink = new RecordingSink()
  const { plan } = await service.start(
    { checkId, profileId, models: ['gpt-4o-mini'], include, concurrency: 4 },
    sink,
  )
  for (let i = 0; i < 800; i++) {
    if (sink.received.some((r) => r.name === 'check.ended')) break
    await new Promise((r) => setTimeout(r, 25))
  }
  const cells = sink.received
    .filter((r) => r.name === 'check.cell')
    .map((r) => (r.payload as { cell: CheckCell }).cell)
  expect(cells).toHaveLength(plan.length)
  return new Map(cells.map((c) => [c.key, c]))
}

describe('Gateway check cost', { timeout: 90_000 }, () => {
  it("prices each cell from its reported usage, charges the month's spend and keeps the total in History", async () => {
    const spentBefore = costs.spend.spent(BUILT_IN_PROFILE_ID, monthOf(Date.now())).USD?.micros ?? 0
    const cells = await runCheck('check-cost-1', BUILT_IN_PROFILE_ID, ['images'])

    // By hand: the simulator answers the plain probe's request the same way; its usage × the demo price per 1M.
    const plain = TEXT_PROBES.find((p) => p.id === 'plain')!
    const usage = await chatUsage(sim.baseUrl, KEY, plain.draft('gpt-4o-mini', 'chat'))
    const micros = usage.prompt_tokens * 0.15 + usage.completion_tokens * 0.6
    expect(micros).toBeGreaterThan(0)
    const chat = cells.get('plain@chat · gpt-4o-mini')!.cost
    expect(chat).toMatchObject({ kind: 'priced', currency: 'USD', estimate: false })
    expect(chat?.kind === 'priced' && chat.micros).toBeCloseTo(micros, 9)
    expect(billedText(chat!)).toBe(`$${(Math.round(micros) / 1e6).toFixed(6).replace(/0+$/, '')}`)
    // One console image at $0.04.
    expect(cells.get('images.batch@console · svc-image-1')!.cost).toEqual({
      kind: 'priced',
      micros: 40_000,
      currency: 'USD',
      estimate: false,
    })
    // A probe the spec expects refused (an out-of-range value) bills nothing; count_tokens bills nothing either.
    const refused = [...cells.values()].find((c) => c.status === 'supported' && c.probeId === 'badParam')
    expect(refused?.cost).toEqual({ kind: 'unbilled' })
    // Every cell that sent a request has a cost or a reason; none reads $0.
    for (const c of cells.values()) {
      if (c.exchangeIds.length) expect(c.cost, c.key).toBeTruthy()
      if (c.cost?.kind === 'priced') expect(c.cost.micros, c.key).toBeGreaterThan(0)
    }

    // A few embedded tokens at $0.02 per 1M cost under a micro-unit: kept unrounded, shown as "< $0.000001".
    const embed = [...cells.values()].find((c) => c.key.startsWith('embed.batch@embeddings'))!
    expect(embed.cost?.kind === 'priced' && embed.cost.micros < 1).toBe(true)
    expect(billedText(embed.cost!)).toBe('< $0.000001')
    const total = Math.round(sumBilled([...cells.values()].map((c) => c.cost)).byCurrency.USD!)
    expect(total).toBeGreaterThan(40_000)
    const spent = costs.spend.spent(BUILT_IN_PROFILE_ID, monthOf(Date.now())).USD!.micros
    expect(spent - spentBefore).toBe(total)
    expect(records.find((r) => r.id === 'check-cost-1')!.cost).toEqual({
      micros: total,
      currency: 'USD',
      estimate: false,
    })
  })

  it('says "usage not reported" for answers whose usage is missing, and "no price" for a model without one', async () => {
    const quiet = await profiles.create({
      name: 'no usage',
      baseUrl: sim.baseUrl,
      headers: [{ name: 'x-sim-fault', value: 'nousage' }],
    })
    await profiles.setSecret(quiet.id, 'apiKey', KEY)
    // Only gpt-4o-mini is priced on this profile.
    costs.prices.putMany(
      quiet.id,
      [{ model: 'gpt-4o-mini', currency: 'USD', input: 0.15, output: 0.6, setAt: '2026-11-28', source: 'user' }],
      'replace',
    )
    const cells = await runCheck('check-cost-2', quiet.id, [])
    expect(cells.get('plain@chat · gpt-4o-mini')!.cost).toEqual({ kind: 'unreported' })
    const embed = [...cells.values()].find((c) => c.group === 'embeddings' && c.exchangeIds.length)!
    expect(embed.cost).toEqual({ kind: 'unpriced', model: embed.model })
  })
})

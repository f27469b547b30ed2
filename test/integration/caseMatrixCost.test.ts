// What each cell of a case matrix cost, or why it is not known, against the simulator through the text service
// with a real cost service: a priced model's cell carries its run's cost (the simulator's usage × price), a model
// with no price says "no price" naming it, a run the gateway failed and a run whose profile is gone say "failed before
// billing" (even at a price), and `npm run cases`' spend line counts each reason apart from the same cells.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { MatrixRun, type MatrixTarget } from '../../src/main/services/cases/matrixRunner'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { CostService } from '../../src/main/services/cost/costService'
import { PriceStore } from '../../src/main/services/cost/priceStore'
import { SpendLedger } from '../../src/main/services/cost/spendLedger'
import { spendLine } from '../../src/main/services/cost/cliPrices'
import { suiteSchema } from '../../src/shared/cases/caseModel'
import { billedText } from '../../src/shared/cost/billed'
import { formatMoney } from '../../src/shared/cost/money'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { chatUsage } from '../fakes/chatUsage'

const KEY = 'sk-case-matrix-cost-0123456789'
let sim: RunningSimulator
let dir: string
let text: TextService
let history: HistoryStore
let good: string
let faulty: string

const suite = suiteSchema.parse({
  id: 'suite-cost',
  name: 'Cost',
  cases: [
    {
      id: 'case-1',
      name: 'hello',
      draft: {
        model: 'x',
        maxTokens: 64,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'Say hello' }] }],
      },
      assertions: [{ kind: 'contains', text: 'simulated' }],
    },
  ],
})

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'case-matrix-cost-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const make = async (name: string, headers: { name: string; value: string }[] = []) => {
    const view = await profiles.create(profileFieldsSchema.parse({ name, baseUrl: sim.baseUrl, headers }))
    await profiles.setSecret(view.id, 'apiKey', KEY)
    return view.id
  }
  good = await make('Good')
  faulty = await make('Faulty', [{ name: 'x-sim-fault', value: '500' }])
  const prices = new PriceStore({ dataDir: dir, debounceMs: 1 })
  for (const id of [good, faulty])
    prices.put(id, {
      model: 'gpt-4o-mini',
      currency: 'USD',
      input: 0.15,
      output: 0.6,
      setAt: '2026-01-01',
      source: 'user',
    })
  const costs = new CostService(prices, new SpendLedger({ dataDir: dir, debounceMs: 1 }))
  history = new HistoryStore(join(dir, 'data'))
  text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 1 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
    recorder: history,
    costs,
  })
})
afterAll(async () => {
  await history.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe("a case matrix cell's cost", () => {
  it('separates a priced run, no price, and a run that failed before billing; the spend line counts each', async () => {
    const targets: MatrixTarget[] = [
      { format: 'chat', model: 'gpt-4o-mini', profileId: good },
      { format: 'chat', model: 'my-model', profileId: good },
      { format: 'chat', model: 'gpt-4o-mini', profileId: faulty },
      { format: 'chat', model: 'gpt-4o-mini', profileId: 'no-such-profile' },
    ]
    const cells = await new MatrixRun(text, suite, targets, { concurrency: 2 }).run()
    const [priced, unpriced, failed, refused] = cells
    // The priced cell: the usage the simulator reports for the same request × price, rounded once.
    const usage = await chatUsage(sim.baseUrl, KEY, { ...suite.cases[0]!.draft, model: 'gpt-4o-mini' })
    const byHand = Math.round(usage.prompt_tokens * 0.15 + usage.completion_tokens * 0.6)
    expect(byHand).toBeGreaterThan(0)
    expect(priced!.cost).toEqual({ kind: 'priced', micros: byHand, currency: 'USD', estimate: false })
    expect(unpriced!.status).toBe('pass')
    expect(unpriced!.cost).toEqual({ kind: 'unpriced', model: 'my-model' })
    expect(billedText(unpriced!.cost!)).toBe('no price')
    // A 500 from the gateway, and a profile that is gone: nothing billed, though the model has a price.
    expect(failed!.status).toBe('error')
    expect(failed!.cost).toEqual({ kind: 'unbilled' })
    expect(refused!.status).toBe('error')
    expect(refused!.cost).toEqual({ kind: 'unbilled' })
    expect(billedText(failed!.cost!)).toBe('failed before billing')

    const line = spendLine(
      cells.flatMap((c) => (c.cost ? [c.cost] : [])),
      true,
    )
    expect(line).toBe(
      `Spend: ${formatMoney(byHand, 'USD')} (USD) for 1 priced run(s), 1 without a price, 2 failed before billing`,
    )
  })
})

import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CostService } from './costService'
import { PriceStore } from './priceStore'
import { SpendLedger } from './spendLedger'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const NOW = Date.parse('2025-03-10T12:00:00Z')
function core(dir = mkdtempSync(join(tmpdir(), 'cost-'))) {
  dirs.push(dir)
  const prices = new PriceStore({ dataDir: dir, demoProfileId: 'sim', debounceMs: 1 })
  const costs = new CostService(prices, new SpendLedger({ dataDir: dir, debounceMs: 1 }), () => NOW)
  return { dir, prices, costs }
}

describe('the cost service', () => {
  it('prices the simulator profile with demo prices, marked so, and a new profile with none', () => {
    const { costs } = core()
    const demo = costs.textCost({
      profileId: 'sim',
      format: 'messages',
      model: 'claude-sonnet-4-6-thinking-4096',
      usage: { input: 100, output: 50 },
    })
    // 100 × 3 + 50 × 15 micro-units at the demo price of the model without its thinking suffix.
    expect(demo).toMatchObject({
      kind: 'priced',
      micros: 1050,
      currency: 'USD',
      estimate: false,
      price: { model: 'claude-sonnet-4-6', source: 'demo' },
    })
    expect(
      costs.textCost({ profileId: 'real', format: 'chat', model: 'gpt-4o', usage: { input: 1, output: 1 } }),
    ).toEqual({
      kind: 'unpriced',
      model: 'gpt-4o',
      why: 'no token price is set for gpt-4o',
    })
  })

  it('estimates from the tokenizer only when the usage reports nothing, and says so', () => {
    const { costs } = core()
    const asked: string[] = []
    const estimate = () => (asked.push('counted'), { input: 40, output: 10 })
    const reported = costs.textCost({
      profileId: 'sim',
      format: 'chat',
      model: 'gpt-4o',
      usage: { input: 4, output: 1 },
      estimate,
    })
    expect(reported).toMatchObject({ estimate: false, micros: 20 })
    expect(asked).toEqual([])
    const zeros = costs.textCost({
      profileId: 'sim',
      format: 'native',
      model: 'gpt-4o',
      usage: { input: 0, output: 0 },
      estimate,
    })
    // 40 × 2.5 + 10 × 10
    expect(zeros).toMatchObject({ kind: 'priced', estimate: true, micros: 200 })
    expect(
      costs.textCost({ profileId: 'sim', format: 'chat', model: 'gpt-4o', usage: undefined }),
    ).toBeUndefined()
  })

  it("keeps a profile's table and budget across a restart, and the spend of the month", async () => {
    const { dir, prices, costs } = core()
    prices.put('p1', {
      model: 'gpt-4o',
      currency: 'EUR',
      input: 2,
      output: 8,
      setAt: '2025-03-01',
      source: 'user',
    })
    prices.setBudget('p1', { amount: 1, currency: 'EUR' })
    const cost = costs.textCost({
      profileId: 'p1',
      format: 'chat',
      model: 'gpt-4o',
      usage: { input: 1000, output: 1000 },
    })
    costs.charge('p1', cost)
    costs.charge(
      'p1',
      costs.textCost({
        profileId: 'p1',
        format: 'chat',
        model: 'gpt-4o',
        usage: undefined,
        estimate: () => ({ input: 500, output: 0 }),
      }),
    )
    await costs.flush()
    const again = core(dir)
    expect(again.prices.table('p1').rows).toHaveLength(1)
    expect(again.costs.spendOf([{ id: 'p1', name: 'One' }])).toEqual({
      month: '2025-03',
      profiles: [
        {
          profileId: 'p1',
          name: 'One',
          byCurrency: { EUR: { micros: 10_000 + 1_000, estimatedMicros: 1_000, runs: 2 } },
          unpriced: null,
          budget: { amount: 1, currency: 'EUR' },
        },
      ],
    })
  })

  it('counts the runs with no price apart, by model, kept across a restart (never an amount of $0)', async () => {
    const { dir, costs } = core()
    for (const model of ['my-model', 'my-model', 'other-model'])
      costs.charge('p2', costs.textCost({ profileId: 'p2', format: 'chat', model, usage: { input: 10, output: 5 } }))
    // A run that failed before billing adds nothing, not even to the count.
    costs.charge('p2', { kind: 'unbilled', why: 'the run failed before the gateway billed it' })
    await costs.flush()
    const [spend] = core(dir).costs.spendOf([{ id: 'p2', name: 'Two' }]).profiles
    expect(spend).toMatchObject({ byCurrency: {}, unpriced: { runs: 3, models: ['my-model', 'other-model'] } })
  })

  it("weighs an estimate against the month's budget", () => {
    const { prices, costs } = core()
    prices.put('p1', {
      model: 'm',
      currency: 'USD',
      input: 1,
      output: 2,
      setAt: '2025-03-01',
      source: 'user',
    })
    prices.setBudget('p1', { amount: 0.01, currency: 'USD' })
    costs.charge(
      'p1',
      costs.textCost({ profileId: 'p1', format: 'chat', model: 'm', usage: { input: 4000, output: 0 } }),
    )
    const item = costs.workItem('p1', {
      format: 'chat',
      model: 'm',
      runs: 10,
      inputTokens: 200,
      outputTokens: 100,
    })
    expect(item).toMatchObject({
      runs: 10,
      inputTokens: 2000,
      outputTokens: 1000,
      cost: { kind: 'priced', micros: 4000, estimate: true },
    })
    const unpriced = costs.workItem('p1', {
      format: 'chat',
      model: 'other',
      runs: 1,
      inputTokens: 1,
      outputTokens: 1,
    })
    const estimate = costs.estimate('p1', 'One', [item, unpriced])
    expect(estimate.byCurrency).toEqual({ USD: 4000 })
    expect(estimate.unpriced).toEqual(['other'])
    // 4,000 spent + 4,000 estimated passes 10,000? No; a second such batch would.
    expect(estimate.budget).toMatchObject({ spentMicros: 4000, estimateMicros: 4000, over: false })
    expect(costs.estimate('p1', 'One', [item, item]).budget?.over).toBe(true)
  })

  it('estimates embeddings, rerank searches, images and video seconds at their prices, marked estimate', () => {
    const { costs } = core()
    // The simulator profile's demo prices: $0.02 per 1M embedded tokens, $0.002 a search, $0.04 an image,
    // $0.10 a second of famA-2 video.
    const items = [
      costs.workItem('sim', {
        kind: 'embedding',
        model: 'text-embedding-3-small',
        runs: 2,
        inputTokens: 50_000,
      }),
      costs.workItem('sim', { kind: 'rerank', model: 'rerank-v1', runs: 3 }),
      costs.workItem('sim', { kind: 'images', model: 'svc-image-1', runs: 1, images: 2 }),
      costs.workItem('sim', { kind: 'video', model: 'famA-2', runs: 1, seconds: 5, resolution: null }),
      costs.workItem('sim', { kind: 'video', model: 'no-such-video', runs: 1, seconds: 5, resolution: null }),
    ]
    // 100,000 × 0.02 = 2,000; 3 × 2,000 = 6,000; 2 × 40,000 = 80,000; 5 × 100,000 = 500,000 micro-dollars.
    expect(
      items.map((i) => (i.cost.kind === 'priced' ? [i.cost.micros, i.cost.estimate] : i.cost.kind)),
    ).toEqual([[2000, true], [6000, true], [80_000, true], [500_000, true], 'unpriced'])
    expect(items[0]!.inputTokens).toBe(100_000)
    const estimate = costs.estimate('sim', 'Local simulator', items)
    expect(estimate.byCurrency).toEqual({ USD: 588_000 })
    expect(estimate.unpriced).toEqual(['no-such-video'])
  })

  it('sets a damaged prices file aside and starts again', () => {
    const { dir } = core()
    writeFileSync(join(dir, 'prices.json'), '{"version": 1, "profiles": {"p": {"rows": [{"model": 3}]}}}')
    const { prices } = core(dir)
    expect(prices.table('p').rows).toEqual([])
    expect(existsSync(join(dir, 'prices.json.damaged'))).toBe(true)
    expect(readFileSync(join(dir, 'prices.json.damaged'), 'utf8')).toContain('"model": 3')
  })
})

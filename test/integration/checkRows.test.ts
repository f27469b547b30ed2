// The Gateway check's rows against the simulator over loopback: a model the gateway does not host gets one verdict
// for its row (its plain cell says "model not available here" in the gateway's words, the row's other cells are
// not run), the out-of-range probe is judged only when the plain request was answered, and tokens per second
// follow Text's rule (nothing under 50 ms of generation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { CheckRun } from '../../src/main/services/check/checkRunner'
import { memoryProfile } from '../../src/main/services/profiles'
import { NetworkPool } from '../../src/main/services/network/networkPool'
import { planBattery, type PlannedCell } from '../../src/shared/check/battery'
import { formatMatrixText } from '../../src/shared/check/report'

const KEY = 'sk-check-rows-0123456789'
let sim: RunningSimulator
const network = new NetworkPool()

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
})
afterAll(async () => {
  await sim.close()
})

function run(plan: PlannedCell[], headers: { name: string; value: string }[] = []) {
  const profile = memoryProfile(
    { name: 'rows', baseUrl: sim.baseUrl, headers, timeoutMs: 10_000 },
    { id: 'rows', idleTimeoutMs: 30_000, apiKey: KEY },
  )
  return new CheckRun(profile, plan, { network, concurrency: 4 })
}

describe('a model the gateway does not host', { timeout: 60_000 }, () => {
  it('reads as one verdict per row, in the gateway words, and leaves the hosted model untouched', async () => {
    const plan = planBattery({ models: ['missing-model-x', 'gpt-4o'] })
    const r = run(plan)
    const cells = await r.run()
    for (const format of ['chat', 'responses', 'messages', 'native']) {
      const subject = `${format} · missing-model-x`
      const row = cells.filter((c) => c.subject === subject)
      const plain = row.find((c) => c.probeId === 'plain')!
      expect(plain.unavailable, subject).toBe(true)
      expect(plain.status).toBe('refused')
      expect(plain.detail).toMatch(/^model not available here: 404: .*missing-model-x/)
      expect(plain.exchangeIds).toHaveLength(1)
      const rest = row.filter((c) => c.probeId !== 'plain')
      expect(rest.length).toBeGreaterThan(4)
      for (const c of rest) {
        expect(c.status, c.key).toBe('skipped')
        expect(c.detail).toBe(`not run: ${plain.detail}`)
        expect(c.exchangeIds).toEqual([])
      }
      // The out-of-range probe no longer reads as "refused as the spec says" for a model that is not there.
      expect(row.find((c) => c.probeId === 'badParam')!.status).toBe('skipped')
    }
    const hosted = cells.filter((c) => c.model === 'gpt-4o' && c.status !== 'skipped')
    expect(hosted.every((c) => c.status === 'supported' && !c.unavailable)).toBe(true)
    // The terminal matrix says it once per row too.
    const text = formatMatrixText(r.report())
    expect(text).toMatch(/not here chat · missing-model-x · Answer: model not available here: 404/)
  })
})

describe('the out-of-range probe', { timeout: 60_000 }, () => {
  it('is judged when the plain request was answered', async () => {
    const plan = planBattery({ models: ['gpt-4o'] }).filter(
      (c) => c.subject === 'chat · gpt-4o' && (c.probeId === 'plain' || c.probeId === 'badParam'),
    )
    const cells = await run(plan).run()
    expect(cells.find((c) => c.probeId === 'badParam')!.status).toBe('supported')
  })
})

describe('tokens per second', { timeout: 60_000 }, () => {
  const streams = () =>
    planBattery({ models: ['gpt-4o'] }).filter((c) => c.probeId === 'stream' || c.probeId === 'plain')

  it('is not shown for an answer generated in under 50 ms (no impossible speeds)', async () => {
    const cells = await run(streams(), [{ name: 'x-sim-fault', value: 'tps:100000' }]).run()
    for (const c of cells) {
      expect(c.status, c.key).toBe('supported')
      // At most 16 output tokens: a figure over 16 / 0.05 s would come from under 50 ms of generation.
      if (c.tokensPerSecond !== null) expect(c.tokensPerSecond, c.key).toBeLessThanOrEqual(320)
    }
    // A whole body has no generation time at all.
    expect(cells.filter((c) => c.probeId === 'plain').every((c) => c.tokensPerSecond === null)).toBe(true)
  })

  it('is shown for a stream that took long enough, near the pace the gateway kept', async () => {
    const cells = await run(
      streams().filter((c) => c.probeId === 'stream'),
      [{ name: 'x-sim-fault', value: 'tps:40' }],
    ).run()
    for (const c of cells) {
      expect(c.tokensPerSecond, c.key).not.toBeNull()
      expect(c.tokensPerSecond!).toBeGreaterThan(5)
      expect(c.tokensPerSecond!).toBeLessThan(120)
    }
  })
})

// The Gateway check against the simulator over loopback: every probe green on the plain simulator; each
// deliberately non-conformant mode turns exactly the cells whose rule it breaks (predicted from the probe data)
// and names the deviation; each existing fault shows in the cells it touches; a stopped check keeps its
// finished cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { CheckRun } from '../../src/main/services/check/checkRunner'
import { memoryProfile, type ResolvedProfile } from '../../src/main/services/profiles'
import { NetworkPool } from '../../src/main/services/network/networkPool'
import { ALL_PROBES, planBattery, type PlannedCell } from '../../src/shared/check/battery'
import { TEXT_PROBES } from '../../src/shared/check/probes'
import type { CheckCell } from '../../src/shared/check/model'
import { headline } from '../../src/shared/check/report'

const KEY = 'sk-gateway-check-0123456789'
const TOKEN = 'console-token-check'
let sim: RunningSimulator
const network = new NetworkPool()

function profile(headers: { name: string; value: string }[] = [], idleTimeoutMs = 30_000): ResolvedProfile {
  return memoryProfile(
    {
      name: 'check test',
      baseUrl: sim.baseUrl,
      consoleBaseUrl: sim.consoleBaseUrl,
      headers,
      timeoutMs: 10_000,
    },
    { id: 'check-test', idleTimeoutMs, apiKey: KEY, consoleToken: TOKEN },
  )
}

const MODELS = ['gpt-4o', 'claude-sonnet-4-6', 'gemini-2.5-flash']

async function check(headers: { name: string; value: string }[], plan: PlannedCell[], idleMs?: number) {
  const run = new CheckRun(profile(headers, idleMs), plan, {
    network,
    concurrency: 4,
    pollMs: 50,
    maxWaitMs: 20_000,
  })
  return run.run()
}

const fault = (value: string) => [{ name: 'x-sim-fault', value }]
const usageProbe = (id: string) => ALL_PROBES.some((p) => p.id === id && 'usage' in p && p.usage)
const streamProbe = (id: string) =>
  TEXT_PROBES.some((p) => p.id === id && p.draft('m', 'chat').stream === true)

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY, consoleToken: TOKEN, videoSpeed: 400 })
})
afterAll(async () => {
  await sim.close()
})

describe('Gateway check against the plain simulator', { timeout: 120_000 }, () => {
  it('runs every probe of the whole battery, paid ones included, and finds the simulator all green', async () => {
    const plan = planBattery({ include: ['video', 'images'] })
    const cells = await check([], plan)
    expect(cells).toHaveLength(plan.length)
    for (const id of ALL_PROBES.map((p) => p.id))
      expect(cells.some((c) => c.probeId === id && c.status === 'supported')).toBe(true)
    const notGreen = cells.filter((c) => c.status !== 'supported' && c.status !== 'skipped')
    expect(notGreen.map((c) => `${c.key}: ${c.detail} ${c.deviations.join('; ')}`)).toEqual([])
    // Skipped cells are the catalog's models without thinking and embedding models of a fixed size.
    for (const c of cells.filter((x) => x.status === 'skipped'))
      expect(['thinking', 'embed.dimensions', 'embed.nativeDimensions']).toContain(c.probeId)
    const text = cells.find((c) => c.key === 'stream@messages · claude-sonnet-4-6')!
    expect(text.ttftMs).not.toBeNull()
    expect(text.exchangeIds).toHaveLength(1)
    expect(cells.find((c) => c.key === 'tools@chat · gpt-4o')!.exchangeIds).toHaveLength(2)
  })
})

/** Which cells a non-conformant mode must turn, and the words they must name. */
const MODES: { mode: string; hits: (c: CheckCell) => boolean; names: RegExp }[] = [
  {
    mode: 'nodone',
    hits: (c) => c.format === 'chat' && streamProbe(c.probeId),
    names: /stream ended without data: \[DONE\]/,
  },
  { mode: 'nousage', hits: (c) => usageProbe(c.probeId), names: /usage(Metadata)? missing/ },
  {
    mode: 'foreign-error',
    hits: (c) => c.probeId === 'badParam',
    names: /error body not in the format's shape/,
  },
  {
    mode: 'wrong-status',
    hits: (c) => c.probeId === 'badParam',
    names: /status 500 where the spec says 400/,
  },
  {
    mode: 'stray-auth',
    hits: (c) => c.probeId === 'auth' && c.format !== 'native',
    names: /\?key= accepted.*x-vendor-api-key accepted/,
  },
]

describe('each non-conformant mode is detected by exactly its cells', { timeout: 120_000 }, () => {
  for (const { mode, hits, names } of MODES) {
    it(`x-sim-fault: ${mode}`, async () => {
      const plan = planBattery({ models: MODELS })
      const cells = await check(fault(mode), plan)
      const applicable = cells.filter((c) => c.status !== 'skipped')
      const expected = applicable
        .filter(hits)
        .map((c) => c.key)
        .sort()
      expect(expected.length).toBeGreaterThan(0)
      expect(
        applicable
          .filter((c) => c.status === 'deviating')
          .map((c) => c.key)
          .sort(),
      ).toEqual(expected)
      for (const c of applicable.filter(hits)) expect(c.deviations.join('; ')).toMatch(names)
      for (const c of applicable.filter((x) => !hits(x))) expect(c.status).toBe('supported')
    })
  }
})

describe('the simulator faults show in the cells they touch', { timeout: 120_000 }, () => {
  const plan = () => planBattery({ models: ['gpt-4o', 'gemini-2.5-flash'] })
  // Auth styles are judged before the fault (the simulator authenticates first): refusals stay conformant.
  const authRefusalsOnly = (c: CheckCell) => c.probeId === 'auth' && c.format !== 'native'

  for (const spec of ['latency:20', 'ttft:30', 'tps:5000']) {
    it(`${spec}: a slow gateway is still conformant`, async () => {
      const cells = await check(fault(spec), plan())
      expect(cells.filter((c) => c.status !== 'supported' && c.status !== 'skipped')).toEqual([])
    })
  }

  for (const status of ['429', '500', '503', '529']) {
    it(`${status}: every call fails naming the status; the out-of-range probe is not judged`, async () => {
      const all = await check(fault(status), plan())
      for (const c of all.filter((x) => x.probeId === 'badParam')) {
        expect(c.status, c.key).toBe('skipped')
        expect(c.detail).toMatch(/^not judged: the same request without the out-of-range value was not answered/)
        expect(c.detail).toContain(`answered ${status}`)
      }
      for (const c of all.filter((x) => x.status !== 'skipped')) {
        if (authRefusalsOnly(c)) expect(c.status).toBe('supported')
        else {
          expect(c.status, c.key).toBe('failed')
          expect(c.detail).toContain(`answered ${status}`)
        }
      }
    })
  }

  it('500 with an error body in the wrong shape: the headline is the status, the shape is listed under it', async () => {
    const cells = await check(fault('500,foreign-error'), plan())
    const plain = cells.find((c) => c.key === 'plain@chat · gpt-4o')!
    expect(plain.status).toBe('failed')
    expect(plain.detail).toMatch(/^the gateway answered 500/)
    expect(plain.deviations.join('; ')).toMatch(/error body not in the format's shape/)
    expect(headline(plain)).toMatch(/^the gateway answered 500.*; error body not in the format's shape/)
  })

  it('reset: every answered call fails without an answer', async () => {
    const cells = (await check(fault('reset'), plan())).filter((c) => c.status !== 'skipped')
    for (const c of cells) {
      if (authRefusalsOnly(c)) expect(c.status).toBe('supported')
      else {
        expect(c.status, c.key).toBe('failed')
        expect(c.detail).toMatch(/no answer|UND_ERR|socket|fetch failed/i)
      }
    }
  })

  for (const [spec, stream, whole] of [
    ['drop:2', /stream ended without a terminal event/, /body cut off/],
    ['malformed:1', /data that is not JSON/, /body is not a JSON object/],
  ] as const) {
    it(`${spec}: streams and bodies deviate, refusals stay conformant`, async () => {
      const cells = (await check(fault(spec), plan())).filter((c) => c.status !== 'skipped')
      for (const c of cells) {
        if (c.probeId === 'badParam' || authRefusalsOnly(c)) expect(c.status, c.key).toBe('supported')
        // Native accepts the key in every style; a cut answer cannot say whether it was accepted.
        else if (c.probeId === 'auth')
          expect(c.status, c.key).toBe(spec.startsWith('drop') ? 'failed' : 'supported')
        else {
          expect(c.status, c.key).toBe('deviating')
          expect(c.deviations.join('; ')).toMatch(streamProbe(c.probeId) ? stream : whole)
        }
      }
    })
  }

  it("error:2: streams end with the gateway's error, whole answers are untouched", async () => {
    const cells = (await check(fault('error:2'), plan())).filter((c) => c.status !== 'skipped')
    for (const c of cells) {
      if (c.group === 'text' && streamProbe(c.probeId)) {
        expect(c.status, c.key).toBe('failed')
        expect(c.detail).toContain('Simulated mid-stream error')
      } else expect(c.status, c.key).toBe('supported')
    }
  })

  it('stall:2: a silent stream is given up after the idle time and named as cut', async () => {
    const p = planBattery({ models: ['gpt-4o'] }).filter(
      (c) => c.probeId === 'stream' || c.probeId === 'plain',
    )
    const cells = await check(fault('stall:2'), p, 300)
    for (const c of cells) {
      expect(c.status, c.key).toBe('deviating')
      expect(c.deviations.join('; ')).toMatch(/cut.*no data for/)
    }
  })
})

describe('stopping a check', { timeout: 60_000 }, () => {
  it('keeps the finished cells and marks the rest not run', async () => {
    const plan = planBattery({ models: MODELS })
    const finished: CheckCell[] = []
    const run = new CheckRun(profile(fault('latency:40')), plan, {
      network,
      concurrency: 2,
      onCell: (cell) => {
        finished.push(cell)
        if (finished.length === 5) run.stop()
      },
    })
    const cells = await run.run()
    expect(cells).toHaveLength(plan.length)
    const kept = finished.slice(0, 5)
    for (const c of kept) expect(cells.find((x) => x.key === c.key)).toEqual(c)
    expect(kept.every((c) => c.status === 'supported' || c.status === 'skipped')).toBe(true)
    const stopped = cells.filter((c) => c.status === 'stopped')
    expect(stopped.length).toBeGreaterThan(plan.length - 10)
    expect(run.report().stopped).toBe(true)
  })
})

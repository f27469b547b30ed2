// A load test's cost as the app's load service gives it, against the simulator over loopback: each progress
// message carries each target's cost so far (checked against the IPC schema, growing, the last one equal to the
// final report), each level carries its own cost, and each request's History row its own, all worked out by hand
// from the usage each request reported (gpt-4o at $2.50 / $10 per 1M tokens: 2.5 and 10 millionths a token).
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { LoadService } from '../../src/main/services/load/loadService'
import type { RunRecord } from '../../src/main/services/history/ports'
import type { EventSink } from '../../src/main/services/ports'
import type { Events } from '../../src/shared/ipc/contract'
import { loadEvents, loadRequestSchema } from '../../src/shared/ipc/load'
import type { BilledSum } from '../../src/shared/cost/billed'
import type { LoadPlan } from '../../src/shared/load/plan'
import { readLoadReport, type LoadReport } from '../../src/shared/load/report'
import { createCostCore } from '../../src/main/services/cost/costCore'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-load-cost-live'
let sim: RunningSimulator
let dir: string
let service: LoadService
let profileId: string
let unpricedId: string
let simCopyId: string
let media: MediaStore
const rows: RunRecord[] = []

beforeAll(async () => {
  // Slow enough that the run spans several progress messages (every 250 ms).
  sim = await createSimulator({ apiKey: KEY, firstTokenDelayMs: 40, tokensPerSecond: 200 })
  dir = mkdtempSync(join(tmpdir(), 'load-cost-live-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const fields = { baseUrl: sim.baseUrl, headers: [], nativeAuth: 'bearer' as const, timeoutMs: 10_000 }
  profileId = (await profiles.create({ name: 'Priced', ...fields })).id
  unpricedId = (await profiles.create({ name: 'No prices', ...fields })).id
  // A copy of the simulator (it follows it): the only kind of profile besides the built-in one sim:tokens goes to.
  simCopyId = (await profiles.create({ name: 'Simulator copy', ...fields, followsSimulator: true })).id
  for (const id of [profileId, unpricedId, simCopyId]) await profiles.setSecret(id, 'apiKey', KEY)
  const gateway = new GatewayClient()
  const { costs } = createCostCore({ dataDir: join(dir, 'cost'), profiles, gateway })
  costs.prices.put(profileId, {
    model: 'gpt-4o',
    currency: 'USD',
    input: 2.5,
    output: 10,
    setAt: '2025-01-01',
    source: 'user',
  })
  service = new LoadService({
    profiles,
    gateway,
    media: (media = new MediaStore(join(dir, 'media'), (id) => id)),
    dataDir: dir,
    history: { record: (r) => rows.push(r), recordMany: (rs) => rows.push(...rs) },
    costs,
    readCase: async () => null,
  })
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

const plan = (): LoadPlan => ({
  targets: [
    { profileId, model: 'gpt-4o', format: 'chat', stream: true },
    { profileId: unpricedId, model: 'gpt-4o', format: 'chat', stream: true },
  ],
  prompts: { kind: 'synthetic', inputTokens: 32 },
  maxTokens: 24,
  simTokens: true,
  shape: {
    mode: 'concurrency',
    levels: [1, 2],
    per: 'requests',
    amount: 4,
    warmup: 1,
    timeoutS: 30,
    maxInFlight: 64,
  },
  goodput: { ttftMs: null, tpotMs: null },
})

/** A CSV without quoted commas (these exports' cells have none) as rows by column name. */
function table(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv.trim().split('\n')
  const names = head!.split(',')
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i]!, cell])))
}

/** Runs the plan through the service as the panel does; answers every event (each checked by its schema). */
async function runThroughService(runId: string, planned: LoadPlan = plan()) {
  const progress: BilledSum[][] = []
  let ended: LoadReport | null = null
  let done!: () => void
  const finished = new Promise<void>((resolve) => (done = resolve))
  const sink: EventSink<Events> = {
    alive: true,
    emit(name, payload) {
      if (name === 'load.progress') {
        const p = loadEvents['load.progress'].payload.parse(payload)
        if (p.targetCosts) progress.push(p.targetCosts)
      } else if (name === 'load.ended') {
        ended = loadEvents['load.ended'].payload.parse(payload).report as LoadReport
        done()
      }
    },
  }
  await service.start({ runId, plan: planned }, sink)
  await finished
  return { progress, report: ended! }
}

describe('the cost of a load test while it runs and per request', () => {
  it('sends each target cost so far with its progress, per level and per request, all matching by hand', async () => {
    const runId = 'live-cost-1'
    const { progress, report } = await runThroughService(runId)
    // 2 targets × 2 levels × (4 + 1 warm-up) requests.
    expect(report.requests).toBe(20)
    expect(progress.length).toBeGreaterThan(1)
    const priced = progress.map((p) => p[0]!.priced)
    // Live: the priced count only grows, and more than one message showed a part of it.
    for (let i = 1; i < priced.length; i++) expect(priced[i]!).toBeGreaterThanOrEqual(priced[i - 1]!)
    expect(priced.some((n) => n > 0 && n < 10)).toBe(true)
    // The last progress says what the final report says.
    expect(progress.at(-1)).toEqual(report.targets.map((t) => t.cost))

    // By hand, from each request's reported usage (read back from the run's own records).
    const byStep = new Map<number, number>()
    const byIndex = new Map<number, number>()
    for (let index = 0; index < 20; index++) {
      const r = loadRequestSchema.parse((await service.request(runId, index)).request)
      expect(r.usageInput).toBeGreaterThan(0)
      const micros = r.usageInput! * 2.5 + r.usageOutput! * 10
      byIndex.set(index, micros)
      byStep.set(r.step, (byStep.get(r.step) ?? 0) + micros)
    }
    const priced0 = report.targets[0]!.cost!
    expect(priced0.priced).toBe(10)
    const firstTarget = report.levels.filter((l) => l.targetIndex === 0)
    expect(priced0.byCurrency.USD).toBeCloseTo(
      firstTarget.reduce((sum, l) => sum + byStep.get(l.step)!, 0),
      6,
    )
    for (const level of firstTarget) {
      expect(level.cost!.priced).toBe(5)
      expect(level.cost!.byCurrency.USD).toBeCloseTo(byStep.get(level.step)!, 6)
    }
    // The target without a price: every request counted as such, never $0.
    expect(report.targets[1]!.cost).toMatchObject({ byCurrency: {}, priced: 0, unpriced: 10 })
    for (const level of report.levels.filter((l) => l.targetIndex === 1))
      expect(level.cost).toMatchObject({ byCurrency: {}, unpriced: 5 })

    // History: each request row its own amount (rounded once, to the millionth); the run row the total.
    const requestRows = () => rows.filter((r) => r.kind === 'loadRequest' && r.id.startsWith(runId))
    await vi.waitFor(() => expect(requestRows()).toHaveLength(20), { timeout: 10_000 })
    for (const row of requestRows()) {
      const index = (row.result as { index: number }).index
      const target = row.profile === 'Priced' ? 0 : 1
      if (target === 1) expect(row.cost).toBeNull()
      else
        expect(row.cost).toEqual({
          micros: Math.round(byIndex.get(index)!),
          currency: 'USD',
          estimate: false,
        })
    }
    const runRow = rows.find((r) => r.kind === 'load' && r.id === runId)!
    expect(runRow.cost).toEqual({
      micros: Math.round(priced0.byCurrency.USD!),
      currency: 'USD',
      estimate: false,
    })

    // The exports: the levels CSV's cost columns, the JSON's total and levels, the requests CSV's own costs.
    const exported = async (format: 'json' | 'csv' | 'requestsCsv') =>
      readFile((await media.path((await service.export(runId, format)).url))!, 'utf8')
    const levelsCsv = table(await exported('csv'))
    expect(levelsCsv).toHaveLength(4)
    for (const level of report.levels) {
      const row = levelsCsv[level.step]!
      expect(Number(row.level)).toBe(level.level)
      if (level.targetIndex === 0) {
        expect(Number(row.cost) * 1e6).toBeCloseTo(byStep.get(level.step)!, 3)
        expect(row).toMatchObject({ 'cost.currency': 'USD', 'cost.priced': '5', 'cost.noPrice': '0' })
      } else
        expect(row).toMatchObject({ cost: '', 'cost.currency': '', 'cost.priced': '0', 'cost.noPrice': '5' })
    }
    const json = JSON.parse(await exported('json')) as LoadReport & { cost: BilledSum }
    expect(json.cost).toMatchObject({ priced: 10, unpriced: 10 })
    expect(json.cost.byCurrency.USD).toBeCloseTo(priced0.byCurrency.USD!, 6)
    expect(json.levels.map((l) => l.cost)).toEqual(report.levels.map((l) => l.cost))
    expect(readLoadReport(JSON.stringify(json)).ok).toBe(true)
    const requestsCsv = table(await exported('requestsCsv'))
    expect(requestsCsv).toHaveLength(20)
    for (const row of requestsCsv) {
      if (row.target!.startsWith('Priced')) {
        expect(Number(row.cost) * 1e6).toBeCloseTo(byIndex.get(Number(row.index))!, 3)
        expect(row).toMatchObject({ 'cost.currency': 'USD', 'cost.status': 'priced' })
      } else expect(row).toMatchObject({ cost: '', 'cost.status': 'no price' })
    }
  })
})

describe("the simulator's length trigger", () => {
  it('goes to the simulator only: with a gateway among the targets no prompt carries it, and the kept plan says so', async () => {
    const small = (targets: LoadPlan['targets']): LoadPlan => ({
      ...plan(),
      targets,
      shape: { ...plan().shape, levels: [1], amount: 1, warmup: 0 },
    })
    const bodyOf = async (runId: string, index: number) =>
      (await service.request(runId, index)).exchange!.request.body ?? ''
    const target = (id: string) => ({ profileId: id, model: 'gpt-4o', format: 'chat' as const, stream: true })

    const toGateway = await runThroughService('sim-tokens-1', small([target(simCopyId), target(profileId)]))
    expect(toGateway.report.plan.simTokens).toBe(false)
    for (const index of [0, 1]) expect(await bodyOf('sim-tokens-1', index)).not.toContain('sim:tokens')

    const toSimulator = await runThroughService('sim-tokens-2', small([target(simCopyId)]))
    expect(toSimulator.report.plan.simTokens).toBe(true)
    expect(await bodyOf('sim-tokens-2', 0)).toContain('sim:tokens=24')
  })
})

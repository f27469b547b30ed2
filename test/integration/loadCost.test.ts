// What a load test costs, against the simulator over loopback: every request priced from the usage its answer
// reported (warm-up included), summed per target, worked out by hand from each request's reported tokens; a gateway
// that reports no usage gives "usage not reported" (never $0), one that answers 500 "failed before billing".
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { parseLoadArgs } from '../../src/main/services/load/loadCli'
import { LoadRun } from '../../src/main/services/load/loadRun'
import { loadTokenizer, preparePrompts } from '../../src/main/services/load/prompts'
import { GatewayClient } from '../../src/main/services/gateway'
import type { LoadPlan } from '../../src/shared/load/plan'
import type { RecordedRequest } from '../../src/shared/load/metrics'
import type { ResolvedProfile } from '../../src/main/services/profiles'
import { ProfileService } from '../../src/main/services/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { createCostCore } from '../../src/main/services/cost/costCore'
import { readLoadReport, reportCost } from '../../src/shared/load/report'
import { formatMoney } from '../../src/shared/cost/money'

const KEY = 'sk-load-cost'
let sim: RunningSimulator

function profileOf(headers: { name: string; value: string }[] = []): ResolvedProfile {
  const parsed = parseLoadArgs(
    [
      '--base-url',
      sim.baseUrl,
      '--key-env',
      'K',
      '--models',
      'gpt-4o',
      '--concurrency',
      '1',
      '--requests',
      '1',
    ],
    { K: KEY },
  )
  if (parsed.ok !== true) throw new Error('profile')
  return { ...parsed.config.profile, headers }
}

const plan = (): LoadPlan => ({
  targets: [{ profileId: 'p', model: 'gpt-4o', format: 'chat', stream: true }],
  prompts: { kind: 'synthetic', inputTokens: 32 },
  maxTokens: 12,
  simTokens: true,
  shape: {
    mode: 'concurrency',
    levels: [2],
    per: 'requests',
    amount: 6,
    warmup: 1,
    timeoutS: 30,
    maxInFlight: 64,
  },
  goodput: { ttftMs: null, tpotMs: null },
})

async function run(headers: { name: string; value: string }[] = []) {
  const profile = profileOf(headers)
  const { costs } = createCostCore({
    dataDir: mkdtempSync(join(tmpdir(), 'load-cost-')),
    profiles: new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore()),
    gateway: new GatewayClient(),
  })
  costs.prices.put(profile.id, {
    model: 'gpt-4o',
    currency: 'USD',
    input: 2.5,
    output: 10,
    setAt: '2025-01-01',
    source: 'user',
  })
  const p = plan()
  const tokenizer = await loadTokenizer()
  const prompts = await preparePrompts(
    p,
    { readFile: async () => '', readCase: async () => null },
    tokenizer,
    64,
  )
  const records: RecordedRequest[] = []
  const load = new LoadRun({
    runId: 'run-1',
    plan: p,
    profiles: [profile],
    gateway: new GatewayClient(),
    prompts,
    tokenizer,
    writer: null,
    costs,
    onRequest: (_point, record) => records.push(record),
  })
  return { report: await load.run(), records }
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY, firstTokenDelayMs: 5, tokensPerSecond: 2000 })
})
afterAll(() => sim.close())

describe('the cost of a load test', () => {
  it('prices every request from its reported usage, warm-up included, and sums it per target', async () => {
    const { report, records } = await run()
    expect(records).toHaveLength(7)
    // 6 measured + 1 warm-up. By hand: each request's reported prompt and completion tokens × $2.50 / $10 per 1M, in millionths.
    const byHand = records.reduce((sum, r) => sum + r.usageInput! * 2.5 + r.usageOutput! * 10, 0)
    expect(byHand).toBeGreaterThan(0)
    const cost = report.targets[0]!.cost!
    expect(cost.priced).toBe(7)
    expect(cost.byCurrency.USD).toBeCloseTo(byHand, 6)
    expect(reportCost(report)).toEqual(cost)
  })

  it('says usage not reported when the answers report none, never $0', async () => {
    const { report } = await run([{ name: 'x-sim-fault', value: 'nousage' }])
    expect(report.targets[0]!.cost).toMatchObject({ byCurrency: {}, priced: 0, unreported: 7 })
  })

  it('says failed before billing for requests the gateway refused', async () => {
    const { report } = await run([{ name: 'x-sim-fault', value: '500' }])
    expect(report.targets[0]!.cost).toMatchObject({ byCurrency: {}, priced: 0, unbilled: 7 })
  })
})

function loadCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load.ts', ...args], {
      env: { ...process.env, NODE_NO_WARNINGS: '1', K: KEY },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }))
  })
}

describe('npm run load with --prices', () => {
  it('prints what the test cost in all and per target, the requests without a price counted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-cli-cost-'))
    // LiteLLM's shape, per token: gpt-4o at $2.50 in and $10 out per 1M; gpt-4o-mini has no price here.
    const prices = join(dir, 'prices.json')
    writeFileSync(
      prices,
      JSON.stringify({
        'gpt-4o': { input_cost_per_token: 0.0000025, output_cost_per_token: 0.00001, mode: 'chat' },
      }),
    )
    const out = join(dir, 'report.json')
    const base = ['--base-url', sim.baseUrl, '--key-env', 'K', '--models', 'gpt-4o,gpt-4o-mini']
    const shape = [
      '--concurrency',
      '1,2',
      '--requests',
      '3',
      '--max-tokens',
      '12',
      '--sim-tokens',
      '--out',
      out,
    ]
    const run = await loadCli([...base, ...shape, '--prices', prices])
    expect(run.code).toBe(0)
    // By hand, from each request's reported usage in the run's records (the folder it names).
    const records = /records in (\S+)/.exec(run.err)![1]!
    const report = readLoadReport(readFileSync(out, 'utf8'))
    if (!report.ok) throw new Error(report.problem)
    const targetOf = new Map(report.report.levels.map((l) => [l.step, l.targetIndex]))
    let micros = 0
    let requests = 0
    for (const line of readFileSync(join(records, 'requests.ndjson'), 'utf8').trim().split('\n')) {
      const r = JSON.parse(line) as RecordedRequest
      if (targetOf.get(r.step) !== 0) continue
      requests++
      micros += r.usageInput! * 2.5 + r.usageOutput! * 10
    }
    expect(requests).toBe(6)
    const amount = formatMoney(micros, 'USD')
    expect(amount).toMatch(/^\$0\.\d+$/)
    expect(run.out.trimEnd().split('\n').slice(-3)).toEqual([
      `Spend: ${amount} (USD) for 6 priced request(s), 6 without a price`,
      `  gpt-4o · Chat completions: ${amount} (USD) for 6 priced request(s)`,
      '  gpt-4o-mini · Chat completions: unknown (6 without a price)',
    ])
    // Without prices (here with --json: the JSON alone on stdout) the line says how to give them.
    const plain = await loadCli([...base, ...shape, '--json'])
    expect(plain.code).toBe(0)
    expect(JSON.parse(plain.out)).toMatchObject({ status: 'done' })
    expect(plain.err.trimEnd().split('\n').at(-1)).toBe(
      'Spend: not computed (no prices: give --prices <file>)',
    )
  })
})

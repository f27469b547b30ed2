// The load test engine against the simulator over loopback: `npm run load` end to end (exit codes, JSON field
// names), error classes from a loaded or faulty simulator, a stop in the middle, and a run's files read back.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { parseLoadArgs } from '../../src/main/services/load/loadCli'
import { LoadRun } from '../../src/main/services/load/loadRun'
import { loadTokenizer, preparePrompts } from '../../src/main/services/load/prompts'
import { readRange, readStoredRun, RunWriter } from '../../src/main/services/load/runFiles'
import { GatewayClient } from '../../src/main/services/gateway'
import type { LoadPlan } from '../../src/shared/load/plan'
import { requestMetrics, type RecordedRequest } from '../../src/shared/load/metrics'
import { requestsCsv } from '../../src/main/services/load/requestsCsv'
import type { ResolvedProfile } from '../../src/main/services/profiles'

const KEY = 'sk-load-test'

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load.ts', ...args], {
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }))
  })
}

function profileOf(sim: RunningSimulator, headers: { name: string; value: string }[] = []): ResolvedProfile {
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

function plan(patch: Partial<LoadPlan['shape']> = {}, rest: Partial<LoadPlan> = {}): LoadPlan {
  return {
    targets: [{ profileId: 'p', model: 'gpt-4o', format: 'chat', stream: true }],
    prompts: { kind: 'synthetic', inputTokens: 32 },
    maxTokens: 12,
    simTokens: true,
    shape: {
      mode: 'concurrency',
      levels: [2],
      per: 'requests',
      amount: 6,
      warmup: 0,
      timeoutS: 30,
      maxInFlight: 64,
      ...patch,
    },
    goodput: { ttftMs: null, tpotMs: null },
    ...rest,
  }
}

async function runPlan(
  sim: RunningSimulator,
  p: LoadPlan,
  headers: { name: string; value: string }[] = [],
  dir?: string,
  onRequest?: (record: RecordedRequest) => void,
) {
  const tokenizer = await loadTokenizer()
  const prompts = await preparePrompts(
    p,
    { readFile: async () => '', readCase: async () => null },
    tokenizer,
    64,
  )
  const writer = dir ? await RunWriter.create(dir, 'run-1') : null
  const run = new LoadRun({
    runId: 'run-1',
    plan: p,
    profiles: [profileOf(sim, headers)],
    gateway: new GatewayClient(),
    prompts,
    tokenizer,
    writer,
    ...(onRequest ? { onRequest: (_point: unknown, record: RecordedRequest) => onRequest(record) } : {}),
  })
  return { run, writer }
}

describe('npm run load', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await createSimulator({ apiKey: KEY, firstTokenDelayMs: 60, tokensPerSecond: 400 })
  })
  afterAll(() => sim.close())

  it('prints per-level figures as JSON under the documented names, times in ms, and exits 0', async () => {
    const { code, out } = await cli(
      [
        '--base-url',
        sim.baseUrl,
        '--key-env',
        'LOAD_KEY',
        '--models',
        'gpt-4o',
        '--formats',
        'chat,messages',
        '--concurrency',
        '1,4',
        '--requests',
        '8',
        '--warmup',
        '1',
        '--max-tokens',
        '16',
        '--sim-tokens',
        '--ttft-limit',
        '5000',
        '--json',
      ],
      { LOAD_KEY: KEY },
    )
    expect(code).toBe(0)
    const json = JSON.parse(out) as { status: string; levels: Record<string, unknown>[] }
    expect(json.status).toBe('done')
    expect(json.levels).toHaveLength(4)
    for (const level of json.levels) {
      expect(level).toMatchObject({ measured: 8, ok: 8, warmup: 1, mode: 'concurrency' })
      const ttft = level.ttftMs as Record<string, number>
      for (const field of ['p50', 'p90', 'p95', 'p99', 'mean', 'min', 'max'])
        expect(typeof ttft[field]).toBe('number')
      // The simulator waits 60 ms before the first token: no TTFT can be shorter.
      expect(ttft.min).toBeGreaterThanOrEqual(60)
      expect((level.tpotMs as Record<string, number>).p50).toBeGreaterThan(0)
      expect(level.requestThroughput).toBeGreaterThan(0)
      expect((level.goodput as { share: number }).share).toBe(1)
    }
    expect(json.levels.map((l) => l.level)).toEqual([1, 4, 1, 4])
  })

  it('exits 2 naming the bad argument', async () => {
    const missing = await cli(
      ['--base-url', sim.baseUrl, '--key-env', 'LOAD_KEY', '--concurrency', '1', '--requests', '2'],
      {
        LOAD_KEY: KEY,
      },
    )
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/^--models: name at least one model id/)
    const badLevels = parseLoadArgs(
      [
        '--base-url',
        sim.baseUrl,
        '--key-env',
        'K',
        '--models',
        'm',
        '--concurrency',
        '1,x',
        '--requests',
        '2',
      ],
      { K: KEY },
    )
    expect(badLevels).toEqual({
      ok: false,
      message: '--concurrency: numbers above 0 separated by commas (got "1,x")',
    })
    const both = parseLoadArgs(
      [
        '--base-url',
        sim.baseUrl,
        '--key-env',
        'K',
        '--models',
        'm',
        '--rate',
        '1',
        '--concurrency',
        '2',
        '--requests',
        '2',
      ],
      { K: KEY },
    )
    expect(both).toMatchObject({ ok: false, message: expect.stringMatching(/^--concurrency or --rate/) })
    const noKey = parseLoadArgs(['--base-url', sim.baseUrl, '--key-env', 'NOPE', '--models', 'm'], {})
    expect(noKey).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^--key-env: the environment variable NOPE/),
    })
    const fraction = parseLoadArgs(
      [
        '--base-url',
        sim.baseUrl,
        '--key-env',
        'K',
        '--models',
        'm',
        '--concurrency',
        '2.5',
        '--requests',
        '2',
      ],
      { K: KEY },
    )
    expect(fraction).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^levels: concurrency is a whole number/),
    })
  })
})

describe('the engine under faults', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await createSimulator({ apiKey: KEY, tokensPerSecond: 2000 })
  })
  afterAll(() => sim.close())

  it('classes a mid-stream error and a stream cut before its end, never retrying', async () => {
    const errored = await runPlan(sim, plan(), [{ name: 'x-sim-fault', value: 'error:3' }])
    const a = (await errored.run.run()).levels[0]!
    expect(a.errors.midStream).toBe(6)
    expect(a.ok).toBe(0)
    const dropped = await runPlan(sim, plan(), [{ name: 'x-sim-fault', value: 'drop:3' }])
    const b = (await dropped.run.run()).levels[0]!
    expect(b.errors.incomplete).toBe(6)
    const limited = await runPlan(sim, plan({ amount: 4 }), [{ name: 'x-sim-fault', value: '503' }])
    const c = (await limited.run.run()).levels[0]!
    expect(c.errors['5xx']).toBe(4)
    expect(limited.run.requestsSent).toBe(4)
  })

  it('counts 429s from a requests-per-minute limit as their own class', async () => {
    const limited = await createSimulator({ apiKey: KEY, requestsPerMinute: 3 })
    try {
      const { run } = await runPlan(limited, plan({ amount: 8 }))
      const level = (await run.run()).levels[0]!
      expect(level.ok).toBe(3)
      expect(level.errors['429']).toBe(5)
      expect(level.errorRate).toBeCloseTo(5 / 8, 10)
    } finally {
      await limited.close()
    }
  })

  it('folds each ended request into the figures read at any moment, and hands it on with its token counts', async () => {
    const tokenizer = await loadTokenizer()
    const p = plan({ amount: 12, levels: [3] })
    const prompts = await preparePrompts(
      p,
      { readFile: async () => '', readCase: async () => null },
      tokenizer,
      64,
    )
    const heard: { index: number; frames: number; counted: number; tokenizer: number }[] = []
    const seen: number[] = []
    const run = new LoadRun({
      runId: 'run-settle',
      plan: p,
      profiles: [profileOf(sim)],
      gateway: new GatewayClient(),
      prompts,
      tokenizer,
      writer: null,
      onRequest: (point, record) =>
        heard.push({
          index: point[0],
          frames: record.contentAt.length,
          counted: record.contentTokens.length,
          tokenizer: record.tokenizerOutput,
        }),
    })
    const done = run.run()
    // Read as the panel's progress does, while requests end: never fewer than were handed on.
    const timer = setInterval(() => {
      const sent = run.figures()[0]?.sent ?? 0
      seen.push(sent)
      expect(sent).toBe(heard.length)
    }, 5)
    const report = await done
    clearInterval(timer)
    expect(report.levels[0]!.sent).toBe(12)
    expect(heard).toHaveLength(12)
    expect(seen.some((n) => n > 0 && n < 12)).toBe(true)
    for (const h of heard) {
      expect(h.frames).toBeGreaterThan(0)
      expect(h.counted).toBe(h.frames)
      expect(h.tokenizer).toBeGreaterThan(0)
    }
  })

  it('counts TTFT and e2e from when the HTTP client wrote the request, its wait in the client kept apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-wait-'))
    const paced = await createSimulator({ apiKey: KEY, firstTokenDelayMs: 50, tokensPerSecond: 400 })
    const records: RecordedRequest[] = []
    try {
      const { run, writer } = await runPlan(paced, plan({ amount: 8, levels: [1] }), [], dir, (r) =>
        records.push(r),
      )
      const report = await run.run()
      expect(report.levels[0]!.ok).toBe(8)
      expect(records).toHaveLength(8)
      for (const r of records) {
        const m = requestMetrics(r)
        // Written after the hand-off: on a reused keep-alive connection undici checks the idle socket for a turn
        // of the event loop first; on a new one it connects first. Neither is part of any latency.
        expect(r.sentAt).toBeGreaterThan(r.handedAt!)
        expect(m.clientWaitMs).toBeCloseTo(r.sentAt - r.handedAt!, 9)
        expect(m.ttftMs).toBeCloseTo(r.contentAt[0]! - r.sentAt, 9)
        expect(m.e2eMs).toBeCloseTo(r.endAt - r.sentAt, 9)
        // The simulator's first token comes 50 ms after it has the request, which it cannot have before the write.
        expect(m.ttftMs!).toBeGreaterThanOrEqual(50)
      }
      await writer!.writeReport(report)
      await writer!.close()
      let csv = ''
      for await (const chunk of requestsCsv(join(dir, 'run-1', 'requests.ndjson'), report))
        csv += String(chunk)
      const [head, ...rows] = csv.trim().split('\n')
      const at = head!.split(',').indexOf('clientWaitMs')
      expect(at).toBe(head!.split(',').indexOf('sentAtMs') + 1)
      expect(rows.map((row) => Number(row.split(',')[at]))).toEqual(
        [...records].sort((a, b) => a.index - b.index).map((r) => expect.closeTo(r.sentAt - r.handedAt!, 2)),
      )
    } finally {
      await paced.close()
    }
  })

  it('stops in the middle keeping what finished, and its files read back with each exchange', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-run-'))
    const slow = await createSimulator({ apiKey: KEY, tokensPerSecond: 40 })
    try {
      const { run, writer } = await runPlan(
        slow,
        plan({ amount: 40, levels: [2] }, { maxTokens: 16 }),
        [],
        dir,
      )
      let ended = 0
      const done = run.run()
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          ended = run.figures()[0]?.sent ?? 0
          if (ended >= 4) {
            clearInterval(timer)
            resolve()
          }
        }, 20)
      })
      run.stop()
      const report = await done
      expect(report.status).toBe('stopped')
      const level = report.levels[0]!
      expect(level.ok).toBeGreaterThanOrEqual(4)
      expect(level.ok + level.stopped).toBe(level.sent)
      expect(level.sent).toBeLessThan(40)
      await writer!.writeReport(report)
      await writer!.close()
      const stored = await readStoredRun(dir, 'run-1')
      expect(stored!.report.status).toBe('stopped')
      expect(stored!.points).toHaveLength(level.sent)
      const okPoint = stored!.points.find((p) => p[7] === 'ok')!
      const [, , exAt, exLen] = stored!.ranges.get(okPoint[0])!
      const exchange = JSON.parse(await readRange(dir, 'run-1', 'exchanges', exAt, exLen)) as {
        request: { headers: [string, string][] }
        response: { status: number; frames: unknown[] }
      }
      expect(exchange.response.status).toBe(200)
      expect(exchange.response.frames.length).toBeGreaterThan(2)
      expect(JSON.stringify(exchange)).not.toContain(KEY)
    } finally {
      await slow.close()
    }
  })

  it('sends Poisson arrivals at a rate level, whatever is in flight', async () => {
    const { run } = await runPlan(sim, plan({ mode: 'rate', levels: [40], per: 'requests', amount: 20 }))
    const report = await run.run()
    const level = report.levels[0]!
    expect(level.ok).toBe(20)
    // 20 arrivals at 40/s take about half a second; far longer would mean arrivals waited for answers.
    expect(level.durationMs).toBeLessThan(3000)
  })
})

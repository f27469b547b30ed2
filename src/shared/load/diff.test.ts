import { describe, expect, it } from 'vitest'
import { changeWords, diffLoadReports, diffToText } from './diff'
import { LevelAccumulator } from './levels'
import { requestMetrics, type RecordedRequest } from './metrics'
import { levelsToCsv, readLoadReport, reportToJson, type LoadReport } from './report'
import type { LoadPlan } from './plan'

const plan: LoadPlan = {
  targets: [{ profileId: 'p', model: 'gpt-4o', format: 'chat', stream: true }],
  prompts: { kind: 'synthetic', inputTokens: 64 },
  maxTokens: 32,
  simTokens: false,
  shape: {
    mode: 'concurrency',
    levels: [1, 16],
    per: 'requests',
    amount: 10,
    warmup: 0,
    timeoutS: 60,
    maxInFlight: 64,
  },
  goodput: { ttftMs: 300, tpotMs: null },
}

/** A report whose levels have requests of the given TTFT (and 20 ms per token after it), 10 tokens each. */
function report(name: string, ttftByLevel: Record<number, number[]>, errorsAt16 = 0): LoadReport {
  const levels = Object.entries(ttftByLevel).map(([level, ttfts], step) => {
    const acc = new LevelAccumulator(
      { step, targetIndex: 0, mode: 'concurrency', level: Number(level) },
      { ttftMs: 300, tpotMs: null },
    )
    ttfts.forEach((ttft, i) => {
      const sentAt = i * 500
      const r: RecordedRequest = {
        index: i,
        step,
        warmup: false,
        stream: true,
        sentAt,
        headersAt: sentAt + 10,
        contentAt: Array.from({ length: 10 }, (_, k) => sentAt + ttft + k * 20),
        contentTokens: Array(10).fill(1),
        endAt: sentAt + ttft + 180,
        usageOutput: 10,
        usageInput: 64,
        tokenizerOutput: 10,
        promptTokens: 64,
        httpStatus: 200,
        error: Number(level) === 16 && i < errorsAt16 ? '429' : null,
        message: null,
      }
      acc.add(r, requestMetrics(r))
    })
    return acc.figures()
  })
  return {
    version: 1,
    runId: `run-${name}`,
    name,
    startedAt: Date.UTC(2026, 0, 1),
    endedAt: Date.UTC(2026, 0, 1, 0, 1),
    status: 'done',
    error: null,
    plan,
    targets: [
      { profile: 'Gateway', baseUrl: 'https://gw.example', model: 'gpt-4o', format: 'chat', stream: true },
    ],
    levels,
    requests: 20,
  }
}

describe('two load test runs compared level by level', () => {
  const before = report('last week', { 1: Array(10).fill(200), 16: Array(10).fill(250) })
  const after = report('today', { 1: Array(10).fill(204), 16: Array(10).fill(400) }, 3)

  it('names each regression past its threshold with before, after and the change', () => {
    const rows = diffLoadReports(before, after)
    expect(rows.map((r) => r.level)).toEqual(['1 concurrent', '16 concurrent'])
    // 200 → 204 ms is under both the 10 % and the 5 ms thresholds: no regression at 1.
    expect(rows[0]!.regressions).toEqual([])
    expect(rows[1]!.regressions).toEqual(
      expect.arrayContaining([
        'TTFT p50 250 → 400 ms (+60 %)',
        'TTFT p95 250 → 400 ms (+60 %)',
        'error rate 0.0 → 30 % (+30.0 points)',
        'goodput 100 → 0.0 % (−100.0 points)',
      ]),
    )
    expect(rows[1]!.target).toBe('gpt-4o · Chat completions')
  })

  it('marks the better direction as an improvement, not a regression', () => {
    const rows = diffLoadReports(after, before)
    const ttft = rows[1]!.changes.find((c) => c.figure === 'TTFT p95')!
    expect(ttft.improvement).toBe(true)
    expect(ttft.regression).toBe(false)
    expect(changeWords(ttft)).toBe('TTFT p95 400 → 250 ms (−38 %)')
  })

  it('says which levels only one run has', () => {
    const shorter = report('one level', { 1: Array(10).fill(200) })
    const rows = diffLoadReports(shorter, after)
    expect(rows.find((r) => r.level === '16 concurrent')!.only).toBe('after')
    expect(diffToText(shorter, after)).toMatch(/16 concurrent: only in the later run/)
  })

  it('reads an exported report back, and refuses a damaged one naming the field', () => {
    const read = readLoadReport(reportToJson(after))
    expect(read.ok).toBe(true)
    expect(
      diffLoadReports(before, (read as { report: LoadReport }).report)[1]!.regressions.length,
    ).toBeGreaterThan(0)
    const broken = JSON.parse(reportToJson(after)) as { levels: { ttftMs: unknown }[] }
    broken.levels[0]!.ttftMs = 'fast'
    expect(readLoadReport(JSON.stringify(broken))).toEqual({
      ok: false,
      problem: 'levels.0.ttftMs: Invalid input: expected object, received string',
    })
    expect(readLoadReport('{').ok).toBe(false)
  })

  it('exports the levels as CSV with a column per metric and statistic', () => {
    const csv = levelsToCsv(after).trim().split('\n')
    const head = csv[0]!.split(',')
    expect(head).toContain('ttftMs.p95')
    expect(head).toContain('tokPerSecAfterFirst.p50')
    expect(head).toContain('errors.429')
    const row = csv[2]!.split(',')
    expect(row[head.indexOf('ttftMs.p95')]).toBe('400')
    expect(row[head.indexOf('errors.429')]).toBe('3')
  })
})

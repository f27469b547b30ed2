import { describe, expect, it } from 'vitest'
import { percentile, requestMetrics, statsOf, type RecordedRequest } from './metrics'
import { kneeOf, LevelAccumulator } from './levels'

/** A streamed request written at 1,000 ms whose output frames arrived at the given times. */
function recorded(patch: Partial<RecordedRequest> = {}): RecordedRequest {
  return {
    index: 0,
    step: 0,
    warmup: false,
    stream: true,
    sentAt: 1000,
    headersAt: 1050,
    contentAt: [1200, 1210, 1230, 1260],
    contentTokens: [1, 2, 1, 3],
    endAt: 1270,
    usageOutput: 10,
    usageInput: 128,
    tokenizerOutput: 7,
    promptTokens: 128,
    httpStatus: 200,
    error: null,
    message: null,
    ...patch,
  }
}

describe('the per-request metrics, on recorded timings', () => {
  it('TTFT is from the request written to the first frame carrying output', () => {
    expect(requestMetrics(recorded()).ttftMs).toBe(200)
  })

  it('keeps the wait in the HTTP client before the write apart from TTFT and e2e, when it was recorded', () => {
    const waited = requestMetrics(recorded({ handedAt: 960 }))
    expect(waited).toMatchObject({ clientWaitMs: 40, ttftMs: 200, e2eMs: 270 })
    expect(requestMetrics(recorded()).clientWaitMs).toBeNull()
  })

  it('end-to-end latency is from the request written to the last byte read', () => {
    expect(requestMetrics(recorded()).e2eMs).toBe(270)
  })

  it('ITL per frame is each gap between output frames; per token, each gap over the later frame tokens', () => {
    const m = requestMetrics(recorded())
    expect(m.itlFrameMs).toEqual([10, 20, 30])
    expect(m.itlTokenMs).toEqual([10 / 2, 20 / 1, 30 / 3])
  })

  it('TPOT is (e2e − TTFT) ÷ (output tokens − 1), with the reported usage', () => {
    const m = requestMetrics(recorded())
    expect(m.outputTokens).toBe(10)
    expect(m.outputTokensSource).toBe('usage')
    expect(m.tpotMs).toBeCloseTo(70 / 9, 10)
  })

  it('output tokens fall back to the tokenizer count, marked, when usage is missing or zero', () => {
    for (const usageOutput of [null, 0]) {
      const m = requestMetrics(recorded({ usageOutput }))
      expect(m.outputTokens).toBe(7)
      expect(m.outputTokensSource).toBe('tokenizer')
      expect(m.tpotMs).toBeCloseTo(70 / 6, 10)
    }
  })

  it('gives output tokens per second after the first token and over the whole request, apart', () => {
    const m = requestMetrics(recorded())
    expect(m.tokPerSecAfterFirst).toBeCloseTo((9 / 70) * 1000, 8)
    expect(m.tokPerSecWhole).toBeCloseTo((10 / 270) * 1000, 8)
  })

  it('a request answered whole has no TTFT, TPOT or gaps, only its latency and tokens per second', () => {
    const m = requestMetrics(recorded({ stream: false, contentAt: [], contentTokens: [], endAt: 1500 }))
    expect(m.ttftMs).toBeNull()
    expect(m.tpotMs).toBeNull()
    expect(m.itlFrameMs).toEqual([])
    expect(m.e2eMs).toBe(500)
    expect(m.tokPerSecWhole).toBe(20)
    expect(m.tokPerSecAfterFirst).toBeNull()
  })

  it('a single-token answer has a TTFT but no TPOT', () => {
    const m = requestMetrics(recorded({ contentAt: [1200], contentTokens: [1], usageOutput: 1 }))
    expect(m.ttftMs).toBe(200)
    expect(m.tpotMs).toBeNull()
  })
})

describe('percentiles and distributions', () => {
  it('interpolates linearly between ranks, as numpy does by default', () => {
    const sorted = [10, 20, 30, 40]
    expect(percentile(sorted, 50)).toBe(25)
    expect(percentile(sorted, 90)).toBeCloseTo(37, 10)
    expect(percentile(sorted, 0)).toBe(10)
    expect(percentile(sorted, 100)).toBe(40)
    expect(percentile([], 50)).toBeNull()
  })

  it('summarises mean, min, max and p50/p90/p95/p99', () => {
    const values = Array.from({ length: 101 }, (_, i) => 100 - i)
    expect(statsOf(values)).toEqual({
      count: 101,
      mean: 50,
      min: 0,
      max: 100,
      p50: 50,
      p90: 90,
      p95: 95,
      p99: 99,
    })
  })
})

describe('a level of requests', () => {
  const meta = { step: 0, targetIndex: 0, mode: 'concurrency' as const, level: 4 }

  it('measures throughput over its window, leaves warm-up and stopped requests out, counts errors by class', () => {
    const level = new LevelAccumulator(meta, { ttftMs: null, tpotMs: null })
    const add = (r: RecordedRequest) => level.add(r, requestMetrics(r))
    add(recorded({ index: 0, warmup: true, sentAt: 0, contentAt: [50], endAt: 60 }))
    add(recorded({ index: 1, sentAt: 1000, endAt: 1270 }))
    add(recorded({ index: 2, sentAt: 1100, contentAt: [1300, 1310, 1330, 1360], endAt: 2000 }))
    add(recorded({ index: 3, sentAt: 1500, error: '429', contentAt: [], endAt: 1510 }))
    add(recorded({ index: 4, sentAt: 1600, error: 'stopped', contentAt: [], endAt: 1700 }))
    const f = level.figures()
    expect([f.sent, f.warmup, f.measured, f.ok, f.stopped]).toEqual([5, 1, 3, 2, 1])
    expect(f.durationMs).toBe(1000)
    expect(f.requestThroughput).toBe(2)
    expect(f.outputTokenThroughput).toBe(20)
    expect(f.errors['429']).toBe(1)
    expect(f.errorRate).toBeCloseTo(1 / 3, 10)
    expect(f.ttftMs.count).toBe(2)
    expect(f.itlFrameMs.count).toBe(6)
  })

  it('counts goodput against the TTFT and TPOT limits set', () => {
    const level = new LevelAccumulator(meta, { ttftMs: 250, tpotMs: 8 })
    const add = (r: RecordedRequest) => level.add(r, requestMetrics(r))
    add(recorded({ index: 1 })) // TTFT 200, TPOT 7.8: good
    add(recorded({ index: 2, contentAt: [1300, 1310, 1330, 1360], endAt: 1370 })) // TTFT 300: not good
    add(recorded({ index: 3, endAt: 1400 })) // TPOT 22.2: not good
    add(recorded({ index: 4, error: '5xx', contentAt: [] }))
    const g = level.figures().goodput
    expect(g.good).toBe(1)
    expect(g.share).toBe(0.25)
  })
})

describe('the knee of a latency curve', () => {
  it('is the last level before latency turns up', () => {
    expect(
      kneeOf([
        { level: 1, value: 200 },
        { level: 4, value: 205 },
        { level: 16, value: 215 },
        { level: 64, value: 900 },
      ]),
    ).toBe(16)
  })

  it('is none when the curve stays flat or has too few levels', () => {
    expect(kneeOf([1, 4, 16, 64].map((level) => ({ level, value: 200 + level / 10 })))).toBeNull()
    expect(
      kneeOf([
        { level: 1, value: 1 },
        { level: 2, value: 9 },
      ]),
    ).toBeNull()
  })
})

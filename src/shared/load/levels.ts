// The figures of one level (a target at a concurrency or a rate), gathered request by request as they end:
// request and output-token throughput over the level's window, the distribution of every per-request metric,
// the error rate by class and goodput against the user's limits. Only measured requests count (warm-up and
// those a stop cut are left out); latency figures are of successful requests. Bounded: per request a few numbers,
// and the pooled inter-token gaps kept whole up to POOL_MAX, then as a uniform sample of that size (Algorithm R).
import {
  ERROR_CLASSES,
  statsOf,
  type ErrorClass,
  type RecordedRequest,
  type RequestMetrics,
  type Stats,
} from './metrics'
import type { LoadMode } from './plan'
import type { BilledSum } from '../cost/billed'

export const POOL_MAX = 1_000_000

export interface LevelMeta {
  step: number
  targetIndex: number
  mode: LoadMode
  level: number
}

export interface Goodput {
  ttftLimitMs: number | null
  tpotLimitMs: number | null
  /** Successful requests within both limits. */
  good: number
  /** good ÷ measured requests. */
  share: number | null
  /** good requests per second of the level's window. */
  perSecond: number | null
}

export interface LevelFigures extends LevelMeta {
  /**
   * What the level's requests cost so far (warm-up included: it was billed), the requests without a cost counted
   * by why; absent when the run is not priced (and in reports written before levels were priced).
   */
  cost?: BilledSum
  sent: number
  warmup: number
  /** Sent after the warm-up and not cut by a stop. */
  measured: number
  ok: number
  /** Cut by the user's stop: neither a success nor an error. */
  stopped: number
  /** From the first measured request written to the last one's end. */
  durationMs: number
  /** Successful requests per second. */
  requestThroughput: number | null
  /** Output tokens of successful requests per second. */
  outputTokenThroughput: number | null
  /** Prompt tokens (reported, else the tokenizer's) of successful requests per second. */
  inputTokenThroughput: number | null
  ttftMs: Stats
  tpotMs: Stats
  e2eMs: Stats
  itlFrameMs: Stats
  itlTokenMs: Stats
  outputTokens: Stats
  tokPerSecAfterFirst: Stats
  tokPerSecWhole: Stats
  /** Where the output token counts came from. */
  outputTokensFrom: { usage: number; tokenizer: number }
  errors: Record<ErrorClass, number>
  /** Errors of every class ÷ measured requests. */
  errorRate: number | null
  goodput: Goodput
  /** Rate mode: arrivals that waited at the client because `maxInFlight` requests were going. */
  waitedAtClient: number
}

const emptyErrors = (): Record<ErrorClass, number> =>
  Object.fromEntries(ERROR_CLASSES.map((c) => [c, 0])) as Record<ErrorClass, number>

/** Keeps up to `max` values whole, then a uniform sample of that many. */
class Reservoir {
  readonly values: number[] = []
  private seen = 0
  constructor(private readonly max: number) {}
  add(value: number): void {
    this.seen++
    if (this.values.length < this.max) this.values.push(value)
    else {
      const at = Math.floor(Math.random() * this.seen)
      if (at < this.max) this.values[at] = value
    }
  }
}

export class LevelAccumulator {
  private sent = 0
  private warm = 0
  private stoppedCount = 0
  private measured = 0
  private firstSent = Infinity
  private lastEnd = -Infinity
  private readonly ttft: number[] = []
  private readonly tpot: number[] = []
  private readonly e2e: number[] = []
  private readonly tokens: number[] = []
  private readonly afterFirst: number[] = []
  private readonly whole: number[] = []
  private readonly itlFrame: Reservoir
  private readonly itlToken: Reservoir
  private readonly from = { usage: 0, tokenizer: 0 }
  private readonly errors = emptyErrors()
  private good = 0
  private inputTokens = 0
  private outputTokens = 0
  waitedAtClient = 0

  constructor(
    readonly meta: LevelMeta,
    private readonly limits: { ttftMs: number | null; tpotMs: number | null },
    poolMax = POOL_MAX,
  ) {
    this.itlFrame = new Reservoir(poolMax)
    this.itlToken = new Reservoir(poolMax)
  }

  add(r: RecordedRequest, m: RequestMetrics): void {
    this.sent++
    if (r.warmup) {
      this.warm++
      return
    }
    if (r.error === 'stopped') {
      this.stoppedCount++
      return
    }
    this.measured++
    this.firstSent = Math.min(this.firstSent, r.sentAt)
    this.lastEnd = Math.max(this.lastEnd, r.endAt)
    if (r.error !== null) {
      this.errors[r.error]++
      return
    }
    if (m.ttftMs !== null) this.ttft.push(m.ttftMs)
    if (m.tpotMs !== null) this.tpot.push(m.tpotMs)
    this.e2e.push(m.e2eMs)
    this.tokens.push(m.outputTokens)
    this.outputTokens += m.outputTokens
    this.inputTokens += r.usageInput ?? r.promptTokens
    this.from[m.outputTokensSource]++
    if (m.tokPerSecAfterFirst !== null) this.afterFirst.push(m.tokPerSecAfterFirst)
    if (m.tokPerSecWhole !== null) this.whole.push(m.tokPerSecWhole)
    for (const gap of m.itlFrameMs) this.itlFrame.add(gap)
    for (const gap of m.itlTokenMs) this.itlToken.add(gap)
    const { ttftMs, tpotMs } = this.limits
    const ttftOk = ttftMs === null || m.ttftMs === null || m.ttftMs <= ttftMs
    const tpotOk = tpotMs === null || m.tpotMs === null || m.tpotMs <= tpotMs
    if (ttftOk && tpotOk) this.good++
  }

  /** The level's figures so far; `pooled: false` skips the inter-token gaps (live updates, cheap). */
  figures(options: { pooled?: boolean } = {}): LevelFigures {
    const pooled = options.pooled ?? true
    const errorCount = Object.values(this.errors).reduce((a, b) => a + b, 0)
    const durationMs = this.measured > 0 ? Math.max(0, this.lastEnd - this.firstSent) : 0
    const perSecond = (n: number) => (durationMs > 0 ? (n * 1000) / durationMs : null)
    const ok = this.measured - errorCount
    return {
      ...this.meta,
      sent: this.sent,
      warmup: this.warm,
      measured: this.measured,
      ok,
      stopped: this.stoppedCount,
      durationMs,
      requestThroughput: perSecond(ok),
      outputTokenThroughput: perSecond(this.outputTokens),
      inputTokenThroughput: perSecond(this.inputTokens),
      ttftMs: statsOf(this.ttft),
      tpotMs: statsOf(this.tpot),
      e2eMs: statsOf(this.e2e),
      itlFrameMs: statsOf(pooled ? this.itlFrame.values : []),
      itlTokenMs: statsOf(pooled ? this.itlToken.values : []),
      outputTokens: statsOf(this.tokens),
      tokPerSecAfterFirst: statsOf(this.afterFirst),
      tokPerSecWhole: statsOf(this.whole),
      outputTokensFrom: { ...this.from },
      errors: { ...this.errors },
      errorRate: this.measured > 0 ? errorCount / this.measured : null,
      goodput: {
        ttftLimitMs: this.limits.ttftMs,
        tpotLimitMs: this.limits.tpotMs,
        good: this.good,
        share: this.measured > 0 ? this.good / this.measured : null,
        perSecond: perSecond(this.good),
      },
      waitedAtClient: this.waitedAtClient,
    }
  }
}

/**
 * Where a latency curve turns up: the Kneedle rule on (log2 level, latency) scaled to [0, 1], the level whose
 * point lies farthest below the chord from the first point to the last. Null with fewer than three levels or when
 * the curve does not rise by half (no knee within the levels tried).
 */
export function kneeOf(points: readonly { level: number; value: number | null }[]): number | null {
  const pts = points
    .filter((p): p is { level: number; value: number } => p.value !== null && p.level > 0)
    .sort((a, b) => a.level - b.level)
  if (pts.length < 3) return null
  const first = pts[0]!
  const last = pts.at(-1)!
  const low = Math.min(...pts.map((p) => p.value))
  const high = Math.max(...pts.map((p) => p.value))
  if (high < low * 1.5 || last.value <= first.value) return null
  const x0 = Math.log2(first.level)
  const span = Math.log2(last.level) - x0
  if (span <= 0) return null
  let best: number | null = null
  let bestGap = 0
  for (const p of pts) {
    const x = (Math.log2(p.level) - x0) / span
    const y = (p.value - low) / (high - low)
    const gap = x - y
    if (gap > bestGap) {
      bestGap = gap
      best = p.level
    }
  }
  return best
}

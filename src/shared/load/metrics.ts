// The per-request metrics of a load test, from the timings one request recorded, as the serving benchmarks define
// them (AIPerf, LLMPerf, `vllm bench serve`; each definition is in the README's "Load test" section):
//   TTFT            first frame carrying output (text, reasoning, refusal, tool-call arguments) read − request written
//   e2e latency     last byte of the answer read − request written
//   ITL per frame   the gap between two consecutive frames carrying output (AIPerf's inter-chunk latency)
//   ITL per token   each such gap ÷ the tokens of the later frame (the local tokenizer)
//   TPOT            (e2e − TTFT) ÷ (output tokens − 1): time per output token after the first
//   output tokens   the usage the gateway reported, else the local tokenizer's count of the output (marked)
//   tok/s after the first token = (output tokens − 1) ÷ (e2e − TTFT); tok/s over the whole request = output ÷ e2e
//   client wait     request written − handed to the HTTP client (k6's "blocked"), kept apart from every latency
// "Request written" is when the HTTP client writes the request to its connection (as k6 counts "waiting" apart
// from "blocked"). Times are ms (performance.now() of the one process that sent and read). Pure: tests feed recorded timings.

import type { BilledCost } from '../cost/billed'

/** Why a request did not succeed. `stopped` (by the user) is not an error: such requests are left out. */
export const ERROR_CLASSES = ['429', '5xx', 'timeout', 'midStream', 'incomplete', '4xx', 'network'] as const
export type ErrorClass = (typeof ERROR_CLASSES)[number]

export const ERROR_CLASS_LABELS: Record<ErrorClass, string> = {
  '429': '429 (rate limited)',
  '5xx': '5xx',
  timeout: 'timeout',
  midStream: 'mid-stream error',
  incomplete: 'incomplete',
  '4xx': 'other 4xx',
  network: 'connection error',
}

/** What the engine records of one request (ms since the run started). */
export interface RecordedRequest {
  /** The request's place in the run (0, 1, …), in the order they were sent. */
  index: number
  step: number
  warmup: boolean
  stream: boolean
  /**
   * Handed to the HTTP client to be written (absent in runs kept before it was recorded). The time until `sentAt`
   * is the client's own: waiting for a free connection, opening a new one, checking an idle one before reusing it.
   */
  handedAt?: number
  /** The HTTP client wrote the request (the hand-off time when it never did: failed or stopped before). */
  sentAt: number
  /** The response headers arrived (null without an answer). */
  headersAt: number | null
  /** Read time of each frame that carried output, in order (streams). */
  contentAt: number[]
  /** Tokens of each of those frames (the local tokenizer; at least 1 for a frame with output). */
  contentTokens: number[]
  /** The last byte was read (or the request failed or was stopped). */
  endAt: number
  /** Output tokens the gateway reported (null when not reported or all zero). */
  usageOutput: number | null
  usageInput: number | null
  /** The local tokenizer's count of all the output received. */
  tokenizerOutput: number
  /** Input tokens of the prompt by the local tokenizer. */
  promptTokens: number
  httpStatus: number | null
  error: ErrorClass | 'stopped' | null
  message: string | null
  /** What it cost, priced as the run settled it (absent when the run is not priced, and in older runs). */
  cost?: BilledCost
}

export type TokenSource = 'usage' | 'tokenizer'

export interface RequestMetrics {
  /** Request written − handed to the HTTP client: not part of any latency (null when not recorded). */
  clientWaitMs: number | null
  ttftMs: number | null
  e2eMs: number
  itlFrameMs: number[]
  itlTokenMs: number[]
  tpotMs: number | null
  outputTokens: number
  outputTokensSource: TokenSource
  /** (output tokens − 1) ÷ (e2e − TTFT), per second; streams with at least two tokens. */
  tokPerSecAfterFirst: number | null
  /** output tokens ÷ e2e, per second. */
  tokPerSecWhole: number | null
}

export function requestMetrics(r: RecordedRequest): RequestMetrics {
  const e2eMs = r.endAt - r.sentAt
  const first = r.contentAt[0]
  const ttftMs = r.stream && first !== undefined ? first - r.sentAt : null
  const itlFrameMs: number[] = []
  const itlTokenMs: number[] = []
  for (let i = 1; i < r.contentAt.length; i++) {
    const gap = r.contentAt[i]! - r.contentAt[i - 1]!
    itlFrameMs.push(gap)
    itlTokenMs.push(gap / Math.max(1, r.contentTokens[i] ?? 1))
  }
  const reported = r.usageOutput !== null && r.usageOutput > 0
  const outputTokens = reported ? r.usageOutput! : r.tokenizerOutput
  const afterFirst = ttftMs === null ? null : e2eMs - ttftMs
  const tpotMs = afterFirst !== null && outputTokens > 1 ? afterFirst / (outputTokens - 1) : null
  return {
    clientWaitMs: r.handedAt === undefined ? null : r.sentAt - r.handedAt,
    ttftMs,
    e2eMs,
    itlFrameMs,
    itlTokenMs,
    tpotMs,
    outputTokens,
    outputTokensSource: reported ? 'usage' : 'tokenizer',
    tokPerSecAfterFirst: tpotMs !== null && tpotMs > 0 ? 1000 / tpotMs : null,
    tokPerSecWhole: e2eMs > 0 && outputTokens > 0 ? (outputTokens * 1000) / e2eMs : null,
  }
}

/** Which error class an HTTP status falls in (null for 2xx). */
export function classifyStatus(status: number): ErrorClass | null {
  if (status >= 200 && status < 300) return null
  if (status === 429) return '429'
  if (status >= 500) return '5xx'
  return '4xx'
}

export interface Stats {
  count: number
  mean: number | null
  min: number | null
  max: number | null
  p50: number | null
  p90: number | null
  p95: number | null
  p99: number | null
}

export const STAT_FIELDS = ['p50', 'p90', 'p95', 'p99', 'mean', 'min', 'max'] as const

/** The p-th percentile (0–100) of sorted values, interpolated linearly between ranks (numpy's default). */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  const n = sorted.length
  if (n === 0) return null
  const rank = (p / 100) * (n - 1)
  const lo = Math.floor(rank)
  const hi = Math.min(n - 1, lo + 1)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo)
}

export function statsOf(values: ArrayLike<number>): Stats {
  const n = values.length
  if (n === 0)
    return { count: 0, mean: null, min: null, max: null, p50: null, p90: null, p95: null, p99: null }
  const sorted = Float64Array.from(values).sort()
  let sum = 0
  for (let i = 0; i < n; i++) sum += sorted[i]!
  return {
    count: n,
    mean: sum / n,
    min: sorted[0]!,
    max: sorted[n - 1]!,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  }
}

// One request of a load test as the panel draws it (timeline, histograms): a small tuple, so the 100,000 requests
// a run may send travel to the page in pages far under the IPC bound and sit in its memory in a few MB.
import type { ErrorClass, RecordedRequest, RequestMetrics } from './metrics'

export type PointStatus = 'ok' | 'warmup' | 'stopped' | ErrorClass

/** [index, step, sentAt ms, TTFT ms, e2e ms, TPOT ms, output tokens, status, tokens by the tokenizer (1) or reported (0)] */
export type RequestPoint = [
  number,
  number,
  number,
  number | null,
  number,
  number | null,
  number,
  PointStatus,
  0 | 1,
]

/** Points per page of `load.points` (about 60 bytes each as JSON). */
export const POINTS_PAGE = 2000

const r2 = (v: number) => Math.round(v * 100) / 100

export function pointOf(r: RecordedRequest, m: RequestMetrics): RequestPoint {
  const status: PointStatus = r.error ?? (r.warmup ? 'warmup' : 'ok')
  return [
    r.index,
    r.step,
    r2(r.sentAt),
    m.ttftMs === null ? null : r2(m.ttftMs),
    r2(m.e2eMs),
    m.tpotMs === null ? null : r2(m.tpotMs),
    m.outputTokens,
    status,
    m.outputTokensSource === 'tokenizer' ? 1 : 0,
  ]
}


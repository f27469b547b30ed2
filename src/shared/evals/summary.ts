// A column's figures over its finished cells: the pass rate with its 95 % Wilson interval, the mean score, what
// the answers and their grading cost (when every answer's cost is known in one currency), and TTFT and total time
// at p50 and p95. Stopped cells are left out (they were never graded).
import { mean, percentiles, wilsonInterval, type Interval } from './stats'

export interface SummaryCell {
  status: 'pass' | 'fail' | 'error' | 'stopped'
  score: number | null
  ttftMs: number | null
  totalMs: number | null
  costMicros: number | null
  currency: string | null
  gradingMicros: number
}

export interface ColumnSummary {
  passed: number
  failed: number
  errored: number
  /** Cells that ran to a verdict or an error (the rate's denominator). */
  counted: number
  rate: number | null
  interval: Interval | null
  meanScore: number | null
  /** Null when a counted answer's cost is not known or currencies differ. */
  cost: { micros: number; currency: string } | null
  gradingMicros: number
  ttft: { p50: number | null; p95: number | null }
  total: { p50: number | null; p95: number | null }
}

export function summarizeColumn(cells: Iterable<SummaryCell>): ColumnSummary {
  let passed = 0
  let failed = 0
  let errored = 0
  let costKnown = true
  let costMicros = 0
  let gradingMicros = 0
  let currency: string | null = null
  const scores: (number | null)[] = []
  const ttft: (number | null)[] = []
  const total: (number | null)[] = []
  for (const c of cells) {
    if (c.status === 'stopped') continue
    if (c.status === 'pass') passed++
    else if (c.status === 'fail') failed++
    else errored++
    scores.push(c.score)
    ttft.push(c.ttftMs)
    total.push(c.totalMs)
    gradingMicros += c.gradingMicros
    if (c.status === 'error') continue
    if (c.costMicros === null || !c.currency || (currency !== null && currency !== c.currency))
      costKnown = false
    else {
      currency = c.currency
      costMicros += c.costMicros
    }
  }
  const counted = passed + failed + errored
  const t = percentiles(ttft)
  const w = percentiles(total)
  return {
    passed,
    failed,
    errored,
    counted,
    rate: counted ? passed / counted : null,
    interval: wilsonInterval(passed, counted),
    meanScore: mean(scores),
    cost: costKnown && currency ? { micros: costMicros, currency } : null,
    gradingMicros,
    ttft: { p50: t.p50, p95: t.p95 },
    total: { p50: w.p50, p95: w.p95 },
  }
}

// A run's requests as CSV, one row each with its metrics (the definitions of shared/load/metrics.ts), streamed from
// the run's records on disk line by line, so a run of 100,000 requests is exported with memory bounded.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { requestMetrics, type RecordedRequest } from '../../../shared/load/metrics'
import { levelLabel, targetLabel } from '../../../shared/load/plan'
import { unitAmount, type LoadReport } from '../../../shared/load/report'
import type { BilledCost } from '../../../shared/cost/billed'

const HEAD = [
  'index',
  'target',
  'level',
  'warmup',
  'sentAtMs',
  'clientWaitMs',
  'ttftMs',
  'tpotMs',
  'e2eMs',
  'itlFrameMs.mean',
  'itlTokenMs.mean',
  'outputTokens',
  'outputTokensFrom',
  'tokPerSecAfterFirst',
  'tokPerSecWhole',
  'promptTokens',
  'httpStatus',
  'error',
  'message',
  'cost',
  'cost.currency',
  'cost.status',
]

const COST_STATUS = {
  priced: 'priced',
  unpriced: 'no price',
  unreported: 'usage not reported',
  unbilled: 'failed before billing',
}

/** A request's cost cells: the amount in the currency's unit (unrounded, as text: it is millionths), its currency and what it is. */
function costCells(cost: BilledCost | undefined): unknown[] {
  if (!cost) return [null, null, null]
  if (cost.kind !== 'priced') return [null, null, COST_STATUS[cost.kind]]
  return [unitAmount(cost.micros), cost.currency, cost.estimate ? 'estimate' : 'priced']
}

const cell = (v: unknown) => {
  if (v === null || v === undefined) return ''
  const t = typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v)
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)

export function requestsCsv(path: string, report: LoadReport): Readable {
  async function* rows(): AsyncGenerator<string> {
    yield `${HEAD.join(',')}\n`
    const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })
    for await (const line of lines) {
      if (!line) continue
      let r: RecordedRequest
      try {
        r = JSON.parse(line) as RecordedRequest
      } catch {
        continue
      }
      const m = requestMetrics(r)
      const level = report.levels.find((l) => l.step === r.step)
      const target = report.targets[level?.targetIndex ?? 0]
      yield `${[
        r.index,
        target ? targetLabel(target, target.profile) : '',
        level ? levelLabel(level.mode, level.level) : '',
        r.warmup,
        r.sentAt,
        m.clientWaitMs,
        m.ttftMs,
        m.tpotMs,
        m.e2eMs,
        mean(m.itlFrameMs),
        mean(m.itlTokenMs),
        m.outputTokens,
        m.outputTokensSource,
        m.tokPerSecAfterFirst,
        m.tokPerSecWhole,
        r.promptTokens,
        r.httpStatus,
        r.error ?? '',
        r.message?.slice(0, 500),
        ...costCells(r.cost),
      ]
        .map(cell)
        .join(',')}\n`
    }
  }
  return Readable.from(rows())
}

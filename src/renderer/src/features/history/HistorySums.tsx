// Totals of the runs the filters show: runs, tokens and cost summed by day, model or profile (by main, over every
// matching run, not just the rows loaded), drawn as a bar chart whose bars name their value on hover, with the
// grand totals beside it. Cost sums say when the runs' costs are in more than one currency.
import { useState } from 'react'
import { HISTORY_SUM_BYS, type HistorySumBy } from '../../../../shared/ipc/history'
import { useHistoryStore, type HistorySums as Sums } from '../../stores/history'
import { formatCost } from './runFacts'

type Measure = 'runs' | 'tokens' | 'cost'
const BY_LABELS: Record<HistorySumBy, string> = { day: 'Day', model: 'Model', profile: 'Profile' }
const MEASURE_LABELS: Record<Measure, string> = { runs: 'Runs', tokens: 'Tokens', cost: 'Cost' }
const WIDTH = 640
const HEIGHT = 120
/** The widest a bar is drawn (a tenth of the chart): one day's bar is a bar, not a block across the chart. */
const MAX_BAR = 64
/** Bars named one by one under the chart; more days are named by their first and last. */
const KEYS_LISTED = 12

function valueOf(row: Sums['rows'][number], measure: Measure): number {
  return measure === 'runs'
    ? row.runs
    : measure === 'tokens'
      ? row.inputTokens + row.outputTokens
      : row.costMicros
}

export function HistorySums() {
  const sums = useHistoryStore((s) => s.sums)
  const sumBy = useHistoryStore((s) => s.sumBy)
  const setSumBy = useHistoryStore((s) => s.setSumBy)
  const [measure, setMeasure] = useState<Measure>('runs')
  const rows = sums?.rows ?? []
  const currency = sums?.currencies[0] ?? 'USD'
  const show = (v: number) =>
    measure === 'cost' ? formatCost({ micros: v, currency }) : Math.round(v).toLocaleString()
  const total = rows.reduce((sum, row) => sum + valueOf(row, measure), 0)
  const max = Math.max(1, ...rows.map((row) => valueOf(row, measure)))
  const barWidth = Math.min(rows.length ? WIDTH / rows.length : WIDTH, MAX_BAR)
  return (
    <details className="history-sums" open>
      <summary>Totals</summary>
      <div className="history-sums-controls toolbar">
        <label>
          By
          <select
            aria-label="Sum by"
            value={sumBy}
            onChange={(e) => setSumBy(e.target.value as HistorySumBy)}
          >
            {HISTORY_SUM_BYS.map((by) => (
              <option key={by} value={by}>
                {BY_LABELS[by]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Show
          <select
            aria-label="Measure"
            value={measure}
            onChange={(e) => setMeasure(e.target.value as Measure)}
          >
            {(Object.keys(MEASURE_LABELS) as Measure[]).map((m) => (
              <option key={m} value={m}>
                {MEASURE_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <span className="small muted" data-testid="history-sums-total">
          {sums
            ? `${MEASURE_LABELS[measure]}: ${show(total)} in ${rows.length} ${BY_LABELS[sumBy].toLowerCase()}${rows.length === 1 ? '' : 's'} · ${sums.tookMs} ms`
            : 'Summing…'}
        </span>
        {measure === 'cost' && sums && sums.currencies.length > 1 && (
          <span className="small history-sums-warn">
            Costs in {sums.currencies.join(', ')} are added as one.
          </span>
        )}
      </div>
      {rows.length > 0 && (
        <svg
          className="history-chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${MEASURE_LABELS[measure]} by ${BY_LABELS[sumBy].toLowerCase()}: ${show(total)} in all`}
        >
          {rows.map((row, i) => {
            const h = (valueOf(row, measure) / max) * (HEIGHT - 4)
            return (
              <rect
                key={row.key}
                x={i * barWidth + barWidth * 0.1}
                y={HEIGHT - h}
                width={Math.max(barWidth * 0.8, 0.5)}
                height={h}
              >
                <title>{`${row.key}: ${show(valueOf(row, measure))}`}</title>
              </rect>
            )
          })}
        </svg>
      )}
      {rows.length > 0 && (sumBy !== 'day' || rows.length <= KEYS_LISTED) && (
        <ul className="history-sums-keys small muted" data-testid="history-sums-keys">
          {rows.slice(0, KEYS_LISTED).map((row) => (
            <li key={row.key}>
              {row.key}: {show(valueOf(row, measure))}
            </li>
          ))}
        </ul>
      )}
      {sumBy === 'day' && rows.length > KEYS_LISTED && (
        <p className="history-sums-keys small muted" data-testid="history-sums-keys">
          From {rows[0]!.key} (left) to {rows.at(-1)!.key} (right)
        </p>
      )}
    </details>
  )
}

// A column's numbers once it ran: TTFT, total time, output tokens per second, the four token counts its format
// reported, what it cost, the stop reason and the status. A number the run did not produce shows as a dash, never as zero.
import { reportedUsage } from '../../../../shared/wire/reportedUsage'
import { storedCostText } from '../../../../shared/cost/money'
import type { RunView } from '../../stores/runs'

const STATUS: Record<RunView['status'], string> = {
  running: 'streaming',
  done: 'done',
  error: 'failed',
  aborted: 'stopped',
  incomplete: 'incomplete',
}

const show = (v: number | null | undefined, unit = '') =>
  v === null || v === undefined ? '—' : `${v}${unit}`

/** The column's cost as main priced it; "no price" when no price applies to its model. */
function costCell(cost: NonNullable<RunView['summary']>['cost']): string {
  if (!cost) return '—'
  if (cost.kind === 'unbilled') return 'failed before billing'
  return cost.kind === 'priced' ? storedCostText(cost) : 'no price'
}

export function ColumnMetrics({ run }: { run: Pick<RunView, 'status' | 'usage' | 'summary' | 'timings'> }) {
  const u = reportedUsage(run.usage ?? run.summary?.usage)
  const t = run.timings
  const cached =
    u && (u.cachedRead !== undefined || u.cacheCreation !== undefined)
      ? (u.cachedRead ?? 0) + (u.cacheCreation ?? 0)
      : undefined
  const items: [string, string][] = [
    ['Status', STATUS[run.status]],
    ['TTFT', show(t?.ttftMs, ' ms')],
    ['Total', t ? `${(t.totalMs / 1000).toFixed(2)} s` : '—'],
    ['Output tok/s', show(t?.tokensPerSecond)],
    ['Input', show(u?.input)],
    ['Output', show(u?.output)],
    ['Reasoning', show(u?.reasoning)],
    ['Cached', show(cached)],
    ['Cost', costCell(run.summary?.cost)],
    ['Stop', run.summary?.stopReason ?? '—'],
  ]
  return (
    <dl className="compare-metrics" data-testid="column-metrics" data-status={run.status}>
      {items.map(([k, v]) => (
        <div key={k} className={k === 'Cost' && v.length > 12 ? 'metric-wide' : undefined}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

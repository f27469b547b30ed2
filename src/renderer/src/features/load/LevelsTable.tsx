// The figures of every level in one table: counts, throughputs, the latency percentiles people read first, both
// output speeds (labelled apart: after the first token, over the whole request), errors by class and goodput.
// Beside each level, Locust's figures for it when its results were imported.
import { Fragment } from 'react'
import type { LevelFigures } from '../../../../shared/load/levels'
import { ERROR_CLASS_LABELS, ERROR_CLASSES, type Stats } from '../../../../shared/load/metrics'
import { levelLabel, targetLabel } from '../../../../shared/load/plan'
import type { LoadReport } from '../../../../shared/load/report'
import type { LocustLevel } from '../../../../shared/ipc/load'
import { billedAmounts, type BilledSum } from '../../../../shared/cost/billed'
import { withoutCostWords } from './LoadCost'

const n = (v: number | null | undefined, digits = 0) =>
  v === null || v === undefined ? '—' : v.toFixed(digits)
const pair = (s: Stats, digits = 0) => `${n(s.p50, digits)} / ${n(s.p95, digits)}`

/** A level's cost so far (warm-up included), the requests without a cost named beneath. */
function LevelCost({ cost }: { cost: BilledSum | undefined }) {
  if (!cost) return <td>—</td>
  const gaps = withoutCostWords(cost)
  return (
    <td data-testid="load-level-cost">
      {billedAmounts(cost) ?? '—'}
      <div className="muted small">
        {[cost.priced > 0 ? `${cost.priced} priced` : '', gaps === 'none' ? '' : gaps]
          .filter(Boolean)
          .join(', ')}
      </div>
    </td>
  )
}

export function LevelsTable({
  levels,
  targets,
  locust,
}: {
  levels: LevelFigures[]
  targets: LoadReport['targets']
  locust: LocustLevel[] | null
}) {
  const sorted = [...levels].sort((a, b) => a.step - b.step)
  const priced = levels.some((l) => l.cost)
  const locustFor = (l: LevelFigures) => {
    const t = targets[l.targetIndex]
    if (!locust || !t) return null
    return locust.find((x) => x.target === targetLabel(t) && x.level === levelLabel(l.mode, l.level)) ?? null
  }
  return (
    <div className="load-table-wrap">
      <table className="load-table" data-testid="load-levels">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Level</th>
            <th scope="col">OK / measured</th>
            <th scope="col">req/s</th>
            <th scope="col">Output tok/s (all requests)</th>
            {priced && <th scope="col">Cost</th>}
            <th scope="col">TTFT p50 / p95 ms</th>
            <th scope="col">TPOT p50 / p95 ms</th>
            <th scope="col">ITL per frame p50 / p95 ms</th>
            <th scope="col">e2e p50 / p95 ms</th>
            <th scope="col">tok/s after the first token (p50)</th>
            <th scope="col">tok/s over the whole request (p50)</th>
            <th scope="col">Errors</th>
            <th scope="col">Goodput</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((l) => {
            const t = targets[l.targetIndex]
            const errors = ERROR_CLASSES.filter((c) => l.errors[c] > 0)
            const lo = locustFor(l)
            const m = lo?.metrics
            return (
              <Fragment key={l.step}>
                <tr>
                  <th scope="row">{t ? targetLabel(t, targets.length > 1 ? t.profile : undefined) : '?'}</th>
                  <td>{levelLabel(l.mode, l.level)}</td>
                  <td>
                    {l.ok} / {l.measured}
                    {l.stopped > 0 && <span className="muted small"> ({l.stopped} stopped)</span>}
                  </td>
                  <td>{n(l.requestThroughput, 2)}</td>
                  <td>{n(l.outputTokenThroughput, 1)}</td>
                  {priced && <LevelCost cost={l.cost} />}
                  <td>{pair(l.ttftMs, 1)}</td>
                  <td>{pair(l.tpotMs, 2)}</td>
                  <td>{pair(l.itlFrameMs, 2)}</td>
                  <td>{pair(l.e2eMs)}</td>
                  <td>{n(l.tokPerSecAfterFirst.p50, 1)}</td>
                  <td>{n(l.tokPerSecWhole.p50, 1)}</td>
                  <td className={errors.length ? 'load-bad' : undefined}>
                    {errors.length
                      ? errors.map((c) => `${ERROR_CLASS_LABELS[c]}: ${l.errors[c]}`).join(', ')
                      : '0'}
                    {l.errorRate ? ` (${(l.errorRate * 100).toFixed(1)} %)` : ''}
                  </td>
                  <td>
                    {l.goodput.share === null ? '—' : `${(l.goodput.share * 100).toFixed(1)} %`}
                    {l.outputTokensFrom.tokenizer > 0 && (
                      <span
                        className="muted small"
                        title="Output tokens counted by the local tokenizer where the gateway reported no usage"
                      >
                        {' '}
                        · {l.outputTokensFrom.tokenizer} by tokenizer
                      </span>
                    )}
                  </td>
                </tr>
                {m && (
                  <tr className="load-locust-row" data-testid="load-locust-row">
                    <th scope="row" className="muted">
                      Locust
                    </th>
                    <td>{lo.level}</td>
                    <td>
                      {(m.E2E?.count ?? 0) - (m.E2E?.failures ?? 0)} / {m.E2E?.count ?? 0}
                    </td>
                    <td>{n(m.E2E?.perSecond, 2)}</td>
                    <td>—</td>
                    {priced && <td />}
                    <td>
                      {n(m.TTFT?.p50)} / {n(m.TTFT?.p95)}
                    </td>
                    <td>
                      {n(m.TPOT?.p50)} / {n(m.TPOT?.p95)} (mean {n(m.TPOT?.mean, 2)})
                    </td>
                    <td>
                      {n(m.ITL?.p50)} / {n(m.ITL?.p95)}
                    </td>
                    <td>
                      {n(m.E2E?.p50)} / {n(m.E2E?.p95)}
                    </td>
                    <td colSpan={2}>tokens per request: {n(m.TOKENS?.mean, 1)}</td>
                    <td>{m.E2E?.failures ?? 0}</td>
                    <td />
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

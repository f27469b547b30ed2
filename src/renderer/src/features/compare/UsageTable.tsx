// Usage reconciliation: each column's reported input, output, reasoning and cached tokens beside the messages
// format's count_tokens and the local estimate for the same draft, with the differences (shared/compare/reconcile).
import { useMemo } from 'react'
import { reconcile, sameModelWords, signed, vsCheapestText } from '../../../../shared/compare/reconcile'
import { storedCostText } from '../../../../shared/cost/money'
import { FORMAT_LABELS } from '../../../../shared/format'
import { columnLabel, countTokens, useCompareStore } from '../../stores/compare'

export function UsageTable() {
  const columns = useCompareStore((s) => s.columns)
  const columnRuns = useCompareStore((s) => s.columnRuns)
  const counts = useCompareStore((s) => s.counts)
  // Usage arrives once or twice per run, so this table re-renders rarely while the columns stream.
  const usageKey = useCompareStore((s) =>
    s.columns
      .map((c) => {
        const run = s.runs[s.columnRuns[c.id] ?? '']
        return JSON.stringify([
          run?.usage ?? null,
          run?.summary?.cost?.kind === 'priced' ? run.summary.cost.micros : null,
        ])
      })
      .join('|'),
  )
  const table = useMemo(
    () =>
      reconcile(
        columns.map((c, i) => {
          const run = useCompareStore.getState().runs[columnRuns[c.id] ?? '']
          return {
            label: columnLabel(c, i),
            format: c.format,
            model: c.model,
            usage: run?.usage,
            cost: run?.summary?.cost,
          }
        }),
        { server: counts.server, estimate: counts.estimate },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, columnRuns, usageKey, counts],
  )
  return (
    <section className="compare-usage" aria-label="Usage reconciliation">
      <p className="small">
        <button className="ghost" onClick={() => void countTokens()} disabled={counts.busy}>
          {counts.busy ? 'Counting…' : 'Count tokens'}
        </button>{' '}
        count_tokens (messages format): <strong data-testid="count-server">{counts.server ?? '—'}</strong> ·
        local estimate: <strong data-testid="count-estimate">{counts.estimate ?? '—'}</strong>
        {counts.serverError && (
          <span className="field-error"> · count_tokens failed: {counts.serverError}</span>
        )}
        {counts.note && (
          <span className="muted" data-testid="count-note" role="status">
            {' '}
            · {counts.note}
          </span>
        )}
        {table.inputSpread !== null && (
          <span className="muted"> · input spread across formats {table.inputSpread}</span>
        )}
      </p>
      {table.sameModel.map((m) => (
        <p key={`${m.model} ${m.currency}`} className="small" data-testid="same-model-cost">
          {sameModelWords(m, (f) => FORMAT_LABELS[f])}
        </p>
      ))}
      <div className="table-scroll">
        <table className="compare-usage-table">
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Input</th>
              <th scope="col">− count_tokens</th>
              <th scope="col">− estimate</th>
              <th scope="col">Output</th>
              <th scope="col">Δ output vs first</th>
              <th scope="col">Reasoning</th>
              <th scope="col">Cached</th>
              <th scope="col">Cost</th>
              <th scope="col">vs cheapest (same model)</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.label} data-testid="usage-row">
                <th scope="row">{r.label}</th>
                {r.reported ? (
                  <>
                    <td>{r.input ?? '—'}</td>
                    <td>{signed(r.inputVsServer)}</td>
                    <td>{signed(r.inputVsEstimate)}</td>
                    <td>{r.output ?? '—'}</td>
                    <td>{signed(r.outputVsFirst)}</td>
                    <td>{r.reasoning ?? '—'}</td>
                    <td>{r.cached ?? '—'}</td>
                  </>
                ) : (
                  <td colSpan={7} className="muted" data-testid="usage-not-reported">
                    not reported (the answer carried no usage, or only zeros)
                  </td>
                )}
                <td data-testid="usage-cost">{r.cost ? storedCostText(r.cost) : '—'}</td>
                <td>{vsCheapestText(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

// What a finished load test cost: each target's requests at its profile's prices (from the usage each answer
// reported; warm-up included, since the gateway bills it) and the run's total, with the requests that have no cost
// counted by why (no price, usage not reported, failed before billing). A run kept before runs were priced shows
// nothing here.
import { billedAmounts, billedSumWords, type BilledSum } from '../../../../shared/cost/billed'
import { targetLabel } from '../../../../shared/load/plan'
import { reportCost, type LoadReport } from '../../../../shared/load/report'

const unbilledWords = (sum: BilledSum) => (sum.unbilled ? `${sum.unbilled} failed before billing` : '')

export function LoadCost({ report }: { report: LoadReport }) {
  const total = reportCost(report)
  if (!total) return null
  return (
    <details className="load-cost" open>
      <summary>
        <span data-testid="load-cost">Cost: {billedSumWords(total, 'nothing billed')}</span>
        {total.unbilled > 0 && <span className="muted small"> · {unbilledWords(total)}</span>}
      </summary>
      <table className="load-cost-table" aria-label="Cost by target">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Priced requests</th>
            <th scope="col">Cost</th>
            <th scope="col">Without a cost</th>
          </tr>
        </thead>
        <tbody>
          {report.targets.map((t, i) => {
            const sum = t.cost
            return (
              <tr key={i}>
                <th scope="row">{targetLabel(t, t.profile)}</th>
                <td>{sum ? sum.priced : '—'}</td>
                <td data-testid="load-target-cost">{(sum && billedAmounts(sum)) ?? '—'}</td>
                <td className="muted">
                  {sum
                    ? [
                        sum.unpriced ? `${sum.unpriced} without a price` : '',
                        sum.unreported ? `${sum.unreported} usage not reported` : '',
                        unbilledWords(sum),
                      ]
                        .filter(Boolean)
                        .join(', ') || 'none'
                    : '—'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </details>
  )
}

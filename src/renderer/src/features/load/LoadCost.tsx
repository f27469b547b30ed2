// What a load test costs: each target's requests at its profile's prices (from the usage each answer reported;
// warm-up included, since the gateway bills it) and the run's total, with the requests that have no cost counted
// by why (no price, usage not reported, failed before billing). Live while the run goes (main sends each target's
// sum with its progress, a few times a second), final once it ends. A run kept before runs were priced shows
// nothing here.
import {
  billedAmounts,
  billedSumWords,
  mergeBilledSums,
  type BilledSum,
} from '../../../../shared/cost/billed'
import { targetLabel } from '../../../../shared/load/plan'
import type { ReportTarget } from '../../../../shared/load/report'

type Target = Pick<ReportTarget, 'profile' | 'model' | 'format' | 'stream'>

const unbilledWords = (sum: BilledSum) => (sum.unbilled ? `${sum.unbilled} failed before billing` : '')

/** The requests of a sum without a cost, by why, in words ('none' when every one was priced). */
export function withoutCostWords(sum: BilledSum): string {
  return (
    [
      sum.unpriced ? `${sum.unpriced} without a price` : '',
      sum.unreported ? `${sum.unreported} usage not reported` : '',
      unbilledWords(sum),
    ]
      .filter(Boolean)
      .join(', ') || 'none'
  )
}

/** The run's cost so far in a few words, for the status line: `$0.000341`, `unknown (3 without a price)`. */
export const costSoFar = (costs: readonly BilledSum[]): string =>
  billedSumWords(mergeBilledSums(costs), 'nothing billed yet')

export function LoadCost({
  targets,
  costs,
  live,
}: {
  targets: readonly Target[]
  costs: readonly BilledSum[]
  live: boolean
}) {
  const total = mergeBilledSums(costs)
  return (
    <details className="load-cost" open>
      <summary>
        <span data-testid="load-cost">
          {live ? 'Cost so far' : 'Cost'}:{' '}
          {billedSumWords(total, live ? 'nothing billed yet' : 'nothing billed')}
        </span>
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
          {targets.map((t, i) => {
            const sum = costs[i]
            return (
              <tr key={i}>
                <th scope="row">{targetLabel(t, t.profile)}</th>
                <td>{sum ? sum.priced : '—'}</td>
                <td data-testid="load-target-cost">{(sum && billedAmounts(sum)) ?? '—'}</td>
                <td className="muted">{sum ? withoutCostWords(sum) : '—'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </details>
  )
}

// The estimate of batch work in words, before Start: the total (per currency; "≈": every answer is counted at its
// max tokens, but each request by the local tokenizer, which a gateway's own count can pass by a few tokens, so it
// is no ceiling and says so), each profile's share when there are several, what has no price and what the figures
// leave out, and each profile's budget this month. And the question asked when the work would pass
// a budget, and whether Start asks (and why not). Pure, so the panels, the dialog and their tests read the same words.
import type { WorkEstimate } from '../../../../shared/cost/estimate'
import { formatMoney } from '../../../../shared/cost/money'

function amounts(byCurrency: Record<string, number>): string {
  return Object.entries(byCurrency)
    .map(([currency, micros]) => formatMoney(micros, currency))
    .join(' + ')
}

function total(estimates: readonly WorkEstimate[]): Record<string, number> {
  const sum: Record<string, number> = {}
  for (const e of estimates)
    for (const [currency, micros] of Object.entries(e.byCurrency))
      sum[currency] = (sum[currency] ?? 0) + micros
  return sum
}

/** `Local simulator: $1.20 spent this month of a $5.00 budget, $3.80 left`. */
export function budgetWords(e: WorkEstimate): string | null {
  const b = e.budget
  if (!b) return null
  const currency = b.budget.currency
  const budget = Math.round(b.budget.amount * 1_000_000)
  const left = budget - b.spentMicros
  const state = b.over
    ? `this run would pass it by ${formatMoney(b.spentMicros + b.estimateMicros - budget, currency)}`
    : `${formatMoney(Math.max(0, left), currency)} left`
  return `${e.profile}: ${formatMoney(b.spentMicros, currency)} spent this month of a ${formatMoney(budget, currency)} budget, ${state}`
}

/** Whether Start will ask, and why not when it will not: past a budget, nothing priced, under it, or no budget set. */
function askWords(estimates: readonly WorkEstimate[]): string {
  if (estimates.some((e) => e.budget?.over)) return 'Past the budget: you are asked before it starts.'
  const priced = estimates.filter((e) => Object.keys(e.byCurrency).length)
  if (!priced.length) return 'Nothing priced: nothing is asked before it starts.'
  const unbudgeted = priced.filter((e) => !e.budget).map((e) => e.profile)
  if (!unbudgeted.length) return 'Under the budget: nothing is asked before it starts.'
  const rest = priced.length > unbudgeted.length ? ', the rest is under budget' : ''
  return `No monthly budget for ${unbudgeted.join(', ')} (Settings → Prices)${rest}: nothing is asked before it starts.`
}

/** The estimate line a panel shows before Start. */
export function estimateWords(
  estimates: readonly WorkEstimate[],
  leftOut: readonly string[] = [],
  assumed: readonly string[] = [],
): string {
  const sum = total(estimates)
  const unpriced = [...new Set(estimates.flatMap((e) => e.unpriced))]
  const parts: string[] = []
  if (Object.keys(sum).length) {
    const shares =
      estimates.length > 1
        ? ` (${estimates
            .filter((e) => Object.keys(e.byCurrency).length)
            .map((e) => `${e.profile} ${amounts(e.byCurrency)}`)
            .join(', ')})`
        : ''
    parts.push(`Cost estimate: ≈ ${amounts(sum)}, every answer counted at its max tokens${shares}.`)
    // Requests are counted by this computer's tokenizer; a gateway's own count is often a few tokens more, so the
    // figure is no ceiling (the answers at their max tokens usually keep it above what is billed).
    parts.push("Requests are counted on this computer: the gateway's count may be a few tokens higher.")
  } else parts.push('Cost estimate: nothing here has a price.')
  if (unpriced.length)
    parts.push(`No price for ${unpriced.join(', ')}: not counted (set prices in Settings → Prices).`)
  if (assumed.length) parts.push(`Assumed: ${assumed.join('; ')}.`)
  if (leftOut.length) parts.push(`Not in the figures: ${leftOut.join('; ')}.`)
  for (const e of estimates) {
    const words = budgetWords(e)
    if (words) parts.push(`${words}.`)
  }
  parts.push(askWords(estimates))
  return parts.join(' ')
}

/**
 * The question asked before work that would pass a profile's monthly budget; null when none would pass. `action`
 * words the way on: a batch asks "Start it anyway?", Text's Send "Send it anyway?".
 */
export function budgetQuestion(
  estimates: readonly WorkEstimate[],
  what: string,
  action: { ask: string; confirm: string } = { ask: 'Start it anyway?', confirm: 'Start anyway' },
): { title: string; message: string; confirm: string } | null {
  const over = estimates.filter((e) => e.budget?.over)
  if (!over.length) return null
  return {
    title: 'Over the monthly budget',
    message: `${what} is estimated at ≈ ${amounts(total(estimates))}. ${over
      .map((e) => `${budgetWords(e)}.`)
      .join(' ')} ${action.ask}`,
    confirm: action.confirm,
  }
}

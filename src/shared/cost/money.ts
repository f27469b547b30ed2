// Money in words and sums: amounts are kept in micro-units of their currency (integers), shown with the
// currency's sign and as many decimals as the amount needs (at least 2, at most 6, so one token's cost is
// visible), and added up per currency: amounts in two currencies are never summed into one figure.
import type { RunCost, StoredCost } from './runCost'

const formats = new Map<string, Intl.NumberFormat>()
function numberFormat(currency: string): Intl.NumberFormat {
  let f = formats.get(currency)
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 6,
      })
    } catch {
      f = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })
    }
    formats.set(currency, f)
  }
  return f
}

/** `$0.004215`, `€1.50`: micro-units of a currency in words. */
export function formatMoney(micros: number, currency: string): string {
  const text = numberFormat(currency).format(micros / 1_000_000)
  return /^[A-Z]{3}$/.test(currency) && !/[^\d.,\s-]/.test(text) ? `${text} ${currency}` : text
}

/** A price as typed in the table (per unit, in currency units): `$2.50`. */
export function formatRate(rate: number, currency: string): string {
  return formatMoney(Math.round(rate * 1_000_000), currency)
}

/** A kept cost in words: `$0.004215`, or `≈ $0.004215 (estimate)`. */
export function storedCostText(cost: StoredCost): string {
  const money = formatMoney(cost.micros, cost.currency)
  return cost.estimate ? `≈ ${money} (estimate)` : money
}

/** A cost as the app shows it beside a run: `$0.004215`, `≈ $0.004215 (estimate)`, or why it is unknown. */
export function costText(cost: RunCost | undefined | null): string {
  if (!cost) return ''
  if (cost.kind === 'unpriced') return `cost unknown: ${cost.why}`
  if (cost.kind === 'unbilled') return 'failed before billing, nothing charged'
  return storedCostText(cost)
}

/** Sums per currency, with how many of the amounts were estimates and how many runs had no price. */
export interface CostSum {
  /** Micro-units per currency code, in the order first seen. */
  byCurrency: Record<string, number>
  estimates: number
  priced: number
  unpriced: number
}

export function emptySum(): CostSum {
  return { byCurrency: {}, estimates: 0, priced: 0, unpriced: 0 }
}

/** Adds one cost (a run's, or a stored one) to a sum, answering a new sum. */
export function addCost(sum: CostSum, cost: RunCost | StoredCost | null | undefined): CostSum {
  if (!cost) return sum
  if ('kind' in cost && cost.kind === 'unpriced') return { ...sum, unpriced: sum.unpriced + 1 }
  // A run that failed before billing cost nothing: it adds nothing to a sum.
  if ('kind' in cost && cost.kind === 'unbilled') return sum
  const priced = cost as StoredCost
  return {
    byCurrency: {
      ...sum.byCurrency,
      [priced.currency]: (sum.byCurrency[priced.currency] ?? 0) + priced.micros,
    },
    estimates: sum.estimates + (priced.estimate ? 1 : 0),
    priced: sum.priced + 1,
    unpriced: sum.unpriced,
  }
}

export function sumCosts(costs: Iterable<RunCost | StoredCost | null | undefined>): CostSum {
  let sum = emptySum()
  for (const c of costs) sum = addCost(sum, c)
  return sum
}

/** A sum in words: `$0.0123 + €0.50`, with "≈" when part of it is estimated, and the runs without a price. */
export function sumText(sum: CostSum): string {
  const amounts = Object.entries(sum.byCurrency).map(([currency, micros]) => formatMoney(micros, currency))
  if (amounts.length === 0) return sum.unpriced ? `unknown (${sum.unpriced} without a price)` : '—'
  const text = `${sum.estimates ? '≈ ' : ''}${amounts.join(' + ')}`
  return sum.unpriced ? `${text} (+ ${sum.unpriced} without a price)` : text
}

/** Percent more (positive) or less (negative) than a base amount, rounded; null when there is no base. */
export function percentOver(micros: number, base: number): number | null {
  if (base <= 0) return null
  return Math.round(((micros - base) / base) * 100)
}

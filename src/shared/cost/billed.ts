// What one piece of batch work (a check probe, a matrix cell) cost, or why its cost is not known: priced from the
// usage the gateway reported (or the local tokenizer's estimate, marked so); no price for its model; usage not
// reported (an answer came and was billed, but its usage said nothing or only zeros: never shown as $0); or
// failed before billing (no answer the gateway bills). The panels and the command lines sum them the same way.
import { z } from 'zod'
import { formatMoney } from './money'
import type { StoredCost } from './storedCost'
import type { RunCost } from './runCost'

export const billedCostSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('priced'),
    /** Unrounded: a few embedded tokens cost a fraction of a micro-unit, and sums of them must not be lost. */
    micros: z.number().min(0),
    currency: z.string().max(16),
    estimate: z.boolean(),
  }),
  z.object({ kind: z.literal('unpriced'), model: z.string().max(200) }),
  z.object({ kind: z.literal('unreported') }),
  z.object({ kind: z.literal('unbilled') }),
])
export type BilledCost = z.infer<typeof billedCostSchema>

/** A priced run's bill at its exact (unrounded) amount, "no price" for its model, or failed before billing. */
export function billedRun(cost: RunCost): BilledCost {
  if (cost.kind === 'unpriced') return { kind: 'unpriced', model: cost.model.slice(0, 200) }
  if (cost.kind === 'unbilled') return { kind: 'unbilled' }
  const micros = cost.lines.reduce((sum, l) => sum + l.micros, 0)
  return { kind: 'priced', micros, currency: cost.currency, estimate: cost.estimate }
}

/** The kept cost of a priced bill (History, the month's spend), else null. */
export const billedStored = (cost: BilledCost | null | undefined): StoredCost | null =>
  cost?.kind === 'priced'
    ? { micros: Math.round(cost.micros), currency: cost.currency, estimate: cost.estimate }
    : null

/** An amount in words; one under half a micro-unit reads `< $0.000001`, never $0.00. */
function money(micros: number, currency: string): string {
  return micros > 0 && micros < 0.5 ? `< ${formatMoney(1, currency)}` : formatMoney(micros, currency)
}

/** One cell's cost in words: `$0.000067`, `≈ $0.000066 (estimate)`, or why it is not known. */
export function billedText(cost: BilledCost): string {
  switch (cost.kind) {
    case 'priced':
      return cost.estimate
        ? `≈ ${money(cost.micros, cost.currency)} (estimate)`
        : money(cost.micros, cost.currency)
    case 'unpriced':
      return 'no price'
    case 'unreported':
      return 'usage not reported'
    case 'unbilled':
      return 'failed before billing'
  }
}

/** Bills summed per currency, with how many were estimated and how many had no cost, by why. */
export type BilledSum = z.infer<typeof billedSumSchema>

const count = z.number().int().min(0)
export const billedSumSchema = z.object({
  byCurrency: z.record(z.string().max(16), z.number().min(0)),
  priced: count,
  estimates: count,
  unpriced: count,
  unreported: count,
  unbilled: count,
})

export const emptyBilledSum = (): BilledSum => ({
  byCurrency: {},
  priced: 0,
  estimates: 0,
  unpriced: 0,
  unreported: 0,
  unbilled: 0,
})

/** Adds one bill to a running sum (in place): a load test sums its requests as they end. */
export function addBilled(sum: BilledSum, c: BilledCost | null | undefined): BilledSum {
  if (!c) return sum
  if (c.kind !== 'priced') {
    sum[c.kind]++
    return sum
  }
  sum.byCurrency[c.currency] = (sum.byCurrency[c.currency] ?? 0) + c.micros
  sum.priced++
  if (c.estimate) sum.estimates++
  return sum
}

export function sumBilled(costs: Iterable<BilledCost | null | undefined>): BilledSum {
  const sum = emptyBilledSum()
  for (const c of costs) addBilled(sum, c)
  return sum
}

/** Sums of sums (a load test's targets into its total). */
export function mergeBilledSums(sums: Iterable<BilledSum | null | undefined>): BilledSum {
  const all = emptyBilledSum()
  for (const s of sums) {
    if (!s) continue
    for (const [currency, micros] of Object.entries(s.byCurrency))
      all.byCurrency[currency] = (all.byCurrency[currency] ?? 0) + micros
    all.priced += s.priced
    all.estimates += s.estimates
    all.unpriced += s.unpriced
    all.unreported += s.unreported
    all.unbilled += s.unbilled
  }
  return all
}

/** A sum in words, as billedSumText words a list of bills. */
export function billedSumWords(sum: BilledSum, none = '—'): string {
  const amounts = billedAmounts(sum)
  const gaps = billedGaps(sum)
  if (!amounts) return gaps.length ? `unknown (${gaps.join(', ')})` : none
  return gaps.length ? `${amounts} (+ ${gaps.join(', ')})` : amounts
}

/** A sum's amounts as kept costs, one per currency, each rounded once (History, the month's spend). */
export function sumStored(sum: BilledSum): StoredCost[] {
  return Object.entries(sum.byCurrency).map(([currency, micros]) => ({
    micros: Math.round(micros),
    currency,
    estimate: sum.estimates > 0,
  }))
}

/** The amounts of a sum: `$0.0123 + €0.50`, `≈` when part of it is estimated; null when nothing was priced. */
export function billedAmounts(sum: BilledSum): string | null {
  const amounts = Object.entries(sum.byCurrency).map(([currency, micros]) => money(micros, currency))
  return amounts.length ? `${sum.estimates ? '≈ ' : ''}${amounts.join(' + ')}` : null
}

/** What a sum leaves out, in words: `2 without a price, 1 usage not reported` (failures before billing cost nothing). */
export function billedGaps(sum: BilledSum): string[] {
  const gaps: string[] = []
  if (sum.unpriced) gaps.push(`${sum.unpriced} without a price`)
  if (sum.unreported) gaps.push(`${sum.unreported} usage not reported`)
  return gaps
}

/** A column's or a run's sum in words: `$0.000268`, `$0.000134 (+ 1 usage not reported)`, `unknown (…)`, `—`. */
export function billedSumText(costs: Iterable<BilledCost | null | undefined>, none = '—'): string {
  return billedSumWords(sumBilled(costs), none)
}

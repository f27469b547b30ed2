// Prices for the command-line tools (`npm run cases`, `npm run check`, `npm run load`): `--prices <file>` reads a price file in
// any of the three shapes Settings imports (LiteLLM's JSON, the CSV, the app's JSON) into a cost service held in
// a temporary folder for the run, so each run is priced in main's way from its reported usage; and the one line
// that says what the run cost, in which currency.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { ModelPrice } from '../../../shared/cost/prices'
import {
  billedAmounts,
  billedGaps,
  sumBilled,
  type BilledCost,
  type BilledSum,
} from '../../../shared/cost/billed'
import { readPriceFile } from './priceImport'
import { PriceStore } from './priceStore'
import { SpendLedger } from './spendLedger'
import { CostService } from './costService'

export const PRICES_OPTION = { prices: { type: 'string' } } as const

export const PRICES_USAGE = `  --prices <file>: prices per model (LiteLLM's JSON, the CSV or the app's price file, as Settings imports) to
  price each run from the usage it reported; the last line says what the run cost.`

/** `--prices <file>` read: its rows, or the problem naming the option; rows it could not read are counted. */
export function readPricesArg(
  path: string | undefined,
  readFile: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): { ok: true; rows: ModelPrice[]; skipped: number } | { ok: false; message: string } {
  if (path === undefined) return { ok: true, rows: [], skipped: 0 }
  let text: string
  try {
    text = readFile(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    return { ok: false, message: `--prices: cannot read ${path}: ${code}` }
  }
  const read = readPriceFile(basename(path), text)
  if (read.rows.length === 0) {
    const first = read.problems[0]
    const why = first
      ? `${first.line !== null ? `line ${first.line}: ` : ''}${first.field}: ${first.rule}`
      : 'it prices no model'
    return { ok: false, message: `--prices ${path}: no price could be read (${why})` }
  }
  return { ok: true, rows: read.rows, skipped: read.problemCount }
}

/** A cost service over a temporary folder whose one profile has the given prices. */
export function cliCostService(dataDir: string, profileId: string, rows: readonly ModelPrice[]): CostService {
  // Saved only at the end of the run at most (the folder is removed with it).
  const prices = new PriceStore({ dataDir, debounceMs: 3_600_000 })
  if (rows.length) prices.putMany(profileId, rows, 'replace')
  return new CostService(prices, new SpendLedger({ dataDir, debounceMs: 3_600_000 }))
}

/**
 * What a run cost in one line: `Spend: $0.000268 (USD) for 4 priced run(s)`, `≈` when part of it is the local
 * tokenizer's estimate, and the runs without a cost counted by why (no price, usage not reported, failed before
 * billing); without prices, how to give them.
 */
export function spendLine(costs: readonly BilledCost[], pricesGiven: boolean): string {
  if (!pricesGiven) return 'Spend: not computed (no prices: give --prices <file>)'
  return `Spend: ${spendWords(sumBilled(costs), 'run')}`
}

/** A sum in the spend line's words: `$0.000268 (USD) for 4 priced request(s), 1 without a price`. */
export function spendWords(sum: BilledSum, what: 'run' | 'request'): string {
  const amounts = billedAmounts(sum)
  const rest = [
    ...(sum.estimates ? [`${sum.estimates} estimated from the local tokenizer`] : []),
    ...billedGaps(sum),
    ...(sum.unbilled ? [`${sum.unbilled} failed before billing`] : []),
  ]
  if (!amounts) return `unknown (${rest.join(', ') || 'nothing was billed'})`
  const currencies = Object.keys(sum.byCurrency).join(', ')
  return `${amounts} (${currencies}) for ${sum.priced} priced ${what}(s)${rest.length ? `, ${rest.join(', ')}` : ''}`
}

// Prices for the command-line tools (`npm run cases`, `npm run check`): `--prices <file>` reads a price file in
// any of the three shapes Settings imports (LiteLLM's JSON, the CSV, the app's JSON) into a cost service held in
// a temporary folder for the run, so each run is priced in main's way from its reported usage; and the one line
// that says what the run cost, in which currency.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { ModelPrice } from '../../../shared/cost/prices'
import type { StoredCost } from '../../../shared/cost/storedCost'
import { sumCosts, sumText } from '../../../shared/cost/money'
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
 * What a run cost in one line: `Spend: $0.000268 (USD) for 4 priced runs`, `≈` when part of it is the local
 * tokenizer's estimate, the runs without a price counted; without prices, how to give them.
 */
export function spendLine(costs: readonly (StoredCost | null)[], pricesGiven: boolean): string {
  const sum = sumCosts(costs)
  const unpriced = costs.length - sum.priced
  if (!pricesGiven) return 'Spend: not computed (no prices: give --prices <file>)'
  if (sum.priced === 0) return `Spend: unknown (no price applies to the ${costs.length} run(s))`
  const currencies = Object.keys(sum.byCurrency).join(', ')
  const amounts = sumText({ ...sum, unpriced: 0 })
  return `Spend: ${amounts} (${currencies}) for ${sum.priced} priced run(s)${
    sum.estimates ? `, ${sum.estimates} estimated from the local tokenizer` : ''
  }${unpriced ? `, ${unpriced} without a cost (no price, or nothing billed)` : ''}`
}

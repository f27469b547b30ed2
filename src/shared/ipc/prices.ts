// The prices domain: each profile's price table (paged, searched, edited row by row, imported from and exported
// to LiteLLM's JSON, CSV and the app's own JSON), its monthly budget, this month's spend per profile, and the
// estimate of batch work described by its runs. Tables are read in pages so no message nears 256 KB (M1).
import { z } from 'zod'
import { defineCommand } from './define'
import { budgetSchema, modelPriceSchema, PRICE_ROWS_MAX } from '../cost/prices'
import { workEstimateSchema, workItemSchema } from '../cost/estimate'

const profileId = z.string().min(1).max(100)

export const PRICE_FILE_KINDS = ['litellm', 'csv', 'app'] as const
export type PriceFileKind = (typeof PRICE_FILE_KINDS)[number]
export const PRICE_FILE_LABELS: Record<PriceFileKind, string> = {
  litellm: "LiteLLM's model_prices_and_context_window.json",
  csv: 'CSV',
  app: "This app's JSON",
}

/** A row of an imported file that was left out: where (line from 1, when known), which field, which rule. */
export const priceProblemSchema = z.object({
  line: z.number().nullable(),
  model: z.string().nullable(),
  field: z.string(),
  rule: z.string(),
})
export type PriceProblem = z.infer<typeof priceProblemSchema>

export const PRICE_PAGE_MAX = 200

export const spendEntrySchema = z.object({
  micros: z.number(),
  /** The part of `micros` that was estimated (runs whose usage was not reported). */
  estimatedMicros: z.number(),
  runs: z.number(),
})
export type SpendEntry = z.infer<typeof spendEntrySchema>

export const profileSpendSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  /** Spend this month per currency. */
  byCurrency: z.record(z.string(), spendEntrySchema),
  /** Runs this month whose model had no price: how many, and the first models named (null: none). */
  unpriced: z.object({ runs: z.number(), models: z.array(z.string()).max(20) }).nullable(),
  budget: budgetSchema.nullable(),
})
export type ProfileSpend = z.infer<typeof profileSpendSchema>

export const pricesCommands = {
  /** A page of a profile's price rows (by model id), searched by words of the id. */
  'prices.listPrices': defineCommand(
    z.object({
      profileId,
      query: z.string().max(200).optional(),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(PRICE_PAGE_MAX),
    }),
    z.object({
      total: z.number(),
      /** Rows in the table, whatever the query. */
      size: z.number(),
      rows: z.array(modelPriceSchema),
      budget: budgetSchema.nullable(),
    }),
  ),
  /** Adds or replaces one row (by model id; `previousModel` when the id itself was changed). Typed rows are `user`. */
  'prices.putPrice': defineCommand(
    z.object({ profileId, price: modelPriceSchema, previousModel: z.string().max(200).optional() }),
    z.object({ price: modelPriceSchema, size: z.number() }),
  ),
  'prices.deletePrices': defineCommand(
    z.object({ profileId, models: z.array(z.string().max(200)).min(1).max(PRICE_ROWS_MAX) }),
    z.object({ deleted: z.number(), size: z.number() }),
  ),
  /**
   * Reads a file imported into the media store (media.beginImport …) as prices: `merge` replaces the rows of the
   * models it names and keeps the others, `replace` takes the file's rows only. Bad rows are named and left out.
   */
  'prices.importFile': defineCommand(
    z.object({
      profileId,
      mediaId: z.string().regex(/^[a-f0-9]{32}$/, 'mediaId: an imported file'),
      kind: z.enum(PRICE_FILE_KINDS).optional(),
      mode: z.enum(['merge', 'replace']),
    }),
    z.object({
      kind: z.enum(PRICE_FILE_KINDS),
      imported: z.number(),
      withoutPrice: z.number(),
      problems: z.array(priceProblemSchema),
      problemCount: z.number(),
      size: z.number(),
    }),
  ),
  /** Writes a profile's table as a file in one of the three shapes and answers a link to it. */
  'prices.exportPrices': defineCommand(
    z.object({ profileId, kind: z.enum(PRICE_FILE_KINDS) }),
    z.object({
      url: z.string(),
      name: z.string(),
      bytes: z.number(),
      rows: z.number(),
      /** Rows the shape cannot carry (LiteLLM's is in USD only). */
      skipped: z.number(),
    }),
  ),
  /** Sets (or with null, removes) a profile's monthly budget. */
  'prices.setBudget': defineCommand(
    z.object({ profileId, budget: budgetSchema.nullable() }),
    z.object({ budget: budgetSchema.nullable() }),
  ),
  /** This month's spend per profile (from the cost of every run and job as it ended), with each budget. */
  'prices.getSpend': defineCommand(
    z.object({}),
    z.object({ month: z.string(), profiles: z.array(profileSpendSchema) }),
  ),
  /** The estimate of batch work described by its runs (the load test, evals), weighed against the budget. */
  'prices.estimateWork': defineCommand(
    z.object({ profileId, items: z.array(workItemSchema).min(1).max(200) }),
    workEstimateSchema,
  ),
}

// The estimate of batch work before it starts (a case matrix, a check with paid probes, a load test, an eval)
// and the budget it is weighed against: per item the runs, the tokens (or seconds, images) it is expected to
// bill and their cost at the profile's prices, the total per currency, and whether this month's spend plus the
// estimate would pass the profile's monthly budget. Main builds it; the panels show it and ask when it passes.
import { z } from 'zod'
import { runCostSchema } from './runCost'
import { budgetSchema } from './prices'

/** Items an estimate lists at most (a larger batch is summed into its last item). */
export const ESTIMATE_ITEMS_MAX = 200

export const estimateItemSchema = z.object({
  /** `chat · gpt-4o`, `video · famA-2`. */
  label: z.string(),
  model: z.string(),
  runs: z.number(),
  /** Expected input and output tokens over all its runs (0 for items billed by image or second). */
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** The estimate of all its runs together (always marked estimate). */
  cost: runCostSchema,
})
export type EstimateItem = z.infer<typeof estimateItemSchema>

export const budgetCheckSchema = z.object({
  budget: budgetSchema,
  /** Spent this month on the profile, in the budget's currency, micro-units. */
  spentMicros: z.number(),
  /** The estimate in the budget's currency, micro-units. */
  estimateMicros: z.number(),
  /** True when spent + estimate passes the budget. */
  over: z.boolean(),
})

export const workEstimateSchema = z.object({
  profileId: z.string(),
  profile: z.string(),
  items: z.array(estimateItemSchema).max(ESTIMATE_ITEMS_MAX),
  /** Micro-units per currency over every priced item. */
  byCurrency: z.record(z.string(), z.number()),
  /** Models the estimate could not price (no price set): their cost is not in the total. */
  unpriced: z.array(z.string()),
  budget: budgetCheckSchema.nullable(),
})
export type WorkEstimate = z.infer<typeof workEstimateSchema>

/** One kind of run in a batch, as a caller describes it (a load test: its format, model and request count). */
export const workItemSchema = z.object({
  label: z.string().max(200).optional(),
  format: z.enum(['chat', 'responses', 'messages', 'native']),
  model: z.string().trim().min(1, 'model: name the model').max(200),
  runs: z.number().int().min(1).max(10_000_000),
  /** Input tokens of one run (count the draft with text.countTokens, or estimate). */
  inputTokens: z.number().int().min(0).max(100_000_000),
  /** Output tokens one run is expected to bill (its max tokens, for an upper bound). */
  outputTokens: z.number().int().min(0).max(100_000_000),
})
export type WorkItem = z.infer<typeof workItemSchema>

/** Batch work on one profile, as a panel describes it before Start (main estimates it per profile). */
export interface ProfileWork {
  profileId: string
  items: WorkItem[]
}

/** What a panel knows of its batch before Start: the runs per profile, and what the estimate leaves out. */
export interface PlannedWork {
  work: ProfileWork[]
  /** In words, what is not in the figures ("the embedding targets", "the prompts' input tokens"). */
  leftOut: string[]
}

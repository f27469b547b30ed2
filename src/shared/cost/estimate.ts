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

const label = z.string().max(200).optional()
const model = z.string().trim().min(1, 'model: name the model').max(200)
const runs = z.number().int().min(1).max(10_000_000)
const tokens = z.number().int().min(0).max(100_000_000)

/** One kind of text run in a batch, as a caller describes it (a load test: its format, model and request count). */
const textWorkItemSchema = z.object({
  kind: z.literal('text').optional(),
  label,
  format: z.enum(['chat', 'responses', 'messages', 'native']),
  model,
  runs,
  /** Input tokens of one run (count the draft with text.countTokens, or estimate). */
  inputTokens: tokens,
  /** Output tokens one run is expected to bill (its max tokens, for an upper bound). */
  outputTokens: tokens,
})

/** Runs billed otherwise: embedded tokens, rerank searches, images made, seconds of video at a resolution. */
const otherWorkItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedding'), label, model, runs, inputTokens: tokens }),
  z.object({ kind: z.literal('rerank'), label, model, runs }),
  z.object({ kind: z.literal('images'), label, model, runs, images: z.number().int().min(1).max(1000) }),
  z.object({
    kind: z.literal('video'),
    label,
    model,
    runs,
    seconds: z.number().min(0).max(100_000),
    resolution: z.string().max(40).nullable(),
  }),
])

export const workItemSchema = z.union([textWorkItemSchema, otherWorkItemSchema])
export type WorkItem = z.infer<typeof workItemSchema>

/** Batch work on one profile, as a panel describes it before Start (main estimates it per profile). */
const profileWorkSchema = z.object({
  profileId: z.string().max(100),
  items: z.array(workItemSchema).max(100_000),
})
export type ProfileWork = z.infer<typeof profileWorkSchema>

/**
 * What a panel knows of its batch before Start: the runs per profile, what the estimate leaves out, and what it
 * assumes (in words: "the answers of 2 cases with no max tokens at 1,024 tokens each").
 */
export const plannedWorkSchema = z.object({
  work: z.array(profileWorkSchema).max(200),
  leftOut: z.array(z.string().max(400)).max(20),
  assumed: z.array(z.string().max(400)).max(20).optional(),
})
export type PlannedWork = z.infer<typeof plannedWorkSchema>

/** Planned work main makes (from a suite's cases, a check's probes), named by a key that changes with it. */
export interface PlanSource {
  key: string
  load: () => Promise<PlannedWork>
}

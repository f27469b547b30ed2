// Canned tool results: a fixed result saved per tool (typed, or kept from a real run) that answers a model's call
// without running the tool, to test how a model handles a result on its own. Each tool of a server is asked
// first, run without asking, or answered with its canned result; main keeps the results, bounded per result,
// per server and in all.
import { z } from 'zod'
import { CANNED_BOUNDS } from './cannedModes'

export const cannedResultSchema = z.object({
  text: z
    .string()
    .max(
      CANNED_BOUNDS.chars,
      `text: a canned result is at most ${CANNED_BOUNDS.chars.toLocaleString('en-US')} characters`,
    ),
  /** Sent as the format's error result (the tool "failed"). */
  isError: z.boolean().default(false),
})
export type CannedResult = z.output<typeof cannedResultSchema>

/** What a server's view says of one canned result (its text is read on demand). */
export const cannedSummarySchema = z.object({
  tool: z.string(),
  chars: z.number(),
  isError: z.boolean(),
  savedAt: z.number(),
})
export type CannedSummary = z.infer<typeof cannedSummarySchema>

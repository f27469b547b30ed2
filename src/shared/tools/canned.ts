// Canned tool results: a fixed result saved per tool (typed, or kept from a real run) that answers a model's call
// without running the tool, to test how a model handles a result on its own. Each tool of a server is asked
// first, run without asking, or answered with its canned result; main keeps the results, bounded per result,
// per server and in all.
import { z } from 'zod'

export const CANNED_BOUNDS = {
  /** Characters of one canned result (the same bound as a result a server sends back). */
  chars: 100_000,
  /** Canned results per server. */
  perServer: 200,
  /** Characters of every canned result of every server together. */
  totalChars: 2_000_000,
} as const

/** How a model's call to a tool is answered: ask the user, run it on its server, or send its canned result. */
export const TOOL_MODES = ['ask', 'run', 'canned'] as const
export type ToolMode = (typeof TOOL_MODES)[number]

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

/** A tool's mode from a server's view: run without asking, answered with its canned result, or ask. */
export function toolMode(
  view: { alwaysAllow: readonly string[]; answerCanned: readonly string[] },
  tool: string,
): ToolMode {
  if (view.answerCanned.includes(tool)) return 'canned'
  if (view.alwaysAllow.includes(tool)) return 'run'
  return 'ask'
}

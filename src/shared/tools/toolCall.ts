// A tool call's outcome: the text the model gets back (its format's tool result, or its error result when
// `isError`), and why a call failed when it did not return at all. Shared by the Settings page's "Try it", the
// tool rounds of Text and Compare, and Cases.
import { z } from 'zod'

export const TOOL_FAILURES = ['timeout', 'closed', 'refused', 'stopped', 'not-connected', 'protocol'] as const

export const toolOutcomeSchema = z.object({
  /** What goes back to the model (cut to a bound, the cut said in it). */
  text: z.string(),
  /** The tool reported an error, or the call failed: sent as the format's error result. */
  isError: z.boolean(),
  /** The call itself failed rather than the tool reporting an error. */
  failure: z.enum(TOOL_FAILURES).optional(),
  ms: z.number(),
  /** Characters of the whole result before any cut. */
  chars: z.number(),
  /** What the result held beside text, in words ("image image/png (1.2 KB)"). */
  notes: z.array(z.string()),
  /** Answered with the tool's canned result; the tool did not run. */
  canned: z.boolean().optional(),
})
export type ToolOutcome = z.infer<typeof toolOutcomeSchema>

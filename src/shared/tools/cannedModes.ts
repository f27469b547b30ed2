// How a model's call to a tool is answered (ask, run, or the canned result) and the bounds of canned results, as
// plain values with no schema: the Text panel reads a tool's mode at start, and the schemas (canned.ts) stay out of
// its first load.
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

/** A tool's mode from a server's view: run without asking, answered with its canned result, or ask. */
export function toolMode(
  view: { alwaysAllow: readonly string[]; answerCanned: readonly string[] },
  tool: string,
): ToolMode {
  if (view.answerCanned.includes(tool)) return 'canned'
  if (view.alwaysAllow.includes(tool)) return 'run'
  return 'ask'
}

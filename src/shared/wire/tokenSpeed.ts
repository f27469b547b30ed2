// Output tokens per second, one rule for every place that shows a speed (Text, Compare, the Gateway check):
// output tokens over the time from the first content to the end of the answer. Under 50 ms of generation the
// figure says nothing (a whole answer in one frame reads as millions of tokens per second), and zero or absent
// output is "not reported", so both give null.
export const MIN_GENERATION_MS = 50

export function tokensPerSecond(
  outputTokens: number | null | undefined,
  generationMs: number,
): number | null {
  if (!outputTokens || outputTokens < 0 || !(generationMs >= MIN_GENERATION_MS)) return null
  return Math.round((outputTokens / generationMs) * 10_000) / 10
}

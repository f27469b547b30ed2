// Whether an answer's usage reports anything, apart from the usage schema (events.ts): the Text panel's metrics
// and the run fold read it at start, so this module declares no schema and keeps zod out of the first load.
import type { Usage } from './events'

/**
 * The usage as reported, or `undefined` when it reports nothing: no counts, or every count zero (a proxy that
 * translates formats may send `promptTokenCount: 0, candidatesTokenCount: 0`). Such usage is "not reported",
 * never shown as zero tokens or turned into differences.
 */
export function reportedUsage(usage: Usage | undefined): Usage | undefined {
  if (!usage) return undefined
  const counts = Object.values(usage).filter((v): v is number => typeof v === 'number')
  return counts.some((n) => n !== 0) ? usage : undefined
}

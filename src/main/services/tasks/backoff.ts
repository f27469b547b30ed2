// How long a job waits before its next query after a transient problem: exponential from the poll interval with
// ±20 % jitter, capped; a server's Retry-After is honoured up to a cap (and the cap is shown). Pure.
import type { TaskTiming } from './domain'

export function backoffDelay(
  timing: TaskTiming,
  pollErrors: number,
  retryAfter: number | null,
  random: number,
): { wait: number; notice: string } {
  const { min } = timing.pollIntervalMs
  const exponential = Math.min(timing.backoffMaxMs, min * 2 ** pollErrors) * (0.8 + 0.4 * random)
  const wait =
    retryAfter !== null
      ? Math.min(Math.max(retryAfter, min), timing.retryAfterMaxMs)
      : Math.round(exponential)
  const capped = retryAfter !== null && retryAfter > timing.retryAfterMaxMs
  const asked = capped ? ` (the server asked for ${seconds(retryAfter)})` : ''
  return { wait, notice: `next query in ${seconds(wait)}${asked}.` }
}

export const seconds = (ms: number): string =>
  ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`

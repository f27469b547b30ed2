// How long a job waits before its next query after a transient problem: exponential from the poll interval with
// ±20 % jitter, capped; a server's Retry-After is honoured up to a cap (and the cap is shown); and when a job
// gives up instead (too many failed queries or result fetches in a row). Pure.
import type { JobError } from '../../../shared/ipc/jobLife'
import type { TaskTiming } from './domain'

/** What follows a failure: wait and try again (with the notice shown meanwhile), or end with an error. */
export type RetryDecision = { wait: number; notice: string } | { error: JobError }

/** After the `pollErrors`-th failed query in a row. */
export function pollRetry(
  timing: TaskTiming,
  pollErrors: number,
  message: string,
  retryAfter: number | null,
  random: number,
): RetryDecision {
  if (pollErrors > timing.maxPollErrors) {
    return {
      error: {
        stage: 'poll',
        code: 'POLL_GAVE_UP',
        message: `Querying the task failed ${pollErrors} times in a row (last: ${message}). Retry to keep following it.`,
        httpStatus: null,
      },
    }
  }
  const { wait, notice } = backoffDelay(timing, pollErrors, retryAfter, random)
  return { wait, notice: `${message}; ${notice}` }
}

/** After the `attempts`-th failed fetch of a succeeded task's result. */
/** Result failures another attempt cannot mend: a URL the policy refuses, a result over its size bound. */
const FINAL_RESULT_FAILURES = new Set(['RESULT_URL_REFUSED', 'RESULT_TOO_LARGE'])

export function resultRetry(
  timing: TaskTiming,
  attempts: number,
  noun: string,
  failure: { code: string; message: string; httpStatus: number | null },
): RetryDecision {
  const max = timing.maxResultAttempts
  if (attempts >= max || FINAL_RESULT_FAILURES.has(failure.code)) {
    return {
      error: {
        stage: 'result',
        code: failure.code,
        message: `The ${noun} was generated but could not be fetched after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${failure.message}`,
        httpStatus: failure.httpStatus,
      },
    }
  }
  const wait = timing.resultRetryMs * 2 ** (attempts - 1)
  return {
    wait,
    notice: `Fetching the ${noun} failed (${failure.message}); attempt ${attempts + 1} of ${max} in ${seconds(wait)}.`,
  }
}

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

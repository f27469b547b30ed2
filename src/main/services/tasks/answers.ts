// Reading a task's gateway answers the same way for every kind of job: JSON that may not be JSON, the error
// message inside any of the gateway's error bodies, and what a failed poll means for the job (stale, transient
// with its cause and Retry-After, or failed with the code). Pure; the steps of each kind call these.
import { AppError } from '../../../shared/ipc/result'
import { errorTextOf } from '../../../shared/wire/errorText'
import { GatewayError, RETRYABLE_STATUS, retryAfterMs } from '../gateway'
import type { StepContext, StepOutcome, SubmitOutcome } from './types'
import { taskIdProblem } from '../../../shared/taskId'
import { parseJsonBounded } from '../../../shared/jsonDepth'

export function parseJson(text: string): unknown {
  try {
    return parseJsonBounded(text)
  } catch {
    return undefined
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * `HTTP 400: <the server's words>` from any error body: the gateway's shapes, `{detail}`, plain text, an HTML
 * page (its title and visible text), bounded; the whole body stays in the job's exchange.
 */
export function describeHttpError(status: number, text: string): string {
  const detail = errorTextOf(parseJson(text) ?? text)
  return `HTTP ${status}${detail ? `: ${detail}` : ' with an empty body'}`
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * A poll whose request threw: nothing to do when the job moved on meanwhile; a network failure or timeout is
 * transient (queried again after a backoff); anything else ends the job with its code. The exchange is kept.
 */
export function pollThrew(error: unknown, ctx: Pick<StepContext, 'current' | 'keepExchange'>): StepOutcome {
  if (!ctx.current()) return { type: 'stale' }
  if (error instanceof GatewayError) ctx.keepExchange('poll', error.exchange.snapshot())
  if (
    error instanceof GatewayError &&
    (error.code === 'GATEWAY_UNREACHABLE' || error.code === 'GATEWAY_TIMEOUT')
  ) {
    return { type: 'transient', message: error.message, retryAfterMs: null }
  }
  return {
    type: 'failed',
    error: {
      stage: 'poll',
      code: error instanceof AppError ? error.code : 'POLL_FAILED',
      message: describeError(error),
      httpStatus: null,
    },
  }
}

/** A poll answered 429 or 5xx: transient, with the server's message and its Retry-After; otherwise null. */
export function retryableAnswer(res: { status: number; headers: Headers }, text: string): StepOutcome | null {
  if (!RETRYABLE_STATUS.has(res.status)) return null
  return {
    type: 'transient',
    message: describeHttpError(res.status, text),
    retryAfterMs: retryAfterMs(res.headers),
  }
}

/**
 * A task id goes into every poll's URL with the key: one a gateway answered that is not a safe path segment
 * (`..`) ends the job at submit, before any request carries it.
 */
export function refuseUnsafeTaskId(outcome: SubmitOutcome): SubmitOutcome {
  const problem = outcome.type === 'accepted' ? taskIdProblem(outcome.taskId) : null
  if (!problem) return outcome
  return {
    type: 'failed',
    error: {
      stage: 'submit',
      code: 'TASK_ID_UNSAFE',
      message: `The gateway answered a task id the app cannot query (${problem}); no poll was sent.`,
      httpStatus: null,
    },
  }
}

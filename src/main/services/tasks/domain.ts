// What a domain (video, console image tasks) gives the task engine and what the engine needs from its host:
// timing, the domain's hooks (one poll step, change and finish events, clean-up on delete), and the shared
// ledger and exchange archive. A new kind of job is one TaskDomain; the life cycle is never copied.
import type { z } from 'zod'
import type { AppError } from '../../../shared/ipc/result'
import type { ProfileService, ResolvedProfile } from '../profiles'
import type { Clock } from '../ports'
import type { ExchangeArchive } from './exchangeArchive'
import type { TaskLedger } from './ledger'
import type { StepContext, StepOutcome, TaskKind, TaskRecord } from './types'

export interface TaskTiming {
  /** Between queries (spec: every 3 to 5 seconds). */
  pollIntervalMs: { min: number; max: number }
  /** Longest backoff after repeated transient errors. */
  backoffMaxMs: number
  /** Longest Retry-After honoured as asked; longer ones are capped and shown. */
  retryAfterMaxMs: number
  /** Consecutive failed queries before the job stops (it can be retried). */
  maxPollErrors: number
  /** Attempts to fetch a succeeded task's result before the job ends with a result error. */
  maxResultAttempts: number
  /** Pause before the second result attempt; doubles after each. */
  resultRetryMs: number
  /** Unfinished jobs resume within this window after start, spread out. */
  resumeSpreadMs: number
}

/** The timing every job kind starts from (spec: a query every 3 to 5 seconds); a kind overrides what differs. */
export const DEFAULT_TASK_TIMING: TaskTiming = {
  pollIntervalMs: { min: 3_000, max: 5_000 },
  backoffMaxMs: 60_000,
  retryAfterMaxMs: 10 * 60_000,
  maxPollErrors: 12,
  maxResultAttempts: 3,
  resultRetryMs: 2_000,
  resumeSpreadMs: 1_000,
}

/** What a domain (video, console image tasks) gives the engine. */
export interface TaskDomain<R extends TaskRecord> {
  kinds: readonly TaskKind[]
  /** Parses a ledger entry of one of `kinds`. */
  schema: z.ZodType<R>
  /** The result in messages: "video", "image". */
  resultNoun: string
  /** For logs: "video job". */
  label: string
  notFound(): AppError
  /** One query of the task and, once it succeeded, the fetch of its result. */
  step(job: R, ctx: StepContext & { profile: ResolvedProfile }): Promise<StepOutcome>
  /** The job just reached succeeded or failed, before it is saved and shown: what it billed is settled here. */
  ended(job: R): void
  /** The job changed (status, progress, notice): tell the windows. */
  changed(job: R): void
  /** The job reached succeeded or failed. */
  finished(job: R): void
  /** The job was deleted: its stored results go, the windows are told. */
  removed(job: R): Promise<void>
  /** How long a job is polled (from its submit or the last "Keep waiting") before the user is asked. */
  waitLimitMs(job: R): number
}

export interface SendContext {
  signal: AbortSignal
  keepExchange: StepContext['keepExchange']
}

export interface TaskEngineDeps {
  ledger: TaskLedger
  archive: ExchangeArchive
  profiles: ProfileService
  timing: TaskTiming
  clock?: Clock
  random?: () => number
  log?: (message: string) => void
}

/** What the engine knows of a job beyond its record: shown, never persisted. */
export interface LiveState {
  nextPollAt: number | null
  notice: string | null
  progress: { bytes: number; total: number | null } | null
}

// What the task engine knows of a job, whatever its kind: the ledger's kinds, the life-cycle fields every job
// record carries, and what one poll step can answer. Domains (video, console image tasks) extend the record
// with their own request and result; the engine never reads those.
import type { Exchange } from '../../../shared/ipc/exchange'
import type { JobKind } from '../../../shared/catalog/jobKinds'
import type { JobError, JobStatus } from '../../../shared/ipc/jobLife'
import type { BilledCost } from '../../../shared/cost/billed'

/** Every kind of asynchronous job the ledger holds (registry: catalog/jobKinds.ts). */
export type TaskKind = JobKind

export type TaskStatus = JobStatus

export interface TaskRecord {
  id: string
  task: TaskKind
  /** The profile the job was sent with; polls resolve it again (it may have been deleted since). */
  profileId: string
  profileName: string
  taskId: string | null
  status: TaskStatus
  /** The last status the gateway reported. */
  remoteStatus: string | null
  createdAt: number
  submittedAt: number | null
  finishedAt: number | null
  updatedAt: number
  polls: number
  error: JobError | null
  /** Completed result fetches (R7: one per job). */
  resultFetches: number
  /** Failed attempts to fetch the result since the task succeeded (bounded). */
  resultAttempts: number
  /** Followed by its task id, not submitted by the app (no request to send again). */
  adopted?: boolean
  /** The polling limit counts from here (null: from the submit). */
  waitFrom?: number | null
  /** When polling stopped because the task outlived the limit (null: not stopped). */
  overdueAt?: number | null
  /** What the job billed, settled as it ended (absent while it runs, and for a cancelled job). */
  cost?: BilledCost | null
}

/** The exchanges kept per job: the submit, the latest query, the latest result fetch. */
export interface JobExchanges {
  submit?: Exchange
  poll?: Exchange
  result?: Exchange
}
export type ExchangeSlot = keyof JobExchanges

/**
 * What a domain's submit answered. A task that answers at once (no task id, remote status `succeeded`) goes
 * straight to fetching its result.
 */
export type SubmitOutcome =
  | { type: 'accepted'; taskId: string; remoteStatus: string }
  | { type: 'answered'; remoteStatus: 'succeeded' }
  | { type: 'failed'; error: JobError }

/** What one poll step of a domain answered; the engine turns it into the next state. */
export type StepOutcome =
  /** The task is still running (status already set on the record): query again after the interval. */
  | { type: 'pending'; statusChanged: boolean }
  /** A transient problem (429, 5xx, network, malformed answer): back off, show the cause, query again. */
  | { type: 'transient'; message: string; retryAfterMs: number | null }
  /** The job cannot go on. */
  | { type: 'failed'; error: JobError }
  /** The task succeeded but fetching its result failed: retried a bounded number of times. */
  | { type: 'resultFailed'; code: string; message: string; httpStatus: number | null }
  /** The result is stored on the record: the job is done. */
  | { type: 'succeeded' }
  /** The job was cancelled, deleted or retried while the step ran: nothing to do. */
  | { type: 'stale' }

/** What a step may do while it runs. */
export interface StepContext {
  readonly signal: AbortSignal
  /** False once the job was cancelled, deleted or retried, or the engine closed. */
  current(): boolean
  progress(bytes: number, total: number | null): void
  keepExchange(slot: ExchangeSlot, exchange: Exchange): void
  /** Marks the job as fetching its result (persisted, shown) before the fetch begins. */
  downloading(): Promise<void>
}

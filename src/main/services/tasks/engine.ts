// The task engine: the life cycle every gateway job shares. Submit (or adopt a task id) → the id is on disk before
// the first poll (R7) → a domain's poll step every 3–5 s through the Clock, backing off on transient problems →
// the result fetched once; past the kind's polling limit polling stops until the user decides (overdueAt). Jobs
// resume on start; a late callback of a cancelled, deleted or retried job changes nothing (generations).
import { ACTIVE_JOB_STATUSES, type JobError } from '../../../shared/ipc/jobLife'
import { localError, submitThrew } from './jobErrors'
import { GatewayError } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import { systemClock, type Clock } from '../ports'
import { pollRetry, resultRetry, type RetryDecision } from './backoff'
import type { LiveState, SendContext, TaskDomain, TaskEngineDeps } from './domain'
import { Runtimes } from './runtime'
import type { Exchange } from '../../../shared/ipc/exchange'
import { ExchangeCache } from './exchangeCache'
import { refuseUnsafeTaskId } from './answers'
import type { JobExchangeLog } from './jobExchangeLog'
import type { ExchangeSlot, StepOutcome, SubmitOutcome, TaskRecord, TaskStatus } from './types'

export type { SendContext, TaskDomain, TaskTiming } from './domain'

export const ACTIVE_STATUSES = new Set<TaskStatus>(ACTIVE_JOB_STATUSES)
const REMOTE_ACTIVE = new Set(['submitted', 'queued', 'in_progress'])

export class TaskEngine<R extends TaskRecord> {
  private readonly records = new Map<string, R>()
  private readonly runtimes = new Runtimes()
  private readonly exchanges: ExchangeCache
  private readonly clock: Clock
  private readonly random: () => number
  private closed = false

  constructor(
    private readonly domain: TaskDomain<R>,
    private readonly deps: TaskEngineDeps,
  ) {
    this.clock = deps.clock ?? systemClock
    this.random = deps.random ?? Math.random
    this.exchanges = new ExchangeCache(deps.archive)
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Reads the domain's jobs from the ledger and resumes every unfinished one. */
  async start(): Promise<void> {
    const { jobs, dropped } = await this.deps.ledger.register(this.domain.kinds, this.domain.schema, () =>
      this.sorted(),
    )
    if (dropped > 0) this.deps.log?.(`${this.domain.label}s: ${dropped} unreadable record(s) were skipped`)
    for (const job of jobs) this.records.set(job.id, job)
    await this.exchanges.load(this.sorted().map((j) => j.id))
    let changed = false
    for (const job of jobs) {
      if (job.status === 'submitting') {
        // The app stopped between sending and the answer: the task may exist, but its id was never known.
        this.finishWithError(
          job,
          localError(
            'INTERRUPTED',
            'The app closed before the gateway confirmed this job, so its task id is unknown. Retry submits it again.',
          ),
        )
        changed = true
      } else if (ACTIVE_STATUSES.has(job.status) && !job.overdueAt) {
        this.schedule(job, Math.floor(this.random() * this.deps.timing.resumeSpreadMs))
      }
    }
    if (changed || dropped > 0) await this.persist()
  }

  /** Stops every timer and request; jobs stay as they are on disk and resume at the next start. */
  async close(): Promise<void> {
    this.closed = true
    this.runtimes.stopAll()
    await this.deps.ledger.save().catch(() => undefined)
    await this.deps.archive.settle()
  }

  sorted(): R[] {
    return [...this.records.values()].sort((a, b) => b.createdAt - a.createdAt)
  }

  record(jobId: string): R {
    const job = this.records.get(jobId)
    if (!job) throw this.domain.notFound()
    return job
  }

  live(job: R): LiveState {
    const rt = this.runtimes.find(job.id)
    return { nextPollAt: rt?.nextPollAt ?? null, notice: rt?.notice ?? null, progress: rt?.progress ?? null }
  }

  exchange(jobId: string, slot: ExchangeSlot): Exchange | null {
    this.record(jobId)
    return this.exchanges.get(jobId, slot)
  }

  /** Every kept exchange of the job (the submit, each query, each result fetch); null when none was kept. */
  exchangeLog(jobId: string): Promise<JobExchangeLog | null> {
    this.record(jobId)
    return this.exchanges.log(jobId)
  }

  /** A task submitted elsewhere, found by its id: on disk first, then queried at once like any other job. */
  async adopt(job: R): Promise<R> {
    this.records.set(job.id, job)
    await this.persist()
    this.schedule(job, 0)
    return job
  }

  /** A job that outlived the polling limit is queried again now; the limit counts from now. */
  keepWaiting(jobId: string): R {
    const job = this.record(jobId)
    if (!job.overdueAt || !ACTIVE_STATUSES.has(job.status)) return job
    job.overdueAt = null
    job.waitFrom = this.clock.now()
    job.updatedAt = job.waitFrom
    void this.persist()
    this.schedule(job, 0)
    return job
  }

  /**
   * Persists the new job (status `submitting`), sends it with `send`, and starts polling once the task id is
   * known. Errors `send` throws end the job at the submit stage, with the exchange kept.
   */
  async submit(job: R, send: (ctx: SendContext) => Promise<SubmitOutcome>): Promise<R> {
    this.records.set(job.id, job)
    await this.persist()
    this.emit(job)
    const rt = this.runtimes.of(job.id)
    const gen = rt.gen
    rt.abort = new AbortController()
    let outcome: SubmitOutcome
    try {
      outcome = await send({
        signal: rt.abort.signal,
        keepExchange: (slot, exchange) => this.keepExchange(job.id, slot, exchange),
      })
    } catch (error) {
      if (error instanceof GatewayError) this.keepExchange(job.id, 'submit', error.exchange.snapshot())
      outcome = { type: 'failed', error: submitThrew(error) }
    } finally {
      rt.abort = null
    }
    if (!this.current(job, gen)) return job
    outcome = refuseUnsafeTaskId(outcome)
    if (outcome.type === 'failed') {
      this.finishWithError(job, outcome.error)
      await this.persist()
      return job
    }
    const answered = outcome.type === 'answered'
    if (outcome.type === 'accepted') job.taskId = outcome.taskId
    job.status = answered ? 'downloading' : 'submitted'
    job.remoteStatus = outcome.remoteStatus
    job.submittedAt = this.clock.now()
    job.updatedAt = job.submittedAt
    // R7: the task id (or the answer to fetch) is on disk before the first poll.
    await this.persist()
    this.schedule(job, answered ? 0 : this.interval())
    return job
  }

  cancel(jobId: string): R {
    const job = this.record(jobId)
    if (!ACTIVE_STATUSES.has(job.status)) return job
    this.runtimes.stop(job.id)
    job.status = 'cancelled'
    job.overdueAt = null
    job.updatedAt = this.clock.now()
    void this.persist()
    this.emit(job)
    return job
  }

  /** Resumes following the same task where that is possible; otherwise `resubmit` makes a new job. */
  async retry(jobId: string, resubmit: (job: R) => Promise<R>): Promise<{ job: R; resubmitted: boolean }> {
    const job = this.record(jobId)
    if (ACTIVE_STATUSES.has(job.status)) return { job, resubmitted: false }
    const resumable =
      (job.taskId !== null || job.remoteStatus === 'succeeded') &&
      (job.status === 'cancelled' ||
        (job.status === 'failed' && job.error?.stage !== 'task' && job.error?.stage !== 'submit'))
    if (!resumable) return { job: await resubmit(job), resubmitted: true }
    this.runtimes.stop(job.id)
    job.status =
      job.remoteStatus === 'succeeded'
        ? 'downloading'
        : REMOTE_ACTIVE.has(job.remoteStatus ?? '')
          ? (job.remoteStatus as TaskStatus)
          : 'submitted'
    job.error = null
    job.finishedAt = null
    // A failure billed nothing; a task the gateway finished keeps its cost (charged once, not again).
    if (job.cost?.kind !== 'priced') job.cost = null
    job.resultAttempts = 0
    job.overdueAt = null
    job.updatedAt = job.waitFrom = this.clock.now()
    await this.persist()
    this.schedule(job, 0)
    return { job, resubmitted: false }
  }

  async remove(jobId: string): Promise<boolean> {
    const job = this.records.get(jobId)
    if (!job) return false
    this.runtimes.stop(job.id)
    this.records.delete(jobId)
    this.runtimes.delete(jobId)
    this.exchanges.delete(jobId)
    await this.deps.archive.remove(jobId)
    await this.persist()
    await this.domain.removed(job)
    return true
  }

  // ---------------------------------------------------------------- polling

  private interval(): number {
    const { min, max } = this.deps.timing.pollIntervalMs
    return Math.round(min + this.random() * (max - min))
  }

  private schedule(job: R, delayMs: number): void {
    const rt = this.runtimes.of(job.id)
    rt.timer?.cancel()
    const gen = rt.gen
    rt.nextPollAt = this.clock.now() + delayMs
    rt.timer = this.clock.setTimeout(() => void this.tick(job, gen), delayMs)
    this.emit(job)
  }

  private current(job: R, gen: number): boolean {
    return !this.closed && this.records.get(job.id) === job && this.runtimes.of(job.id).gen === gen
  }

  private async tick(job: R, gen: number): Promise<void> {
    const rt = this.runtimes.of(job.id)
    if (!this.current(job, gen)) return
    rt.timer = null
    rt.nextPollAt = null
    try {
      await this.poll(job, gen)
    } catch (error) {
      if (!this.current(job, gen)) return
      this.deps.log?.(
        `${this.domain.label} ${job.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      const why = error instanceof Error ? error.message : String(error)
      this.finishWithError(job, localError('INTERNAL', `Unexpected error while following the job: ${why}`))
      await this.persist()
    }
  }

  private async poll(job: R, gen: number): Promise<void> {
    const rt = this.runtimes.of(job.id)
    let profile: ResolvedProfile
    try {
      profile = await this.deps.profiles.resolve(job.profileId)
    } catch {
      if (!this.current(job, gen)) return
      const why = `The profile "${job.profileName}" of this job no longer exists, so it cannot be queried.`
      this.finishWithError(job, localError('PROFILE_MISSING', why))
      await this.persist()
      return
    }
    const abort = new AbortController()
    rt.abort = abort
    let outcome: StepOutcome
    try {
      outcome = await this.domain.step(job, {
        signal: abort.signal,
        profile,
        current: () => this.current(job, gen),
        progress: (bytes, total) => this.progress(job, bytes, total),
        keepExchange: (slot, exchange) => this.keepExchange(job.id, slot, exchange),
        downloading: async () => {
          rt.pollErrors = 0
          rt.notice = null
          if (job.status === 'downloading') return
          job.status = 'downloading'
          await this.persist()
          if (this.current(job, gen)) this.emit(job)
        },
      })
    } finally {
      if (rt.abort === abort) rt.abort = null
      rt.progress = null
    }
    if (!this.current(job, gen)) return
    switch (outcome.type) {
      case 'stale':
        return
      case 'transient':
        return this.backoff(job, outcome.message, outcome.retryAfterMs)
      case 'failed':
        this.finishWithError(job, outcome.error)
        return this.persist()
      case 'resultFailed':
        return this.resultFailed(job, outcome.code, outcome.message, outcome.httpStatus)
      case 'pending':
        rt.pollErrors = 0
        rt.notice = null
        if (this.outlived(job)) {
          await this.persist()
          return this.emit(job)
        }
        if (outcome.statusChanged) await this.persist()
        if (!this.current(job, gen)) return
        return this.schedule(job, this.interval())
      case 'succeeded':
        job.status = 'succeeded'
        job.error = null
        job.finishedAt = this.clock.now()
        job.updatedAt = job.finishedAt
        rt.notice = null
        this.domain.ended(job)
        await this.persist()
        this.emit(job)
        this.domain.finished(job)
    }
  }

  /** Past the kind's polling limit: polling stops (no timer) and the job says so until the user decides. */
  private outlived(job: R): boolean {
    const now = this.clock.now()
    const from = job.waitFrom ?? job.submittedAt ?? job.createdAt
    if (now - from < this.domain.waitLimitMs(job)) return false
    job.overdueAt = now
    job.updatedAt = now
    return true
  }

  private resultFailed(job: R, code: string, message: string, httpStatus: number | null): Promise<void> {
    job.resultAttempts++
    const next = resultRetry(this.deps.timing, job.resultAttempts, this.domain.resultNoun, {
      code,
      message,
      httpStatus,
    })
    this.retryOrEnd(job, next)
    return this.persist()
  }

  private backoff(job: R, message: string, retryAfter: number | null): void {
    const rt = this.runtimes.of(job.id)
    rt.pollErrors++
    const next = pollRetry(this.deps.timing, rt.pollErrors, message, retryAfter, this.random())
    if (this.retryOrEnd(job, next)) void this.persist()
  }

  /** Schedules the next attempt with its notice, or ends the job; true when it ended. */
  private retryOrEnd(job: R, next: RetryDecision): boolean {
    if ('error' in next) {
      this.finishWithError(job, next.error)
      return true
    }
    this.runtimes.of(job.id).notice = next.notice
    this.schedule(job, next.wait)
    return false
  }

  private finishWithError(job: R, error: JobError): void {
    this.runtimes.stop(job.id)
    job.status = 'failed'
    job.error = error
    job.finishedAt = this.clock.now()
    job.updatedAt = job.finishedAt
    this.domain.ended(job)
    this.emit(job)
    this.domain.finished(job)
  }

  persist(): Promise<void> {
    return this.deps.ledger.save().catch((error: unknown) => {
      const why = error instanceof Error ? error.message : String(error)
      this.deps.log?.(`${this.domain.label}s: could not save ${this.deps.ledger.path}: ${why}`)
    })
  }

  private keepExchange(jobId: string, slot: ExchangeSlot, exchange: Exchange): void {
    if (this.records.has(jobId)) this.exchanges.keep(jobId, slot, exchange)
  }

  private emit(job: R): void {
    if (this.records.get(job.id) !== job) return
    this.domain.changed(job)
  }

  private progress(job: R, bytes: number, total: number | null): void {
    if (this.runtimes.progress(job.id, bytes, total, this.clock.now())) this.emit(job)
  }
}

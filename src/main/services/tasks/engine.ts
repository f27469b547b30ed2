// The asynchronous task engine: the life cycle every gateway job shares, whatever its kind. Submit → the task id
// is in the ledger before the first poll (R7) → a domain's poll step every 3–5 s with jitter through the Clock,
// backing off on transient problems (shown as a notice, Retry-After honoured up to a cap) → the result fetched
// until stored once, with bounded attempts. On start every unfinished job resumes; a late callback of a
// cancelled, deleted or retried job changes nothing (generations). Exchanges are kept per job and on disk.
import { AppError } from '../../../shared/ipc/result'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { JobError } from '../../../shared/ipc/video'
import { GatewayError } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import { systemClock, type Clock } from '../ports'
import { backoffDelay, seconds } from './backoff'
import type { LiveState, SendContext, TaskDomain, TaskEngineDeps } from './domain'
import { Runtimes } from './runtime'
import type { ExchangeSlot, JobExchanges, StepOutcome, SubmitOutcome, TaskRecord, TaskStatus } from './types'

export type { SendContext, TaskDomain, TaskTiming } from './domain'

export const ACTIVE_STATUSES = new Set<TaskStatus>([
  'submitting',
  'submitted',
  'queued',
  'in_progress',
  'downloading',
])
const REMOTE_ACTIVE = new Set(['submitted', 'queued', 'in_progress'])
const MAX_EXCHANGE_JOBS = 100

export class TaskEngine<R extends TaskRecord> {
  private readonly records = new Map<string, R>()
  private readonly runtimes = new Runtimes()
  private readonly exchanges = new Map<string, JobExchanges>()
  private readonly clock: Clock
  private readonly random: () => number
  private closed = false

  constructor(
    private readonly domain: TaskDomain<R>,
    private readonly deps: TaskEngineDeps,
  ) {
    this.clock = deps.clock ?? systemClock
    this.random = deps.random ?? Math.random
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
    const recent = this.sorted().slice(0, MAX_EXCHANGE_JOBS).reverse()
    const kept = await Promise.all(recent.map((j) => this.deps.archive.load(j.id)))
    recent.forEach((j, i) => kept[i] && this.exchanges.set(j.id, kept[i]))
    let changed = false
    for (const job of jobs) {
      if (job.status === 'submitting') {
        // The app stopped between sending and the answer: the task may exist, but its id was never known.
        this.finishWithError(job, {
          stage: 'local',
          code: 'INTERRUPTED',
          message:
            'The app closed before the gateway confirmed this job, so its task id is unknown. Retry submits it again.',
          httpStatus: null,
        })
        changed = true
      } else if (ACTIVE_STATUSES.has(job.status)) {
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

  find(jobId: string): R | undefined {
    return this.records.get(jobId)
  }

  live(job: R): LiveState {
    const rt = this.runtimes.find(job.id)
    return { nextPollAt: rt?.nextPollAt ?? null, notice: rt?.notice ?? null, progress: rt?.progress ?? null }
  }

  exchange(jobId: string, slot: ExchangeSlot): Exchange | null {
    this.record(jobId)
    return this.exchanges.get(jobId)?.[slot] ?? null
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
      outcome = {
        type: 'failed',
        error: {
          stage: 'submit',
          code: error instanceof AppError ? error.code : 'SUBMIT_FAILED',
          message: error instanceof Error ? error.message : String(error),
          httpStatus: null,
        },
      }
    } finally {
      rt.abort = null
    }
    if (!this.current(job, gen)) return job
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
    job.resultAttempts = 0
    job.updatedAt = this.clock.now()
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
      this.finishWithError(job, {
        stage: 'local',
        code: 'INTERNAL',
        message: `Unexpected error while following the job: ${error instanceof Error ? error.message : String(error)}`,
        httpStatus: null,
      })
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
      this.finishWithError(job, {
        stage: 'local',
        code: 'PROFILE_MISSING',
        message: `The profile "${job.profileName}" of this job no longer exists, so it cannot be queried.`,
        httpStatus: null,
      })
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
        if (outcome.statusChanged) await this.persist()
        if (!this.current(job, gen)) return
        return this.schedule(job, this.interval())
      case 'succeeded':
        job.status = 'succeeded'
        job.error = null
        job.finishedAt = this.clock.now()
        job.updatedAt = job.finishedAt
        rt.notice = null
        await this.persist()
        this.emit(job)
        this.domain.finished(job)
    }
  }

  private resultFailed(job: R, code: string, message: string, httpStatus: number | null): Promise<void> {
    job.resultAttempts++
    const max = this.deps.timing.maxResultAttempts
    const noun = this.domain.resultNoun
    if (job.resultAttempts >= max) {
      this.finishWithError(job, {
        stage: 'result',
        code,
        message: `The ${noun} was generated but could not be fetched after ${job.resultAttempts} attempt${job.resultAttempts === 1 ? '' : 's'}: ${message}`,
        httpStatus,
      })
      return this.persist()
    }
    const wait = this.deps.timing.resultRetryMs * 2 ** (job.resultAttempts - 1)
    this.runtimes.of(job.id).notice =
      `Fetching the ${noun} failed (${message}); attempt ${job.resultAttempts + 1} of ${max} in ${seconds(wait)}.`
    this.schedule(job, wait)
    return this.persist()
  }

  private backoff(job: R, message: string, retryAfter: number | null): void {
    const rt = this.runtimes.of(job.id)
    const timing = this.deps.timing
    rt.pollErrors++
    if (rt.pollErrors > timing.maxPollErrors) {
      this.finishWithError(job, {
        stage: 'poll',
        code: 'POLL_GAVE_UP',
        message: `Querying the task failed ${rt.pollErrors} times in a row (last: ${message}). Retry to keep following it.`,
        httpStatus: null,
      })
      void this.persist()
      return
    }
    const { wait, notice } = backoffDelay(timing, rt.pollErrors, retryAfter, this.random())
    rt.notice = `${message}; ${notice}`
    this.schedule(job, wait)
  }

  private finishWithError(job: R, error: JobError): void {
    this.runtimes.stop(job.id)
    job.status = 'failed'
    job.error = error
    job.finishedAt = this.clock.now()
    job.updatedAt = job.finishedAt
    this.emit(job)
    this.domain.finished(job)
  }

  persist(): Promise<void> {
    return this.deps.ledger.save().catch((error: unknown) => {
      this.deps.log?.(
        `${this.domain.label}s: could not save ${this.deps.ledger.path}: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
  }

  private keepExchange(jobId: string, slot: ExchangeSlot, exchange: Exchange): void {
    if (!this.records.has(jobId)) return
    const entry = this.exchanges.get(jobId) ?? {}
    entry[slot] = exchange
    this.exchanges.delete(jobId)
    this.exchanges.set(jobId, entry)
    while (this.exchanges.size > MAX_EXCHANGE_JOBS) this.exchanges.delete(this.exchanges.keys().next().value!)
    void this.deps.archive.save(jobId, entry)
  }

  private emit(job: R): void {
    if (this.records.get(job.id) !== job) return
    this.domain.changed(job)
  }

  private progress(job: R, bytes: number, total: number | null): void {
    const rt = this.runtimes.of(job.id)
    rt.progress = { bytes, total }
    const now = this.clock.now()
    // Progress is a hint: at most four updates a second reach the windows.
    if (now - rt.lastProgressEmit < 250) return
    rt.lastProgressEmit = now
    this.emit(job)
  }
}

// The part of a job service that is the same for every kind of asynchronous job (video, console image tasks):
// the engine made from the shared ledger and exchange archive, the watching windows and their events, and the
// commands a job list offers (list, get, cancel, retry, delete, exchanges, keep waiting, the polling limit, and
// looking up and adopting a task by its id). A kind adds its submit, its view of a record, its events and how an
// adopted task becomes a record; the life cycle stays in the engine.
import type { Events } from '../../../shared/ipc/contract'
import type { EventPayload } from '../../../shared/ipc/define'
import type { Exchange } from '../../../shared/ipc/exchange'
import { systemClock, type Clock, type EventSink } from '../ports'
import type { ProfileService, ResolvedProfile } from '../profiles'
import type { GatewayClient } from '../gateway'
import { AppError } from '../../../shared/ipc/result'
import type { TaskLookup, TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import type { TaskLookupKind } from '../../../shared/catalog/taskStatuses'
import { lookupTask } from './lookup'
import { WaitLimit } from './waitLimit'
import type { TaskDomain, TaskTiming } from './domain'
import { TaskEngine } from './engine'
import { ExchangeArchive } from './exchangeArchive'
import { TaskLedger } from './ledger'
import type { ExchangeSlot, JobExchanges, StepContext, StepOutcome, TaskRecord } from './types'
import type { RunRecord, RunRecorder } from '../history/ports'
import { JobEnds, keptExchanges } from '../history/jobRecord'

export interface JobServiceDeps {
  profiles: ProfileService
  gateway: GatewayClient
  /** The job ledger (`jobs.json`) and the jobs' exchanges live here. */
  dataDir: string
  /** The ledger shared with the other job kinds; one is made in `dataDir` when absent. */
  ledger?: TaskLedger
  clock?: Clock
  random?: () => number
  log?: (message: string) => void
  /** The history each ended job is recorded in, before the windows hear of its end. */
  recorder?: RunRecorder
}

/** What a kind tells the engine about itself; its step and hooks are the service's methods. */
export type JobKindSpec<R extends TaskRecord> = Omit<
  TaskDomain<R>,
  'step' | 'changed' | 'finished' | 'removed' | 'waitLimitMs'
> & {
  /** The polling limit's file name and default, in minutes. */
  waitLimit: { name: string; defaultMinutes: number }
  /** What "Track a task id…" may look up for this kind. */
  lookupKinds: readonly TaskLookupKind[]
}

interface Watcher {
  sink: EventSink<Events>
  /** Whether the window shows this kind's panel (a job ending unseen may be announced). */
  visible: boolean
}

export abstract class JobService<
  R extends TaskRecord & { request: Req | null },
  V extends { id: string },
  Req,
> {
  protected readonly watchers = new Map<string, Watcher>()
  protected readonly engine: TaskEngine<R>
  protected readonly clock: Clock
  private readonly waitLimit: WaitLimit

  constructor(
    private readonly jobDeps: JobServiceDeps,
    private readonly kind: JobKindSpec<R>,
    timing: TaskTiming,
  ) {
    const deps = jobDeps
    this.clock = deps.clock ?? systemClock
    this.waitLimit = new WaitLimit(deps.dataDir, kind.waitLimit.name, kind.waitLimit.defaultMinutes)
    const ends = new JobEnds<R>(
      deps.recorder,
      (job) =>
        this.runRecord(
          job,
          keptExchanges((slot) => this.engine.exchange(job.id, slot)),
        ),
      deps.log,
    )
    this.engine = new TaskEngine<R>(
      {
        ...kind,
        step: (job, ctx) => this.step(job, ctx),
        changed: (job) => {
          ends.changed(job)
          this.changed(job)
        },
        finished: (job) => this.finished(job),
        removed: (job) => this.removed(job),
        waitLimitMs: () => this.waitLimit.ms,
      },
      {
        ledger: deps.ledger ?? new TaskLedger(deps.dataDir, deps.log),
        archive: new ExchangeArchive(deps.dataDir),
        profiles: deps.profiles,
        timing,
        clock: this.clock,
        random: deps.random,
        log: deps.log,
      },
    )
  }

  /** Sends a job; a retry of a job that never reached the gateway sends its request again through here. */
  abstract submit(request: Req): Promise<V>
  /** One query of the task and, once it succeeded, the fetch of its result. */
  protected abstract step(job: R, ctx: StepContext & { profile: ResolvedProfile }): Promise<StepOutcome>
  /** The record as the windows see it (no request, URLs for stored results, live state). */
  protected abstract view(job: R): V
  /** A job changed: the watching windows are told. */
  protected abstract changed(job: R): void
  /** The job as a history record (history/jobRecord.ts), written when it ends. */
  protected abstract runRecord(job: R, exchanges: JobExchanges): RunRecord
  /** A job was deleted: its stored results go and the windows are told. */
  protected abstract removed(job: R): Promise<void>
  /** A job reached succeeded or failed. */
  protected finished(_job: R): void {}
  /** Sends a job's edited request JSON again as a new job; null when the job has none. */
  protected resubmitRaw(_job: R): Promise<V> | null {
    return null
  }
  /** A task found by its id as this kind's record (no request; `adopted` set; status `submitted`). */
  protected abstract adoptedRecord(profile: ResolvedProfile, request: TaskLookupRequest, found: TaskLookup): R

  /** Loads this kind's jobs from the ledger and resumes every unfinished one (also when no window is open). */
  async start(): Promise<void> {
    await this.waitLimit.load()
    return this.engine.start()
  }

  /** One GET of the task's query (or download) for an id from elsewhere; the answer as it is. Adds nothing. */
  async lookup(request: TaskLookupRequest): Promise<TaskLookup> {
    this.lookupKind(request)
    const profile = await this.jobDeps.profiles.resolve(request.profileId)
    const found = await lookupTask(this.jobDeps.gateway, profile, request.kind, request.taskId)
    return { ...found, trackedJobId: this.tracked(profile.id, request.taskId)?.id ?? null }
  }

  /**
   * Follows a task submitted elsewhere: its query must answer with a status first (a wrong id gets the
   * gateway's own error and adds nothing); then it is polled, fetched and kept like any other job.
   */
  async adopt(request: TaskLookupRequest): Promise<V> {
    this.lookupKind(request)
    if (this.engine.isClosed) throw new AppError('JOBS_CLOSED', 'The app is shutting down.')
    const profile = await this.jobDeps.profiles.resolve(request.profileId)
    const known = this.tracked(profile.id, request.taskId)
    if (known) {
      throw new AppError(
        'TASK_ALREADY_TRACKED',
        `Task ${request.taskId} is already in the job list${known.adopted ? ' (adopted earlier)' : ''}.`,
        { jobId: known.id },
      )
    }
    // The query confirms the id; a download (13) would fetch the whole video only to check it.
    const check = request.kind === 'video-download' ? 'video-query' : request.kind
    const found = await lookupTask(this.jobDeps.gateway, profile, check, request.taskId)
    if (!found.found || found.status === null) {
      throw new AppError(
        'TASK_NOT_FOUND',
        found.message ?? `The gateway's answer for task ${request.taskId} carries no status.`,
        { httpStatus: found.httpStatus },
      )
    }
    const job = this.adoptedRecord(profile, request, { ...found, trackedJobId: null })
    await this.engine.adopt(job)
    return this.view(job)
  }

  keepWaiting(jobId: string): V {
    return this.view(this.engine.keepWaiting(jobId))
  }

  getWaitLimit(): { minutes: number } {
    return { minutes: this.waitLimit.get() }
  }

  async setWaitLimit(minutes: number): Promise<{ minutes: number }> {
    return { minutes: await this.waitLimit.set(minutes) }
  }

  private lookupKind(request: TaskLookupRequest): void {
    if (!this.kind.lookupKinds.includes(request.kind))
      throw new AppError('TASK_LOOKUP_KIND', `${request.kind} is not a lookup of ${this.kind.label}s.`)
  }

  private tracked(profileId: string, taskId: string): R | undefined {
    return this.engine.sorted().find((j) => j.profileId === profileId && j.taskId === taskId)
  }

  /** Stops every timer and request; jobs stay as they are on disk and resume at the next start. */
  close(): Promise<void> {
    return this.engine.close()
  }

  list(offset = 0, limit = 50): { jobs: V[]; total: number } {
    const all = this.engine.sorted()
    return { jobs: all.slice(offset, offset + limit).map((j) => this.view(j)), total: all.length }
  }

  /** A window starts watching: it gets every change from now on, and the first page now. */
  watch(
    senderId: string,
    sink: EventSink<Events>,
    visible: boolean,
    limit = 50,
  ): { jobs: V[]; total: number } {
    this.watchers.set(senderId, { sink, visible })
    return this.list(0, limit)
  }

  get(jobId: string): V {
    return this.view(this.engine.record(jobId))
  }

  exchange(jobId: string, which: ExchangeSlot): Exchange | null {
    return this.engine.exchange(jobId, which)
  }

  cancel(jobId: string): V {
    return this.view(this.engine.cancel(jobId))
  }

  async retry(jobId: string): Promise<{ job: V; resubmitted: boolean }> {
    const { job, resubmitted } = await this.engine.retry(jobId, async (old) => {
      const again = old.request ? null : await this.resubmitRaw(old)
      if (again) return this.engine.record(again.id)
      if (!old.request) {
        throw new AppError(
          'JOB_NOT_RESUBMITTABLE',
          old.adopted
            ? 'This job was adopted by its task id: the app never had its request, so it cannot send it again.'
            : 'This job was sent as edited request JSON, which is not kept: edit and send it again from its panel.',
        )
      }
      const fresh = await this.submit(old.request)
      return this.engine.record(fresh.id)
    })
    return { job: this.view(job), resubmitted }
  }

  remove(jobId: string): Promise<boolean> {
    return this.engine.remove(jobId)
  }

  /** Whether a window that is still open shows this kind's panel. */
  protected seen(): boolean {
    return [...this.watchers.values()].some((w) => w.sink.alive && w.visible)
  }

  protected broadcast<K extends keyof Events>(name: K, payload: EventPayload<Events[K]>): void {
    for (const [id, w] of this.watchers) {
      if (!w.sink.alive) {
        this.watchers.delete(id)
        continue
      }
      w.sink.emit(name, payload)
    }
  }
}

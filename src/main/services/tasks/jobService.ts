// The part of a job service that is the same for every kind of asynchronous job (video, console image tasks):
// the engine made from the shared ledger and exchange archive, the watching windows and their events, and the
// commands a job list offers (list, get, cancel, retry, delete, exchanges). A kind adds its submit, its view of a
// record and its events; the life cycle stays in the engine.
import type { Events } from '../../../shared/ipc/contract'
import type { EventPayload } from '../../../shared/ipc/define'
import type { Exchange } from '../../../shared/ipc/exchange'
import { systemClock, type Clock, type EventSink } from '../ports'
import type { ProfileService, ResolvedProfile } from '../profiles'
import type { TaskDomain, TaskTiming } from './domain'
import { TaskEngine } from './engine'
import { ExchangeArchive } from './exchangeArchive'
import { TaskLedger } from './ledger'
import type { ExchangeSlot, JobExchanges, StepContext, StepOutcome, TaskRecord } from './types'
import type { RunRecord, RunRecorder } from '../history/ports'
import { JobEnds, keptExchanges } from '../history/jobRecord'

export interface JobServiceDeps {
  profiles: ProfileService
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
  'step' | 'changed' | 'finished' | 'removed'
>

interface Watcher {
  sink: EventSink<Events>
  /** Whether the window shows this kind's panel (a job ending unseen may be announced). */
  visible: boolean
}

export abstract class JobService<R extends TaskRecord & { request: Req }, V extends { id: string }, Req> {
  protected readonly watchers = new Map<string, Watcher>()
  protected readonly engine: TaskEngine<R>
  protected readonly clock: Clock

  constructor(deps: JobServiceDeps, kind: JobKindSpec<R>, timing: TaskTiming) {
    this.clock = deps.clock ?? systemClock
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

  /** Loads this kind's jobs from the ledger and resumes every unfinished one (also when no window is open). */
  start(): Promise<void> {
    return this.engine.start()
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

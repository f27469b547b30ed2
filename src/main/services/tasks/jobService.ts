// The part of a job service that is the same for every kind of asynchronous job (video, console image tasks):
// the engine made from the shared ledger and exchange archive, the panel's entry in the jobs board (list, get,
// cancel, retry, delete, exchanges, keep waiting, the polling limit, looking up and adopting a task by its id),
// the `jobs.*` events, and sending a built or an edited (raw JSON) request as a job. A kind adds its form, its
// body, its steps, its view of a record and how an adopted task becomes a record; the life cycle stays in the engine.
import { JOB_KIND, JOB_PANEL, kindsOf, lookupsOf, type JobPanel } from '../../../shared/catalog/jobKinds'
import type { Events } from '../../../shared/ipc/contract'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { JobDetails, JobExchangeList, JobView } from '../../../shared/ipc/jobs'
import type { CodeSnippets } from '../../../shared/wire/codeExport'
import { systemClock, type Clock, type EventSink } from '../ports'
import type { ProfileService, ResolvedProfile } from '../profiles'
import { authorize, type EndpointKind, type GatewayClient } from '../gateway'
import { AppError } from '../../../shared/ipc/result'
import type { TaskLookup, TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import { lookupTask } from './lookup'
import { WaitLimit } from './waitLimit'
import type { SendContext, TaskDomain, TaskTiming } from './domain'
import { TaskEngine } from './engine'
import { ExchangeArchive } from './exchangeArchive'
import { TaskLedger } from './ledger'
import { JobBoard, type BoardMember } from './jobBoard'
import type { OutgoingRequest } from './submitRequest'
import type { ExchangeSlot, JobExchanges, StepContext, StepOutcome, SubmitOutcome, TaskRecord } from './types'
import type { RunRecord, RunRecorder } from '../history/ports'
import { JobEnds, keptExchanges } from '../history/jobRecord'
import { exchangeEntries } from './exchangeEntries'
import { entryOf } from './jobExchangeLog'
import { maskedRequest } from './requestCode'
import type { CostService } from '../cost/costService'
import { settleJobCost, type JobCharge } from './jobCost'

export interface JobServiceDeps {
  profiles: ProfileService
  gateway: GatewayClient
  /** The job ledger (`jobs.json`) and the jobs' exchanges live here. */
  dataDir: string
  /** The ledger shared with the other job kinds; one is made in `dataDir` when absent. */
  ledger?: TaskLedger
  /** The jobs board shared with the other panels; one is made when absent. */
  board?: JobBoard
  clock?: Clock
  random?: () => number
  log?: (message: string) => void
  /** The history each ended job is recorded in, before the windows hear of its end. */
  recorder?: RunRecorder
  /** Prices each job as it ends (at its profile's prices) and charges a billed one to the month's spend. */
  costs?: CostService
}

/** What a panel's service tells the engine about itself beyond the registry (catalog/jobKinds.ts). */
export interface JobKindSpec<R extends TaskRecord> {
  panel: JobPanel
  /** Parses a ledger entry of the panel's kinds. */
  schema: TaskDomain<R>['schema']
  notFound(): AppError
}

/** A panel's two gateway steps: the submit, and one query that fetches the result once the task succeeded. */
export interface JobSteps<R> {
  send(job: R, profile: ResolvedProfile, request: OutgoingRequest, ctx: SendContext): Promise<SubmitOutcome>
  step(job: R, ctx: StepContext & { profile: ResolvedProfile }): Promise<StepOutcome>
}

/** An edited request JSON as a panel's raw route takes it. */
export interface RawRequest {
  profileId: string
  body: string
  force: boolean
}

/** What a panel's raw route makes of an edited request JSON: where it goes and the job record to submit. */
export interface RawJob<R> {
  endpoint: EndpointKind
  path: string
  job: R
}

/** A job made from its panel's form, for its details: the form, where it goes, and its code export. */
export interface FormRequest {
  form: unknown
  url: string
  code: CodeSnippets
}

export abstract class JobService<
  R extends TaskRecord & { request: Req | null; raw?: Omit<Raw, 'profileId' | 'force'> },
  V extends JobView,
  Req,
  Raw extends RawRequest = RawRequest,
> implements BoardMember {
  readonly board: JobBoard
  protected readonly engine: TaskEngine<R>
  protected readonly clock: Clock
  private readonly waitLimit: WaitLimit
  /** Per watching window: whether it shows this panel (a job ending unseen may be announced). */
  private readonly visible = new Map<string, boolean>()

  constructor(
    private readonly jobDeps: JobServiceDeps,
    private readonly kind: JobKindSpec<R>,
    timing: TaskTiming,
  ) {
    const deps = jobDeps
    const panel = JOB_PANEL[kind.panel]
    this.clock = deps.clock ?? systemClock
    this.board = deps.board ?? new JobBoard()
    this.waitLimit = new WaitLimit(deps.dataDir, panel.waitLimitFile, panel.defaultWaitMinutes)
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
        kinds: kindsOf(kind.panel),
        schema: kind.schema,
        resultNoun: JOB_KIND[kindsOf(kind.panel)[0]!].resultNoun,
        label: panel.jobNoun,
        notFound: kind.notFound,
        step: (job, ctx) => this.steps.step(job, ctx),
        ended: (job) => {
          if (deps.costs) settleJobCost(deps.costs, job, (j) => this.bill(j))
        },
        changed: (job) => {
          ends.changed(job)
          this.board.broadcast('jobs.jobChanged', { job: this.view(job) })
        },
        finished: (job) => this.finished(job),
        removed: async (job) => {
          await this.discard(job)
          this.board.broadcast('jobs.jobRemoved', { jobId: job.id })
        },
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
    this.board.register(kind.panel, this)
  }

  /** Sends a job; a retry of a job that never reached the gateway sends its request again through here. */
  abstract submit(request: Req): Promise<V>
  /** The panel's gateway steps (made in the subclass's constructor, used only once jobs run). */
  protected abstract readonly steps: JobSteps<R>
  /** The record as the windows see it (no request, URLs for stored results, live state). */
  protected abstract view(job: R): V
  /** The job as a history record (history/jobRecord.ts), written when it ends. */
  protected abstract runRecord(job: R, exchanges: JobExchanges): RunRecord
  /** A job was deleted: its stored results go (the windows are told by the board). */
  protected abstract discard(job: R): Promise<void>
  /** An edited request JSON checked by the panel's rules (errors refused unless forced) as a job record. */
  protected abstract rawJob(profile: ResolvedProfile, request: Raw, now: number): RawJob<R>
  /** A task found by its id as this kind's record (no request; `adopted` set; status `submitted`). */
  protected abstract adoptedRecord(profile: ResolvedProfile, request: TaskLookupRequest, found: TaskLookup): R
  /** A job reached succeeded or failed. */
  protected finished(_job: R): void {}
  /** What a job that the gateway finished billed, and under which model its price is looked up. */
  protected abstract bill(job: R): JobCharge
  /** A form job's request as the details show it (rebuilt from the form; files as references). */
  protected abstract formRequest(job: R): Promise<FormRequest | null>
  /** Where a job sent as edited request JSON went. */
  protected abstract rawTarget(job: R): { kind: EndpointKind; path: string }

  /** Loads this kind's jobs from the ledger and resumes every unfinished one (also when no window is open). */
  async start(): Promise<void> {
    await this.waitLimit.load()
    return this.engine.start()
  }

  /** Refuses new jobs once the app is shutting down. */
  protected assertOpen(): void {
    if (this.engine.isClosed)
      throw new AppError(`${this.kind.panel.toUpperCase()}_CLOSED`, 'The app is shutting down.')
  }

  /** Persists the new job, sends it, and hands it to the engine (polling once its task id is known). */
  protected async send(job: R, profile: ResolvedProfile, request: OutgoingRequest): Promise<V> {
    const sent = await this.engine.submit(job, (ctx) => this.steps.send(job, profile, request, ctx))
    return this.view(sent)
  }

  /** An edited request JSON, checked by the form's rules (errors refused unless forced), sent byte for byte. */
  async submitRaw(request: Raw): Promise<V> {
    this.assertOpen()
    const profile = await this.jobDeps.profiles.resolve(request.profileId)
    const { endpoint, path, job } = this.rawJob(profile, request, this.clock.now())
    // Missing credentials are the person's to fix, before any job exists.
    authorize(profile, { kind: endpoint, path })
    return this.send(job, profile, { path, rawBody: request.body })
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
    if (!lookupsOf(this.kind.panel).includes(request.kind))
      throw new AppError(
        'TASK_LOOKUP_KIND',
        `${request.kind} is not a lookup of ${JOB_PANEL[this.kind.panel].jobNoun}s.`,
      )
  }

  private tracked(profileId: string, taskId: string): R | undefined {
    return this.engine.sorted().find((j) => j.profileId === profileId && j.taskId === taskId)
  }

  /** Stops every timer and request; jobs stay as they are on disk and resume at the next start. */
  close(): Promise<void> {
    return this.engine.close()
  }

  has(jobId: string): boolean {
    return this.engine.sorted().some((j) => j.id === jobId)
  }

  list(offset = 0, limit = 50): { jobs: V[]; total: number } {
    const all = this.engine.sorted()
    return { jobs: all.slice(offset, offset + limit).map((j) => this.view(j)), total: all.length }
  }

  /**
   * A window starts watching the jobs board (every change from now on) and says whether it shows this
   * panel; answers this panel's first page.
   */
  watch(
    senderId: string,
    sink: EventSink<Events>,
    visible: boolean,
    limit = 50,
  ): { jobs: V[]; total: number } {
    this.board.subscribe(senderId, sink)
    this.visible.set(senderId, visible)
    return this.list(0, limit)
  }

  /** Whether the window shows this panel; false when the window does not watch the jobs. */
  setPanelVisible(senderId: string, visible: boolean): boolean {
    if (!this.board.watching(senderId)) return false
    this.visible.set(senderId, visible)
    return true
  }

  get(jobId: string): V {
    return this.view(this.engine.record(jobId))
  }

  /** The latest exchange of `which`. */
  exchange(jobId: string, which: ExchangeSlot): Exchange | null {
    return this.engine.exchange(jobId, which)
  }

  /** The kept entry of `which` at `index` (as jobs.listExchanges lists them). */
  async exchangeAt(jobId: string, which: ExchangeSlot, index: number): Promise<Exchange | null> {
    const log = await this.engine.exchangeLog(jobId)
    return log ? entryOf(log, which, index) : null
  }

  /** Every kept exchange of the job, oldest first, with what each answer said. */
  async exchanges(jobId: string): Promise<JobExchangeList> {
    return exchangeEntries(await this.engine.exchangeLog(jobId))
  }

  /** How the job was made and what it sent: the form or the edited JSON, its URL and its code export. */
  async details(jobId: string): Promise<JobDetails> {
    const job = this.engine.record(jobId)
    const base = { job: this.view(job), method: 'POST' as const }
    if (job.raw) {
      const { kind, path } = this.rawTarget(job)
      const masked = await maskedRequest(this.jobDeps.profiles, job.profileId, kind, path, job.raw.body)
      return {
        ...base,
        source: 'raw',
        request: job.raw.body,
        url: masked.url,
        code: masked.code,
        codeNote: null,
      }
    }
    if (!job.request) {
      return {
        ...base,
        source: 'adopted',
        request: null,
        url: null,
        code: null,
        codeNote: 'Adopted by its task id: this app did not submit the task and has no request for it.',
      }
    }
    const made = await this.formRequest(job).catch(() => null)
    return {
      ...base,
      source: 'form',
      request: JSON.stringify(job.request, null, 2),
      url: made?.url ?? null,
      code: made?.code ?? null,
      codeNote: made ? null : 'No code export: the request no longer builds (an imported image may be gone).',
    }
  }

  cancel(jobId: string): V {
    return this.view(this.engine.cancel(jobId))
  }

  async retry(jobId: string): Promise<{ job: V; resubmitted: boolean }> {
    const { job, resubmitted } = await this.engine.retry(jobId, async (old) => {
      // Sent as edited request JSON: the text as sent goes again, as written.
      const again = old.request
        ? null
        : old.raw && (await this.submitRaw({ profileId: old.profileId, ...old.raw, force: true } as Raw))
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

  /** Whether a window that is still open shows this panel. */
  protected seen(): boolean {
    for (const [id, visible] of this.visible) {
      if (!this.board.watching(id)) this.visible.delete(id)
      else if (visible) return true
    }
    return false
  }
}

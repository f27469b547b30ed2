// The jobs surface over every job service: one list per panel, one set of watching windows and one pair of
// events (`jobs.jobChanged` / `jobs.jobRemoved`), and the job commands routed to the service that holds the job
// (or, for a lookup, to the panel the registry names). Invariant: the board owns no job; each service's engine
// does, so the life cycle is never copied here.
import { JOB_PANELS, panelOfLookup, type JobPanel } from '../../../shared/catalog/jobKinds'
import type { Events } from '../../../shared/ipc/contract'
import type { EventPayload } from '../../../shared/ipc/define'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { JobDetails, JobExchangeList, JobView } from '../../../shared/ipc/jobs'
import { AppError } from '../../../shared/ipc/result'
import type { TaskLookup, TaskLookupRequest } from '../../../shared/ipc/taskLookup'
import type { EventSink } from '../ports'
import type { ExchangeSlot } from './types'

/** What a job service offers the board (tasks/jobService.ts implements it for every panel). */
export interface BoardMember {
  has(jobId: string): boolean
  list(offset: number, limit: number): { jobs: JobView[]; total: number }
  get(jobId: string): JobView
  cancel(jobId: string): JobView
  retry(jobId: string): Promise<{ job: JobView; resubmitted: boolean }>
  remove(jobId: string): Promise<boolean>
  exchange(jobId: string, which: ExchangeSlot): Exchange | null
  exchangeAt(jobId: string, which: ExchangeSlot, index: number): Promise<Exchange | null>
  exchanges(jobId: string): Promise<JobExchangeList>
  details(jobId: string): Promise<JobDetails>
  keepWaiting(jobId: string): JobView
  lookup(request: TaskLookupRequest): Promise<TaskLookup>
  adopt(request: TaskLookupRequest): Promise<JobView>
  getWaitLimit(): { minutes: number }
  setWaitLimit(minutes: number): Promise<{ minutes: number }>
}

export class JobBoard {
  private readonly members = new Map<JobPanel, BoardMember>()
  private readonly watchers = new Map<string, EventSink<Events>>()

  register(panel: JobPanel, member: BoardMember): void {
    if (this.members.has(panel)) throw new Error(`jobs: the ${panel} panel is registered twice`)
    this.members.set(panel, member)
  }

  /** A window starts watching: every change from now on, and each panel's first page now. */
  watch(
    senderId: string,
    sink: EventSink<Events>,
    pages: Record<JobPanel, number>,
  ): { jobs: JobView[]; totals: Record<JobPanel, number> } {
    this.subscribe(senderId, sink)
    const jobs: JobView[] = []
    const totals = { video: 0, images: 0 }
    for (const panel of JOB_PANELS) {
      const member = this.members.get(panel)
      if (!member) continue
      const page = member.list(0, pages[panel])
      jobs.push(...page.jobs)
      totals[panel] = page.total
    }
    return { jobs: jobs.sort((a, b) => b.createdAt - a.createdAt), totals }
  }

  /** The window gets every job event from now on. */
  subscribe(senderId: string, sink: EventSink<Events>): void {
    this.watchers.set(senderId, sink)
  }

  /** Whether the window watches and is still open. */
  watching(senderId: string): boolean {
    return this.watchers.get(senderId)?.alive ?? false
  }

  list(panel: JobPanel, offset: number, limit: number): { jobs: JobView[]; total: number } {
    return this.member(panel).list(offset, limit)
  }

  get(jobId: string): JobView {
    return this.owner(jobId).get(jobId)
  }

  cancel(jobId: string): JobView {
    return this.owner(jobId).cancel(jobId)
  }

  retry(jobId: string): Promise<{ job: JobView; resubmitted: boolean }> {
    return this.owner(jobId).retry(jobId)
  }

  async remove(jobId: string): Promise<boolean> {
    const member = this.find(jobId)
    return member ? member.remove(jobId) : false
  }

  exchange(jobId: string, which: ExchangeSlot): Exchange | null {
    return this.owner(jobId).exchange(jobId, which)
  }

  exchangeAt(jobId: string, which: ExchangeSlot, index: number): Promise<Exchange | null> {
    return this.owner(jobId).exchangeAt(jobId, which, index)
  }

  exchanges(jobId: string): Promise<JobExchangeList> {
    return this.owner(jobId).exchanges(jobId)
  }

  details(jobId: string): Promise<JobDetails> {
    return this.owner(jobId).details(jobId)
  }

  keepWaiting(jobId: string): JobView {
    return this.owner(jobId).keepWaiting(jobId)
  }

  lookup(request: TaskLookupRequest): Promise<TaskLookup> {
    return this.member(panelOfLookup(request.kind)).lookup(request)
  }

  adopt(request: TaskLookupRequest): Promise<JobView> {
    return this.member(panelOfLookup(request.kind)).adopt(request)
  }

  getWaitLimit(panel: JobPanel): { minutes: number } {
    return this.member(panel).getWaitLimit()
  }

  setWaitLimit(panel: JobPanel, minutes: number): Promise<{ minutes: number }> {
    return this.member(panel).setWaitLimit(minutes)
  }

  /** Sends an event to every watching window; windows that closed are forgotten. */
  broadcast<K extends keyof Events>(name: K, payload: EventPayload<Events[K]>): void {
    for (const [id, sink] of this.watchers) {
      if (!sink.alive) {
        this.watchers.delete(id)
        continue
      }
      sink.emit(name, payload)
    }
  }

  private member(panel: JobPanel): BoardMember {
    const member = this.members.get(panel)
    if (!member) throw new AppError('JOBS_UNAVAILABLE', `The ${panel} jobs are not available.`)
    return member
  }

  private find(jobId: string): BoardMember | undefined {
    return [...this.members.values()].find((m) => m.has(jobId))
  }

  private owner(jobId: string): BoardMember {
    const member = this.find(jobId)
    if (!member) throw new AppError('JOB_NOT_FOUND', 'This job no longer exists.')
    return member
  }
}

// The app's side of the Gateway check: starts a battery for a profile, forwards each cell to the window that
// asked, keeps the exchanges of recent checks for the Inspector (bounded), the text cells' drafts for "Save as
// case", and this session's finished reports for export and diff. Every check ends with one `check.ended`.
import type { Events } from '../../../shared/ipc/contract'
import type { EventSink } from '../ports'
import type { CheckReport, PaidGroup } from '../../../shared/check/model'
import { countCells } from '../../../shared/check/model'
import { planBattery, type PlannedCell } from '../../../shared/check/battery'
import type { Draft, WireFormat } from '../../../shared/wire'
import { AppError } from '../../../shared/ipc/result'
import type { ProfileService } from '../profiles'
import type { NetworkPool } from '../network/networkPool'
import type { RunRecorder } from '../history/ports'
import { ExchangeLog } from '../text/exchangeLog'
import { CheckRun } from './checkRunner'
import type { CostService } from '../cost/costService'

/** Exchanges kept across checks: a full battery records about 350. */
const KEPT_EXCHANGES = 3000
const KEPT_REPORTS = 10

export interface StartCheck {
  checkId: string
  profileId: string
  models: string[]
  include: PaidGroup[]
  concurrency: number
}

export class CheckService {
  readonly exchanges = new ExchangeLog(KEPT_EXCHANGES)
  private readonly running = new Map<string, CheckRun>()
  private readonly reports: CheckReport[] = []
  private readonly drafts = new Map<string, Map<string, { format: WireFormat; draft: Draft }>>()
  private readonly profileOf = new Map<string, string>()
  private readonly rerunning = new Set<string>()

  constructor(
    private readonly deps: {
      profiles: ProfileService
      recorder?: RunRecorder
      userAgent?: string
      secrets?: () => readonly string[]
      network: NetworkPool
      /** Prices each probe and charges it to the profile's spend this month. */
      costs?: CostService
      /** Told of each finished check (the model list keeps which formats it saw working, with the date). */
      onReport?: (profileId: string, report: CheckReport) => void
    },
  ) {}

  async start(input: StartCheck, sink: EventSink<Events>): Promise<{ plan: PlannedCell[] }> {
    if (this.running.has(input.checkId) || this.reports.some((r) => r.checkId === input.checkId))
      throw new AppError('CHECK_EXISTS', `checkId: a check ${input.checkId} already exists.`)
    const profile = await this.deps.profiles.resolve(input.profileId)
    if (!profile.apiKey)
      throw new AppError('CHECK_NO_KEY', `Profile "${profile.name}" has no API key; add it in Settings.`)
    if (input.include.includes('images') && (!profile.consoleBaseUrl || !profile.consoleToken))
      throw new AppError(
        'CHECK_NO_CONSOLE',
        `include: the console image task needs a console base URL and access token on "${profile.name}"; add them in Settings or untick it.`,
      )
    const plan = planBattery({ models: input.models, include: input.include })
    const drafts = new Map<string, { format: WireFormat; draft: Draft }>()
    this.drafts.set(input.checkId, drafts)
    while (this.drafts.size > KEPT_REPORTS + 2) this.drafts.delete(this.drafts.keys().next().value!)
    const run = new CheckRun(profile, plan, {
      checkId: input.checkId,
      concurrency: input.concurrency,
      models: input.models,
      include: input.include,
      userAgent: this.deps.userAgent,
      secrets: this.deps.secrets?.(),
      network: this.deps.network,
      recorder: this.deps.recorder,
      ...this.priced(input.profileId),
      keep: (recorder) => this.exchanges.add(recorder),
      keepDraft: (key, value) => drafts.set(key, value as { format: WireFormat; draft: Draft }),
      onCell: (cell) => {
        if (!sink.alive) return run.stop()
        sink.emit('check.cell', { checkId: input.checkId, cell })
      },
    })
    this.running.set(input.checkId, run)
    this.profileOf.set(input.checkId, input.profileId)
    const t0 = performance.now()
    void run
      .run()
      .then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      .then((error) => {
        this.running.delete(input.checkId)
        const report = run.report()
        this.reports.unshift(report)
        this.reports.splice(KEPT_REPORTS)
        try {
          this.deps.onReport?.(input.profileId, report)
        } catch {
          // What the model list keeps is a convenience: the check itself ended all the same.
        }
        if (sink.alive)
          sink.emit('check.ended', {
            checkId: input.checkId,
            stopped: run.isStopped,
            error,
            durationMs: Math.round(performance.now() - t0),
          })
      })
    return { plan }
  }

  /** Runs one finished cell again, once; its new verdict replaces the old in the report and goes to `sink`. */
  async rerunCell(
    input: { checkId: string; key: string; paidConfirmed: boolean },
    sink: EventSink<Events>,
  ): Promise<{ started: boolean }> {
    const report = this.report(input.checkId)
    const old = report.cells.find((c) => c.key === input.key)
    if (!old) throw new AppError('CHECK_NO_CELL', 'That cell is not part of this check.')
    if ((old.group === 'video' || old.group === 'images') && !input.paidConfirmed)
      throw new AppError('CHECK_PAID_UNCONFIRMED', 'This probe costs money: confirm before running it again.')
    const id = `${input.checkId}\u0000${input.key}`
    if (this.rerunning.has(id)) return { started: false }
    const profileId = this.profileOf.get(input.checkId) ?? ''
    const profile = await this.deps.profiles.resolve(profileId)
    const planned: PlannedCell = { ...old, skip: null }
    const drafts = this.drafts.get(input.checkId)
    this.rerunning.add(id)
    const run = new CheckRun(profile, [planned], {
      concurrency: 1,
      recorder: this.deps.recorder,
      userAgent: this.deps.userAgent,
      secrets: this.deps.secrets?.(),
      network: this.deps.network,
      ...this.priced(profileId),
      keep: (recorder) => this.exchanges.add(recorder),
      keepDraft: (key, value) => drafts?.set(key, value as { format: WireFormat; draft: Draft }),
    })
    void run
      .run()
      .catch(() => [])
      .then((cells) => {
        this.rerunning.delete(id)
        const cell = cells[0]
        if (!cell) return
        const at = report.cells.findIndex((c) => c.key === cell.key)
        if (at >= 0) report.cells[at] = cell
        if (sink.alive) sink.emit('check.cell', { checkId: input.checkId, cell })
      })
    return { started: true }
  }

  private priced(profileId: string): { costs?: { service: CostService; profileId: string } } {
    return this.deps.costs ? { costs: { service: this.deps.costs, profileId } } : {}
  }

  stop(checkId: string): { stopped: boolean } {
    const run = this.running.get(checkId)
    if (!run) return { stopped: false }
    run.stop()
    return { stopped: true }
  }

  stopAll(): void {
    for (const run of this.running.values()) run.stop()
  }

  exchange(id: string) {
    const found = this.exchanges.get(id)
    if (!found)
      throw new AppError(
        'CHECK_EXCHANGE_GONE',
        'That exchange is no longer kept in memory; run the check again.',
      )
    return found.snapshot()
  }

  cellDraft(checkId: string, key: string): { format: WireFormat; draft: Draft } {
    const found = this.drafts.get(checkId)?.get(key)
    if (!found)
      throw new AppError('CHECK_NO_DRAFT', 'Only a text cell of a recent check can be saved as a case.')
    return found
  }

  report(checkId: string): CheckReport {
    const found = this.reports.find((r) => r.checkId === checkId)
    if (!found)
      throw new AppError('CHECK_NOT_FOUND', 'That check is not finished or no longer kept; run it again.')
    return found
  }

  summaries() {
    return this.reports.map((r) => ({
      checkId: r.checkId,
      profile: r.profile,
      baseUrl: r.baseUrl,
      startedAt: r.startedAt,
      cells: r.cells.length,
      deviating: countCells(r.cells).deviating,
    }))
  }
}

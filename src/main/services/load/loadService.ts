// The app's side of load tests: starts a run for the window that asked (profiles resolved in main, prompts made
// before the first request), sends it the run's progress coalesced (ended requests' points and the live figures of
// the levels that changed, at most 4 times a second: never a message per request or token, so main's event loop
// stays free for the requests it times), then one `load.ended`; keeps runs on disk (runFiles.ts) to list, reopen,
// page through, export and compare; records each run in History, and its requests after it ends (historyRows.ts).
import { join } from 'node:path'
import { readFile } from 'node:fs/promises'
import type { Events } from '../../../shared/ipc/contract'
import type { LoadRunSummary } from '../../../shared/ipc/load'
import { AppError } from '../../../shared/ipc/result'
import type { LevelFigures } from '../../../shared/load/levels'
import { isSimulatorProfile, plannedRequests, targetLabel, type LoadPlan } from '../../../shared/load/plan'
import { POINTS_PAGE, type RequestPoint } from '../../../shared/load/points'
import { diffLoadReports } from '../../../shared/load/diff'
import { levelsToCsv, readLoadReport, reportToJson, type LoadReport } from '../../../shared/load/report'
import { mergeBilledSums, sumStored } from '../../../shared/cost/billed'
import type { CostService } from '../cost/costService'
import type { SavedCase } from '../../../shared/cases/caseModel'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { EventSink } from '../ports'
import type { ProfileService, ResolvedProfile } from '../profiles'
import { LoadRun } from './loadRun'
import { loadTokenizer, preparePrompts } from './prompts'
import { locustFileOf } from './locustExport'
import { readLocustStats } from './locustCsv'
import { LoadHistory, REQUEST_ROWS, type LoadHistoryPort } from './historyRows'
import { requestsCsv } from './requestsCsv'
import {
  deleteRun,
  LOAD_DIR,
  listRunIds,
  pruneRuns,
  readRange,
  readReportFile,
  readStoredRun,
  RunWriter,
  type StoredRun,
} from './runFiles'

/** How often a running test tells its window what ended. */
const PROGRESS_MS = 250

export interface LoadServiceDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  dataDir: string
  history: LoadHistoryPort
  /** Prices each request; the run's cost is charged to each target profile's spend this month as it ends. */
  costs?: CostService
  readCase(suiteId: string, caseId: string): Promise<SavedCase | null>
}

interface Running {
  run: LoadRun
  writer: RunWriter
  sink: EventSink<Events>
  pending: RequestPoint[]
  changed: Set<number>
  step: number
  timer: NodeJS.Timeout
  t0: number
}

const stamp = (t: number) => new Date(t).toISOString().slice(0, 19).replace(/[:T]/g, '-')

export class LoadService {
  readonly root: string
  private readonly running = new Map<string, Running>()
  /** The last runs opened, with their points (a few MB at most each). */
  private readonly opened = new Map<string, StoredRun>()
  private readonly history: LoadHistory

  constructor(private readonly deps: LoadServiceDeps) {
    this.root = join(deps.dataDir, LOAD_DIR)
    this.history = new LoadHistory(deps.history)
  }

  private async resolveProfiles(plan: LoadPlan): Promise<ResolvedProfile[]> {
    const byId = new Map<string, ResolvedProfile>()
    for (const t of plan.targets) {
      if (byId.has(t.profileId)) continue
      const profile = await this.deps.profiles.resolve(t.profileId)
      if (!profile.apiKey)
        throw new AppError('LOAD_NO_KEY', `Profile "${profile.name}" has no API key; add it in Settings.`)
      byId.set(t.profileId, profile)
    }
    return plan.targets.map((t) => byId.get(t.profileId)!)
  }

  private async prompts(plan: LoadPlan) {
    const tokenizer = await loadTokenizer()
    const prompts = await preparePrompts(
      plan,
      {
        readFile: async (ref) => {
          const path = await this.deps.media.path(ref)
          if (!path)
            throw new AppError('LOAD_BAD_PROMPTS', 'prompts: the imported file is gone; import it again.')
          return readFile(path, 'utf8')
        },
        readCase: this.deps.readCase,
      },
      tokenizer,
      plannedRequests(plan) ?? 2048,
    )
    return { tokenizer, prompts }
  }

  async start(input: { runId: string; plan: LoadPlan }, sink: EventSink<Events>) {
    const { runId } = input
    if (this.running.has(runId) || (await readReportFile(this.root, runId)))
      throw new AppError('LOAD_EXISTS', `runId: a run ${runId} already exists.`)
    const profiles = await this.resolveProfiles(input.plan)
    // The simulator's length trigger goes only to the simulator: with any other target, no prompt carries it (and
    // the kept plan says so).
    const plan =
      input.plan.simTokens && !profiles.every(isSimulatorProfile)
        ? { ...input.plan, simTokens: false }
        : input.plan
    const { tokenizer, prompts } = await this.prompts(plan)
    await pruneRuns(this.root, runId)
    const writer = await RunWriter.create(this.root, runId)
    const state: Running = {
      run: null as unknown as LoadRun,
      writer,
      sink,
      pending: [],
      changed: new Set(),
      step: 0,
      timer: setInterval(() => this.flush(runId), PROGRESS_MS),
      t0: performance.now(),
    }
    state.run = new LoadRun({
      runId,
      plan,
      profiles,
      gateway: this.deps.gateway,
      prompts,
      tokenizer,
      writer,
      ...(this.deps.costs ? { costs: this.deps.costs, keepRequestCosts: REQUEST_ROWS } : {}),
      // Per request only a push: the figures are worked out at the next flush.
      onRequest: (point) => {
        state.pending.push(point)
        state.changed.add(point[1])
      },
      onStep: (step) => {
        state.step = step.index
        state.changed.add(step.index)
      },
    })
    this.running.set(runId, state)
    await writer.writeReport(state.run.report())
    void state.run.run().then((report) => this.finish(runId, report))
    return { runId, expected: plannedRequests(plan), steps: state.run.steps.length }
  }

  /** Sends what ended since the last flush: points in pages, the live figures of the levels that changed. */
  private flush(runId: string): void {
    const s = this.running.get(runId)
    if (!s) return
    if (!s.sink.alive) {
      s.run.stop()
      return
    }
    s.run.settle()
    if (s.pending.length === 0 && s.changed.size === 0) return
    const levels: LevelFigures[] = []
    for (const step of s.changed) {
      const level = s.run.levelFigures(step, { pooled: false })
      if (level) levels.push(level)
    }
    s.changed.clear()
    const points = s.pending.splice(0)
    for (let i = 0; i === 0 || i < points.length; i += POINTS_PAGE) {
      s.sink.emit('load.progress', {
        runId,
        step: s.step,
        sent: s.run.requestsSent,
        elapsedMs: Math.round(performance.now() - s.t0),
        points: points.slice(i, i + POINTS_PAGE),
        levels: i === 0 ? levels : [],
        // Each target's cost so far rides on the same message (null: the run is not priced).
        ...(i === 0 ? { targetCosts: s.run.targetCostsNow() } : {}),
      })
    }
  }

  private async finish(runId: string, report: LoadReport): Promise<void> {
    const s = this.running.get(runId)!
    clearInterval(s.timer)
    this.flush(runId)
    await s.writer.writeReport(report).catch(() => undefined)
    await s.writer.close()
    this.running.delete(runId)
    this.opened.delete(runId)
    this.charge(report)
    if (s.sink.alive) s.sink.emit('load.ended', { runId, status: report.status, error: report.error, report })
    this.history.recordRun(report, this.root, s.run.requestCosts)
  }

  /** What the run cost (a stopped run: what it sent), added once to each target profile's spend this month. */
  private charge(report: LoadReport): void {
    const costs = this.deps.costs
    if (!costs) return
    const profileIds = [...new Set(report.plan.targets.map((t) => t.profileId))]
    for (const profileId of profileIds) {
      const sum = mergeBilledSums(
        report.targets.filter((_, i) => report.plan.targets[i]?.profileId === profileId).map((t) => t.cost),
      )
      for (const stored of sumStored(sum)) costs.chargeKept(profileId, stored)
    }
  }

  stop(runId: string): { stopped: boolean } {
    const s = this.running.get(runId)
    if (!s) return { stopped: false }
    s.run.stop()
    return { stopped: true }
  }

  stopAll(): void {
    for (const s of this.running.values()) s.run.stop()
  }

  async listRuns(): Promise<{ runs: LoadRunSummary[] }> {
    const runs: LoadRunSummary[] = []
    for (const id of await listRunIds(this.root)) {
      const live = this.running.get(id)
      const report = live ? live.run.report() : await readReportFile(this.root, id)
      if (!report) continue
      runs.push(summaryOf(report, !live && report.status === 'running'))
    }
    return { runs }
  }

  private async stored(runId: string): Promise<StoredRun> {
    const live = this.running.get(runId)
    if (live) {
      live.run.settle()
      await live.writer.flushed()
    }
    let found = live ? undefined : this.opened.get(runId)
    if (!found) {
      const read = await readStoredRun(this.root, runId)
      if (!read) throw new AppError('LOAD_NOT_FOUND', 'That load test is no longer kept; run it again.')
      found = read
      if (!live) {
        this.opened.set(runId, found)
        while (this.opened.size > 2) this.opened.delete(this.opened.keys().next().value!)
      }
    }
    if (live) found.report = live.run.report()
    else if (found.report.status === 'running') found.report = { ...found.report, status: 'interrupted' }
    return found
  }

  async openRun(runId: string) {
    const run = await this.stored(runId)
    return { report: run.report, points: run.points.length }
  }

  async points(runId: string, offset: number, limit: number) {
    const run = await this.stored(runId)
    return { points: run.points.slice(offset, offset + limit), total: run.points.length }
  }

  async request(runId: string, index: number) {
    const run = await this.stored(runId)
    const range = run.ranges.get(index)
    if (!range) return { request: null, exchange: null }
    const [reqAt, reqLen, exAt, exLen] = range
    let request = null
    if (reqAt >= 0) {
      const r = JSON.parse(await readRange(this.root, runId, 'requests', reqAt, reqLen)) as Record<
        string,
        unknown
      > & {
        contentAt: number[]
      }
      const { contentAt, contentTokens: _tokens, handedAt, ...rest } = r
      // A run kept before the hand-off was recorded has none.
      request = {
        ...rest,
        handedAt: typeof handedAt === 'number' ? handedAt : null,
        frames: contentAt.length,
      } as never
    }
    const exchange =
      exAt >= 0 ? (JSON.parse(await readRange(this.root, runId, 'exchanges', exAt, exLen)) as Exchange) : null
    return { request, exchange }
  }

  async export(runId: string, format: 'json' | 'csv' | 'requestsCsv' | 'locust', keyEnv?: string) {
    const { report } = await this.stored(runId)
    const base = `load-test-${stamp(report.startedAt)}`
    const put = async (text: string, type: string, name: string) => {
      const info = await this.deps.media.putBytes(Buffer.from(text, 'utf8'), type, name)
      return { url: this.deps.media.url(info.id), name, bytes: info.size }
    }
    if (format === 'json') return put(reportToJson(report), 'application/json', `${base}.json`)
    if (format === 'csv') return put(levelsToCsv(report), 'text/csv', `${base}-levels.csv`)
    if (format === 'requestsCsv') {
      const name = `${base}-requests.csv`
      const info = await this.deps.media.putStream(
        requestsCsv(join(this.root, runId, 'requests.ndjson'), report),
        'text/csv',
        name,
      )
      return { url: this.deps.media.url(info.id), name, bytes: info.size }
    }
    if (!keyEnv)
      throw new AppError(
        'LOAD_NO_KEY_ENV',
        'key variable: name the environment variable that will hold the key.',
      )
    const profiles = await this.resolveProfiles(report.plan).catch(() => {
      throw new AppError(
        'LOAD_PROFILE_GONE',
        "A profile of this run is gone; the Locust file needs each target's profile.",
      )
    })
    const { prompts } = await this.prompts(report.plan)
    return put(locustFileOf(report.plan, profiles, prompts, keyEnv), 'text/x-python', 'locustfile.py')
  }

  async diff(input: { beforeId?: string; beforeText?: string; afterId: string }) {
    const after = (await this.stored(input.afterId)).report
    let before: LoadReport
    if (input.beforeText !== undefined) {
      const read = readLoadReport(input.beforeText)
      if (!read.ok) throw new AppError('LOAD_BAD_REPORT', `report file: ${read.problem}`)
      before = read.report
    } else before = (await this.stored(input.beforeId!)).report
    return { rows: diffLoadReports(before, after), before: summaryOf(before, false) }
  }

  importLocust(text: string) {
    return { levels: readLocustStats(text) }
  }

  async deleteRun(runId: string) {
    if (this.running.has(runId)) throw new AppError('LOAD_RUNNING', 'Stop this load test before deleting it.')
    this.opened.delete(runId)
    return { deleted: await deleteRun(this.root, runId) }
  }
}

function summaryOf(report: LoadReport, interrupted: boolean): LoadRunSummary {
  return {
    runId: report.runId,
    name: report.name,
    startedAt: report.startedAt,
    endedAt: report.endedAt,
    status: interrupted ? 'interrupted' : report.status,
    requests: report.requests,
    targets: report.targets.map((t) => targetLabel(t, t.profile)),
    levels: report.plan.shape.levels,
    mode: report.plan.shape.mode,
  }
}

// One load test, the same engine for the panel and `npm run load`: the plan's steps scheduled (scheduler.ts), each
// request sent through its profile's gateway client and timed (requestRun.ts), its metrics folded into its level
// (shared/load/levels.ts) and its record, point and exchange written to the run's files. What a caller hears:
// each ended request (a point) and each step started; the report at any time. A stop keeps what had finished.
// Never retries a request.
// What a request's timing does not need stays off the event loop's turns that carry other requests' first bytes:
// an ended request is only queued, and the queue is settled (token counts, metrics, its level, its point, its
// files) every SETTLE_MS, before any figure or report is read, and at the end. The figures are the same.
import type { LevelFigures } from '../../../shared/load/levels'
import { LevelAccumulator } from '../../../shared/load/levels'
import { requestMetrics, type RecordedRequest, type RequestMetrics } from '../../../shared/load/metrics'
import { planSteps, plannedRequests, type LoadPlan, type LoadStep } from '../../../shared/load/plan'
import { pointOf, type RequestPoint } from '../../../shared/load/points'
import type { LoadReport, LoadStatus, ReportTarget } from '../../../shared/load/report'
import { buildLoadRequest, type LoadRequest } from '../../../shared/load/requests'
import type { GatewayClient } from '../gateway'
import type { ResolvedProfile } from '../profiles'
import { rememberedCounts, type PromptPool, type Tokenizer } from './prompts'
import { countOutputTokens, runLoadRequest, type RequestOutcome } from './requestRun'
import { LoadScheduler } from './scheduler'
import type { RunWriter } from './runFiles'
import type { CostService } from '../cost/costService'
import { addBilled, emptyBilledSum, type BilledCost, type BilledSum } from '../../../shared/cost/billed'
import { loadRequestCost } from './requestCost'

export interface LoadRunOptions {
  runId: string
  plan: LoadPlan
  /** The resolved profile of each target, in the plan's order. */
  profiles: ResolvedProfile[]
  gateway: GatewayClient
  prompts: PromptPool
  tokenizer: Tokenizer
  writer: RunWriter | null
  /** Prices each request at its target profile's prices as it is settled (the report's `targets[].cost`). */
  costs?: CostService
  /** How many requests' own costs to keep by index, the first settled (History's request rows); 0 by default. */
  keepRequestCosts?: number
  /** Each ended request, once it is settled (folded into its level and written), in the order they ended. */
  onRequest?: (point: RequestPoint, record: RecordedRequest, metrics: RequestMetrics) => void
  onStep?: (step: LoadStep) => void
}

/** How often ended requests are settled (a few ms of work at most at once: a few dozen requests). */
const SETTLE_MS = 100

export class LoadRun {
  readonly steps: LoadStep[]
  readonly levels: LevelAccumulator[]
  readonly startedAt = Date.now()
  private endedAt: number | null = null
  private status: LoadStatus = 'running'
  private error: string | null = null
  private sent = 0
  private readonly scheduler: LoadScheduler
  private readonly t0 = performance.now()
  /** Built and serialised once per target and prompt, reused: the same request is not built on each send. */
  private readonly built = new Map<string, { request: LoadRequest; bodyText: string }>()
  private readonly countTokens: (text: string) => number
  /** Ended requests not settled yet, in the order they ended. */
  private endedQueue: (RequestOutcome & { waited: boolean })[] = []
  private settleTimer: NodeJS.Timeout | null = null
  /** Each target's requests' cost so far (null: the run is not priced). */
  private readonly targetCosts: BilledSum[] | null
  /** Each step's (level's) requests' cost so far, as the targets' (null: the run is not priced). */
  private readonly stepCosts: BilledSum[] | null
  /** The first `keepRequestCosts` settled requests' costs, by request index. */
  readonly requestCosts = new Map<number, BilledCost>()

  constructor(private readonly options: LoadRunOptions) {
    const { plan } = options
    this.countTokens = rememberedCounts(options.tokenizer.countTokens)
    this.steps = planSteps(plan)
    this.targetCosts = options.costs ? plan.targets.map(() => emptyBilledSum()) : null
    this.stepCosts = options.costs ? this.steps.map(() => emptyBilledSum()) : null
    const limits = plan.goodput
    this.levels = this.steps.map(
      (s) =>
        new LevelAccumulator(
          { step: s.index, targetIndex: s.targetIndex, mode: plan.shape.mode, level: s.level },
          { ttftMs: limits.ttftMs, tpotMs: limits.tpotMs },
        ),
    )
    this.scheduler = new LoadScheduler({
      shape: plan.shape,
      steps: this.steps,
      onStep: (step) => options.onStep?.(step),
      send: async (issue, stop) => {
        const target = plan.targets[issue.step.targetIndex]!
        const prompt = options.prompts.at(issue.index)
        const key = `${issue.step.targetIndex}:${issue.index % options.prompts.size}`
        let built = this.built.get(key)
        if (!built) {
          const request = buildLoadRequest(target, prompt, plan.maxTokens)
          built = { request, bodyText: JSON.stringify(request.body) }
          if (this.built.size < 20_000) this.built.set(key, built)
        }
        this.sent++
        const outcome = await runLoadRequest(
          {
            gateway: options.gateway,
            profile: options.profiles[issue.step.targetIndex]!,
            t0: this.t0,
          },
          {
            index: issue.index,
            step: issue.step.index,
            warmup: issue.warmup,
            format: target.format,
            stream:
              target.stream &&
              target.format !== 'embeddings' &&
              target.format !== 'embedContent' &&
              target.format !== 'batchEmbedContents',
            request: built.request,
            bodyText: built.bodyText,
            promptTokens: prompt.tokens,
            timeoutMs: plan.shape.timeoutS * 1000,
            stop,
          },
        )
        this.endedQueue.push({ ...outcome, waited: issue.waited })
        this.settleTimer ??= setTimeout(() => this.settle(), SETTLE_MS)
      },
    })
  }

  /** Folds every ended request not folded yet into its level, writes it and tells the caller (see the top). */
  settle(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer)
    this.settleTimer = null
    const queue = this.endedQueue
    this.endedQueue = []
    for (const { record, exchange, deltas, usage, waited } of queue) {
      countOutputTokens(record, deltas, this.countTokens)
      this.price(record, usage)
      const metrics = requestMetrics(record)
      const level = this.levels[record.step]!
      if (waited) level.waitedAtClient++
      level.add(record, metrics)
      const point = pointOf(record, metrics)
      this.options.writer?.add(record, point, exchange)
      this.options.onRequest?.(point, record, metrics)
    }
  }

  /** Prices a settled request (kept on its record, so its file carries it) and adds it to its level and target. */
  private price(record: RecordedRequest, usage: RequestOutcome['usage']): void {
    const costs = this.options.costs
    const t = this.steps[record.step]?.targetIndex
    if (!costs || !this.targetCosts || !this.stepCosts || t === undefined) return
    const profileId = this.options.profiles[t]?.id ?? ''
    const cost = loadRequestCost(costs, profileId, this.options.plan.targets[t]!, { ...record, usage })
    record.cost = cost
    addBilled(this.targetCosts[t]!, cost)
    addBilled(this.stepCosts[record.step]!, cost)
    if (this.requestCosts.size < (this.options.keepRequestCosts ?? 0))
      this.requestCosts.set(record.index, cost)
  }

  /** Each target's cost so far, in the plan's order (copies); null when the run is not priced. */
  targetCostsNow(): BilledSum[] | null {
    return this.targetCosts ? this.targetCosts.map((c) => structuredClone(c)) : null
  }

  /** One level's figures so far, with its cost when the run is priced. */
  levelFigures(step: number, options: { pooled?: boolean } = {}): LevelFigures | null {
    const level = this.levels[step]
    if (!level) return null
    const cost = this.stepCosts?.[step]
    return { ...(cost ? { cost: structuredClone(cost) } : {}), ...level.figures(options) }
  }

  /** Runs to the end (or the stop); answers the final report. Never throws: a failure ends the run `failed`. */
  async run(): Promise<LoadReport> {
    try {
      await this.scheduler.run()
      this.status = this.scheduler.stopped ? 'stopped' : 'done'
    } catch (error) {
      this.status = 'failed'
      this.error = error instanceof Error ? error.message : String(error)
    }
    this.settle()
    this.endedAt = Date.now()
    return this.report()
  }

  stop(): void {
    this.scheduler.stop()
  }

  get isStopped(): boolean {
    return this.scheduler.stopped
  }

  get requestsSent(): number {
    return this.sent
  }

  get expected(): number | null {
    return plannedRequests(this.options.plan)
  }

  figures(options: { pooled?: boolean } = {}): LevelFigures[] {
    this.settle()
    return this.levels
      .filter((l) => l.figures({ pooled: false }).sent > 0)
      .map((l) => this.levelFigures(l.meta.step, options)!)
  }

  report(): LoadReport {
    const { plan, profiles, runId } = this.options
    const targets: ReportTarget[] = plan.targets.map((t, i) => ({
      profile: profiles[i]?.name ?? '',
      baseUrl: profiles[i]?.baseUrl ?? '',
      model: t.model,
      format: t.format,
      stream: t.stream,
      ...(this.targetCosts ? { cost: structuredClone(this.targetCosts[i]!) } : {}),
    }))
    return {
      version: 1,
      runId,
      name: plan.name?.trim() || defaultName(plan, targets),
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      status: this.status,
      error: this.error,
      plan,
      targets,
      levels: this.figures(),
      requests: this.sent,
    }
  }
}

function defaultName(plan: LoadPlan, targets: ReportTarget[]): string {
  const models = [...new Set(targets.map((t) => t.model))]
  const what = models.length <= 2 ? models.join(', ') : `${models.length} models`
  return `${what} at ${plan.shape.levels.join(', ')}${plan.shape.mode === 'rate' ? ' req/s' : ' concurrent'}`
}

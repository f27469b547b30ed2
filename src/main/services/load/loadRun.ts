// One load test, the same engine for the panel and `npm run load`: the plan's steps scheduled (scheduler.ts), each
// request sent through its profile's gateway client and timed (requestRun.ts), its metrics folded into its level
// (shared/load/levels.ts) and its record, point and exchange appended to the run's files as it ends. What a
// caller hears: each ended request (a point) and each step started; the report at any time. A stop keeps what
// had finished. Never retries a request.
import type { LevelFigures } from '../../../shared/load/levels'
import { LevelAccumulator } from '../../../shared/load/levels'
import { requestMetrics, type RecordedRequest, type RequestMetrics } from '../../../shared/load/metrics'
import { planSteps, plannedRequests, type LoadPlan, type LoadStep } from '../../../shared/load/plan'
import { pointOf, type RequestPoint } from '../../../shared/load/points'
import type { LoadReport, LoadStatus, ReportTarget } from '../../../shared/load/report'
import { buildLoadRequest, type LoadRequest } from '../../../shared/load/requests'
import type { GatewayClient } from '../gateway'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { ResolvedProfile } from '../profiles'
import type { PromptPool, Tokenizer } from './prompts'
import { runLoadRequest } from './requestRun'
import { LoadScheduler } from './scheduler'
import type { RunWriter } from './runFiles'

export interface LoadRunOptions {
  runId: string
  plan: LoadPlan
  /** The resolved profile of each target, in the plan's order. */
  profiles: ResolvedProfile[]
  gateway: GatewayClient
  prompts: PromptPool
  tokenizer: Tokenizer
  writer: RunWriter | null
  /** Each ended request, after it is folded and written (keep it cheap: it runs between requests). */
  onRequest?: (point: RequestPoint, record: RecordedRequest, metrics: RequestMetrics) => void
  onStep?: (step: LoadStep) => void
}

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
  /** Built once per target and prompt, reused: JSON of the same request is not built on each send. */
  private readonly built = new Map<string, LoadRequest>()

  constructor(private readonly options: LoadRunOptions) {
    const { plan } = options
    this.steps = planSteps(plan)
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
        let request = this.built.get(key)
        if (!request) {
          request = buildLoadRequest(target, prompt, plan.maxTokens)
          if (this.built.size < 20_000) this.built.set(key, request)
        }
        this.sent++
        const { record, exchange } = await runLoadRequest(
          {
            gateway: options.gateway,
            profile: options.profiles[issue.step.targetIndex]!,
            t0: this.t0,
            countTokens: options.tokenizer.countTokens,
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
            request,
            promptTokens: prompt.tokens,
            timeoutMs: plan.shape.timeoutS * 1000,
            stop,
          },
        )
        this.ended(record, exchange, issue.waited)
      },
    })
  }

  private ended(record: RecordedRequest, exchange: ExchangeRecorder | null, waited: boolean): void {
    const metrics = requestMetrics(record)
    const level = this.levels[record.step]!
    if (waited) level.waitedAtClient++
    level.add(record, metrics)
    const point = pointOf(record, metrics)
    this.options.writer?.add(record, point, exchange?.snapshot() ?? null)
    this.options.onRequest?.(point, record, metrics)
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
    return this.levels.filter((l) => l.figures({ pooled: false }).sent > 0).map((l) => l.figures(options))
  }

  report(): LoadReport {
    const { plan, profiles, runId } = this.options
    const targets: ReportTarget[] = plan.targets.map((t, i) => ({
      profile: profiles[i]?.name ?? '',
      baseUrl: profiles[i]?.baseUrl ?? '',
      model: t.model,
      format: t.format,
      stream: t.stream,
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

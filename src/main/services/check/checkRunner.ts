// Runs a planned battery against one profile: at most `concurrency` probes at a time, each cell reported the
// moment it finishes; stop aborts the probes in flight (they end as stopped), leaves the cells not started as
// stopped and keeps every finished cell. Nothing is retried. Each exchange is handed to `keep` (the Inspector's
// store) and the whole check is recorded in History once it ends, like any run.
import { randomUUID } from 'node:crypto'
import type { CheckCell, CheckReport, PaidGroup } from '../../../shared/check/model'
import { countCells } from '../../../shared/check/model'
import { TEXT_PROBES } from '../../../shared/check/probes'
import { EMBED_PROBES, RERANK_PROBES } from '../../../shared/check/serviceProbeDefs'
import type { PlannedCell } from '../../../shared/check/battery'
import type { WireFormat } from '../../../shared/wire'
import type { ResolvedProfile } from '../profiles'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { RunRecorder } from '../history/ports'
import { runTextProbe } from './textProbes'
import { runEmbedProbe, runImageProbe, runRerankProbe, runVideoProbe } from './serviceProbes'
import type { ProbeOutcome } from './judge'
import type { NetworkPool } from '../network/networkPool'
import { modelUnavailable } from '../../../shared/check/refusalSubject'
import { errorInWords } from '../../../shared/check/conformance'
import { sumBilled, type BilledCost } from '../../../shared/cost/billed'
import type { StoredCost } from '../../../shared/cost/storedCost'
import type { CostService } from '../cost/costService'
import { probeCost } from './probeCost'

/** What a row's plain probe found: whether the gateway answered it, or that the model is not there. */
interface RowFinding {
  answered: boolean
  /** "model not available here: <the gateway's words>", when the refusal was about the model. */
  unavailable: string | null
  /** The plain probe's outcome in words, for the cells it leaves unjudged. */
  said: string
}

class RowGate {
  private resolve!: (row: RowFinding) => void
  readonly found = new Promise<RowFinding>((r) => (this.resolve = r))
  settle(row: RowFinding): void {
    this.resolve(row)
  }
}

function plainFinding(o: ProbeOutcome): RowFinding {
  const ex = o.answers[0]?.exchange
  const status = ex?.status ?? null
  const answered = status !== null && status >= 200 && status <= 299
  const unavailable =
    ex && !answered && modelUnavailable(status, ex.body)
      ? `model not available here: ${errorInWords(ex)}`
      : null
  return { answered, unavailable, said: o.detail }
}

/**
 * Why a cell of a row is not run, from its plain probe: a model the gateway does not host gets one verdict for the
 * row (not a column of refusals), and the out-of-range probe is judged only when the plain request was answered
 * (else a 400 for any other reason would read as the range being enforced).
 */
function rowVerdict(p: PlannedCell, row: RowFinding): string | null {
  if (row.unavailable) return `not run: ${row.unavailable}`
  if (p.probeId === 'badParam' && !row.answered)
    return `not judged: the same request without the out-of-range value was not answered (${row.said})`
  return null
}

export interface CheckRunOptions {
  concurrency: number
  /** The per-profile dispatchers: every probe goes the profile's way. */
  network: NetworkPool
  onCell?: (cell: CheckCell) => void
  /** Receives every recorded exchange (kept for the Inspector). */
  keep?: (recorder: ExchangeRecorder) => void
  recorder?: RunRecorder
  /** The draft and answer of a text cell, for "Save as case". */
  keepDraft?: (key: string, draft: unknown) => void
  pollMs?: number
  maxWaitMs?: number
  idleMs?: number
  userAgent?: string
  secrets?: readonly string[]
  checkId?: string
  models?: readonly string[]
  include?: readonly PaidGroup[]
  /** Prices each cell from what its answers reported and charges it to the profile's spend this month. */
  costs?: { service: CostService; profileId: string }
}

export class CheckRun {
  readonly id: string
  readonly cells: CheckCell[] = []
  private readonly controller = new AbortController()
  /** Text rows whose plain probe is planned: what it found, once it ran. */
  private readonly rows = new Map<string, RowGate>()
  private readonly startedAt = Date.now()
  private endedAt: number | null = null

  constructor(
    private readonly profile: ResolvedProfile,
    private readonly plan: readonly PlannedCell[],
    private readonly options: CheckRunOptions,
  ) {
    this.id = options.checkId ?? randomUUID()
  }

  get size(): number {
    return this.plan.length
  }

  get isStopped(): boolean {
    return this.controller.signal.aborted
  }

  stop(): void {
    this.controller.abort()
  }

  /** Runs every cell; resolves with all of them in plan order once the last ended or the check was stopped. */
  async run(): Promise<CheckCell[]> {
    // Each text row's plain probe goes first: the row's other cells wait for what it found (see rowGate).
    for (const p of this.plan)
      if (p.group === 'text' && p.probeId === 'plain' && !p.skip) this.rows.set(p.subject, new RowGate())
    const queue = this.plan
      .map((p, i) => [p, i] as const)
      .sort(
        ([a], [b]) =>
          Number(this.rows.has(b.subject) && b.probeId === 'plain') -
          Number(this.rows.has(a.subject) && a.probeId === 'plain'),
      )
    const order = new Map(this.plan.map((p, i) => [p.key, i]))
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const cell = await this.runCell(next[0])
        this.cells.push(cell)
        this.options.onCell?.(cell)
      }
    }
    const workers = Math.max(1, Math.min(this.options.concurrency, queue.length))
    await Promise.all(Array.from({ length: workers }, worker))
    this.cells.sort((a, b) => order.get(a.key)! - order.get(b.key)!)
    this.endedAt = Date.now()
    this.record()
    this.charge()
    return this.cells
  }

  report(): CheckReport {
    return {
      version: 1,
      checkId: this.id,
      profile: this.profile.name,
      baseUrl: this.profile.baseUrl,
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      stopped: this.isStopped,
      models: [...new Set(this.plan.map((p) => p.model))],
      include: [...(this.options.include ?? [])],
      cells: [...this.cells],
    }
  }

  private cellOf(
    p: PlannedCell,
    o: Pick<ProbeOutcome, 'status' | 'detail' | 'deviations' | 'ttftMs' | 'tokensPerSecond'>,
    exchangeIds: string[],
    totalMs: number | null,
  ): CheckCell {
    return {
      key: p.key,
      probeId: p.probeId,
      group: p.group,
      subject: p.subject,
      model: p.model,
      format: p.format,
      status: o.status,
      detail: o.detail,
      deviations: o.deviations,
      ttftMs: o.ttftMs === null ? null : Math.round(o.ttftMs),
      tokensPerSecond: o.tokensPerSecond,
      totalMs,
      exchangeIds,
      runId: null,
    }
  }

  private async runCell(p: PlannedCell): Promise<CheckCell> {
    const blank = { deviations: [], ttftMs: null, tokensPerSecond: null }
    if (p.skip) return this.cellOf(p, { ...blank, status: 'skipped', detail: p.skip }, [], null)
    const gate = this.rows.get(p.subject)
    if (this.isStopped) {
      if (p.probeId === 'plain') gate?.settle({ answered: false, unavailable: null, said: 'not run' })
      return this.cellOf(
        p,
        { ...blank, status: 'stopped', detail: 'not run: the check was stopped' },
        [],
        null,
      )
    }
    if (gate && p.probeId !== 'plain') {
      const row = await gate.found
      const why = rowVerdict(p, row)
      if (why) return this.cellOf(p, { ...blank, status: 'skipped', detail: why }, [], null)
      if (this.isStopped)
        return this.cellOf(
          p,
          { ...blank, status: 'stopped', detail: 'not run: the check was stopped' },
          [],
          null,
        )
    }
    const started = performance.now()
    const http = {
      signal: this.controller.signal,
      connect: (url: URL, purpose: 'gateway' | 'result') =>
        this.options.network.connection(this.profile, url, purpose),
      idleMs: this.options.idleMs,
      userAgent: this.options.userAgent,
      secrets: this.options.secrets,
    }
    const paid = {
      ...http,
      pollMs: this.options.pollMs ?? 4000,
      maxWaitMs: this.options.maxWaitMs ?? 10 * 60_000,
    }
    let o: ProbeOutcome
    try {
      o = await this.probe(p, http, paid)
    } catch (error) {
      o = {
        ...blank,
        status: 'failed',
        detail: `the probe could not run: ${(error as Error).message}`,
        answers: [],
      }
    }
    // A probe cut short by Stop is not a verdict on the gateway.
    if (this.isStopped && o.status !== 'supported' && o.status !== 'skipped')
      o = { ...o, status: 'stopped', detail: 'stopped while it ran', deviations: [] }
    for (const a of o.answers) this.options.keep?.(a.recorder)
    const row = p.group === 'text' && p.probeId === 'plain' ? plainFinding(o) : null
    if (row?.unavailable)
      o = { ...o, status: o.deviations.length ? 'deviating' : 'refused', detail: row.unavailable }
    if (row) gate?.settle(row)
    const cell = this.cellOf(
      p,
      o,
      o.answers.map((a) => a.recorder.id),
      Math.round(performance.now() - started),
    )
    const priced = this.price(p, o)
    if (priced !== undefined) cell.cost = priced
    return row?.unavailable ? { ...cell, unavailable: true } : cell
  }

  /** The cell's cost; undefined when the run prices nothing. */
  private price(p: PlannedCell, o: ProbeOutcome): BilledCost | null | undefined {
    const costs = this.options.costs
    if (!costs) return undefined
    return probeCost(costs.service, costs.profileId, p, o)
  }

  private async probe(
    p: PlannedCell,
    http: Parameters<typeof runRerankProbe>[3],
    paid: Parameters<typeof runImageProbe>[1],
  ): Promise<ProbeOutcome> {
    switch (p.group) {
      case 'text': {
        const probe = TEXT_PROBES.find((t) => t.id === p.probeId)!
        const run = await runTextProbe(this.profile, probe, p.model, p.format as WireFormat, http)
        this.options.keepDraft?.(p.key, { format: p.format, draft: run.draft })
        return run.outcome
      }
      case 'embeddings':
        return runEmbedProbe(
          this.profile,
          EMBED_PROBES.find((e) => e.id === p.probeId)!,
          p.model,
          http,
        )
      case 'rerank':
        return runRerankProbe(
          this.profile,
          RERANK_PROBES.find((r) => r.id === p.probeId)!,
          p.model,
          http,
        )
      case 'video':
        return runVideoProbe(this.profile, p.model, paid)
      case 'images':
        return runImageProbe(this.profile, paid)
    }
  }

  /** What the priced cells cost together, per currency, each rounded once to a whole micro-unit. */
  private totals(): StoredCost[] {
    const sum = sumBilled(this.cells.map((c) => c.cost))
    return Object.entries(sum.byCurrency).map(([currency, micros]) => ({
      micros: Math.round(micros),
      currency,
      estimate: false,
    }))
  }

  /** The check's cost added to the profile's spend this month, once, as it ends. */
  private charge(): void {
    const costs = this.options.costs
    if (costs) for (const total of this.totals()) costs.service.chargeKept(costs.profileId, total)
  }

  /** The whole check as one History run: the report as its result, the counts as its answer. */
  private record(): void {
    const recorder = this.options.recorder
    if (!recorder) return
    const report = this.report()
    const c = countCells(report.cells)
    const summary = `${report.cells.length} cells: ${c.supported} supported, ${c.refused} refused, ${c.deviating} deviating, ${c.failed} failed${c.stopped ? `, ${c.stopped} not run` : ''}${c.skipped ? `, ${c.skipped} not applicable` : ''}`
    const deviations = report.cells.flatMap((cell) =>
      cell.deviations.map((d) => `${cell.subject} ${cell.probeId}: ${d}`),
    )
    recorder.record({
      id: this.id,
      kind: 'check',
      createdAt: this.startedAt,
      format: null,
      model:
        report.models.slice(0, 8).join(', ') +
        (report.models.length > 8 ? ` and ${report.models.length - 8} more` : ''),
      profile: this.profile.name,
      status: report.stopped ? 'aborted' : c.deviating || c.failed ? 'error' : 'done',
      ttftMs: null,
      totalMs: this.endedAt === null ? null : this.endedAt - this.startedAt,
      inputTokens: null,
      outputTokens: null,
      prompt: `Gateway check of ${report.baseUrl}: ${report.models.join(', ')}`,
      answer: [summary, ...deviations.slice(0, 200)].join('\n'),
      requestBody: null,
      draft: null,
      result: report,
      error: c.deviating || c.failed ? `${c.deviating} deviating, ${c.failed} failed` : null,
      capture: null,
      // History keeps one amount a run: the total when the cells were priced in one currency.
      cost: this.totals().length === 1 ? this.totals()[0] : null,
    })
  }
}

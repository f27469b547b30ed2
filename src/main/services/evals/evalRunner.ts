// Runs an eval plan as a matrix: every dataset row through every column (a prompt through a variant), at most
// `concurrency` cells at a time, each cell an ordinary recorded text run graded by the row's and the eval's
// graders. Cells are handed out one at a time and reported as they finish (nothing is held here: a caller that
// keeps results keeps them where it wants, on disk for the app). `skip` names cells already done (a resumed
// run); a stop ends the runs in flight and reports the cells not finished as stopped. Retries are the gateway
// client's only (before the first byte, as the SDKs do).
import { rowVariables } from '../../../shared/evals/dataset'
import { fillDraft } from '../../../shared/evals/draftVariables'
import type { GradeResult } from '../../../shared/evals/graders'
import { matrixColumns, type EvalPlan, type MatrixColumn } from '../../../shared/evals/plan'
import type { Draft } from '../../../shared/wire/draft'
import { CollectingSink } from '../cases/collectingSink'
import type { GatewayClient } from '../gateway'
import type { ProfileService } from '../profiles'
import type { TextService } from '../text/textService'
import { Grader } from './grading'
import { emptyAnswer, runAnswer, type Answer } from '../cases/runAnswer'

export type EvalCellStatus = 'pass' | 'fail' | 'error' | 'stopped'

export interface EvalCell {
  row: number
  column: number
  status: EvalCellStatus
  /** The mean of the graders' scores (null when the run failed or nothing graded it). */
  score: number | null
  runId: string | null
  /** The start of the answer (the whole answer is in the run's History record). */
  answer: string
  grades: GradeResult[]
  error: string | null
  ttftMs: number | null
  totalMs: number | null
  /** The answer's own cost, in millionths of `currency`. */
  costMicros: number | null
  currency: string | null
  /** What grading cost (judges), in millionths of `currency`. */
  gradingMicros: number
}

/** Characters of an answer a cell keeps. */
export const EVAL_ANSWER_CHARS = 2000

export interface EvalRunDeps {
  text: TextService
  gateway: GatewayClient
  profiles: ProfileService
}

export interface EvalRunOptions {
  concurrency: number
  /** The profile of a variant that names none (the CLI's one profile). */
  profileId: string
  skip?: (row: number, column: number) => boolean
  onCell(cell: EvalCell): void
}

/** The request settings a column sends for one row, its variables filled; or the names the row lacks. */
export function cellDraft(
  plan: EvalPlan,
  column: MatrixColumn,
  vars: Record<string, string>,
): { draft: Draft; missing: string[] } {
  const prompt = plan.prompts[column.prompt]!
  const variant = plan.variants[column.variant]!
  const p = variant.params
  const base: Draft = {
    model: variant.model,
    ...(prompt.system ? { system: prompt.system } : {}),
    messages: prompt.messages,
    ...(p.stream !== undefined ? { stream: p.stream } : {}),
    ...(p.temperature !== undefined ? { temperature: p.temperature } : {}),
    ...(p.topP !== undefined ? { topP: p.topP } : {}),
    ...(p.maxTokens !== undefined ? { maxTokens: p.maxTokens } : {}),
  }
  return fillDraft(base, vars)
}

export class EvalRun {
  private stopped = false
  private readonly checks = new AbortController()
  private readonly inFlight = new Set<string>()
  private readonly sink = new CollectingSink()
  private readonly grader: Grader
  readonly columns: MatrixColumn[]

  constructor(
    private readonly deps: EvalRunDeps,
    private readonly plan: EvalPlan,
    private readonly options: EvalRunOptions,
  ) {
    this.columns = matrixColumns(plan)
    this.grader = new Grader({
      ...deps,
      track: { started: (id) => this.track(id), done: (id) => this.inFlight.delete(id) },
    })
  }

  get size(): number {
    return this.plan.dataset.rows.length * this.columns.length
  }

  get isStopped(): boolean {
    return this.stopped
  }

  /** Runs every cell not skipped; resolves once the last has been reported. */
  async run(): Promise<void> {
    const width = this.columns.length
    let next = 0
    const worker = async () => {
      for (;;) {
        const index = next++
        if (index >= this.size) return
        const row = Math.floor(index / width)
        const column = index % width
        if (this.options.skip?.(row, column)) continue
        const cell = this.stopped ? stoppedCell(row, column) : await this.runCell(row, column)
        this.options.onCell(cell)
      }
    }
    const workers = Math.max(1, Math.min(this.options.concurrency, this.size))
    await Promise.all(Array.from({ length: workers }, worker))
  }

  stop(): void {
    this.stopped = true
    this.checks.abort()
    for (const runId of this.inFlight) this.deps.text.stop(runId)
  }

  private track(runId: string): void {
    this.inFlight.add(runId)
    // A stop that came while the start was being answered reaches this run too.
    if (this.stopped) this.deps.text.stop(runId)
  }

  private async runCell(row: number, column: number): Promise<EvalCell> {
    const columnDef = this.columns[column]!
    const datasetRow = this.plan.dataset.rows[row]!
    const vars = rowVariables(this.plan.dataset.columns, datasetRow)
    const variant = this.plan.variants[columnDef.variant]!
    const profileId = variant.profileId ?? this.options.profileId
    const { draft, missing } = cellDraft(this.plan, columnDef, vars)
    if (missing.length)
      return {
        ...stoppedCell(row, column),
        status: 'error',
        error: `the row has no value for ${missing.join(', ')}`,
      }
    let answer: Answer
    try {
      answer = await runAnswer(
        this.deps.text,
        this.sink,
        { profileId, format: variant.format, draft },
        {
          started: (id) => this.track(id),
        },
      )
    } catch (error) {
      answer = { ...emptyAnswer('error'), error: error instanceof Error ? error.message : String(error) }
    }
    if (answer.runId) this.inFlight.delete(answer.runId)
    const graders = [...this.plan.graders, ...(datasetRow.graders ?? [])]
    const grades =
      answer.status === 'done' && !this.stopped
        ? await this.grader.gradeAll(graders, answer, vars, profileId, this.checks.signal)
        : []
    const cut = this.stopped && answer.status === 'done' && grades.length < graders.length
    const status: EvalCellStatus =
      answer.status === 'aborted' || cut
        ? 'stopped'
        : answer.status !== 'done'
          ? 'error'
          : grades.every((g) => g.pass)
            ? 'pass'
            : 'fail'
    const scored = grades.length
      ? grades.reduce((s, g) => s + g.score, 0) / grades.length
      : status === 'pass'
        ? 1
        : null
    return {
      row,
      column,
      status,
      score: status === 'pass' || status === 'fail' ? scored : null,
      runId: answer.runId,
      answer: answer.text.slice(0, EVAL_ANSWER_CHARS),
      grades,
      error: answer.error,
      ttftMs: answer.ttftMs,
      totalMs: answer.totalMs,
      costMicros: answer.cost?.micros ?? null,
      currency: answer.cost?.currency ?? null,
      gradingMicros: grades.reduce((s, g) => s + (g.costMicros ?? 0), 0),
    }
  }
}

export function stoppedCell(row: number, column: number): EvalCell {
  return {
    row,
    column,
    status: 'stopped',
    score: null,
    runId: null,
    answer: '',
    grades: [],
    error: null,
    ttftMs: null,
    totalMs: null,
    costMicros: null,
    currency: null,
    gradingMicros: 0,
  }
}

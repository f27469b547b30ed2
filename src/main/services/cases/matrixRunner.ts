// Runs a suite as a matrix: every case against every target, through the text service (the same code path as
// the Text panel, so every cell is a recorded run), at most `concurrency` at a time. Each finished cell is
// reported at once; stopping ends the runs in flight, leaves the cells not started as stopped, and keeps the
// cells already finished. A case that needs a tool round runs its loop (toolLoop.ts) with the answerer given.
import type { CellStatus, Suite, AssertionResult } from '../../../shared/cases/caseModel'
import type { RunRequest } from '../../../shared/ipc/text'
import type { WireFormat } from '../../../shared/format'
import type { TextService } from '../text/textService'
import type { BilledCost } from '../../../shared/cost/billed'
import { checkRun } from './assertions'
import { runAnswer, type Answer } from './runAnswer'
import { runToolLoop, type CaseTools } from './toolLoop'
import { CollectingSink } from './collectingSink'

export interface MatrixTarget {
  format: WireFormat
  model: string
  profileId: string
}

export interface MatrixCell {
  caseIndex: number
  targetIndex: number
  status: CellStatus
  runId: string | null
  results: AssertionResult[]
  /** Why the run itself failed (HTTP error, network), when it did. */
  error: string | null
  totalMs: number | null
  /** The start of the answer, to set beside a failed assertion. */
  answer: string
  /**
   * What the cell's run cost (an estimate when its gateway reported no usage), or why it is not known: no price,
   * usage not reported, failed before billing; null when it never ran.
   */
  cost: BilledCost | null
}

/** Characters of the answer a cell keeps (the whole answer stays in the run's history record). */
export const CELL_ANSWER_CHARS = 2000

/** Why a cell did not pass, in words: the run's failure, else its failed assertions. */
export function describeOutcome(cell: MatrixCell): string {
  const failed = cell.results.filter((r) => !r.pass).map((r) => r.message)
  if (cell.error) return `the run failed: ${cell.error}`
  if (cell.status === 'stopped') return 'not run (stopped)'
  return failed.length ? failed.join('; ') : 'every assertion passed'
}

export interface MatrixOptions {
  concurrency: number
  onCell?: (cell: MatrixCell) => void
  /** Who answers the tool calls of cases that need a tool round (none: such cases fail, saying so). */
  tools?: CaseTools
}

export class MatrixRun {
  private stopped = false
  /** Aborted by stop(): checks waiting for (or running in) the pattern worker end with it. */
  private readonly checks = new AbortController()
  private readonly inFlight = new Set<string>()
  private readonly sink = new CollectingSink()
  readonly cells: MatrixCell[] = []

  constructor(
    private readonly text: TextService,
    private readonly suite: Suite,
    private readonly targets: readonly MatrixTarget[],
    private readonly options: MatrixOptions,
  ) {}

  get size(): number {
    return this.suite.cases.length * this.targets.length
  }

  /** Runs every cell; resolves with all cells once the last has finished or the matrix was stopped. */
  async run(): Promise<MatrixCell[]> {
    const queue: [number, number][] = []
    this.suite.cases.forEach((_, c) => this.targets.forEach((_, t) => queue.push([c, t])))
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const cell = this.stopped ? this.stoppedCell(next[0], next[1]) : await this.runCell(next[0], next[1])
        this.cells.push(cell)
        this.options.onCell?.(cell)
      }
    }
    const workers = Math.max(1, Math.min(this.options.concurrency, queue.length))
    await Promise.all(Array.from({ length: workers }, worker))
    return this.cells.sort((a, b) => a.caseIndex - b.caseIndex || a.targetIndex - b.targetIndex)
  }

  /** True once stop() was called. */
  get isStopped(): boolean {
    return this.stopped
  }

  stop(): void {
    this.stopped = true
    this.checks.abort()
    for (const runId of this.inFlight) this.text.stop(runId)
  }

  private stoppedCell(caseIndex: number, targetIndex: number): MatrixCell {
    return {
      caseIndex,
      targetIndex,
      status: 'stopped',
      runId: null,
      results: [],
      error: null,
      totalMs: null,
      answer: '',
      cost: null,
    }
  }

  private async runCell(caseIndex: number, targetIndex: number): Promise<MatrixCell> {
    const saved = this.suite.cases[caseIndex]!
    const target = this.targets[targetIndex]!
    const request: RunRequest = {
      profileId: target.profileId,
      format: target.format,
      draft: { ...saved.draft, model: target.model },
    }
    const runOnce = async (next: RunRequest): Promise<Answer> => {
      const answer = await runAnswer(this.text, this.sink, next, {
        started: (runId) => {
          this.inFlight.add(runId)
          // A stop that came while the start was being answered reaches this run too.
          if (this.stopped) this.text.stop(runId)
        },
      })
      if (answer.runId) this.inFlight.delete(answer.runId)
      return answer
    }
    const outcome = saved.toolRound
      ? await runToolLoop(request, saved.toolRound, this.options.tools, runOnce, this.checks.signal)
      : await runOnce(request)
    // A start the service refused is this cell's error.
    if (!outcome.runId)
      return {
        ...this.stoppedCell(caseIndex, targetIndex),
        status: 'error',
        error: outcome.error,
        cost: { kind: 'unbilled' },
      }
    // A check may wait for the pattern worker (a pattern only JavaScript runs takes up to its time limit): once
    // the matrix is stopped, its checks end at once and the cell counts as stopped.
    const checked = await checkRun(saved.assertions, outcome, this.checks.signal)
    const status: CellStatus =
      outcome.status === 'aborted' || checked.cut
        ? 'stopped'
        : outcome.status !== 'done'
          ? 'error'
          : checked.pass
            ? 'pass'
            : 'fail'
    return {
      caseIndex,
      targetIndex,
      status,
      runId: outcome.runId,
      results: checked.results,
      error: outcome.error,
      totalMs: outcome.totalMs,
      answer: outcome.text.slice(0, CELL_ANSWER_CHARS),
      cost: outcome.bill,
    }
  }
}

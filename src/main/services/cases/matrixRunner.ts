// Runs a suite as a matrix: every case against every target, through the text service (the same code path as
// the Text panel, so every cell is a recorded run), at most `concurrency` at a time. Each finished cell is
// reported at once; stopping ends the runs in flight, leaves the cells not started as stopped, and keeps the
// cells already finished.
import type { Events } from '../../../shared/ipc/contract'
import type { EventPayload } from '../../../shared/ipc/define'
import type { CellStatus, Suite, AssertionResult } from '../../../shared/cases/caseModel'
import type { RunRequest } from '../../../shared/ipc/text'
import type { WireFormat } from '../../../shared/format'
import type { EventSink } from '../ports'
import type { TextService } from '../text/textService'
import { checkRun, type RunOutcome } from './assertions'

type RunEnded = EventPayload<Events['text.runEnded']>

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
}

/** Collects what a run sends to its window: the answer's text deltas and the one terminal event. */
class CollectingSink implements EventSink<Events> {
  readonly alive = true
  private readonly texts = new Map<string, string[]>()
  private readonly waiters = new Map<string, (ended: RunEnded) => void>()
  private readonly ended = new Map<string, RunEnded>()

  emit(name: string, payload: unknown): void {
    if (name === 'text.runEvents') {
      const { runId, events } = payload as EventPayload<Events['text.runEvents']>
      const parts = this.texts.get(runId) ?? []
      for (const e of events) if (e.type === 'text') parts.push(e.delta)
      this.texts.set(runId, parts)
    } else if (name === 'text.runEnded') {
      const ended = payload as RunEnded
      this.ended.set(ended.runId, ended)
      this.waiters.get(ended.runId)?.(ended)
    }
  }

  wait(runId: string): Promise<RunEnded> {
    const done = this.ended.get(runId)
    if (done) return Promise.resolve(done)
    return new Promise((resolve) => this.waiters.set(runId, resolve))
  }

  text(runId: string): string {
    return (this.texts.get(runId) ?? []).join('')
  }
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
    let runId: string
    try {
      ;({ runId } = await this.text.start(request, this.sink))
    } catch (error) {
      // The service ends every run it started with a terminal event; a start it refused is this cell's error.
      const message = error instanceof Error ? error.message : String(error)
      return { ...this.stoppedCell(caseIndex, targetIndex), status: 'error', error: message }
    }
    this.inFlight.add(runId)
    // A stop that came while the start was being answered reaches this run too.
    if (this.stopped) this.text.stop(runId)
    const ended = await this.sink.wait(runId)
    this.inFlight.delete(runId)
    const text = this.sink.text(runId)
    // Messages has no structured output: a response format goes as a forced tool and the answer arrives as that
    // tool's call, so its arguments are the answer the assertions read.
    const format = saved.draft.responseFormat
    const structured =
      format && !text.trim() ? ended.summary.toolCalls.find((c) => c.name === format.name) : undefined
    const outcome: RunOutcome = {
      status: ended.status,
      text: structured ? structured.arguments : text,
      toolCalls: ended.summary.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })),
      stopReason: ended.summary.stopReason,
      finish: ended.summary.finish,
      ttftMs: ended.timings.ttftMs,
      totalMs: ended.timings.totalMs,
      outputTokens: ended.timings.outputTokens,
      error: ended.error?.message ?? null,
    }
    // A check may wait for the pattern worker (a pattern only JavaScript runs takes up to its time limit): once
    // the matrix is stopped, its checks end at once and the cell counts as stopped.
    const checked = await checkRun(saved.assertions, outcome, this.checks.signal)
    const status: CellStatus =
      ended.status === 'aborted' || checked.cut
        ? 'stopped'
        : ended.status !== 'done'
          ? 'error'
          : checked.pass
            ? 'pass'
            : 'fail'
    return {
      caseIndex,
      targetIndex,
      status,
      runId,
      results: checked.results,
      error: outcome.error,
      totalMs: outcome.totalMs,
      answer: outcome.text.slice(0, CELL_ANSWER_CHARS),
    }
  }
}

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

  stop(): void {
    this.stopped = true
    for (const runId of this.inFlight) this.text.stop(runId)
  }

  private stoppedCell(caseIndex: number, targetIndex: number): MatrixCell {
    return { caseIndex, targetIndex, status: 'stopped', runId: null, results: [], error: null, totalMs: null }
  }

  private async runCell(caseIndex: number, targetIndex: number): Promise<MatrixCell> {
    const saved = this.suite.cases[caseIndex]!
    const target = this.targets[targetIndex]!
    const request: RunRequest = {
      profileId: target.profileId,
      format: target.format,
      draft: { ...saved.draft, model: target.model },
    }
    const { runId } = await this.text.start(request, this.sink)
    this.inFlight.add(runId)
    const ended = await this.sink.wait(runId)
    this.inFlight.delete(runId)
    const outcome: RunOutcome = {
      status: ended.status,
      text: this.sink.text(runId),
      toolCalls: ended.summary.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })),
      stopReason: ended.summary.stopReason,
      finish: ended.summary.finish,
      ttftMs: ended.timings.ttftMs,
      totalMs: ended.timings.totalMs,
      outputTokens: ended.timings.outputTokens,
      error: ended.error?.message ?? null,
    }
    const checked = checkRun(saved.assertions, outcome)
    const status: CellStatus =
      ended.status === 'aborted'
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
    }
  }
}

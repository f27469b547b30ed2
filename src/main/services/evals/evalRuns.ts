// Eval runs as durable jobs: each run's plan, cells and end written to disk as it goes (evalRunFiles.ts), so a
// run is there after a restart; one stopped by the user, or cut off otherwise (its window gone, the app closing
// or killed: incomplete), goes on from the cells without a verdict. A few runs are kept in memory for export and paging (the oldest ended
// goes first); the rest are read back from disk when asked for. Each run's cells go to the window that started
// or resumed it; a window gone stops its run.
import type { Events } from '../../../shared/ipc/contract'
import type { EvalCellView, EvalRunInfo } from '../../../shared/ipc/evals'
import { AppError } from '../../../shared/ipc/result'
import { matrixColumns, type EvalPlan } from '../../../shared/evals/plan'
import { diffRuns } from '../../../shared/evals/runDiff'
import { summarizeColumn, type ColumnSummary } from '../../../shared/evals/summary'
import type { EventSink } from '../ports'
import { EvalRun, type EvalRunDeps } from './evalRunner'
import { EvalRunFiles, type RunMeta } from './evalRunFiles'
import { cellView } from './cellView'
import type { KeptEval } from './evalExport'

/** Runs whose cells are kept in memory (the oldest ended goes first). */
const EVALS_IN_MEMORY = 8
/** Compared cells one diff lists at most (changes first). */
const DIFF_ROWS_LISTED = 1000
/** How long closing the app waits for runs to write their end. */
const CLOSE_WAIT_MS = 5000

/** Characters of cell text one window of cells carries at most (well under what one message may carry). */
const WINDOW_CHARS = 120_000
const cellChars = (c: EvalCellView) =>
  200 + c.answer.length + (c.error?.length ?? 0) + c.grades.reduce((n, g) => n + 100 + g.message.length, 0)

function columnSummaries(columns: number, cells: Iterable<EvalCellView>): ColumnSummary[] {
  const by: EvalCellView[][] = Array.from({ length: columns }, () => [])
  for (const c of cells) by[c.column]?.push(c)
  return by.map((list) => summarizeColumn(list))
}

const graded = (c: EvalCellView) => c.status === 'pass' || c.status === 'fail'
const cellKey = (row: number, column: number) => `${row}:${column}`

interface Held extends KeptEval {
  run: EvalRun
  ended: boolean
  /** Stopped by the user (Stop); any other stop (the window gone, the app closing) leaves it incomplete. */
  stoppedByUser: boolean
  meta: RunMeta
  byKey: Map<string, EvalCellView>
  /** Each column's figures, until a cell changes. */
  summaries?: ColumnSummary[] | undefined
  finished: Promise<void> | null
}

export class EvalRuns {
  private readonly held = new Map<string, Held>()
  private closing = false
  readonly files: EvalRunFiles

  constructor(
    private readonly deps: EvalRunDeps,
    dataDir: string,
  ) {
    this.files = new EvalRunFiles(dataDir)
  }

  async start(
    evalId: string,
    plan: EvalPlan,
    options: { concurrency: number; profileId: string },
    sink: EventSink<Events>,
  ): Promise<{ cells: number; columns: string[] }> {
    if (this.held.get(evalId)?.ended === false || (await this.files.meta(evalId)))
      throw new AppError('EVALS_EXISTS', `evalId: an eval ${evalId} already exists.`)
    const columns = matrixColumns(plan).map((c) => c.label)
    const meta: RunMeta = {
      evalId,
      name: plan.name,
      createdAt: Date.now(),
      endedAt: null,
      state: 'running',
      error: null,
      columns,
      rowCount: plan.dataset.rows.length,
      size: plan.dataset.rows.length * columns.length,
      concurrency: options.concurrency,
      profileId: options.profileId,
      counts: null,
      cellsCut: false,
    }
    await this.files.create(meta, plan, new Set(this.goingIds()))
    const held = this.hold(meta, plan, [])
    await this.launch(held, sink)
    return { cells: meta.size, columns }
  }

  /** Goes on with a stopped or incomplete run: the cells without a verdict run again. */
  async resume(evalId: string, sink: EventSink<Events>) {
    const held = await this.load(evalId)
    if (!held.ended) throw new AppError('EVALS_EXISTS', 'This eval is still going.')
    const kept = [...held.byKey.values()].filter(graded)
    if (kept.length >= held.meta.size)
      throw new AppError('EVALS_DONE', 'Every cell of this eval has a verdict; nothing is left to run.')
    held.byKey = new Map(kept.map((c) => [cellKey(c.row, c.column), c]))
    held.summaries = undefined
    held.cells = kept
    held.meta = { ...held.meta, state: 'running', endedAt: null, error: null, counts: null }
    await this.files.writeMeta(held.meta)
    await this.launch(held, sink)
    return { cells: held.meta.size, columns: held.meta.columns, graded: kept.length }
  }

  stop(evalId: string): { stopped: boolean } {
    const held = this.held.get(evalId)
    if (!held || held.ended) return { stopped: false }
    held.stoppedByUser = true
    held.run.stop()
    return { stopped: true }
  }

  /** Every kept run, newest first; one written as going that no run here is going was cut off: incomplete. */
  async list(): Promise<EvalRunInfo[]> {
    const metas = await this.files.list()
    return metas.map((m) => {
      const held = this.held.get(m.evalId)
      return this.info(held ? held.meta : m, held)
    })
  }

  /** A kept run with its plan (read from disk when not in memory). */
  async open(evalId: string): Promise<{ info: EvalRunInfo; plan: EvalPlan; concurrency: number }> {
    const held = await this.load(evalId)
    return { info: this.info(held.meta, held), plan: held.plan, concurrency: held.meta.concurrency }
  }

  /**
   * The cells of rows `rowOffset` on (up to `rowLimit` rows, fewer once their text nears what one message carries)
   * and every column's figures, computed here over all the run's cells (kept until a cell changes).
   */
  async cells(evalId: string, rowOffset: number, rowLimit: number) {
    const held = await this.load(evalId)
    const columns = held.meta.columns.length
    const cells: EvalCellView[] = []
    let chars = 0
    let rows = 0
    for (let row = rowOffset; row < Math.min(rowOffset + rowLimit, held.meta.rowCount); row++) {
      if (rows > 0 && chars > WINDOW_CHARS) break
      for (let column = 0; column < columns; column++) {
        const cell = held.byKey.get(cellKey(row, column))
        if (!cell) continue
        cells.push(cell)
        chars += cellChars(cell)
      }
      rows++
    }
    held.summaries ??= columnSummaries(columns, held.byKey.values())
    return { cells, rows, total: held.byKey.size, summaries: held.summaries }
  }

  /** A run for export: in memory, or read back. */
  async kept(evalId: string): Promise<KeptEval & { createdAt: number }> {
    const held = await this.load(evalId)
    return {
      plan: held.plan,
      columns: held.columns,
      cells: [...held.byKey.values()],
      createdAt: held.meta.createdAt,
    }
  }

  /** Two runs over the same dataset compared cell by cell, the changes first (the first 1,000 listed). */
  async diff(beforeId: string, afterId: string) {
    const before = await this.load(beforeId)
    const after = await this.load(afterId)
    const d = (h: Held) => h.plan.dataset
    if (
      d(before).rows.length !== d(after).rows.length ||
      d(before).columns.join('\u0000') !== d(after).columns.join('\u0000')
    )
      throw new AppError(
        'EVALS_DIFFERENT',
        'These runs went over different datasets; only runs of the same dataset compare row by row.',
      )
    const side = (h: Held) => ({
      columns: h.meta.columns,
      rowCount: h.meta.rowCount,
      cells: h.byKey.values(),
    })
    const diff = diffRuns(side(before), side(after))
    const name = (row: number) => {
      const r = d(after).rows[row]
      const text = r ? (r.description ?? r.cells.slice(0, 2).join(' · ')) : ''
      return text.length > 60 ? `${text.slice(0, 59)}…` : text
    }
    return { ...diff, rows: diff.rows.slice(0, DIFF_ROWS_LISTED).map((r) => ({ ...r, name: name(r.row) })) }
  }

  /** Stops every run (a stop from the app closing leaves it incomplete) and waits a moment for their ends. */
  async close(): Promise<void> {
    this.closing = true
    const ends: Promise<void>[] = []
    for (const held of this.held.values())
      if (!held.ended) {
        held.run.stop()
        if (held.finished) ends.push(held.finished)
      }
    await Promise.race([Promise.all(ends), new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref())])
  }

  private goingIds(): string[] {
    return [...this.held.values()].filter((h) => !h.ended).map((h) => h.meta.evalId)
  }

  private info(meta: RunMeta, held: Held | undefined): EvalRunInfo {
    const going = held !== undefined && !held.ended
    const state = meta.state === 'running' && !going ? 'incomplete' : meta.state
    const cells = held ? [...held.byKey.values()] : null
    return {
      evalId: meta.evalId,
      name: meta.name,
      createdAt: meta.createdAt,
      state,
      error: meta.error,
      columns: meta.columns,
      rowCount: meta.rowCount,
      size: meta.size,
      graded: cells ? cells.filter(graded).length : meta.counts ? meta.counts.passed + meta.counts.failed : 0,
      counts: meta.counts,
      cellsCut: meta.cellsCut,
    }
  }

  private hold(meta: RunMeta, plan: EvalPlan, cells: EvalCellView[]): Held {
    const held: Held = {
      meta,
      plan,
      columns: meta.columns,
      cells,
      byKey: new Map(cells.map((c) => [cellKey(c.row, c.column), c])),
      run: null!,
      ended: true,
      stoppedByUser: false,
      finished: null,
    }
    this.held.set(meta.evalId, held)
    for (const [id, h] of this.held) {
      if (this.held.size <= EVALS_IN_MEMORY) break
      if (h.ended && id !== meta.evalId) this.held.delete(id)
    }
    return held
  }

  private async load(evalId: string): Promise<Held> {
    const inMemory = this.held.get(evalId)
    if (inMemory) return inMemory
    const meta = await this.files.meta(evalId)
    const plan = meta && (await this.files.plan(evalId))
    if (!meta || !plan) throw new AppError('EVALS_UNKNOWN', 'This eval is no longer kept.')
    return this.hold(meta, plan, await this.files.cells(evalId, meta.size))
  }

  private async launch(held: Held, sink: EventSink<Events>): Promise<void> {
    const { evalId } = held.meta
    const writer = await this.files.cellWriter(evalId)
    const run = new EvalRun(this.deps, held.plan, {
      concurrency: held.meta.concurrency,
      profileId: held.meta.profileId,
      skip: (row, column) => held.byKey.has(cellKey(row, column)),
      onCell: (cell) => {
        const view = cellView(cell)
        held.byKey.set(cellKey(cell.row, cell.column), view)
        held.summaries = undefined
        writer.append(view)
        if (!sink.alive) return run.stop()
        sink.emit('evals.cell', { evalId, cell: view })
      },
    })
    held.run = run
    held.ended = false
    held.stoppedByUser = false
    held.finished = run
      .run()
      .then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      .then(async (error) => {
        const cells = [...held.byKey.values()]
        held.cells = cells
        const count = (s: EvalCellView['status']) => cells.filter((c) => c.status === s).length
        const counts = {
          passed: count('pass'),
          failed: count('fail'),
          errored: count('error'),
          notRun: held.meta.size - cells.length + count('stopped'),
        }
        held.meta = {
          ...held.meta,
          state: error
            ? 'failed'
            : !run.isStopped
              ? 'done'
              : held.stoppedByUser && !this.closing
                ? 'stopped'
                : 'incomplete',
          endedAt: Date.now(),
          error,
          counts,
          cellsCut: held.meta.cellsCut || writer.full,
        }
        held.ended = true
        await writer.close()
        await this.files.writeMeta(held.meta).catch(() => undefined)
        if (sink.alive) sink.emit('evals.ended', { evalId, stopped: run.isStopped, ...counts, error })
      })
  }
}

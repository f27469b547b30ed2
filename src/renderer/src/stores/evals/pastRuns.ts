// The eval runs main keeps on disk, for the panel's list: loaded on demand, and one reopened into the Evals
// store as if it had just run (its dataset's rows, its cells paged in, how it ended: done, stopped, failed or
// incomplete), so it can be looked at, exported or resumed.
import { create } from 'zustand'
import type { EvalRunInfo } from '../../../../shared/ipc/evals'
import { evalsCalls } from '../../ipc/evalsCalls'
import { ROWS_PAGE, useEvalsStore, type EvalRunState } from './evalsStore'
import { runWindow } from './runWindow'
import { graderRowOf, rowKey, type GraderRow } from './form'

/** How often a run still going in main for a window gone is looked at again until it ends. */
const RUNNING_POLL_MS = 1000

type RunDiff = Awaited<ReturnType<typeof evalsCalls.diff>>

interface PastRunsState {
  runs: EvalRunInfo[]
  loaded: boolean
  opening: string | null
  /** The run shown compared with an earlier one (`before`), the changed cells first. */
  diff: { before: EvalRunInfo; after: string; result: RunDiff } | null
  load(): Promise<void>
  open(evalId: string): Promise<void>
  /** Compares `before` with the run shown. */
  compare(before: EvalRunInfo): Promise<void>
  closeDiff(): void
  /**
   * Shows a kept run's results (the last run, after a reload or a restart) without touching the form or the
   * dataset, once it is no longer going; `still` answers whether the panel still wants it.
   */
  show(evalId: string, still: () => boolean): Promise<void>
}

/** How often the list is read again while a run another window started (or one gone) is still listed as going. */
const GOING_ELSEWHERE_MS = 1500
let listAgain: ReturnType<typeof setTimeout> | undefined

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const usePastRuns = create<PastRunsState>((set, get) => ({
  runs: [],
  loaded: false,
  opening: null,
  diff: null,

  async compare(before) {
    const after = useEvalsStore.getState().run?.id
    if (!after) return
    try {
      set({ diff: { before, after, result: await evalsCalls.diff(before.evalId, after) } })
    } catch (error) {
      set({ diff: null })
      useEvalsStore.setState({ error: `Could not compare: ${message(error)}` })
    }
  },
  closeDiff: () => set({ diff: null }),

  async load() {
    clearTimeout(listAgain)
    try {
      const { runs } = await evalsCalls.runs()
      set({ runs, loaded: true })
      // A run going for no window here (its window reloaded or closed) sends its end to nobody: the list is read
      // again until it reads as ended (done, or incomplete once main has stopped it), never Running for good.
      const mine = useEvalsStore.getState().run
      const elsewhere = runs.some(
        (r) => r.state === 'running' && !(mine && !mine.ended && mine.id === r.evalId),
      )
      if (elsewhere) listAgain = setTimeout(() => void get().load(), GOING_ELSEWHERE_MS)
    } catch (error) {
      useEvalsStore.setState({ error: `Could not list the kept runs: ${message(error)}` })
    }
  },

  async open(evalId) {
    const current = useEvalsStore.getState().run
    if (current && !current.ended)
      return useEvalsStore.setState({ error: 'Stop the eval before opening another run.' })
    set({ opening: evalId, diff: null })
    try {
      const { run, dataset, setup } = await evalsCalls.openRun(evalId)
      const [view, { rows }] = await Promise.all([
        runView(run, 0),
        evalsCalls.rows(dataset.datasetId, 0, ROWS_PAGE),
      ])
      const fallback = setup.variants[0]?.profileId ?? ''
      const graders = setup.graders
        .map((g) => graderRowOf(g, fallback))
        .filter((g): g is GraderRow => g !== null)
      const unshown = setup.graders.length - graders.length
      useEvalsStore.setState({
        dataset,
        rows,
        rowsOffset: 0,
        openCell: null,
        exported: null,
        error: null,
        // The form shows what the run ran, so Run again runs the same (Resume always does).
        system: setup.system,
        user: setup.user,
        variants: setup.variants.map((v) => ({
          key: rowKey('v'),
          format: v.format,
          model: v.model,
          profileId: v.profileId,
          temperature: v.temperature === undefined ? '' : String(v.temperature),
          maxTokens: v.maxTokens === undefined ? '' : String(v.maxTokens),
        })),
        graders,
        concurrency: String(setup.concurrency),
        suiteNote: unshown
          ? `This run had ${unshown} grader${unshown === 1 ? '' : 's'} the form cannot show (kept for Resume).`
          : null,
        run: view,
      })
    } catch (error) {
      useEvalsStore.setState({ error: `Could not open the run: ${message(error)}` })
    } finally {
      set({ opening: null })
    }
    void get().load()
  },

  async show(evalId, still) {
    try {
      for (;;) {
        const { runs } = await evalsCalls.runs()
        set({ runs, loaded: true })
        const info = runs.find((r) => r.evalId === evalId)
        if (!info || !still()) return
        // Still going in main, for a window gone (a reload): it stops at its next cell, then shows as it ended.
        if (info.state !== 'running') {
          const view = await runView(info, useEvalsStore.getState().rowsOffset)
          if (still()) useEvalsStore.setState({ run: view, openCell: null, exported: null })
          return
        }
        await new Promise((r) => setTimeout(r, RUNNING_POLL_MS))
      }
    } catch (error) {
      if (still()) useEvalsStore.setState({ error: `Could not show the last run: ${message(error)}` })
    }
  },
}))

/** A kept run as the Results show it: the cells of the rows shown and every column's figures, and how it ended. */
async function runView(run: EvalRunInfo, rowsOffset: number): Promise<EvalRunState> {
  const { cells, summaries } = await runWindow(run.evalId, rowsOffset, ROWS_PAGE)
  const sum = (pick: (c: (typeof summaries)[number]) => number) => summaries.reduce((n, c) => n + pick(c), 0)
  const counts = run.counts ?? {
    passed: sum((c) => c.passed),
    failed: sum((c) => c.failed),
    errored: sum((c) => c.errored),
    notRun: run.size - sum((c) => c.counted),
  }
  return {
    id: run.evalId,
    columns: run.columns,
    rowCount: run.rowCount,
    cells,
    summaries,
    done: sum((c) => c.counted),
    size: run.size,
    stopping: false,
    ended:
      run.state === 'running'
        ? null
        : {
            stopped: run.state === 'stopped',
            ...counts,
            error: run.error,
            incomplete: run.state === 'incomplete',
          },
  }
}

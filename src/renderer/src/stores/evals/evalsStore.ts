// The Evals panel's state: the dataset main read (its columns and a page of rows), the form (prompt, variants,
// graders, concurrency), and the eval being run or last run, filled cell by cell from main's events. An eval is
// named here before main hears of it, so its first cells always find it; it ends in a state the user sees (done,
// stopped, failed with why).
import { create } from 'zustand'
import type { DatasetInfo, DatasetRowView, EvalCellView } from '../../../../shared/ipc/evals'
import type { ColumnSummary } from '../../../../shared/evals/summary'
import type { EvalDefaults } from '../../../../shared/ipc/app'
import type { ImportableFile } from '../../ipc/importFile'
import { evalsCalls } from '../../ipc/evalsCalls'
import { evalCellKey, runWindow } from './runWindow'
import {
  evalFormErrors,
  graderOf,
  newGrader,
  rowKey,
  type EvalForm,
  type FormGraderKind,
  type GraderRow,
  type VariantRow,
} from './form'

export const ROWS_PAGE = 100

export interface EvalRunState {
  id: string
  columns: string[]
  rowCount: number
  /** Cells by `row:column`: all of a run going here, the rows shown of a run reopened from main. */
  cells: Record<string, EvalCellView>
  /**
   * Each column's figures as main computed them over all the cells, for a run reopened from main (its cells
   * come a window of rows at a time); null while a run goes here, its figures taken from its cells.
   */
  summaries: ColumnSummary[] | null
  done: number
  size: number
  stopping: boolean
  ended: {
    stopped: boolean
    passed: number
    failed: number
    errored: number
    notRun: number
    error: string | null
    /** Cut off by the app closing (or being killed) rather than stopped. */
    incomplete?: boolean
  } | null
}

interface EvalsState extends EvalForm {
  dataset: DatasetInfo | null
  rows: DatasetRowView[]
  rowsOffset: number
  importing: boolean
  /** The file an import is sending to main (`sent` bytes of `size` so far), then main is reading; null when none. */
  importStep: { name: string; size: number; sent: number } | null
  error: string | null
  attempted: boolean
  run: EvalRunState | null
  openCell: string | null
  exported: { url: string; name: string } | null
  /** What the last suite import brought besides the dataset, in words. */
  suiteNote: string | null

  importDataset(file: ImportableFile): Promise<void>
  /** Imports a suite from promptfoo or OpenAI Evals: its dataset, prompt and variants (on `profileId`). */
  importSuite(
    kind: 'promptfoo' | 'openai',
    files: readonly ImportableFile[],
    profileId: string,
  ): Promise<void>
  /**
   * Shows a dataset main kept earlier (after a reload or a restart); answers whether it is still kept. One the
   * user imported meanwhile stays.
   */
  reopenDataset(datasetId: string, name: string): Promise<boolean>
  showRows(offset: number): Promise<void>
  /** The next (1) or previous (-1) page of rows, from the page last asked for: two quick clicks go two pages. */
  stepRows(step: 1 | -1): Promise<void>
  setPrompt(patch: Partial<Pick<EvalForm, 'system' | 'user' | 'concurrency'>>): void
  addVariant(profileId: string): void
  setVariant(key: string, patch: Partial<Omit<VariantRow, 'key'>>): void
  removeVariant(key: string): void
  /** Adds a grader on the eval's profile; a judge or similarity one starts with the defaults from Settings. */
  addGrader(
    kind: FormGraderKind,
    profileId: string,
    defaults?: EvalDefaults,
    profileIds?: readonly string[],
  ): void
  setGrader(key: string, patch: Partial<Omit<GraderRow, 'key'>>): void
  removeGrader(key: string): void
  start(profileIds: readonly string[]): Promise<void>
  stop(): Promise<void>
  /** Goes on with the run shown (stopped or incomplete): the cells without a verdict run again. */
  resume(): Promise<void>
  exportRun(format: 'csv' | 'json' | 'html'): Promise<void>
  setOpenCell(key: string | null): void
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Evals whose start main has not answered yet: a Stop pressed meanwhile waits for it. */
const startsPending = new Set<string>()

/** The rows offset asked for and not yet shown (the pager steps from it). */
let rowsWanted: number | null = null

export const useEvalsStore = create<EvalsState>((set, get) => {
  const updateRun = (id: string, patch: (r: EvalRunState) => Partial<EvalRunState>) => {
    const r = get().run
    if (r && r.id === id) set({ run: { ...r, ...patch(r) } })
  }
  const showWindow = async (evalId: string, offset: number) => {
    try {
      const { cells, summaries } = await runWindow(evalId, offset, ROWS_PAGE)
      if (get().rowsOffset === offset) updateRun(evalId, () => ({ cells, summaries }))
    } catch (error) {
      set({ error: `Could not show these rows' results: ${message(error)}` })
    }
  }
  let subscribed = false
  const subscribe = () => {
    if (subscribed) return
    subscribed = true
    evalsCalls.onCell(({ evalId, cell }) =>
      updateRun(evalId, (r) => ({
        cells: { ...r.cells, [evalCellKey(cell.row, cell.column)]: cell },
        done: r.done + 1,
      })),
    )
    evalsCalls.onEnded(({ evalId, ...ended }) => {
      updateRun(evalId, () => ({ ended, stopping: false }))
      // A run reopened from main and resumed: its figures and the rows shown are read again as it ended.
      if (get().run?.id === evalId && get().run?.summaries) void showWindow(evalId, get().rowsOffset)
    })
  }

  return {
    dataset: null,
    rows: [],
    rowsOffset: 0,
    importing: false,
    importStep: null,
    error: null,
    attempted: false,
    run: null,
    openCell: null,
    exported: null,
    suiteNote: null,
    system: '',
    user: '',
    variants: [],
    graders: [],
    concurrency: '4',

    async importDataset(file) {
      subscribe()
      const r = get().run
      if (r && !r.ended) return set({ error: 'Stop the eval before importing another dataset.' })
      set({ importing: true, error: null, importStep: { name: file.name, size: file.size, sent: 0 } })
      try {
        const dataset = await evalsCalls.openDataset(file, (sent, size) =>
          set({ importStep: { name: file.name, size, sent } }),
        )
        const { rows } = await evalsCalls.rows(dataset.datasetId, 0, ROWS_PAGE)
        // The last run's results belong to the dataset it ran over: they go with it.
        set({
          dataset,
          rows,
          rowsOffset: 0,
          importing: false,
          importStep: null,
          run: null,
          openCell: null,
          exported: null,
          suiteNote: null,
        })
      } catch (error) {
        set({ importing: false, importStep: null, error: message(error) })
      }
    },

    async importSuite(kind, files, profileId) {
      subscribe()
      const r = get().run
      if (r && !r.ended) return set({ error: 'Stop the eval before importing another suite.' })
      set({ importing: true, error: null })
      try {
        const suite = await evalsCalls.importSuite(kind, files)
        const { rows } = await evalsCalls.rows(suite.dataset.datasetId, 0, ROWS_PAGE)
        const variants: VariantRow[] = suite.variants.map((v) => ({
          key: rowKey('v'),
          format: v.format,
          model: v.model,
          profileId,
          temperature: v.temperature === undefined ? '' : String(v.temperature),
          maxTokens: v.maxTokens === undefined ? '' : String(v.maxTokens),
        }))
        const from = kind === 'promptfoo' ? 'promptfoo' : 'OpenAI Evals'
        const brought = [
          suite.user ? 'the prompt' : '',
          variants.length ? `${variants.length} variant${variants.length === 1 ? '' : 's'}` : '',
          suite.suiteGraders
            ? `${suite.suiteGraders} grader${suite.suiteGraders === 1 ? '' : 's'} on every row`
            : '',
        ].filter(Boolean)
        set({
          dataset: suite.dataset,
          rows,
          rowsOffset: 0,
          importing: false,
          run: null,
          openCell: null,
          exported: null,
          ...(suite.user ? { system: suite.system, user: suite.user } : {}),
          ...(variants.length ? { variants } : {}),
          suiteNote: `From ${from}: the dataset${brought.length ? `, ${brought.join(', ')}` : ''}.`,
        })
      } catch (error) {
        set({ importing: false, error: message(error) })
      }
    },

    async reopenDataset(datasetId, name) {
      subscribe()
      set({ importing: true })
      try {
        const dataset = await evalsCalls.reopenDataset(datasetId)
        const { rows } = await evalsCalls.rows(datasetId, 0, ROWS_PAGE)
        set({ importing: false })
        if (get().dataset) return false
        set({ dataset, rows, rowsOffset: 0 })
        return true
      } catch {
        set({
          importing: false,
          error: get().dataset
            ? get().error
            : `The dataset last used here (${name}) is no longer kept: import it again.`,
        })
        return false
      }
    },

    async showRows(offset) {
      const d = get().dataset
      if (!d) return
      rowsWanted = offset
      try {
        const { rows } = await evalsCalls.rows(d.datasetId, offset, ROWS_PAGE)
        if (rowsWanted !== offset) return // a later page was asked for meanwhile: that one is shown
        rowsWanted = null
        set({ rows, rowsOffset: offset })
        const r = get().run
        if (r?.summaries && r.ended) await showWindow(r.id, offset)
      } catch (error) {
        rowsWanted = null
        set({ error: message(error) })
      }
    },

    stepRows(step) {
      const next = (rowsWanted ?? get().rowsOffset) + step * ROWS_PAGE
      const count = get().run?.rowCount ?? get().dataset?.rowCount ?? 0
      return next < 0 || next >= count ? Promise.resolve() : get().showRows(next)
    },

    setPrompt: (patch) => set(patch),
    addVariant(profileId) {
      const last = get().variants.at(-1)
      set({
        variants: [
          ...get().variants,
          {
            key: rowKey('v'),
            format: last?.format ?? 'chat',
            model: last?.model ?? '',
            profileId: last?.profileId ?? profileId,
            temperature: '',
            maxTokens: last?.maxTokens ?? '1024',
          },
        ],
      })
    },
    setVariant: (key, patch) =>
      set({ variants: get().variants.map((v) => (v.key === key ? { ...v, ...patch } : v)) }),
    removeVariant: (key) => set({ variants: get().variants.filter((v) => v.key !== key) }),
    addGrader: (kind, profileId, defaults, profileIds) =>
      set({ graders: [...get().graders, newGrader(kind, profileId, defaults, profileIds)] }),
    setGrader: (key, patch) =>
      set({ graders: get().graders.map((g) => (g.key === key ? { ...g, ...patch } : g)) }),
    removeGrader: (key) => set({ graders: get().graders.filter((g) => g.key !== key) }),

    async start(profileIds) {
      subscribe()
      const s = get()
      set({ attempted: true })
      if (Object.keys(evalFormErrors(s, s.dataset?.columns ?? null, profileIds)).length) return
      if (s.run && !s.run.ended) return
      const dataset = s.dataset!
      const id = `eval-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
      set({
        error: null,
        exported: null,
        openCell: null,
        run: {
          id,
          columns: [],
          rowCount: dataset.rowCount,
          cells: {},
          summaries: null,
          done: 0,
          size: dataset.rowCount * s.variants.length,
          stopping: false,
          ended: null,
        },
      })
      startsPending.add(id)
      try {
        const { columns, cells } = await evalsCalls.start({
          evalId: id,
          datasetId: dataset.datasetId,
          system: s.system,
          user: s.user,
          variants: s.variants.map((v) => ({
            label: '',
            format: v.format,
            model: v.model.trim(),
            profileId: v.profileId,
            ...(v.temperature.trim() ? { temperature: Number(v.temperature) } : {}),
            ...(v.maxTokens.trim() ? { maxTokens: Number(v.maxTokens) } : {}),
          })),
          graders: s.graders.map((g) => {
            const r = graderOf(g)
            if (!r.ok) throw new Error(r.message)
            return r.grader
          }),
          concurrency: Number(s.concurrency),
        })
        updateRun(id, () => ({ columns, size: cells }))
        startsPending.delete(id)
        // Stop pressed while main was still starting it: main has the run now, so the stop reaches it.
        const now = get().run
        if (now?.id === id && now.stopping && !now.ended) await evalsCalls.stop(id).catch(() => undefined)
      } catch (error) {
        startsPending.delete(id)
        updateRun(id, (r) => ({
          ended: { stopped: false, passed: 0, failed: 0, errored: 0, notRun: r.size, error: message(error) },
        }))
      }
    },

    async stop() {
      const r = get().run
      if (!r || r.ended) return
      updateRun(r.id, () => ({ stopping: true }))
      try {
        const { stopped } = await evalsCalls.stop(r.id)
        // Not stopped because main is still starting it: it stops as soon as its start is answered.
        if (!stopped && !startsPending.has(r.id)) updateRun(r.id, () => ({ stopping: false }))
      } catch (error) {
        updateRun(r.id, () => ({ stopping: false }))
        set({ error: `Could not stop: ${message(error)}` })
      }
    },

    async resume() {
      subscribe()
      const r = get().run
      if (!r || !r.ended) return
      const kept = Object.fromEntries(
        Object.entries(r.cells).filter(([, c]) => c.status === 'pass' || c.status === 'fail'),
      )
      set({ error: null, exported: null, openCell: null })
      updateRun(r.id, () => ({ cells: kept, done: Object.keys(kept).length, ended: null, stopping: false }))
      try {
        const { graded } = await evalsCalls.resume(r.id)
        // A run reopened from main holds the rows shown only: main counts what it kept.
        if (r.summaries) updateRun(r.id, (now) => ({ done: Math.max(now.done, graded) }))
      } catch (error) {
        // Nothing went: the run stays as it was, the reason above it.
        set({ run: r, error: `Could not resume: ${message(error)}` })
      }
    },

    async exportRun(format) {
      const r = get().run
      if (!r) return
      try {
        set({ exported: await evalsCalls.export(r.id, format), error: null })
      } catch (error) {
        set({ exported: null, error: `Could not export: ${message(error)}` })
      }
    },

    setOpenCell: (key) => set({ openCell: key }),
  }
})

// The Load test panel's state: the form (errors shown once touched or once Start was pressed), the run shown (the
// one going, or a kept one reopened: its report and its points), the request opened in the Inspector, the kept
// runs, exports, the diff against another run and Locust's imported figures. A run is named here before main
// hears of it, so its first progress always finds it; it ends in a state the user sees (done, stopped, failed).
// Points (up to 100,000) live outside React's state, in one growing array; `pointsVersion` says it grew.
import { create } from 'zustand'
import type { LevelFigures } from '../../../../shared/load/levels'
import type { RequestPoint } from '../../../../shared/load/points'
import { POINTS_PAGE } from '../../../../shared/load/points'
import type { LoadReport, LoadStatus } from '../../../../shared/load/report'
import type { LoadRunSummary, LocustLevel } from '../../../../shared/ipc/load'
import { emptyBilledSum, type BilledSum } from '../../../../shared/cost/billed'
import { loadCalls } from '../../ipc/loadCalls'
import {
  LOAD_FORM_DEFAULTS,
  formOf,
  loadFormErrors,
  planOf,
  simTokensOffered,
  type LoadForm,
  type TargetRow,
} from './form'

type DiffResult = Awaited<ReturnType<typeof loadCalls.diff>>
type ExportLink = Awaited<ReturnType<typeof loadCalls.export>>

export interface ShownRun {
  runId: string
  report: LoadReport | null
  /** Figures by step (live while it runs, final after). */
  levels: Record<number, LevelFigures>
  /** Each target's cost so far (live while it runs, final after); null when the run is not priced. */
  targetCosts: BilledSum[] | null
  status: LoadStatus
  error: string | null
  live: boolean
  /** Opened from the kept runs (its set-up may not be the form's) rather than started from the form. */
  kept: boolean
  stopping: boolean
  expected: number | null
  sent: number
  step: number
  elapsedMs: number
  startedAt: number
}

interface LoadState {
  form: LoadForm
  attempted: boolean
  touched: Record<string, true>
  run: ShownRun | null
  pointsVersion: number
  openIndex: number | null
  runs: LoadRunSummary[]
  error: string | null
  exported: ExportLink | null
  diff: DiffResult | null
  diffError: string | null
  locust: LocustLevel[] | null
  locustError: string | null

  setForm(patch: Partial<LoadForm>): void
  setTarget(index: number, patch: Partial<TargetRow>): void
  addTarget(row: TargetRow): void
  removeTarget(index: number): void
  touch(field: string): void
  /** `simulatorIds`: the profiles that are the simulator (the only ones sim:tokens is sent to). */
  start(profileIds: readonly string[], simulatorIds?: readonly string[]): Promise<void>
  stop(): Promise<void>
  openRequest(index: number | null): void
  loadRuns(): Promise<void>
  openRun(runId: string): Promise<void>
  exportRun(format: 'json' | 'csv' | 'requestsCsv' | 'locust', keyEnv?: string): Promise<void>
  diffWith(before: { beforeId: string } | { beforeText: string }): Promise<void>
  importLocust(text: string): Promise<void>
  importPrompts(file: File): Promise<void>
  /** Puts the shown kept run's set-up in the form (the form's own set-up is replaced). */
  useRunSetup(): void
}

/** The points of the run shown, in the order its requests ended. */
let points: RequestPoint[] = []
export const shownPoints = (): readonly RequestPoint[] => points

let subscribed = false
function subscribe(set: (fn: (s: LoadState) => Partial<LoadState>) => void) {
  if (subscribed) return
  subscribed = true
  loadCalls.onProgress((p) =>
    set((s) => {
      if (s.run?.runId !== p.runId) return {}
      for (const point of p.points) points.push(point)
      const levels = { ...s.run.levels }
      for (const l of p.levels) levels[l.step] = l
      return {
        run: {
          ...s.run,
          levels,
          sent: p.sent,
          step: p.step,
          elapsedMs: p.elapsedMs,
          ...(p.targetCosts !== undefined ? { targetCosts: p.targetCosts } : {}),
        },
        pointsVersion: s.pointsVersion + (p.points.length ? 1 : 0),
      }
    }),
  )
  loadCalls.onEnded((e) =>
    set((s) => {
      if (s.run?.runId !== e.runId) return {}
      return {
        run: {
          ...s.run,
          live: false,
          stopping: false,
          status: e.status,
          error: e.error,
          report: e.report,
          levels: Object.fromEntries(e.report.levels.map((l) => [l.step, l])),
          targetCosts: costsOf(e.report),
          sent: e.report.requests,
          elapsedMs: (e.report.endedAt ?? Date.now()) - e.report.startedAt,
        },
      }
    }),
  )
}

/** A report's cost per target; null when it was not priced (a run kept before runs were). */
const costsOf = (report: LoadReport): BilledSum[] | null =>
  report.targets.some((t) => t.cost) ? report.targets.map((t) => t.cost ?? emptyBilledSum()) : null

const newId = () => `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const useLoadStore = create<LoadState>((set, get) => ({
  form: LOAD_FORM_DEFAULTS,
  attempted: false,
  touched: {},
  run: null,
  pointsVersion: 0,
  openIndex: null,
  runs: [],
  error: null,
  exported: null,
  diff: null,
  diffError: null,
  locust: null,
  locustError: null,

  setForm: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
  setTarget: (index, patch) =>
    set((s) => ({
      form: { ...s.form, targets: s.form.targets.map((t, i) => (i === index ? { ...t, ...patch } : t)) },
    })),
  addTarget: (row) => set((s) => ({ form: { ...s.form, targets: [...s.form.targets, row] } })),
  removeTarget: (index) =>
    set((s) => ({ form: { ...s.form, targets: s.form.targets.filter((_, i) => i !== index) } })),
  touch: (field) => set((s) => ({ touched: { ...s.touched, [field]: true } })),

  async start(profileIds, simulatorIds = []) {
    const { form, run } = get()
    if (run?.live) return
    set({ attempted: true, error: null })
    if (Object.keys(loadFormErrors(form, profileIds)).length) return
    subscribe(set)
    const runId = newId()
    points = []
    set((s) => ({
      run: {
        runId,
        report: null,
        levels: {},
        targetCosts: null,
        status: 'running',
        error: null,
        live: true,
        kept: false,
        stopping: false,
        expected: null,
        sent: 0,
        step: 0,
        elapsedMs: 0,
        startedAt: Date.now(),
      },
      pointsVersion: s.pointsVersion + 1,
      openIndex: null,
      exported: null,
      diff: null,
      diffError: null,
      locust: null,
    }))
    try {
      const plan = { ...planOf(form), simTokens: form.simTokens && simTokensOffered(form, simulatorIds) }
      const started = await loadCalls.start({ runId, plan })
      set((s) => (s.run?.runId === runId ? { run: { ...s.run, expected: started.expected } } : {}))
    } catch (error) {
      set((s) => ({
        error: message(error),
        run:
          s.run?.runId === runId ? { ...s.run, live: false, status: 'failed', error: message(error) } : s.run,
      }))
    }
  },

  async stop() {
    const run = get().run
    if (!run?.live) return
    set({ run: { ...run, stopping: true } })
    await loadCalls.stop(run.runId).catch(() => undefined)
  },

  openRequest: (index) => set({ openIndex: index }),

  async loadRuns() {
    try {
      set({ runs: (await loadCalls.listRuns()).runs })
    } catch (error) {
      set({ error: message(error) })
    }
  },

  async openRun(runId) {
    if (get().run?.live) return
    try {
      const { report, points: total } = await loadCalls.openRun(runId)
      const read: RequestPoint[] = []
      for (let offset = 0; offset < total; offset += POINTS_PAGE) {
        const page = await loadCalls.points(runId, offset, POINTS_PAGE)
        read.push(...(page.points as RequestPoint[]))
      }
      points = read
      set((s) => ({
        run: {
          runId,
          report,
          levels: Object.fromEntries(report.levels.map((l) => [l.step, l])),
          targetCosts: costsOf(report),
          status: report.status,
          error: report.error,
          live: false,
          kept: true,
          stopping: false,
          expected: null,
          sent: report.requests,
          step: 0,
          elapsedMs: (report.endedAt ?? report.startedAt) - report.startedAt,
          startedAt: report.startedAt,
        },
        pointsVersion: s.pointsVersion + 1,
        openIndex: null,
        exported: null,
        diff: null,
        diffError: null,
        locust: null,
        error: null,
      }))
    } catch (error) {
      set({ error: message(error) })
    }
  },

  async exportRun(format, keyEnv) {
    const run = get().run
    if (!run || run.live) return
    try {
      set({
        exported: await loadCalls.export({ runId: run.runId, format, ...(keyEnv ? { keyEnv } : {}) }),
        error: null,
      })
    } catch (error) {
      set({ error: message(error) })
    }
  },

  async diffWith(before) {
    const run = get().run
    if (!run || run.live) return
    try {
      set({ diff: await loadCalls.diff({ ...before, afterId: run.runId }), diffError: null })
    } catch (error) {
      set({ diff: null, diffError: message(error) })
    }
  },

  async importLocust(text) {
    try {
      set({ locust: (await loadCalls.importLocust(text)).levels, locustError: null })
    } catch (error) {
      set({ locust: null, locustError: message(error) })
    }
  },

  useRunSetup() {
    const run = get().run
    if (!run?.report || run.live) return
    set({ form: formOf(run.report.plan), attempted: false, touched: {}, run: { ...run, kept: false } })
  },

  async importPrompts(file) {
    try {
      const ref = await loadCalls.importPrompts(file)
      set((s) => ({ form: { ...s.form, file: { ref, name: file.name } }, error: null }))
    } catch (error) {
      set({ error: `Prompts file: ${message(error)}` })
    }
  },
}))

// The Cases panel's state: the suites main keeps (summaries), the chosen suite, the targets a run goes to, and
// the matrix being run or last run, filled cell by cell from main's events. A matrix is named here before main
// hears of it, so its first cells always find it; it ends in a state the user sees (done, stopped, failed).
import { create } from 'zustand'
import type { MatrixCellView, SuiteSummary } from '../../../../shared/ipc/cases'
import type { CommandInput } from '../../../../shared/ipc/define'
import type { Commands } from '../../../../shared/ipc/contract'
import { WIRE_FORMATS, type WireFormat } from '../../../../shared/format'
import { casesCalls } from '../../ipc/casesCalls'

export interface TargetRow {
  key: string
  format: WireFormat
  model: string
  profileId: string
}

export interface MatrixState {
  id: string
  suiteName: string
  caseNames: string[]
  targets: TargetRow[]
  /** Cells by `caseIndex:targetIndex`. */
  cells: Record<string, MatrixCellView>
  size: number
  stopping: boolean
  ended: { stopped: boolean; passed: number; failed: number; notRun: number; error: string | null } | null
}

interface CasesState {
  suites: SuiteSummary[]
  loaded: boolean
  selectedId: string | null
  error: string | null
  notice: string | null
  exported: { url: string; name: string } | null
  targets: TargetRow[]
  concurrency: string
  /** Run was pressed: every target error shows from now on. */
  attempted: boolean
  touched: Record<string, true>
  matrix: MatrixState | null
  /** The cell opened beside the matrix (`caseIndex:targetIndex`). */
  openCell: string | null

  load(): Promise<void>
  select(id: string | null): void
  createSuite(name: string): Promise<boolean>
  renameSuite(id: string, name: string): Promise<boolean>
  deleteSuite(id: string): Promise<void>
  removeCase(suiteId: string, caseId: string): Promise<void>
  /** Saves a case (from the Text panel or a History run); answers the suite it went to, or throws with why. */
  saveCase(input: CommandInput<Commands['cases.addCase']>): Promise<SuiteSummary>
  importText(text: string, fileName: string): Promise<void>
  exportSuite(id: string): Promise<void>
  setTarget(key: string, patch: Partial<Omit<TargetRow, 'key'>>): void
  addTarget(row?: Partial<Omit<TargetRow, 'key'>>): void
  removeTarget(key: string): void
  /** One target per wire format with this model and profile. */
  allFormats(model: string, profileId: string): void
  setConcurrency(value: string): void
  /** Runs the chosen suite against the targets; `profileIds` are the profiles that exist now. */
  run(profileIds: readonly string[]): Promise<void>
  stop(): Promise<void>
  setOpenCell(key: string | null): void
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))
let nextKey = 0
const rowKey = () => `t${(nextKey += 1)}`
export const cellKey = (caseIndex: number, targetIndex: number) => `${caseIndex}:${targetIndex}`

/** The errors of the target rows and the concurrency, keyed `<row key>.model`, `<row key>.profile`, `concurrency`. */
export function targetErrors(
  targets: readonly TargetRow[],
  concurrency: string,
  profileIds: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const t of targets) {
    if (!t.model.trim()) errors[`${t.key}.model`] = 'Model: write a model id'
    if (!t.profileId || !profileIds.includes(t.profileId))
      errors[`${t.key}.profile`] = 'Profile: choose a profile'
  }
  const n = Number(concurrency)
  if (!Number.isInteger(n) || n < 1 || n > 8) errors.concurrency = 'Concurrency: a whole number from 1 to 8'
  return errors
}

export const useCasesStore = create<CasesState>((set, get) => {
  const replaceSuite = (suite: SuiteSummary) => {
    const suites = get().suites.filter((s) => s.id !== suite.id)
    set({ suites: [suite, ...suites] })
  }
  const updateMatrix = (id: string, patch: (m: MatrixState) => Partial<MatrixState>) => {
    const m = get().matrix
    if (m && m.id === id) set({ matrix: { ...m, ...patch(m) } })
  }
  let subscribed = false
  const subscribe = () => {
    if (subscribed) return
    subscribed = true
    casesCalls.onCell(({ matrixId, cell }) =>
      updateMatrix(matrixId, (m) => ({
        cells: { ...m.cells, [cellKey(cell.caseIndex, cell.targetIndex)]: cell },
      })),
    )
    casesCalls.onEnded(({ matrixId, ...ended }) => updateMatrix(matrixId, () => ({ ended, stopping: false })))
  }

  return {
    suites: [],
    loaded: false,
    selectedId: null,
    error: null,
    notice: null,
    exported: null,
    targets: [],
    concurrency: '2',
    attempted: false,
    touched: {},
    matrix: null,
    openCell: null,

    async load() {
      subscribe()
      try {
        const { suites } = await casesCalls.listSuites()
        const selectedId = suites.some((s) => s.id === get().selectedId)
          ? get().selectedId
          : (suites[0]?.id ?? null)
        set({ suites, loaded: true, error: null, selectedId })
      } catch (error) {
        set({ loaded: true, error: message(error) })
      }
    },

    select: (id) => set({ selectedId: id, exported: null, notice: null }),

    async createSuite(name) {
      try {
        const suite = await casesCalls.createSuite(name)
        replaceSuite(suite)
        set({ selectedId: suite.id, notice: `Created suite “${suite.name}”.`, error: null })
        return true
      } catch (error) {
        set({ error: message(error) })
        return false
      }
    },

    async renameSuite(id, name) {
      try {
        replaceSuite(await casesCalls.renameSuite(id, name))
        set({ notice: `Renamed to “${name.trim()}”.`, error: null })
        return true
      } catch (error) {
        set({ error: message(error) })
        return false
      }
    },

    async deleteSuite(id) {
      try {
        await casesCalls.deleteSuite(id)
        const suites = get().suites.filter((s) => s.id !== id)
        set({
          suites,
          selectedId: suites[0]?.id ?? null,
          notice: 'Suite deleted.',
          error: null,
          exported: null,
        })
      } catch (error) {
        set({ error: message(error) })
      }
    },

    async removeCase(suiteId, caseId) {
      try {
        replaceSuite(await casesCalls.removeCase(suiteId, caseId))
        set({ notice: 'Case removed from the suite.', error: null })
      } catch (error) {
        set({ error: message(error) })
      }
    },

    async saveCase(input) {
      subscribe()
      const suite = await casesCalls.addCase(input)
      replaceSuite(suite)
      set({ selectedId: suite.id })
      return suite
    },

    async importText(text, fileName) {
      try {
        const suite = await casesCalls.importSuite(text)
        replaceSuite(suite)
        set({
          selectedId: suite.id,
          error: null,
          notice: `Imported “${suite.name}” (${suite.cases.length} case${suite.cases.length === 1 ? '' : 's'}) from ${fileName}.`,
        })
      } catch (error) {
        set({ notice: null, error: `${fileName}: ${message(error)}` })
      }
    },

    async exportSuite(id) {
      try {
        const answer = await casesCalls.exportSuite(id)
        set({ exported: answer, error: null })
      } catch (error) {
        set({ exported: null, error: `Could not export: ${message(error)}` })
      }
    },

    setTarget(key, patch) {
      const fields = Object.keys(patch).map((f) => `${key}.${f === 'profileId' ? 'profile' : f}`)
      set({
        targets: get().targets.map((t) => (t.key === key ? { ...t, ...patch } : t)),
        touched: { ...get().touched, ...Object.fromEntries(fields.map((f) => [f, true as const])) },
      })
    },
    addTarget(row = {}) {
      const last = get().targets.at(-1)
      set({
        targets: [
          ...get().targets,
          {
            key: rowKey(),
            format: row.format ?? 'chat',
            model: row.model ?? last?.model ?? '',
            profileId: row.profileId ?? last?.profileId ?? '',
          },
        ],
      })
    },
    removeTarget: (key) => set({ targets: get().targets.filter((t) => t.key !== key) }),
    allFormats(model, profileId) {
      set({ targets: WIRE_FORMATS.map((format) => ({ key: rowKey(), format, model, profileId })) })
    },
    setConcurrency: (value) => set({ concurrency: value, touched: { ...get().touched, concurrency: true } }),

    async run(profileIds) {
      const s = get()
      subscribe()
      set({ attempted: true })
      const suite = s.suites.find((x) => x.id === s.selectedId)
      if (!suite) return set({ error: 'Choose a suite to run.' })
      if (suite.cases.length === 0)
        return set({ error: 'This suite has no cases yet: save a run as a case first.' })
      if (s.targets.length === 0) return set({ error: 'Add at least one target (or “All four formats”).' })
      if (Object.keys(targetErrors(s.targets, s.concurrency, profileIds)).length) return
      if (s.matrix && !s.matrix.ended) return
      const id = `matrix-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
      const targets = s.targets.map((t) => ({ ...t, model: t.model.trim() }))
      set({
        error: null,
        notice: null,
        openCell: null,
        matrix: {
          id,
          suiteName: suite.name,
          caseNames: suite.cases.map((c) => c.name),
          targets,
          cells: {},
          size: suite.cases.length * targets.length,
          stopping: false,
          ended: null,
        },
      })
      try {
        await casesCalls.startMatrix({
          matrixId: id,
          suiteId: suite.id,
          targets: targets.map(({ format, model, profileId }) => ({ format, model, profileId })),
          concurrency: Number(s.concurrency),
        })
      } catch (error) {
        updateMatrix(id, () => ({
          ended: { stopped: false, passed: 0, failed: 0, notRun: 0, error: message(error) },
        }))
      }
    },

    async stop() {
      const m = get().matrix
      if (!m || m.ended) return
      updateMatrix(m.id, () => ({ stopping: true }))
      try {
        const { stopped } = await casesCalls.stopMatrix(m.id)
        // Main no longer has it (it ended as the stop went out): the end event is on its way or already here.
        if (!stopped) updateMatrix(m.id, () => ({ stopping: false }))
      } catch (error) {
        updateMatrix(m.id, () => ({ stopping: false }))
        set({ error: `Could not stop: ${message(error)}` })
      }
    },

    setOpenCell: (key) => set({ openCell: key }),
  }
})

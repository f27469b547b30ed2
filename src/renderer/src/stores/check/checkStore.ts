// The Gateway check panel's state: the form (profile, models, paid probes, concurrency) with its errors shown
// once touched or once Run was pressed, the check being run or last run (its plan first, then cells as main
// reports them), the opened cell, exports and the diff against an earlier report. A check is named here before
// main hears of it, so its first cells always find it; it ends in a state the user sees (done, stopped, failed).
import { create } from 'zustand'
import type { CheckCell, PaidGroup } from '../../../../shared/check/model'
import type { CheckSummary, PlannedCellView } from '../../../../shared/ipc/check'
import { CHECK_CONCURRENCY_MAX, CHECK_MODELS_MAX } from '../../../../shared/ipc/check'
import { checkCalls } from '../../ipc/checkCalls'
import { askUser } from '../app'

type DiffResult = Awaited<ReturnType<typeof checkCalls.diff>>

export interface CheckRunState {
  id: string
  profileName: string
  plan: PlannedCellView[]
  cells: Record<string, CheckCell>
  stopping: boolean
  startedAt: number
  ended: { stopped: boolean; error: string | null; durationMs: number } | null
}

export interface CheckForm {
  profileId: string
  models: string
  video: boolean
  images: boolean
  concurrency: string
}

/** The model ids typed in the form (commas, spaces or new lines between them). */
export const modelList = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map((m) => m.trim())
      .filter(Boolean),
  ),
]

/** The paid probe groups the form ticks. */
export const paidGroups = (form: CheckForm): PaidGroup[] => [
  ...(form.video ? (['video'] as const) : []),
  ...(form.images ? (['images'] as const) : []),
]

/** Form errors by field, in the words the form labels them. */
export function checkFormErrors(form: CheckForm, profileIds: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!profileIds.includes(form.profileId)) errors.profileId = 'Profile: choose a profile to check.'
  const models = modelList(form.models)
  if (models.length > CHECK_MODELS_MAX)
    errors.models = `Models: at most ${CHECK_MODELS_MAX} (${models.length} given).`
  else if (models.some((m) => m.length > 200))
    errors.models = 'Models: a model id has at most 200 characters.'
  const n = Number(form.concurrency)
  if (form.concurrency.trim() === '' || !Number.isInteger(n) || n < 1 || n > CHECK_CONCURRENCY_MAX)
    errors.concurrency = `At a time: a whole number from 1 to ${CHECK_CONCURRENCY_MAX}.`
  return errors
}

interface CheckState {
  form: CheckForm
  attempted: boolean
  touched: Record<string, true>
  run: CheckRunState | null
  error: string | null
  openKey: string | null
  exported: { url: string; name: string; bytes: number } | null
  reports: CheckSummary[]
  diff: DiffResult | null
  diffError: string | null
  /** Cells being run again, by key. */
  rerunning: Record<string, true>

  setForm(patch: Partial<CheckForm>): void
  touch(field: string): void
  start(profileIds: readonly string[], profileName: string): Promise<void>
  stop(): Promise<void>
  open(key: string | null): void
  exportReport(format: 'markdown' | 'json'): Promise<void>
  loadReports(): Promise<void>
  diffWith(before: { beforeId: string } | { beforeText: string }): Promise<void>
  /** Runs one finished cell again; a paid one only after the user says yes. */
  rerun(key: string): Promise<void>
}

let subscribed = false
function subscribe(set: (fn: (s: CheckState) => Partial<CheckState>) => void) {
  if (subscribed) return
  subscribed = true
  checkCalls.onCell(({ checkId, cell }) =>
    set((s) => {
      if (s.run?.id !== checkId) return {}
      const { [cell.key]: _done, ...rerunning } = s.rerunning
      return { run: { ...s.run, cells: { ...s.run.cells, [cell.key]: cell } }, rerunning }
    }),
  )
  checkCalls.onEnded(({ checkId, stopped, error, durationMs }) =>
    set((s) =>
      s.run?.id === checkId
        ? { run: { ...s.run, stopping: false, ended: { stopped, error, durationMs } } }
        : {},
    ),
  )
}

const newId = () => `check-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

export const useCheckStore = create<CheckState>((set, get) => ({
  form: { profileId: '', models: '', video: false, images: false, concurrency: '4' },
  attempted: false,
  touched: {},
  run: null,
  error: null,
  openKey: null,
  exported: null,
  reports: [],
  diff: null,
  diffError: null,
  rerunning: {},

  setForm: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
  touch: (field) => set((s) => ({ touched: { ...s.touched, [field]: true } })),

  async start(profileIds, profileName) {
    const { form, run } = get()
    if (run && !run.ended) return
    set({ attempted: true, error: null })
    if (Object.keys(checkFormErrors(form, profileIds)).length) return
    subscribe(set)
    const id = newId()
    const include = paidGroups(form)
    set({
      run: { id, profileName, plan: [], cells: {}, stopping: false, startedAt: Date.now(), ended: null },
      openKey: null,
      exported: null,
      diff: null,
      diffError: null,
    })
    try {
      const { plan } = await checkCalls.start({
        checkId: id,
        profileId: form.profileId,
        models: modelList(form.models),
        include,
        concurrency: Number(form.concurrency),
      })
      set((s) => (s.run?.id === id ? { run: { ...s.run, plan } } : {}))
    } catch (error) {
      set((s) => ({
        error: (error as Error).message,
        run:
          s.run?.id === id
            ? { ...s.run, ended: { stopped: false, error: (error as Error).message, durationMs: 0 } }
            : s.run,
      }))
    }
  },

  async stop() {
    const run = get().run
    if (!run || run.ended) return
    set({ run: { ...run, stopping: true } })
    await checkCalls.stop(run.id).catch(() => undefined)
  },

  open: (key) => set({ openKey: key }),

  async exportReport(format) {
    const run = get().run
    if (!run?.ended) return
    try {
      set({ exported: await checkCalls.exportReport(run.id, format), error: null })
    } catch (error) {
      set({ error: (error as Error).message })
    }
  },

  async loadReports() {
    try {
      set({ reports: (await checkCalls.listReports()).reports })
    } catch (error) {
      set({ error: (error as Error).message })
    }
  },

  async rerun(key) {
    const run = get().run
    const cell = run?.cells[key]
    if (!run?.ended || !cell || get().rerunning[key]) return
    const paid = cell.group === 'video' || cell.group === 'images'
    if (
      paid &&
      !(await askUser({
        title: 'Run this paid probe again?',
        message: `${cell.subject} submits a new ${cell.group === 'video' ? 'video job' : 'console image task'}, which the gateway charges for.`,
        confirm: 'Run it again',
      }))
    )
      return
    set((s) => ({ rerunning: { ...s.rerunning, [key]: true }, error: null }))
    try {
      await checkCalls.rerunCell(run.id, key, paid)
    } catch (error) {
      set((s) => {
        const { [key]: _gone, ...rerunning } = s.rerunning
        return { rerunning, error: (error as Error).message }
      })
    }
  },

  async diffWith(before) {
    const run = get().run
    if (!run?.ended) return
    try {
      set({ diff: await checkCalls.diff({ ...before, afterId: run.id }), diffError: null })
    } catch (error) {
      set({ diff: null, diffError: (error as Error).message })
    }
  },
}))

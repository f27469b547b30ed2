// Video jobs as the renderer knows them: views from main (never media bytes: results are media URLs), kept in
// step by `video.jobChanged` / `video.jobRemoved` after one `video.watchJobs`; the form drafts per model (so
// switching panels or models keeps what was typed); the images imported for them; compare selection and toasts.
import { create } from 'zustand'
import { findVideoModel, VIDEO_MODELS, type VideoMode } from '../../../shared/catalog/videoModels'
import { defaultVideoForm, type VideoForm } from '../../../shared/video/forms'
import type { ConsoleVideoForm, VideoJob, VideoJobRequest } from '../../../shared/ipc/video'
import type { ImportedMedia } from '../../../shared/ipc/media'
import { client } from '../ipc/client'
import { formForMode, modeOf } from '../../../shared/video/formModes'

export interface Toast {
  id: string
  jobId: string
  title: string
  body: string
}

export type VideoKind = 'model' | 'console'

interface VideoState {
  jobs: VideoJob[]
  total: number
  loaded: boolean
  error: string | null
  kind: VideoKind
  modelId: string
  /** One draft per model, created from the spec's defaults the first time the model is chosen. */
  forms: Record<string, VideoForm>
  /** The chosen mode per model (families A-C infer it from fields; D keeps it in the form too). */
  modes: Record<string, VideoMode>
  consoleForm: ConsoleVideoForm
  /** Images imported into main, by their `attachment:` reference. */
  images: Record<string, ImportedMedia>
  /** Jobs ticked for the side-by-side grid. */
  compare: string[]
  /** The job shown in the player. */
  previewId: string | null
  detailsId: string | null
  toasts: Toast[]
  watch(panelVisible: boolean): Promise<void>
  setPanelVisible(visible: boolean): void
  loadMore(): Promise<void>
  setKind(kind: VideoKind): void
  setModel(id: string): void
  setMode(mode: VideoMode): void
  updateForm(patch: Partial<VideoForm>): void
  replaceForm(form: VideoForm): void
  updateConsoleForm(patch: Partial<ConsoleVideoForm>): void
  addImage(media: ImportedMedia): void
  request(profileId: string): VideoJobRequest
  submit(profileId: string): Promise<VideoJob>
  cancel(jobId: string): Promise<void>
  retry(jobId: string): Promise<void>
  remove(jobId: string): Promise<void>
  remix(job: VideoJob): void
  toggleCompare(jobId: string): void
  setPreview(jobId: string | null): void
  setDetails(jobId: string | null): void
  dismissToast(id: string): void
}

const FIRST_MODEL = VIDEO_MODELS[0]!.id

function upsert(jobs: VideoJob[], job: VideoJob): VideoJob[] {
  const rest = jobs.filter((j) => j.id !== job.id)
  const next = [...rest, job]
  return next.sort((a, b) => b.createdAt - a.createdAt)
}

let subscribed = false
let panelVisible = false

export const useVideoStore = create<VideoState>((set, get) => ({
  jobs: [],
  total: 0,
  loaded: false,
  error: null,
  kind: 'model',
  modelId: FIRST_MODEL,
  forms: { [FIRST_MODEL]: defaultVideoForm(FIRST_MODEL) },
  modes: { [FIRST_MODEL]: 'text' },
  consoleForm: { model: '', prompt: '', duration: 5, aspect_ratio: '16:9', return_url: true },
  images: {},
  compare: [],
  previewId: null,
  detailsId: null,
  toasts: [],

  async watch(visible) {
    panelVisible = visible
    if (!subscribed) {
      subscribed = true
      client.on('video.jobChanged', ({ job }) => {
        const known = get().jobs.some((j) => j.id === job.id)
        set((s) => ({
          jobs: upsert(s.jobs, job),
          total: known ? s.total : s.total + 1,
          // A video that just arrived goes to the player unless another one is already there.
          previewId: s.previewId ?? (job.status === 'succeeded' && job.result ? job.id : null),
        }))
      })
      client.on('video.jobRemoved', ({ jobId }) =>
        set((s) => ({
          jobs: s.jobs.filter((j) => j.id !== jobId),
          total: Math.max(0, s.total - 1),
          compare: s.compare.filter((id) => id !== jobId),
          previewId: s.previewId === jobId ? null : s.previewId,
          detailsId: s.detailsId === jobId ? null : s.detailsId,
        })),
      )
      client.on('video.notified', (n) => {
        // Main sends this only when no window shows the panel; this window may have been brought back since.
        if (panelVisible) return
        const id = `${n.jobId}-${Date.now()}`
        set((s) => ({ toasts: [...s.toasts.slice(-3), { id, ...n }] }))
        if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
          new Notification(n.title, { body: n.body, tag: n.jobId })
        }
        setTimeout(() => get().dismissToast(id), 10_000)
      })
    }
    const result = await client.call('video.watchJobs', { panelVisible: visible, limit: 50 })
    if (result.ok) set({ jobs: result.value.jobs, total: result.value.total, loaded: true, error: null })
    else set({ loaded: true, error: result.error.message })
  },

  setPanelVisible(visible) {
    if (visible === panelVisible) return
    panelVisible = visible
    void client.call('video.setPanelVisible', { visible })
  },

  async loadMore() {
    const result = await client.call('video.listJobs', { offset: get().jobs.length, limit: 50 })
    if (!result.ok) return set({ error: result.error.message })
    set((s) => ({ jobs: result.value.jobs.reduce(upsert, s.jobs), total: result.value.total }))
  },

  setKind: (kind) => set({ kind }),

  setModel(id) {
    const model = findVideoModel(id)
    if (!model) return
    set((s) => {
      const form = s.forms[id] ?? defaultVideoForm(id)
      return {
        modelId: id,
        forms: { ...s.forms, [id]: form },
        modes: { ...s.modes, [id]: s.modes[id] ?? modeOf(model, form) },
      }
    })
  },

  setMode(mode) {
    set((s) => {
      const form = s.forms[s.modelId] ?? defaultVideoForm(s.modelId)
      const next = form.family === 'D' && mode !== 'remix' ? { ...form, mode } : form
      return { modes: { ...s.modes, [s.modelId]: mode }, forms: { ...s.forms, [s.modelId]: next } }
    })
  },

  updateForm(patch) {
    set((s) => {
      const form = s.forms[s.modelId] ?? defaultVideoForm(s.modelId)
      return { forms: { ...s.forms, [s.modelId]: { ...form, ...patch } as VideoForm } }
    })
  },

  replaceForm(form) {
    set((s) => ({ forms: { ...s.forms, [s.modelId]: form } }))
  },

  updateConsoleForm(patch) {
    set((s) => ({ consoleForm: { ...s.consoleForm, ...patch } }))
  },

  addImage(media) {
    set((s) => ({ images: { ...s.images, [media.ref]: media } }))
  },

  request(profileId) {
    const s = get()
    if (s.kind === 'console') return { kind: 'console', profileId, form: s.consoleForm }
    const form = s.forms[s.modelId] ?? defaultVideoForm(s.modelId)
    const model = findVideoModel(s.modelId)!
    const mode = s.modes[s.modelId] ?? modeOf(model, form)
    return { kind: 'model', profileId, model: s.modelId, form: formForMode(s.modelId, form, mode) }
  },

  async submit(profileId) {
    const { job } = await client.invoke('video.submitJob', get().request(profileId))
    set((s) => ({ jobs: upsert(s.jobs, job), previewId: s.previewId }))
    return job
  },

  async cancel(jobId) {
    const { job } = await client.invoke('video.cancelJob', { jobId })
    set((s) => ({ jobs: upsert(s.jobs, job) }))
  },

  async retry(jobId) {
    const { job } = await client.invoke('video.retryJob', { jobId })
    set((s) => ({ jobs: upsert(s.jobs, job) }))
  },

  async remove(jobId) {
    await client.invoke('video.deleteJob', { jobId })
    set((s) => ({
      jobs: s.jobs.filter((j) => j.id !== jobId),
      compare: s.compare.filter((id) => id !== jobId),
      previewId: s.previewId === jobId ? null : s.previewId,
    }))
  },

  remix(job) {
    if (job.family !== 'A' || !job.taskId) return
    const model = findVideoModel(job.model) ?? findVideoModel(FIRST_MODEL)!
    set((s) => {
      const base = s.forms[model.id] ?? defaultVideoForm(model)
      const form = { ...base, input_reference: undefined, remix_from_video_id: job.taskId! } as VideoForm
      return {
        kind: 'model',
        modelId: model.id,
        forms: { ...s.forms, [model.id]: form },
        modes: { ...s.modes, [model.id]: 'remix' },
      }
    })
  },

  toggleCompare(jobId) {
    set((s) => ({
      compare: s.compare.includes(jobId)
        ? s.compare.filter((id) => id !== jobId)
        : [...s.compare, jobId].slice(-4),
    }))
  },

  setPreview: (previewId) => set({ previewId }),
  setDetails: (detailsId) => set({ detailsId }),
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}))

// The Video panel's own state: the form drafts per model (so switching panels or models keeps what was typed),
// the images imported for them, submit, and the player, compare selection, details and toasts. The jobs
// themselves live in the jobs store (jobsStore.ts); this store follows their changes for the player.
import { create } from 'zustand'
import {
  findVideoModel,
  standInVideoModel,
  VIDEO_MODELS,
  type VideoFamily,
  type VideoMode,
} from '../../../../shared/catalog/videoModels'
import { defaultVideoForm, type VideoForm } from '../../../../shared/video/forms'
import type { ConsoleVideoForm, VideoJob, VideoJobRequest } from '../../../../shared/ipc/video'
import type { ImportedMedia } from '../../../../shared/ipc/media'
import { client } from '../../ipc/client'
import { onJobChanged, onJobRemoved, useJobsStore } from '../jobs'
import { isVideoJob } from '../../../../shared/ipc/jobs'
import { formForMode, modeOf } from '../../../../shared/video/formModes'
import { videoModelForForm } from '../../../../shared/video/validate'

export interface Toast {
  id: string
  jobId: string
  title: string
  body: string
}

export type VideoKind = 'model' | 'console'

interface VideoState {
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
  /** Watches the jobs (jobs store) and says whether this window shows the Video panel. */
  watch(panelVisible: boolean): Promise<void>
  setPanelVisible(visible: boolean): void
  setKind(kind: VideoKind): void
  setModel(id: string): void
  /** A model id outside the catalog, sent with `family`'s body: the draft follows the id as it is typed. */
  setCustomModel(id: string, family: VideoFamily): void
  setMode(mode: VideoMode): void
  updateForm(patch: Partial<VideoForm>): void
  replaceForm(form: VideoForm): void
  updateConsoleForm(patch: Partial<ConsoleVideoForm>): void
  addImage(media: ImportedMedia): void
  request(profileId: string): VideoJobRequest
  /** `force`: Send anyway (warnings do not refuse it; errors still do). */
  submit(profileId: string, force?: boolean): Promise<VideoJob>
  remix(job: VideoJob): void
  toggleCompare(jobId: string): void
  setPreview(jobId: string | null): void
  setDetails(jobId: string | null): void
  dismissToast(id: string): void
}

const FIRST_MODEL = VIDEO_MODELS[0]!.id

let subscribed = false
let panelVisible = false

export const useVideoStore = create<VideoState>((set, get) => ({
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
    await useJobsStore.getState().watch()
    void client.call('video.setPanelVisible', { visible: panelVisible })
  },

  setPanelVisible(visible) {
    if (visible === panelVisible) return
    panelVisible = visible
    void client.call('video.setPanelVisible', { visible })
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

  setCustomModel(id, family) {
    if (findVideoModel(id)) return get().setModel(id)
    set((s) => {
      const prev = s.forms[s.modelId]
      const standIn = standInVideoModel(id, family)
      // Same family: the draft as typed; another family: its defaults, the prompt kept.
      const form =
        prev && prev.family === family ? prev : { ...defaultVideoForm(standIn), prompt: prev?.prompt ?? '' }
      const forms = { ...s.forms, [id]: form }
      const modes = {
        ...s.modes,
        [id]: prev?.family === family ? (s.modes[s.modelId] ?? modeOf(standIn, form)) : modeOf(standIn, form),
      }
      // The id being typed replaces the previous custom id; catalog drafts stay.
      if (s.modelId !== id && !findVideoModel(s.modelId)) {
        delete forms[s.modelId]
        delete modes[s.modelId]
      }
      return { modelId: id, forms, modes }
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
    const model = videoModelForForm(s.modelId, form)
    const mode = s.modes[s.modelId] ?? modeOf(model, form)
    return { kind: 'model', profileId, model: s.modelId, form: formForMode(s.modelId, form, mode) }
  },

  async submit(profileId, force) {
    const request = get().request(profileId)
    const { job } = await client.invoke(
      'video.submitJob',
      force && request.kind === 'model' ? { ...request, force: true } : request,
    )
    useJobsStore.getState().put(job)
    return job
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

// A video that just arrived goes to the player unless another one is already there.
onJobChanged((job) => {
  if (!isVideoJob(job) || job.status !== 'succeeded' || !job.result) return
  useVideoStore.setState((s) => (s.previewId ? s : { previewId: job.id }))
})
onJobRemoved((jobId) =>
  useVideoStore.setState((s) => ({
    compare: s.compare.filter((id) => id !== jobId),
    previewId: s.previewId === jobId ? null : s.previewId,
    detailsId: s.detailsId === jobId ? null : s.detailsId,
  })),
)

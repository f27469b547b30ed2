// Console image jobs as the renderer knows them: views from main (results are media URLs, never bytes), kept in
// step by `images.jobChanged` / `images.jobRemoved` after one `images.watchJobs`; one draft per mode (switching
// tabs or panels keeps what was typed), the files imported for them, and which fields the user has touched.
import { create } from 'zustand'
import type { ImageJob } from '../../../shared/ipc/images'
import type { ImportedMedia } from '../../../shared/ipc/media'
import type { ValidationIssue } from '../../../shared/ipc/video'
import {
  defaultAdvancedForm,
  defaultBatchForm,
  defaultEasyForm,
  defaultTryOnForm,
  type AdvancedForm,
  type BatchForm,
  type EasyForm,
  type ImageMode,
  type TryOnForm,
} from '../../../shared/images/forms'
import { client } from '../ipc/client'

export type ImagesTab = 'batch' | 'photo-shoot' | 'try-on'

interface Drafts {
  batch: BatchForm
  easy: EasyForm
  advanced: AdvancedForm
  'try-on': TryOnForm
}

interface ImagesState {
  jobs: ImageJob[]
  loaded: boolean
  error: string | null
  tab: ImagesTab
  photoMode: 'easy' | 'advanced'
  drafts: Drafts
  /** Files imported into main, by their `attachment:` reference. */
  files: Record<string, ImportedMedia>
  /** Fields the user changed, per mode; errors show for these, and for all once Send was pressed. */
  touched: Record<ImageMode, Record<string, true>>
  sent: Record<ImageMode, boolean>
  /** What main refused the last submit with, per mode. */
  refused: Record<ImageMode, ValidationIssue[]>
  sending: boolean
  lightbox: { jobId: string; index: number } | null
  watch(): Promise<void>
  setTab(tab: ImagesTab): void
  setPhotoMode(mode: 'easy' | 'advanced'): void
  update<M extends ImageMode>(mode: M, patch: Partial<Drafts[M]>, field?: string): void
  addFile(media: ImportedMedia): void
  submit(mode: ImageMode, profileId: string): Promise<ImageJob | null>
  cancel(jobId: string): Promise<void>
  retry(jobId: string): Promise<void>
  remove(jobId: string): Promise<void>
  openLightbox(jobId: string, index: number): void
  closeLightbox(): void
}

const none = <T>(value: () => T): Record<ImageMode, T> => ({
  batch: value(),
  easy: value(),
  advanced: value(),
  'try-on': value(),
})

function upsert(jobs: ImageJob[], job: ImageJob): ImageJob[] {
  return [...jobs.filter((j) => j.id !== job.id), job].sort((a, b) => b.createdAt - a.createdAt)
}

let subscribed = false

export const useImagesStore = create<ImagesState>((set, get) => ({
  jobs: [],
  loaded: false,
  error: null,
  tab: 'batch',
  photoMode: 'easy',
  drafts: {
    batch: defaultBatchForm(),
    easy: defaultEasyForm(),
    advanced: defaultAdvancedForm(),
    'try-on': defaultTryOnForm(),
  },
  files: {},
  touched: none(() => ({})),
  sent: none(() => false),
  refused: none(() => []),
  sending: false,
  lightbox: null,

  async watch() {
    if (!subscribed) {
      subscribed = true
      client.on('images.jobChanged', ({ job }) => set((s) => ({ jobs: upsert(s.jobs, job) })))
      client.on('images.jobRemoved', ({ jobId }) =>
        set((s) => ({
          jobs: s.jobs.filter((j) => j.id !== jobId),
          lightbox: s.lightbox?.jobId === jobId ? null : s.lightbox,
        })),
      )
    }
    const result = await client.call('images.watchJobs', { limit: 100 })
    if (result.ok) set({ jobs: result.value.jobs, loaded: true, error: null })
    else set({ loaded: true, error: result.error.message })
  },

  setTab: (tab) => set({ tab }),
  setPhotoMode: (photoMode) => set({ photoMode }),

  update(mode, patch, field) {
    set((s) => ({
      drafts: { ...s.drafts, [mode]: { ...s.drafts[mode], ...patch } },
      touched: field ? { ...s.touched, [mode]: { ...s.touched[mode], [field]: true } } : s.touched,
      refused: { ...s.refused, [mode]: [] },
    }))
  },

  addFile: (media) => set((s) => ({ files: { ...s.files, [media.ref]: media } })),

  async submit(mode, profileId) {
    set((s) => ({ sent: { ...s.sent, [mode]: true }, sending: true }))
    const form = get().drafts[mode]
    const result = await client.call('images.submitJob', { profileId, form })
    set({ sending: false })
    if (result.ok) {
      set((s) => ({ jobs: upsert(s.jobs, result.value.job), error: null }))
      return result.value.job
    }
    const details = result.error.details as { issues?: ValidationIssue[] } | undefined
    const issues = details?.issues ?? [{ field: 'form', rule: 'refused', message: result.error.message }]
    set((s) => ({ refused: { ...s.refused, [mode]: issues } }))
    return null
  },

  async cancel(jobId) {
    const result = await client.call('images.cancelJob', { jobId })
    if (result.ok) set((s) => ({ jobs: upsert(s.jobs, result.value.job) }))
    else set({ error: result.error.message })
  },

  async retry(jobId) {
    const result = await client.call('images.retryJob', { jobId })
    if (result.ok) set((s) => ({ jobs: upsert(s.jobs, result.value.job) }))
    else set({ error: result.error.message })
  },

  async remove(jobId) {
    const result = await client.call('images.deleteJob', { jobId })
    if (!result.ok) set({ error: result.error.message })
  },

  openLightbox: (jobId, index) => set({ lightbox: { jobId, index } }),
  closeLightbox: () => set({ lightbox: null }),
}))

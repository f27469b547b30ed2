// The Images panel's own state: one draft per mode (switching tabs or panels keeps what was typed), the files
// imported for them, which fields the user has touched, what main refused, submit, and the lightbox. The jobs
// themselves live in the jobs store (jobsStore.ts).
import { create } from 'zustand'
import type { ImageJob } from '../../../../shared/ipc/images'
import type { ImportedMedia } from '../../../../shared/ipc/media'
import type { ValidationIssue } from '../../../../shared/ipc/jobLife'
import {
  defaultImageDrafts,
  perImageMode,
  type ImageDrafts as Drafts,
  type ImageMode,
} from '../../../../shared/images/forms'
import type { ImagesTab } from '../../../../shared/catalog/jobKinds'
import { client } from '../../ipc/client'
import { onJobRemoved, useJobsStore } from '../jobs'

export type { ImagesTab }

interface ImagesState {
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
  /** Watches the jobs (jobs store). */
  watch(): Promise<void>
  setTab(tab: ImagesTab): void
  setPhotoMode(mode: 'easy' | 'advanced'): void
  update<M extends ImageMode>(mode: M, patch: Partial<Drafts[M]>, field?: string): void
  addFile(media: ImportedMedia): void
  submit(mode: ImageMode, profileId: string): Promise<ImageJob | null>
  openLightbox(jobId: string, index: number): void
  closeLightbox(): void
}

const none = <T>(value: () => T): Record<ImageMode, T> => perImageMode(value)

export const useImagesStore = create<ImagesState>((set, get) => ({
  tab: 'batch',
  photoMode: 'easy',
  drafts: defaultImageDrafts(),
  files: {},
  touched: none(() => ({})),
  sent: none(() => false),
  refused: none(() => []),
  sending: false,
  lightbox: null,

  watch: () => useJobsStore.getState().watch(),

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
      useJobsStore.getState().put(result.value.job)
      return result.value.job
    }
    const details = result.error.details as { issues?: ValidationIssue[] } | undefined
    const issues = details?.issues ?? [{ field: 'form', rule: 'refused', message: result.error.message }]
    set((s) => ({ refused: { ...s.refused, [mode]: issues } }))
    return null
  },

  openLightbox: (jobId, index) => set({ lightbox: { jobId, index } }),
  closeLightbox: () => set({ lightbox: null }),
}))

onJobRemoved((jobId) =>
  useImagesStore.setState((s) => (s.lightbox?.jobId === jobId ? { lightbox: null } : s)),
)

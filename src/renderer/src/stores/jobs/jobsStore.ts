// Every asynchronous job as the renderer knows it: views from main (results are media URLs, never bytes), kept in
// step by `jobs.jobChanged` / `jobs.jobRemoved` after one `jobs.watchJobs`; one list newest first, and the same
// jobs per panel (derived once per change, so selectors stay stable); cancel, retry, delete and older pages.
// Panel stores read their jobs here and hear of changes through `onJobChanged` / `onJobRemoved`.
import { create } from 'zustand'
import { JOB_PANEL, JOB_PANELS, type JobPanel } from '../../../../shared/catalog/jobKinds'
import type { ImageJob } from '../../../../shared/ipc/images'
import { isImageJob, isVideoJob, type JobView } from '../../../../shared/ipc/jobs'
import type { VideoJob } from '../../../../shared/ipc/video'
import { client } from '../../ipc/client'

interface JobsState {
  /** Every job, newest first. */
  jobs: JobView[]
  video: VideoJob[]
  images: ImageJob[]
  /** How many jobs each panel has in main (the lists may hold fewer: pages). */
  totals: Record<JobPanel, number>
  loaded: boolean
  error: string | null
  watch(): Promise<void>
  loadMore(panel: JobPanel): Promise<void>
  /** Each throws when main refuses (the message says why). */
  cancel(jobId: string): Promise<void>
  retry(jobId: string): Promise<void>
  remove(jobId: string): Promise<void>
  /** A job a panel just submitted. */
  put(job: JobView): void
}

const newestFirst = (a: JobView, b: JobView) => b.createdAt - a.createdAt

/** The list with `jobs` put in (replacing their older views), and the per-panel lists derived from it. */
function merged(list: JobView[], jobs: JobView[]): Pick<JobsState, 'jobs' | 'video' | 'images'> {
  const ids = new Set(jobs.map((j) => j.id))
  const all = [...list.filter((j) => !ids.has(j.id)), ...jobs].sort(newestFirst)
  return { jobs: all, video: all.filter(isVideoJob), images: all.filter(isImageJob) }
}

const changedListeners = new Set<(job: JobView) => void>()
const removedListeners = new Set<(jobId: string) => void>()
/** Called for every job main reports changed (after the list holds it). */
export const onJobChanged = (listener: (job: JobView) => void) => void changedListeners.add(listener)
/** Called for every job removed (after the list dropped it). */
export const onJobRemoved = (listener: (jobId: string) => void) => void removedListeners.add(listener)

let subscribed = false

export const useJobsStore = create<JobsState>((set, get) => {
  const removed = (jobId: string) => {
    const job = get().jobs.find((j) => j.id === jobId)
    if (!job) return
    const panel: JobPanel = isVideoJob(job) ? 'video' : 'images'
    set((s) => ({
      ...merged(
        s.jobs.filter((j) => j.id !== jobId),
        [],
      ),
      totals: { ...s.totals, [panel]: Math.max(0, s.totals[panel] - 1) },
    }))
    for (const listener of removedListeners) listener(jobId)
  }
  const changed = (job: JobView) => {
    const panel: JobPanel = isVideoJob(job) ? 'video' : 'images'
    const known = get().jobs.some((j) => j.id === job.id)
    set((s) => ({
      ...merged(s.jobs, [job]),
      totals: known ? s.totals : { ...s.totals, [panel]: s.totals[panel] + 1 },
    }))
    for (const listener of changedListeners) listener(job)
  }
  return {
    jobs: [],
    video: [],
    images: [],
    totals: { video: 0, images: 0 },
    loaded: false,
    error: null,

    async watch() {
      if (!subscribed) {
        subscribed = true
        client.on('jobs.jobChanged', ({ job }) => changed(job))
        client.on('jobs.jobRemoved', ({ jobId }) => removed(jobId))
      }
      const pages = Object.fromEntries(JOB_PANELS.map((p) => [p, JOB_PANEL[p].firstPage])) as Record<
        JobPanel,
        number
      >
      const result = await client.call('jobs.watchJobs', { pages })
      if (result.ok)
        set({ ...merged([], result.value.jobs), totals: result.value.totals, loaded: true, error: null })
      else set({ loaded: true, error: result.error.message })
    },

    async loadMore(panel) {
      const offset = get()[panel].length
      const result = await client.call('jobs.listJobs', { panel, offset, limit: 50 })
      if (!result.ok) return set({ error: result.error.message })
      set((s) => ({ ...merged(s.jobs, result.value.jobs), totals: { ...s.totals, [panel]: result.value.total } }))
    },

    async cancel(jobId) {
      const { job } = await client.invoke('jobs.cancelJob', { jobId })
      set((s) => merged(s.jobs, [job]))
    },

    async retry(jobId) {
      const { job } = await client.invoke('jobs.retryJob', { jobId })
      set((s) => merged(s.jobs, [job]))
    },

    async remove(jobId) {
      await client.invoke('jobs.deleteJob', { jobId })
      removed(jobId)
    },

    put(job) {
      set((s) => merged(s.jobs, [job]))
    },
  }
})

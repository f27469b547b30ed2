// The Jobs view: every asynchronous job of every kind (video, console video, batch images, photo-shoot, try-on),
// newest first, with its kind, status, age and progress, cancel / retry / delete, and a link to the panel that
// made it; "Track a task id…" adopts a task submitted elsewhere; the polling limits per kind are set here. The
// lists come from the video and images stores, which main keeps in step with events.
import { useEffect, useState } from 'react'
import type { ImageJob } from '../../../../shared/ipc/images'
import { ACTIVE_JOB_STATUSES } from '../../../../shared/ipc/video'
import { jobsCalls } from '../../ipc/jobsCalls'
import { useAppStore } from '../../stores/appStore'
import { useImagesStore } from '../../stores/imagesStore'
import { useVideoStore } from '../../stores/videoStore'
import { JobRow, type Row, type RowAction } from './JobRow'
import { useNow } from './JobStatus'
import { TrackTask } from './TrackTask'
import { WaitLimits } from './WaitLimits'

const IMAGE_KIND: Record<ImageJob['task'], string> = {
  'batch-images': 'Batch images',
  'photo-shoot': 'Photo-shoot',
  'try-on': 'Try-on',
}

export function JobsPanel() {
  const videoJobs = useVideoStore((s) => s.jobs)
  const watchVideo = useVideoStore((s) => s.watch)
  const video = useVideoStore()
  const images = useImagesStore()
  const setPanel = useAppStore((s) => s.setPanel)
  const [tracking, setTracking] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  useEffect(() => {
    void watchVideo(false)
    void images.watch()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const rows: Row[] = [
    ...videoJobs.map((job): Row => ({
      domain: 'video',
      job,
      kind: job.kind === 'console' ? 'Console video' : 'Video',
      title: job.adopted ? job.prompt : `${job.model}: ${job.prompt}`,
    })),
    ...images.jobs.map((job): Row => ({
      domain: 'images',
      job,
      kind: IMAGE_KIND[job.task],
      title: job.title,
    })),
  ].sort((a, b) => b.job.createdAt - a.job.createdAt)
  const now = useNow(rows.some((r) => ACTIVE_JOB_STATUSES.includes(r.job.status)))

  const act = (row: Row, what: RowAction) => {
    setActionError(null)
    if (what === 'open') return openPanel(row)
    const done =
      what === 'keepWaiting'
        ? jobsCalls.keepWaiting(row.domain, row.job.id).then((r) => {
            if (!r.ok) throw new Error(r.error.message)
          })
        : row.domain === 'video'
          ? video[what](row.job.id)
          : images[what](row.job.id)
    void done.catch((e: unknown) => setActionError(e instanceof Error ? e.message : String(e)))
  }
  const openPanel = (row: Row) => {
    if (row.domain === 'images') {
      const tab =
        row.job.task === 'batch-images' ? 'batch' : row.job.task === 'try-on' ? 'try-on' : 'photo-shoot'
      images.setTab(tab)
      if (tab === 'photo-shoot') images.setPhotoMode(row.job.mode === 'advanced' ? 'advanced' : 'easy')
    }
    setPanel(row.domain === 'video' ? 'video' : 'images')
  }

  return (
    <section className="panel jobs" aria-labelledby="jobs-title">
      <header className="panel-header">
        <h1 id="jobs-title">Jobs</h1>
        <p className="muted">
          Every asynchronous job, whatever its kind. Jobs keep running and resume after a restart; results are
          fetched once.
        </p>
      </header>
      <div className="video-row jobs-tools">
        <button type="button" onClick={() => setTracking((t) => !t)} aria-expanded={tracking}>
          Track a task id…
        </button>
        <WaitLimits />
      </div>
      {tracking && <TrackTask onClose={() => setTracking(false)} onAdopted={() => setTracking(false)} />}
      {actionError && (
        <p className="error-banner" role="alert">
          {actionError}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">No jobs yet. Video and Images start them, or track a task id from elsewhere.</p>
      ) : (
        <ul className="video-jobs" aria-label="All jobs">
          {rows.map((row) => (
            <JobRow key={row.job.id} row={row} now={now} act={act} />
          ))}
        </ul>
      )}
    </section>
  )
}

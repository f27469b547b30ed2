// The Jobs view: every asynchronous job of every kind (video, console video, batch images, photo-shoot, try-on),
// newest first, with its kind, status, age and progress, cancel / retry / delete, and a link to the panel that
// made it. The lists come from the video and images stores, which main keeps in step with events.
import { useEffect } from 'react'
import type { ImageJob } from '../../../../shared/ipc/images'
import { ACTIVE_JOB_STATUSES, type VideoJob } from '../../../../shared/ipc/video'
import { useAppStore } from '../../stores/appStore'
import { useImagesStore } from '../../stores/imagesStore'
import { useVideoStore } from '../../stores/videoStore'
import { JobState, useNow } from './JobStatus'

type Row =
  | { domain: 'video'; job: VideoJob; kind: string; title: string }
  | { domain: 'images'; job: ImageJob; kind: string; title: string }

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
      title: `${job.model}: ${job.prompt}`,
    })),
    ...images.jobs.map((job): Row => ({
      domain: 'images',
      job,
      kind: IMAGE_KIND[job.task],
      title: job.title,
    })),
  ].sort((a, b) => b.job.createdAt - a.job.createdAt)
  const now = useNow(rows.some((r) => ACTIVE_JOB_STATUSES.includes(r.job.status)))

  const act = (row: Row, what: 'cancel' | 'retry' | 'remove') =>
    row.domain === 'video' ? void video[what](row.job.id) : void images[what](row.job.id)
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
      {rows.length === 0 ? (
        <p className="muted">No jobs yet. Video and Images start them.</p>
      ) : (
        <ul className="video-jobs" aria-label="All jobs">
          {rows.map((row) => {
            const active = ACTIVE_JOB_STATUSES.includes(row.job.status)
            return (
              <li
                key={row.job.id}
                className="video-job"
                data-testid="any-job"
                data-kind={row.kind}
                data-status={row.job.status}
              >
                <div className="video-job-head">
                  <span className="badge">{row.kind}</span>{' '}
                  <strong className="small">{row.title.slice(0, 120)}</strong>
                </div>
                <div>
                  <JobState job={row.job} now={now} />
                </div>
                <div className="video-job-actions">
                  {active && (
                    <button type="button" onClick={() => act(row, 'cancel')}>
                      Cancel
                    </button>
                  )}
                  {(row.job.status === 'failed' || row.job.status === 'cancelled') && (
                    <button type="button" onClick={() => act(row, 'retry')}>
                      Retry
                    </button>
                  )}
                  <button type="button" className="ghost" onClick={() => act(row, 'remove')}>
                    Delete
                  </button>
                  <button type="button" className="ghost" onClick={() => openPanel(row)}>
                    Open in {row.domain === 'video' ? 'Video' : 'Images'}
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

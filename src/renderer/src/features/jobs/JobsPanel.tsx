// The Jobs view: every asynchronous job of every kind (video, console video, batch images, photo-shoot, try-on),
// newest first, with its kind, status, age and progress, cancel / retry / delete, its details (request, code
// export, every exchange), and a link to the panel that made it; "Track a task id…" adopts a task submitted
// elsewhere; the polling limits per panel are set here. The one list comes from the jobs store, which main keeps
// in step with events; kinds are named by the registry.
import { useEffect, useState } from 'react'
import { JOB_KIND, panelOf } from '../../../../shared/catalog/jobKinds'
import { ACTIVE_JOB_STATUSES } from '../../../../shared/ipc/jobLife'
import { isVideoJob, type JobView } from '../../../../shared/ipc/jobs'
import { jobsCalls } from '../../ipc/jobsCalls'
import { useAppStore } from '../../stores/app'
import { useImagesStore, type ImagesTab } from '../../stores/images'
import { useJobsStore } from '../../stores/jobs'
import { JobRow, type Row, type RowAction } from './JobRow'
import { useNow } from '../../components/jobStatus/JobStatus'
import { TrackTask } from './TrackTask'
import { JobDetails } from '../../widgets/jobDetails/JobDetails'
import { WaitLimits } from './WaitLimits'
import './jobs.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { billedSumText } from '../../../../shared/cost/billed'

const rowOf = (job: JobView): Row =>
  isVideoJob(job)
    ? {
        domain: 'video',
        job,
        kind: JOB_KIND[job.task].label,
        title: job.adopted ? job.prompt : `${job.model}: ${job.prompt}`,
      }
    : { domain: 'images', job, kind: JOB_KIND[job.task].label, title: job.title }

export function JobsPanel() {
  const jobs = useJobsStore((s) => s.jobs)
  const watch = useJobsStore((s) => s.watch)
  const store = useJobsStore()
  const images = useImagesStore()
  const setPanel = useAppStore((s) => s.setPanel)
  const [tracking, setTracking] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)
  const [detailsId, setDetailsId] = useState<string | null>(null)
  useEffect(() => void watch(), [watch])
  const rows = jobs.map(rowOf)
  const now = useNow(rows.some((r) => ACTIVE_JOB_STATUSES.includes(r.job.status)))

  const act = (row: Row, what: RowAction) => {
    setActionError(null)
    if (what === 'open') return openPanel(row)
    if (what === 'details') return setDetailsId(row.job.id)
    const done =
      what === 'keepWaiting'
        ? jobsCalls.keepWaiting(row.job.id).then((r) => {
            if (!r.ok) throw new Error(r.error.message)
          })
        : store[what](row.job.id)
    void done.catch((e: unknown) => setActionError(e instanceof Error ? e.message : String(e)))
  }
  const openPanel = (row: Row) => {
    if (row.domain === 'images') {
      const tab = JOB_KIND[row.job.task].tab as ImagesTab
      images.setTab(tab)
      if (tab === 'photo-shoot') images.setPhotoMode(row.job.mode === 'advanced' ? 'advanced' : 'easy')
    }
    setPanel(panelOf(row.job.task))
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
        {jobs.some((j) => j.cost) && (
          <span className="small" data-testid="jobs-cost">
            Cost of the jobs listed: {billedSumText(jobs.map((j) => j.cost))}
          </span>
        )}
      </div>
      {tracking && <TrackTask onClose={() => setTracking(false)} onAdopted={() => setTracking(false)} />}
      <ErrorBanner>{actionError}</ErrorBanner>
      {rows.length === 0 ? (
        <p className="muted">No jobs yet. Video and Images start them, or track a task id from elsewhere.</p>
      ) : (
        <ul className="video-jobs" aria-label="All jobs">
          {rows.map((row) => (
            <JobRow key={row.job.id} row={row} now={now} act={act} />
          ))}
        </ul>
      )}
      {detailsId && <JobDetails jobId={detailsId} onClose={() => setDetailsId(null)} />}
    </section>
  )
}

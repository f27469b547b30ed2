// The job list, newest first: status with elapsed time and the next query, the notice a job is riding out (429,
// a dropped download), the error code and message of a failure, and the actions that fit the job's state:
// cancel, retry, delete (with its file), remix (family A), preview, compare, details, save.
import { useState } from 'react'
import { ACTIVE_JOB_STATUSES, type VideoJob } from '../../../../shared/ipc/video'
import { useVideoStore } from '../../stores/video'
import { useJobsStore } from '../../stores/jobs'
import { STATUS_LABEL, age, jobCostText, useNow } from '../../components/jobStatus/JobStatus'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { ErrorWords } from '../../components/errorBanner/ErrorWords'

/** Where a job failed, in words. */
const STAGE_WORDS: Record<string, string> = {
  submit: 'submitting',
  task: 'running at the gateway',
  poll: 'asking for its status',
  result: 'fetching the result',
  local: 'saving it here',
}

export function JobList({ onSave }: { onSave(job: VideoJob): void }) {
  const { compare, previewId } = useVideoStore()
  const jobs = useJobsStore((s) => s.video)
  const total = useJobsStore((s) => s.totals.video)
  const loadMore = useJobsStore((s) => s.loadMore)
  const anyActive = jobs.some((j) => ACTIVE_JOB_STATUSES.includes(j.status))
  const now = useNow(anyActive)
  if (jobs.length === 0) return <p className="muted">No video jobs yet. Submit one with the form.</p>
  return (
    <>
      <ul className="video-jobs" aria-label="Video jobs">
        {jobs.map((job) => (
          <JobRow
            key={job.id}
            job={job}
            now={now}
            compared={compare.includes(job.id)}
            previewed={previewId === job.id}
            onSave={onSave}
          />
        ))}
      </ul>
      {jobs.length < total && (
        <button type="button" onClick={() => void loadMore('video')}>
          Show older jobs ({total - jobs.length})
        </button>
      )}
    </>
  )
}

function JobRow({
  job,
  now,
  compared,
  previewed,
  onSave,
}: {
  job: VideoJob
  now: number
  compared: boolean
  previewed: boolean
  onSave(job: VideoJob): void
}) {
  const store = useVideoStore.getState()
  const jobsStore = useJobsStore.getState()
  const [actionError, setActionError] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const active = ACTIVE_JOB_STATUSES.includes(job.status)
  const elapsed = (job.finishedAt ?? now) - job.createdAt
  const act = async (fn: () => Promise<void>) => {
    setActionError(null)
    try {
      await fn()
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error))
    }
  }
  const canRetry = job.status === 'failed' || job.status === 'cancelled'
  return (
    <li
      className={`video-job status-${job.status}${previewed ? ' previewed' : ''}`}
      data-testid="video-job"
      data-status={job.status}
      aria-label={`Job ${job.model}: ${job.prompt.slice(0, 40)}`}
    >
      <div className="video-job-head">
        <span className={`badge video-status ${job.status}`}>{STATUS_LABEL[job.status]}</span>
        <strong>{job.model}</strong>
        <span className="muted small">{job.mode}</span>
        <span className="muted small" title={new Date(job.createdAt).toLocaleString()}>
          {age(elapsed)}
        </span>
        {job.nextPollAt !== null && active && (
          <span className="muted small" data-testid="next-poll">
            next query in {age(job.nextPollAt - now)}
          </span>
        )}
        {job.progress && (
          <span className="muted small">
            {(job.progress.bytes / 1024).toFixed(0)} KB
            {job.progress.total ? ` of ${(job.progress.total / 1024).toFixed(0)} KB` : ''}
          </span>
        )}
      </div>
      <p className="video-job-prompt">{job.prompt || <span className="muted">(no prompt)</span>}</p>
      <p className="muted small">
        {job.profileName} · {job.taskId ? <code>{job.taskId}</code> : 'no task id yet'} ·{' '}
        <span title="What the job asked for; the player says what the clip is">
          asked {job.summary.durationSeconds} s{job.summary.resolution ? ` · ${job.summary.resolution}` : ''}
          {job.summary.aspectRatio ? ` · ${job.summary.aspectRatio}` : ''}
        </span>
        {job.summary.audio ? ' · audio' : ''}
        {job.cost && (
          <span data-testid="job-cost" data-cost-kind={job.cost.kind}>
            {' '}
            · {jobCostText(job.cost)}
          </span>
        )}
      </p>
      {job.notice && <p className="warn-banner small">{job.notice}</p>}
      {job.error && (
        <p className="error-banner small" data-testid="job-error">
          <ErrorWords code={job.error.code} message={job.error.message} />{' '}
          <span className="muted">(while {STAGE_WORDS[job.error.stage] ?? job.error.stage})</span>
        </p>
      )}
      <ErrorBanner className="small">{actionError}</ErrorBanner>
      <div className="video-row video-job-actions">
        {job.result && (
          <>
            <button
              type="button"
              onClick={() => store.setPreview(previewed ? null : job.id)}
              aria-pressed={previewed}
            >
              {previewed ? 'Hide preview' : 'Preview'}
            </button>
            <label className="inline small">
              <input type="checkbox" checked={compared} onChange={() => store.toggleCompare(job.id)} />
              Compare
            </label>
            <button type="button" onClick={() => onSave(job)}>
              Save as…
            </button>
          </>
        )}
        {job.family === 'A' && job.status === 'succeeded' && job.taskId && (
          <button
            type="button"
            onClick={() => store.remix(job)}
            title="Pre-fills remix_from_video_id with this video"
          >
            Remix
          </button>
        )}
        {active && (
          <button type="button" onClick={() => void act(() => jobsStore.cancel(job.id))}>
            Cancel
          </button>
        )}
        {canRetry && (
          <button type="button" onClick={() => void act(() => jobsStore.retry(job.id))}>
            Retry
          </button>
        )}
        <button type="button" className="ghost" onClick={() => store.setDetails(job.id)}>
          Details
        </button>
        {confirmDelete ? (
          <>
            <button type="button" className="danger" onClick={() => void act(() => jobsStore.remove(job.id))}>
              Delete job and file
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" className="ghost" onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        )}
      </div>
    </li>
  )
}

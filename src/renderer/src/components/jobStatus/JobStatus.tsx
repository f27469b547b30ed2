// One job's state in words, whatever its kind: status, age, the next query, progress, the notice a job is riding
// out (429, 5xx, a dropped connection) and the error code and message of a failure, so no job sits unexplained.
import { useEffect, useState } from 'react'
import type { ImageJob } from '../../../../shared/ipc/images'
import { ACTIVE_JOB_STATUSES, type VideoJob } from '../../../../shared/ipc/video'
import { ErrorWords } from '../errorBanner/ErrorWords'
import { billedText, type BilledCost } from '../../../../shared/cost/billed'
import './jobStatus.css'

export const STATUS_LABEL: Record<VideoJob['status'], string> = {
  submitting: 'Submitting',
  submitted: 'Submitted',
  queued: 'Queued',
  in_progress: 'In progress',
  downloading: 'Downloading',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unknown: 'Unknown status',
}

export function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
}

export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [active])
  return now
}

type AnyJob = Pick<
  VideoJob | ImageJob,
  | 'status'
  | 'createdAt'
  | 'nextPollAt'
  | 'notice'
  | 'error'
  | 'progress'
  | 'polls'
  | 'resultFetches'
  | 'remoteStatus'
  | 'submittedAt'
  | 'overdueAt'
  | 'cost'
>

/** What an ended job cost, in words: `cost $0.40`, `no price for try-on (Settings → Prices)`, `failed before billing`. */
export function jobCostText(cost: BilledCost): string {
  if (cost.kind === 'unpriced') return `no price for ${cost.model} (Settings → Prices)`
  if (cost.kind === 'unbilled') return 'failed before billing, nothing charged'
  return `cost ${billedText(cost)}`
}
/** Whole minutes the task had been running at the gateway when polling stopped for the limit. */
export function overdueMinutes(job: Pick<AnyJob, 'overdueAt' | 'submittedAt' | 'createdAt'>): number | null {
  if (!job.overdueAt) return null
  return Math.round((job.overdueAt - (job.submittedAt ?? job.createdAt)) / 60_000)
}

export function JobState({ job, now }: { job: AnyJob; now: number }) {
  const active = ACTIVE_JOB_STATUSES.includes(job.status)
  return (
    <>
      <span className={`video-status status-${job.status}`} data-testid="job-status">
        {STATUS_LABEL[job.status]}
      </span>{' '}
      <span className="muted small">
        {age(now - job.createdAt)} ago
        {active && job.nextPollAt ? ` · next query in ${age(job.nextPollAt - now)}` : ''}
        {job.polls > 0 ? ` · ${job.polls} ${job.polls === 1 ? 'query' : 'queries'}` : ''}
        {job.progress
          ? ` · ${Math.round(job.progress.bytes / 1024)} KB${job.progress.total ? ` of ${Math.round(job.progress.total / 1024)} KB` : ''}`
          : ''}
        {job.resultFetches > 0 ? ` · result fetched ${job.resultFetches}×` : ''}
      </span>
      {job.cost && (
        <span className="small job-cost" data-testid="job-cost" data-cost-kind={job.cost.kind}>
          {' '}
          · {jobCostText(job.cost)}
        </span>
      )}
      {job.status === 'unknown' && (
        <p className="warn-banner small" data-testid="job-unknown-status">
          The gateway answered status <code>{job.remoteStatus}</code>, which the spec does not name: shown as
          sent, not counted as running or finished.{job.overdueAt ? '' : ' Still polling.'}
        </p>
      )}
      {active && job.overdueAt && (
        <p className="warn-banner small" role="status" data-testid="job-overdue">
          Still running at the gateway after {overdueMinutes(job)} minute
          {overdueMinutes(job) === 1 ? '' : 's'} (last status <code>{job.remoteStatus ?? 'none'}</code>).
          Polling stopped at the limit.
        </p>
      )}
      {job.notice && (
        <p className="warn-banner small" role="status">
          {job.notice}
        </p>
      )}
      {job.error && (
        <p className="field-error" role="alert" data-testid="job-error">
          <ErrorWords code={job.error.code} message={job.error.message} />
        </p>
      )}
    </>
  )
}

export function ImageJobStatus({ job, onDetails }: { job: ImageJob; onDetails?: () => void }) {
  const now = useNow(ACTIVE_JOB_STATUSES.includes(job.status))
  return (
    <div className="video-job" data-testid="image-job" data-status={job.status}>
      <div className="job-status-head">
        <strong className="small">{job.title}</strong>
        {onDetails && (
          <button type="button" className="ghost small" onClick={onDetails}>
            Details
          </button>
        )}
      </div>
      <div>
        <JobState job={job} now={now} />
      </div>
    </div>
  )
}

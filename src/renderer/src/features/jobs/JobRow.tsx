// One job in the Jobs view, whatever its kind: kind and "adopted" badges, its state in words, Keep waiting / Stop
// polling once it outlived the polling limit, its result previewed when it succeeded (the video or the images,
// through their media URLs), and cancel, retry, its details (request, code, every exchange), delete and a link to
// the panel that made it.
import type { ImageJob } from '../../../../shared/ipc/images'
import { ACTIVE_JOB_STATUSES, type VideoJob } from '../../../../shared/ipc/video'
import { JobState } from '../../components/jobStatus/JobStatus'

export type Row =
  | { domain: 'video'; job: VideoJob; kind: string; title: string }
  | { domain: 'images'; job: ImageJob; kind: string; title: string }

export type RowAction = 'cancel' | 'retry' | 'remove' | 'keepWaiting' | 'open' | 'details'

export function JobRow({ row, now, act }: { row: Row; now: number; act(row: Row, what: RowAction): void }) {
  const { job } = row
  const active = ACTIVE_JOB_STATUSES.includes(job.status)
  return (
    <li
      className="video-job"
      data-testid="any-job"
      data-kind={row.kind}
      data-status={job.status}
      data-adopted={job.adopted ? 'true' : undefined}
      data-task-id={job.taskId ?? undefined}
    >
      <div className="video-job-head">
        <span className="badge">{row.kind}</span>{' '}
        {job.adopted && (
          <span className="badge" title="Tracked by its task id: this app did not submit it">
            Adopted
          </span>
        )}{' '}
        <strong className="small">{row.title.slice(0, 120)}</strong>
        {job.taskId && !job.adopted && <code className="muted small"> {job.taskId}</code>}
      </div>
      <div>
        <JobState job={job} now={now} />
      </div>
      {job.status === 'succeeded' && <Preview row={row} />}
      <div className="video-job-actions">
        {active && job.overdueAt && (
          <button type="button" className="primary" onClick={() => act(row, 'keepWaiting')}>
            Keep waiting
          </button>
        )}
        {active && (
          <button type="button" onClick={() => act(row, 'cancel')}>
            {job.overdueAt ? 'Stop polling' : 'Cancel'}
          </button>
        )}
        {(job.status === 'failed' || job.status === 'cancelled') &&
          // An adopted task that failed at the gateway has no request to send again.
          !(job.adopted && job.error?.stage === 'task') && (
            <button type="button" onClick={() => act(row, 'retry')}>
              Retry
            </button>
          )}
        <button type="button" className="ghost" onClick={() => act(row, 'details')}>
          Details
        </button>
        <button type="button" className="ghost" onClick={() => act(row, 'remove')}>
          Delete
        </button>
        <button type="button" className="ghost" onClick={() => act(row, 'open')}>
          Open in {row.domain === 'video' ? 'Video' : 'Images'}
        </button>
      </div>
    </li>
  )
}

function Preview({ row }: { row: Row }) {
  if (row.domain === 'video') {
    const result = row.job.result
    return result ? (
      <video className="job-preview" data-testid="job-preview" src={result.url} controls preload="metadata" />
    ) : null
  }
  return (
    <div className="job-preview-images" data-testid="job-preview">
      {row.job.results.slice(0, 4).map((r) => (
        <img key={r.mediaId} src={r.url} alt={r.name} loading="lazy" />
      ))}
    </div>
  )
}

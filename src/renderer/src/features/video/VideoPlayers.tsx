// The preview player and the side-by-side grid. Videos play from media URLs answered with Range by main (M4),
// so the player can seek anywhere without the file ever crossing IPC.
import type { VideoJob } from '../../../../shared/ipc/video'

export function VideoPlayer({ job, testId }: { job: VideoJob; testId?: string }) {
  if (!job.result) return null
  return (
    <figure className="video-player">
      <video
        key={job.result.url}
        data-testid={testId}
        src={job.result.url}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video of ${job.model}`}
      />
      <figcaption className="small">
        <strong>{job.model}</strong> · {job.prompt.slice(0, 120)}
        <span className="muted">
          {' '}
          · {(job.result.bytes / 1024).toFixed(0)} KB via {job.result.source}
        </span>
      </figcaption>
    </figure>
  )
}

export function CompareGrid({ jobs }: { jobs: VideoJob[] }) {
  const ready = jobs.filter((j) => j.result)
  if (ready.length < 2)
    return <p className="muted small">Tick Compare on two to four finished jobs to see them side by side.</p>
  return (
    <div className="video-compare" aria-label="Compare videos">
      {ready.map((job) => (
        <VideoPlayer key={job.id} job={job} />
      ))}
    </div>
  )
}

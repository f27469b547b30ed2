// The preview player and the side-by-side grid. Videos play from media URLs answered with Range by main (M4),
// so the player can seek anywhere without the file ever crossing IPC. The caption says what the clip really is
// (its length and size, read from the file) and when that is not what was asked for.
import { useState } from 'react'
import type { VideoJob } from '../../../../shared/ipc/video'

interface Played {
  seconds: number
  width: number
  height: number
}

/** Whether the clip's size is the resolution asked for ("720x1280", "1280*720" or "720p"); true when unknown. */
function sizeMatches(asked: string | null, clip: Played): boolean {
  if (!asked) return true
  const exact = /^(\d+)\s*[x×*]\s*(\d+)$/i.exec(asked.trim())
  if (exact) return Number(exact[1]) === clip.width && Number(exact[2]) === clip.height
  const lines = /^(\d+)p$/i.exec(asked.trim())
  if (lines) return Number(lines[1]) === Math.min(clip.width, clip.height)
  return true
}

/** What was asked for, when the clip that came is not that: its length off by half a second or more, or its size. */
export function askedButNot(job: VideoJob, clip: Played): string | null {
  const { durationSeconds, resolution } = job.summary
  const length = durationSeconds > 0 && Math.abs(clip.seconds - durationSeconds) >= 0.5
  const size = !sizeMatches(resolution, clip)
  if (!length && !size) return null
  return [`${durationSeconds} s`, resolution].filter(Boolean).join(' · ')
}

export function VideoPlayer({ job, testId }: { job: VideoJob; testId?: string }) {
  const [played, setPlayed] = useState<Played | null>(null)
  if (!job.result) return null
  const asked = played && askedButNot(job, played)
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
        onLoadedMetadata={(e) => {
          const v = e.currentTarget
          setPlayed({ seconds: v.duration, width: v.videoWidth, height: v.videoHeight })
        }}
      />
      <figcaption className="small">
        <strong>{job.model}</strong> · {job.prompt.slice(0, 120)}
        <span className="muted">
          {' '}
          · {(job.result.bytes / 1024).toFixed(0)} KB via {job.result.source}
          {played && Number.isFinite(played.seconds) && (
            <span data-testid="video-played">
              {' '}
              · plays {played.seconds.toFixed(1)} s · {played.width}×{played.height}
            </span>
          )}
        </span>
        {asked && (
          <span className="video-asked-note" data-testid="video-asked-note">
            {' '}
            Not the {asked} asked for: this is the clip the gateway sent.
          </span>
        )}
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

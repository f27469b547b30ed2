// The Video panel: the job form on the left; the job list, the player and the compare grid on the right; a
// details view over them. "Save as…" is the OS dialog in the desktop app and a download link in browser mode.
import { useState } from 'react'
import { useVideoStore } from '../../stores/video'
import { useJobsStore } from '../../stores/jobs'
import { activeProfile, useProfilesStore } from '../../stores/profiles'
import { useAppStore } from '../../stores/app'
import type { VideoJob } from '../../../../shared/ipc/video'
import { videoCalls } from '../../ipc/videoCalls'
import { VideoForm } from './VideoForm'
import { JobList } from './JobList'
import { CompareGrid, VideoPlayer } from './VideoPlayers'
import { JobDetails } from '../../widgets/jobDetails/JobDetails'
import { VideoRawRequest } from './VideoRawRequest'
import './video.css'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

/** Browser mode's "Save as…": the same media URL, offered as a file (Content-Disposition: attachment). */
function download(job: VideoJob): void {
  if (!job.result) return
  const a = document.createElement('a')
  a.href = `${job.result.url}?download=${encodeURIComponent(job.result.name)}`
  a.download = job.result.name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}

export function VideoPanel() {
  const profile = useProfilesStore(activeProfile)
  const host = useAppStore((s) => s.host)
  const { compare, previewId, detailsId, setDetails } = useVideoStore()
  const jobs = useJobsStore((s) => s.video)
  const error = useJobsStore((s) => s.error)
  const loaded = useJobsStore((s) => s.loaded)
  const previewed = jobs.find((j) => j.id === previewId && j.result) ?? null
  const compared = jobs.filter((j) => compare.includes(j.id))

  const [saveNote, setSaveNote] = useState<{ text: string; error: boolean } | null>(null)
  const save = async (job: VideoJob) => {
    if (host?.host !== 'electron') return download(job)
    const result = await videoCalls.saveResult(job.id)
    if (!result.ok) setSaveNote({ text: `Could not save the video: ${result.error.message}`, error: true })
    else if (result.value.path) setSaveNote({ text: `Saved to ${result.value.path}`, error: false })
  }

  return (
    <section className="panel video" aria-labelledby="video-title">
      <header className="panel-header">
        <h1 id="video-title">Video</h1>
        <p className="muted">
          Generate videos as jobs: submitted, polled every 3–5 s and fetched to this computer, so previews
          outlive the gateway's links.
          {profile?.builtIn ? ' The built-in simulator returns sample clips.' : ''}
        </p>
      </header>
      <ErrorBanner>{error}</ErrorBanner>
      {saveNote && (
        <p
          className={saveNote.error ? 'error-banner' : 'muted small'}
          role={saveNote.error ? 'alert' : 'status'}
        >
          {saveNote.text}
        </p>
      )}
      <div className="video-body">
        <div className="video-form-column">
          <VideoForm profileId={profile?.id ?? null} />
          <VideoRawRequest profileId={profile?.id ?? null} />
        </div>
        <div className="video-side">
          {previewed && (
            <div aria-label="Preview">
              <VideoPlayer job={previewed} testId="video-preview" />
            </div>
          )}
          {compare.length > 0 && <CompareGrid jobs={compared} />}
          <h2 className="video-list-title">Jobs</h2>
          {loaded ? <JobList onSave={(job) => void save(job)} /> : <p className="muted">Loading jobs…</p>}
        </div>
      </div>
      {detailsId && <JobDetails jobId={detailsId} onClose={() => setDetails(null)} />}
    </section>
  )
}

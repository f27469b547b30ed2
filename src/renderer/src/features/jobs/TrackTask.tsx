// "Track a task id…": a task submitted elsewhere (a script, a colleague, a log) looked up by kind and id and
// shown as the gateway answers it (HTTP status, status verbatim, every field, raw JSON, the exchange), then
// adopted into the job list on request. A wrong id shows the gateway's own words; nothing is added.
import { useState } from 'react'
import {
  TASK_LOOKUP_KINDS,
  TASK_LOOKUP_LABEL,
  type TaskLookupKind,
} from '../../../../shared/catalog/taskStatuses'
import { taskLookupRequestSchema, type TaskLookup } from '../../../../shared/ipc/taskLookup'
import { Inspector } from '../../components/inspector'
import { jobsCalls } from '../../ipc/jobsCalls'
import { useProfilesStore } from '../../stores/profiles'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { ProfileOptions } from '../../components/selectOptions/SelectOptions'

export function TrackTask({ onClose, onAdopted }: { onClose(): void; onAdopted(jobId: string): void }) {
  const profiles = useProfilesStore((s) => s.profiles)
  const activeId = useProfilesStore((s) => s.activeId)
  const [profileId, setProfileId] = useState(activeId ?? profiles[0]?.id ?? '')
  const [kind, setKind] = useState<TaskLookupKind>('video-query')
  const [taskId, setTaskId] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState<'lookup' | 'adopt' | null>(null)
  const [found, setFound] = useState<TaskLookup | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const parsed = taskLookupRequestSchema.safeParse({ profileId, kind, taskId })
  const fieldError = !parsed.success
    ? (parsed.error.issues.find((i) => i.path[0] === 'taskId')?.message ??
      (profileId ? null : 'Profile: pick the profile the task was submitted with'))
    : null

  const lookup = async () => {
    setTouched(true)
    if (!parsed.success) return
    setBusy('lookup')
    setFailure(null)
    setFound(null)
    const r = await jobsCalls.lookupTask(parsed.data)
    setBusy(null)
    if (r.ok) setFound(r.value)
    else setFailure(r.error.message)
  }
  const adopt = async () => {
    if (!parsed.success) return
    setBusy('adopt')
    setFailure(null)
    const r = await jobsCalls.adoptTask(parsed.data)
    setBusy(null)
    if (r.ok) onAdopted(r.jobId)
    else setFailure(r.error.message)
  }
  const matches = found && found.kind === kind && found.taskId === taskId.trim()

  return (
    <section className="track-task" role="dialog" aria-label="Track a task id">
      <header className="video-row spread">
        <h2>Track a task id</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      <p className="muted small">
        A task submitted elsewhere (a script, a colleague, a log): look it up to see the gateway&apos;s answer
        as it is, then adopt it to have it polled, its result fetched and kept like any other job.
      </p>
      <form
        className="track-task-form"
        onSubmit={(e) => {
          e.preventDefault()
          void lookup()
        }}
      >
        <label>
          Profile
          <select value={profileId} onChange={(e) => setProfileId(e.target.value)}>
            <ProfileOptions profiles={profiles} />
          </select>
        </label>
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as TaskLookupKind)}>
            {TASK_LOOKUP_KINDS.map((k) => (
              <option key={k} value={k}>
                {TASK_LOOKUP_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Task id
          <input
            value={taskId}
            onChange={(e) => setTaskId(e.target.value)}
            onBlur={() => taskId && setTouched(true)}
            placeholder="video_… / task_… / cv_… / ps_…"
            aria-invalid={touched && !!fieldError}
            spellCheck={false}
          />
        </label>
        <button type="submit" className="primary" disabled={busy !== null}>
          {busy === 'lookup' ? 'Looking up…' : 'Look up'}
        </button>
      </form>
      {touched && fieldError && (
        <p className="field-error" role="alert">
          {fieldError}
        </p>
      )}
      <ErrorBanner testId="track-error">{failure}</ErrorBanner>
      {found && <LookupAnswer found={found} />}
      {found && matches && (
        <div className="video-row">
          {found.trackedJobId ? (
            <span className="muted small">This task is already in the job list.</span>
          ) : found.found && found.status !== null ? (
            <button type="button" className="primary" onClick={() => void adopt()} disabled={busy !== null}>
              {busy === 'adopt' ? 'Adopting…' : 'Adopt into the job list'}
            </button>
          ) : (
            <span className="muted small">Nothing to adopt: the gateway did not answer with a task.</span>
          )}
        </div>
      )}
    </section>
  )
}

function LookupAnswer({ found }: { found: TaskLookup }) {
  return (
    <div className="track-answer" data-testid="lookup-answer" data-found={found.found}>
      <p>
        <code>
          {found.method} {found.url}
        </code>{' '}
        → <strong>{found.httpStatus === null ? 'no answer' : `HTTP ${found.httpStatus}`}</strong>
      </p>
      {found.status !== null && (
        <p data-testid="lookup-status">
          Status: <code>{found.status}</code>{' '}
          {!found.statusNamed && (
            <span className="warn-banner small">
              not a status the spec names; shown as the gateway sent it
            </span>
          )}
        </p>
      )}
      {found.message && (
        <p className={found.found ? 'muted' : 'field-error'} data-testid="lookup-message">
          {found.message}
        </p>
      )}
      {found.fields.length > 0 && (
        <table className="track-fields small">
          <tbody>
            {found.fields.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">
                  <code>{k}</code>
                </th>
                <td>
                  <code>{v}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {found.raw && (
        <details>
          <summary>Raw answer</summary>
          <pre className="raw">{found.raw}</pre>
        </details>
      )}
      {found.exchange && (
        <details>
          <summary>Inspector</summary>
          <Inspector exchange={found.exchange} preview={null} label="Lookup inspector" />
        </details>
      )}
    </div>
  )
}

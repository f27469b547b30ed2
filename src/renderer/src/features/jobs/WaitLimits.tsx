// The polling limit per job panel (registry: catalog/jobKinds.ts): after this many minutes a job still not finished stops being polled and asks
// "Keep waiting / Stop polling". Each limit is saved in main when the field is left or Enter is pressed; a value
// outside the rule is named with the field and never saved.
import { useEffect, useState } from 'react'
import { JOB_PANEL, JOB_PANELS } from '../../../../shared/catalog/jobKinds'
import { MAX_WAIT_MINUTES } from '../../../../shared/catalog/taskStatuses'
import { waitLimitSchema } from '../../../../shared/ipc/taskLookup'
import { jobsCalls, type JobPanel } from '../../ipc/jobsCalls'

export function WaitLimits() {
  return (
    <fieldset className="wait-limits">
      <legend>Stop polling after</legend>
      {JOB_PANELS.map((panel) => (
        <WaitLimit key={panel} domain={panel} />
      ))}
    </fieldset>
  )
}

function WaitLimit({ domain }: { domain: JobPanel }) {
  const [text, setText] = useState('')
  const [saved, setSaved] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    void jobsCalls.getWaitLimit(domain).then((r) => {
      if (!r.ok) return setError(r.error.message)
      setSaved(r.value.minutes)
      setText(String(r.value.minutes))
    })
  }, [domain])
  const save = async () => {
    const minutes = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN
    const parsed = waitLimitSchema.safeParse({ minutes })
    if (!parsed.success) {
      const message = Number.isNaN(minutes)
        ? `a whole number of minutes (1 to ${MAX_WAIT_MINUTES}), got "${text.trim().slice(0, 20)}"`
        : (parsed.error.issues[0]?.message ?? '').replace(/^Give up after: /, '')
      return setError(`${JOB_PANEL[domain].jobsLabel}: ${message}`)
    }
    setError(null)
    if (parsed.data.minutes === saved) return
    const r = await jobsCalls.setWaitLimit(domain, parsed.data.minutes)
    if (r.ok) setSaved(r.value.minutes)
    else setError(r.error.message)
  }
  const id = `wait-limit-${domain}`
  return (
    <div className="wait-limit">
      <label htmlFor={id}>{JOB_PANEL[domain].jobsLabel}</label>{' '}
      <input
        id={id}
        inputMode="numeric"
        value={text}
        size={6}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => e.key === 'Enter' && void save()}
      />{' '}
      <span className="muted small">minutes{saved !== null && String(saved) === text ? ' (saved)' : ''}</span>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

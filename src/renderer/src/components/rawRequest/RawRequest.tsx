// A job's request JSON, editable and sent exactly as written (Video 11/14, Images 16–19): loaded from what the
// form would send, checked as it is typed by the same rules as the form (errors and warnings with their JSON
// paths), sent with "Send JSON" or, despite errors, "Send anyway"; after the call the submit exchange in the
// Inspector and its code export (curl, TypeScript, Python; the key as an environment variable).
import { useMemo, useState } from 'react'
import type { Exchange } from '../../../../shared/ipc/exchange'
import type { RawIssue } from '../../../../shared/ipc/rawRequest'
import { exportCode } from '../../../../shared/wire/codeExport'
import { CodeExport, Inspector } from '../inspector'
import { ErrorBanner } from '../errorBanner/ErrorBanner'
import './rawRequest.css'

export interface RawRequestProps {
  /** What the request is, e.g. "POST /v1/video/generations". */
  endpoint: string
  /** The body the form would send now (pretty JSON), or why there is none. */
  load(): Promise<{ text: string } | { error: string }>
  /** The form's rules on the parsed JSON (pure, shared with main). */
  check(text: string): RawIssue[]
  send(text: string, force: boolean): Promise<{ jobId: string } | { error: string }>
  exchange(jobId: string): Promise<Exchange | null>
  /** Notes about what the loaded body holds (imported files appear as placeholders). */
  note?: string
}

export function RawRequest({ endpoint, load, check, send, exchange, note }: RawRequestProps) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [loadError, setLoadError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<
    { error: string } | { jobId: string; exchange: Exchange | null } | null
  >(null)
  const issues = useMemo(() => (text.trim() ? check(text) : []), [text, check])
  const errors = issues.filter((i) => i.severity === 'error')

  const reload = async () => {
    setLoadError(null)
    const r = await load()
    if ('error' in r) setLoadError(r.error)
    else setText(r.text)
  }

  const go = async (force: boolean) => {
    setBusy(true)
    setOutcome(null)
    const r = await send(text, force)
    const ex = 'jobId' in r ? await exchange(r.jobId) : null
    setBusy(false)
    setOutcome('jobId' in r ? { jobId: r.jobId, exchange: ex } : r)
  }
  const code = outcome && 'exchange' in outcome && outcome.exchange ? codeOf(outcome.exchange) : null

  return (
    <details
      className="raw-request"
      open={open}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open
        setOpen(isOpen)
        // Loaded from the form when first opened; "Load from form" reloads on request.
        if (isOpen && !text) void reload()
      }}
    >
      <summary>Request JSON: edit and send exactly this</summary>
      <p className="muted small">
        <code>{endpoint}</code> · sent byte for byte as written below. {note}
      </p>
      <div className="video-row">
        <button type="button" onClick={() => void reload()}>
          Load from form
        </button>
      </div>
      {loadError && <p className="field-error">{loadError}</p>}
      <textarea
        className="raw-request-text"
        aria-label="Request JSON"
        spellCheck={false}
        value={text}
        rows={14}
        onChange={(e) => setText(e.target.value)}
      />
      {issues.length > 0 && (
        <ul className="raw-issues" aria-label="Request JSON issues">
          {issues.map((i, n) => (
            <li
              key={n}
              className={i.severity === 'error' ? 'field-error' : 'warn-text'}
              data-severity={i.severity}
            >
              <strong>{i.severity === 'error' ? 'Error' : 'Warning'}</strong> at <code>{i.path}</code>:{' '}
              {i.message}
            </li>
          ))}
        </ul>
      )}
      <div className="video-row">
        <button
          type="button"
          className="primary"
          disabled={busy || !text.trim() || errors.length > 0}
          onClick={() => void go(false)}
        >
          {busy ? 'Sending…' : 'Send JSON'}
        </button>
        {errors.length > 0 && (
          <button type="button" disabled={busy} onClick={() => void go(true)}>
            Send anyway
          </button>
        )}
        {errors.length > 0 && (
          <span className="muted small">
            {errors.length} error{errors.length === 1 ? '' : 's'}: the gateway will likely refuse it, and
            decides.
          </span>
        )}
      </div>
      {outcome && 'error' in outcome && <ErrorBanner>{outcome.error}</ErrorBanner>}
      {outcome && 'jobId' in outcome && (
        <div data-testid="raw-sent">
          <p className="muted small" role="status">
            Sent as a job; it is followed in the list like any other.
          </p>
          {outcome.exchange && (
            <Inspector exchange={outcome.exchange} preview={null} label="Raw request inspector" />
          )}
          {code && <CodeExport code={code} label="Code export of the raw request" />}
        </div>
      )}
    </details>
  )
}

function codeOf(ex: Exchange) {
  return exportCode({
    method: ex.request.method as 'GET' | 'POST',
    url: ex.request.url,
    headers: Object.fromEntries(ex.request.headers),
    body: ex.request.body ?? undefined,
  })
}

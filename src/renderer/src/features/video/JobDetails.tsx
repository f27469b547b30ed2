// A job's details: the request it was made from (form with attachment references), its code export, and the
// recorded exchanges (submit, last query, result download) in the shared Inspector, as main keeps them: redacted,
// long base64 elided, bounded in size. Esc closes.
import { useEffect, useState } from 'react'
import type { Exchange } from '../../../../shared/ipc/exchange'
import { CodeExport, Inspector } from '../../components/inspector'
import type { VideoJob, VideoJobRequest } from '../../../../shared/ipc/video'
import { jobsCalls } from '../../ipc/jobsCalls'
import { videoCalls } from '../../ipc/videoCalls'
import { TabList } from '../../components/tabs/TabList'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

type Tab = 'request' | 'submit' | 'poll' | 'result'
const TABS: { id: Tab; label: string }[] = [
  { id: 'request', label: 'Request & code' },
  { id: 'submit', label: 'Submit exchange' },
  { id: 'poll', label: 'Last query' },
  { id: 'result', label: 'Download' },
]

interface Details {
  job: VideoJob
  request: VideoJobRequest | null
  code: { curl: string; typescript: string; python: string } | null
  url: string | null
}

export function JobDetails({ jobId, onClose }: { jobId: string; onClose(): void }) {
  const [tab, setTab] = useState<Tab>('request')
  const [details, setDetails] = useState<Details | null>(null)
  const [exchanges, setExchanges] = useState<Partial<Record<Tab, Exchange | null>>>({})
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    void videoCalls.getJobDetails(jobId).then((r) => (r.ok ? setDetails(r.value) : setError(r.error.message)))
  }, [jobId])
  useEffect(() => {
    if (tab === 'request') return
    void jobsCalls
      .getExchange(jobId, tab)
      .then((r) => setExchanges((all) => ({ ...all, [tab]: r.ok ? r.value.exchange : null })))
  }, [jobId, tab])
  const exchange = tab in exchanges ? (exchanges[tab] ?? null) : 'loading'
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])

  return (
    <section className="video-details" role="dialog" aria-label="Job details">
      <header className="video-row spread">
        <h2>Job details</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      <TabList
        label="Job views"
        className="video-row"
        tabClass={(on) => (on ? 'primary' : '')}
        items={TABS}
        selected={tab}
        onSelect={setTab}
      />
      <ErrorBanner>{error}</ErrorBanner>
      {tab === 'request' && details && (
        <div>
          {details.url && (
            <p>
              <code>POST {details.url}</code>
            </p>
          )}
          {details.request ? (
            <CopyBlock title="Form" text={JSON.stringify(details.request, null, 2)} />
          ) : (
            <p className="muted small" data-testid="adopted-note">
              Adopted by its task id: this app did not submit the task and has no request for it. The query
              and download exchanges are in the other tabs.
            </p>
          )}
          {!details.request ? null : details.code ? (
            <CodeExport code={details.code} label="Code export of the submit" />
          ) : (
            <p className="muted small">
              No code export: the request no longer validates (an imported image may be gone).
            </p>
          )}
        </div>
      )}
      {tab !== 'request' &&
        (exchange === 'loading' ? (
          <p className="muted">Loading…</p>
        ) : exchange === null ? (
          <p className="muted">
            Not recorded in this session (exchanges are kept in memory for the newest jobs).
          </p>
        ) : (
          <Inspector
            key={tab}
            exchange={exchange}
            preview={null}
            label={`${TABS.find((t) => t.id === tab)?.label ?? 'Exchange'} inspector`}
          />
        ))}
    </section>
  )
}

function CopyBlock({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="video-copy">
      <div className="video-row spread">
        <span className="small">
          <strong>{title}</strong>
        </span>
        <button
          type="button"
          className="ghost small"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => {
                setCopied(true)
                setTimeout(() => setCopied(false), 1500)
              },
              () => undefined,
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="raw">{text}</pre>
    </div>
  )
}

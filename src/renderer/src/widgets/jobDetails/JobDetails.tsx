// One job's details, whatever its kind and however it was sent (Video, Images, the Jobs view): how it was made
// (the form, the edited request JSON, or adopted by its task id) with the submit URL and its code export, and
// every exchange main kept: the submit, each query (repeats of the same answer folded), each result fetch, each
// with its status and what the answer said (a console envelope's code and msg, the task's status), opened in the
// shared Inspector. The list follows the job while it runs. Esc closes.
import { useEffect, useRef, useState } from 'react'
import type { Exchange } from '../../../../shared/ipc/exchange'
import type { JobDetails as Details, JobExchangeEntry, JobExchangeList } from '../../../../shared/ipc/jobs'
import { JOB_KIND } from '../../../../shared/catalog/jobKinds'
import { CodeExport, CopyButton, Inspector } from '../../components/inspector'
import { jobsCalls } from '../../ipc/jobsCalls'
import { useJobsStore } from '../../stores/jobs'
import { TabList } from '../../components/tabs/TabList'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { JobState, useNow } from '../../components/jobStatus/JobStatus'
import { ACTIVE_JOB_STATUSES } from '../../../../shared/ipc/jobLife'
import { useFocusReturn } from '../../components/focus/useFocusReturn'
import './jobDetails.css'

type Tab = 'request' | 'exchanges'

const SOURCE: Record<Details['source'], string> = {
  form: 'Sent from the form.',
  raw: 'Sent as edited request JSON, exactly as written.',
  adopted: 'Adopted by its task id: this app did not submit the task and has no request for it.',
}

/** The entry's name in the list: Submit, Query 3, Queries 4–40 (the same answer), Result fetch 2. */
export function entryName(e: Pick<JobExchangeEntry, 'which' | 'n' | 'repeats'>): string {
  if (e.which === 'submit') return 'Submit'
  if (e.which === 'result') return `Result fetch ${e.n}`
  return e.repeats > 0 ? `Queries ${e.n}–${e.n + e.repeats}` : `Query ${e.n}`
}

const keyOf = (e: Pick<JobExchangeEntry, 'which' | 'n'>) => `${e.which}:${e.n}`

function pathOf(url: string): string {
  try {
    const u = new URL(url)
    return `${u.pathname}${u.search}`
  } catch {
    return url
  }
}

const time = (ms: number) => new Date(ms).toLocaleTimeString()

export function JobDetails({ jobId, onClose }: { jobId: string; onClose(): void }) {
  const ref = useRef<HTMLElement>(null)
  useFocusReturn(ref)
  const [tab, setTab] = useState<Tab>('exchanges')
  const [details, setDetails] = useState<Details | null>(null)
  const [list, setList] = useState<JobExchangeList | null>(null)
  const [error, setError] = useState<string | null>(null)
  const live = useJobsStore((s) => s.jobs.find((j) => j.id === jobId))
  const job = live ?? details?.job ?? null
  const now = useNow(!!job && ACTIVE_JOB_STATUSES.includes(job.status))
  // Every change of the job (a query, a status, a fetch) may have added an exchange.
  const version = live ? `${live.status}:${live.polls}:${live.resultFetches}:${live.updatedAt}` : ''

  useEffect(() => {
    void jobsCalls.getJobDetails(jobId).then((r) => (r.ok ? setDetails(r.value) : setError(r.error.message)))
  }, [jobId])
  useEffect(() => {
    void jobsCalls.listExchanges(jobId).then((r) => (r.ok ? setList(r.value) : setError(r.error.message)))
  }, [jobId, version])
  // Registered once: a listener that another Escape handler's re-render replaced mid-event would never run.
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const tabs: { id: Tab; label: string }[] = [
    { id: 'exchanges', label: `Exchanges${list ? ` (${list.entries.length})` : ''}` },
    { id: 'request', label: 'Request & code' },
  ]
  return (
    <section ref={ref} className="job-details" role="dialog" aria-label="Job details">
      <header className="job-details-head">
        <h2>Job details</h2>
        {job && <span className="badge">{JOB_KIND[job.task].label}</span>}
        <button type="button" onClick={onClose} data-autofocus>
          Close
        </button>
      </header>
      {job && (
        <div className="job-details-state">
          {job.taskId && (
            <p className="small">
              Task <code>{job.taskId}</code>
              {job.remoteStatus && (
                <>
                  {' '}
                  · gateway status <code>{job.remoteStatus}</code>
                </>
              )}
            </p>
          )}
          <JobState job={job} now={now} />
        </div>
      )}
      <TabList
        label="Job views"
        className="job-details-tabs"
        tabClass={(on) => (on ? 'primary' : '')}
        items={tabs}
        selected={tab}
        onSelect={setTab}
      />
      <ErrorBanner>{error}</ErrorBanner>
      {tab === 'request' && details && <RequestTab details={details} />}
      {tab === 'exchanges' && list && <ExchangesTab jobId={jobId} list={list} />}
    </section>
  )
}

function RequestTab({ details }: { details: Details }) {
  return (
    <div className="job-details-request">
      <p className="muted small" data-testid="job-source">
        {SOURCE[details.source]}
      </p>
      {details.url && (
        <p>
          <code>
            {details.method} {details.url}
          </code>
        </p>
      )}
      {details.request !== null && (
        <div>
          <div className="job-details-block-head">
            <strong className="small">{details.source === 'raw' ? 'Request JSON as sent' : 'Form'}</strong>
            <CopyButton what={details.source === 'raw' ? 'request JSON' : 'form'} text={details.request} />
          </div>
          <pre className="raw job-details-pre">{details.request}</pre>
        </div>
      )}
      {details.source === 'form' && details.request?.includes('attachment:') && (
        <p className="muted small">
          Files picked in the form show as their <code>attachment:</code> references here; the Submit exchange
          holds the request as sent (long base64 values elided).
        </p>
      )}
      {details.code ? (
        <CodeExport code={details.code} label="Code export of the submit" />
      ) : (
        details.source !== 'adopted' && details.codeNote && <p className="muted small">{details.codeNote}</p>
      )}
    </div>
  )
}

function ExchangesTab({ jobId, list }: { jobId: string; list: JobExchangeList }) {
  const [picked, setPicked] = useState<string | null>(null)
  const [exchange, setExchange] = useState<{ key: string; value: Exchange | null } | null>(null)
  const last = list.entries.at(-1)
  const selected = list.entries.find((e) => keyOf(e) === picked) ?? last ?? null
  const selectedKey = selected ? keyOf(selected) : null
  // The newest entry's exchange changes as queries fold into it: fetched again when its last time moves.
  const stamp = selected ? `${selectedKey}:${selected.lastAt}` : null
  const which = selected?.which
  const index = selected?.index
  useEffect(() => {
    if (!which || index === undefined || !stamp) return
    void jobsCalls
      .getExchange(jobId, which, index)
      .then((r) => setExchange({ key: stamp, value: r.ok ? r.value.exchange : null }))
  }, [jobId, stamp, which, index])

  if (list.entries.length === 0)
    return (
      <p className="muted">
        No exchange kept for this job (exchanges are kept for the newest jobs, and only once they were sent).
      </p>
    )
  const dropped = list.polls.dropped + list.results.dropped
  return (
    <div className="job-exchanges">
      <p className="muted small">
        {list.polls.seen} quer{list.polls.seen === 1 ? 'y' : 'ies'}
        {list.results.seen > 0 && `, ${list.results.seen} result fetch${list.results.seen === 1 ? '' : 'es'}`}
        . Queries that answered exactly like the one before are shown as one row.
        {dropped > 0 &&
          ` ${dropped} older ones in the middle are no longer kept (the first and the newest are).`}
      </p>
      <ol className="job-exchange-list" aria-label="Exchanges">
        {list.entries.map((e) => (
          <li key={keyOf(e)}>
            <button
              type="button"
              className="job-exchange"
              aria-pressed={keyOf(e) === selectedKey}
              onClick={() => setPicked(keyOf(e))}
              title={e.url}
            >
              <span className="job-exchange-name">{entryName(e)}</span>
              <span className="muted small">
                {time(e.firstAt)}
                {e.repeats > 0 && `–${time(e.lastAt)}`}
              </span>
              <span className={`badge ${e.status !== null && e.status < 400 ? '' : 'bad'}`}>
                {e.status ?? 'no answer'}
              </span>
              <code className="job-exchange-url small">
                {e.method} {pathOf(e.url)}
              </code>
              <span className="job-exchange-facts small" data-testid="answer-facts">
                {e.error && !e.facts.length && <span>{e.error}</span>}
                {e.facts.map((f) => (
                  <span key={f.field} className="job-fact">
                    <span className="muted">{f.field}</span> {f.value}
                  </span>
                ))}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {selected &&
        (exchange?.key !== stamp ? (
          <p className="muted">Loading…</p>
        ) : exchange.value === null ? (
          <p className="muted">This exchange is no longer kept.</p>
        ) : (
          <Inspector
            key={selectedKey}
            exchange={exchange.value}
            preview={null}
            label={`${entryName(selected)} inspector`}
            initialTab="response"
          />
        ))}
    </div>
  )
}

// One request of a run opened: its times (from when the HTTP client wrote it; the wait in the client before that
// apart) and tokens in words (how its output tokens were counted), why it failed,
// and its exchange in the Inspector (headers with the key masked, body, SSE frames with their arrival times).
import { useEffect, useRef, useState } from 'react'
import { Inspector } from '../../components/inspector'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { loadCalls } from '../../ipc/loadCalls'
import { billedText } from '../../../../shared/cost/billed'

type Loaded = Awaited<ReturnType<typeof loadCalls.request>>

export function RequestDetail({ runId, index, onClose }: { runId: string; index: number; onClose(): void }) {
  const [loaded, setLoaded] = useState<{ index: number; value?: Loaded; problem?: string } | null>(null)
  const box = useRef<HTMLElement>(null)
  // A block body: this Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' })
  }, [index])
  useEffect(() => {
    let live = true
    loadCalls.request(runId, index).then(
      (value) => live && setLoaded({ index, value }),
      (error: Error) => live && setLoaded({ index, problem: error.message }),
    )
    return () => {
      live = false
    }
  }, [runId, index])
  const here = loaded?.index === index ? loaded : null
  const r = here?.value?.request
  return (
    <aside ref={box} className="load-detail" aria-label="Request detail">
      <div className="load-detail-head">
        <h3>Request {index + 1}</h3>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close the request">
          ✕
        </button>
      </div>
      <ErrorBanner>{here?.problem ?? null}</ErrorBanner>
      {!here && <p className="muted">Loading…</p>}
      {r && (
        <p className={r.error ? 'load-bad' : undefined} data-testid="load-request-words">
          {r.error
            ? `${r.error === 'stopped' ? 'Stopped' : `Failed (${r.error})`}: ${r.message ?? ''} · `
            : ''}
          {r.warmup ? 'warm-up (not measured) · ' : ''}
          {r.httpStatus !== null ? `HTTP ${r.httpStatus} · ` : ''}
          {r.handedAt !== null
            ? `waited ${(r.sentAt - r.handedAt).toFixed(1)} ms in the client before it was written (not in its times) · `
            : ''}
          headers after {r.headersAt === null ? '—' : `${(r.headersAt - r.sentAt).toFixed(1)} ms`} ·{' '}
          {r.frames} output frame{r.frames === 1 ? '' : 's'} · ended after {(r.endAt - r.sentAt).toFixed(1)}{' '}
          ms · output tokens{' '}
          {r.usageOutput !== null
            ? `${r.usageOutput} (reported)`
            : `${r.tokenizerOutput} (counted by the local tokenizer)`}{' '}
          · prompt {r.usageInput ?? r.promptTokens} tokens
          {r.cost ? ` · cost ${billedText(r.cost)}` : ''}
        </p>
      )}
      {here?.value && !here.value.exchange && (
        <p className="muted">
          This request's exchange was not kept (the run's exchange file reached its size bound).
        </p>
      )}
      {here?.value?.exchange && (
        <Inspector
          key={here.value.exchange.id}
          exchange={here.value.exchange}
          preview={null}
          label="Request exchange"
          initialTab="response"
        />
      )}
    </aside>
  )
}

// The wire Inspector: what one request sent and received, byte for byte as main recorded it (secrets already
// masked there). Before a run it shows the preview of what would be sent; it never fetches anything itself:
// paging and saving go through the callbacks the embedding panel passes, so any domain can reuse it.
import { useState, type ReactNode } from 'react'
import type { Exchange, LiveExchange } from '../../../../shared/ipc/exchange'
import type { RequestPreview } from '../../../../shared/ipc/text'
import { CopyButton } from './CopyButton'
import { FrameList, type LoadFrames } from './FrameList'
import { BodyView, HeadersTable, type HeaderPairs } from './HttpParts'
import { SaveCapture, type SavedCapture } from './SaveCapture'
import { Tabs } from '../tabs/Tabs'
import { LiveTimingView, TimingView } from './TimingView'
import './inspector.css'

export type InspectorTab = 'request' | 'response' | 'stream' | 'timing' | 'tools'

export interface InspectorProps {
  /** The recorded exchange of the last run, or null before anything was sent. */
  exchange: Exchange | null
  /** What a run would send now; shown on the Request tab while `exchange` is null. */
  preview: RequestPreview | null
  /** Pages through the full frame record of `exchange` (the snapshot holds only the newest frames). */
  loadFrames?: LoadFrames
  /** Saves the raw response body of `exchange`; without it there is no "Save capture" button. */
  onSaveCapture?: () => Promise<SavedCapture>
  /** Accessible name of the tab list; default "Inspector". */
  label?: string
  /** The tab shown first; default "request". */
  initialTab?: InspectorTab
  /** A frame of the full record the Stream tab scrolls to and marks. */
  focusFrame?: number
  /**
   * While a run streams (no `exchange` yet): the request as sent, the response's head and times so far once the
   * headers are in (`head`), when the first byte came, and the live Stream tab's content.
   */
  live?: {
    request: RequestLike
    head?: LiveExchange | null
    firstByteMs?: number | null
    stream: ReactNode
  } | null
  /** The tool calls' messages on their tool servers, beside the exchange: a "Tool calls" tab when given. */
  toolCalls?: (() => ReactNode) | null
}

const NOT_SENT = 'Not sent yet: send the request to see what came back.'

export function Inspector({
  exchange,
  preview,
  loadFrames,
  onSaveCapture,
  label = 'Inspector',
  initialTab = 'request',
  focusFrame,
  live,
  toolCalls,
}: InspectorProps) {
  const [tab, setTab] = useState<InspectorTab>(initialTab)
  const response = exchange?.response ?? null

  return (
    <section className="inspector" aria-label={label}>
      <Tabs<InspectorTab>
        label={label}
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'request',
            label: 'Request',
            render: () =>
              exchange ? (
                <RequestView request={exchange.request} />
              ) : live ? (
                <RequestView request={live.request} />
              ) : preview ? (
                <RequestView request={preview} preview={preview} />
              ) : (
                <p className="muted">Nothing to show yet: compose a request to preview it here.</p>
              ),
          },
          {
            id: 'response',
            label: 'Response',
            render: () =>
              exchange ? (
                <ResponseView exchange={exchange} />
              ) : live ? (
                <LiveResponseView head={live.head ?? null} />
              ) : (
                <p className="muted">{NOT_SENT}</p>
              ),
          },
          {
            id: 'stream',
            label: 'Stream',
            render: () =>
              !exchange && live ? (
                live.stream
              ) : !exchange ? (
                <p className="muted">{NOT_SENT}</p>
              ) : !response ? (
                <p className="muted">No response arrived, so there are no frames.</p>
              ) : (
                <FrameList
                  key={exchange.id}
                  snapshot={response.frames}
                  truncated={response.truncated}
                  loadFrames={loadFrames}
                  focusFrame={focusFrame}
                />
              ),
          },
          {
            id: 'timing',
            label: 'Timing',
            render: () =>
              exchange ? (
                <TimingView exchange={exchange} />
              ) : live?.head ? (
                <LiveTimingView head={live.head} firstByteMs={live.firstByteMs ?? null} />
              ) : live ? (
                <p className="muted">Waiting for the response headers…</p>
              ) : (
                <p className="muted">{NOT_SENT}</p>
              ),
          },
          ...(toolCalls ? [{ id: 'tools' as const, label: 'Tool calls', render: toolCalls }] : []),
        ]}
      />
      {exchange && response && onSaveCapture && <SaveCapture key={exchange.id} onSave={onSaveCapture} />}
    </section>
  )
}

interface RequestLike {
  method: string
  url: string
  headers: HeaderPairs
  body: string | null
  sources?: Record<string, 'app' | 'profile'>
  removed?: readonly string[]
  route?: string
}

function RequestView({ request, preview }: { request: RequestLike; preview?: RequestPreview }) {
  return (
    <div className="inspector-message">
      {preview && (
        <p className="inspector-pending">
          <span className="badge synthetic">Not sent yet</span>{' '}
          <span className="muted small">This is what the next run would send.</span>
        </p>
      )}
      {preview && preview.issues.length > 0 && (
        <ul className="inspector-issues" aria-label="Problems to fix before sending">
          {preview.issues.map((issue, i) => (
            <li key={`${i}:${issue.field}`} className={issue.severity}>
              <strong>{issue.severity === 'error' ? 'Error' : 'Warning'}</strong> <code>{issue.field}</code>:{' '}
              <span title={`rule: ${issue.rule}`}>{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="inspector-line">
        <code>
          <strong>{request.method}</strong> {request.url}
        </code>
        <CopyButton what="URL" text={request.url} />
      </div>
      {request.route && (
        <p className="muted small" data-testid="inspector-route">
          Went {request.route.startsWith('direct') ? '' : 'through '}
          {request.route}
        </p>
      )}
      <HeadersTable
        headers={request.headers}
        what="request headers"
        sources={request.sources}
        removed={request.removed}
      />
      <BodyView body={request.body} what="request body" />
    </div>
  )
}

function statusClass(status: number): string {
  if (status >= 500) return 'server-error'
  if (status >= 400) return 'client-error'
  if (status >= 300) return 'redirect'
  return 'ok'
}

/** The response while its body streams: the status line and headers as they arrived. */
function LiveResponseView({ head }: { head: LiveExchange | null }) {
  const response = head?.response
  if (!response) return <p className="muted">Waiting for the response headers…</p>
  return (
    <div className="inspector-message">
      <div className="inspector-line">
        <code className={`inspector-status ${statusClass(response.status)}`}>
          HTTP {response.status} {response.statusText}
        </code>
        <span className="badge synthetic">Streaming</span>
      </div>
      <HeadersTable headers={response.headers} what="response headers" />
      <p className="muted">The body is streaming: its frames arrive in the Stream tab.</p>
    </div>
  )
}

function ResponseView({ exchange }: { exchange: Exchange }) {
  const response = exchange.response
  return (
    <div className="inspector-message">
      {exchange.error && (
        <p className="error-banner inspector-error">
          <strong>Error:</strong> {exchange.error}
        </p>
      )}
      {!response ? (
        <p className="muted">No response was received.</p>
      ) : (
        <>
          <div className="inspector-line">
            <code className={`inspector-status ${statusClass(response.status)}`}>
              HTTP {response.status} {response.statusText}
            </code>
          </div>
          {response.truncated && (
            <p className="muted small">
              The record shown here was shortened to stay small; Save capture writes the whole body.
            </p>
          )}
          <HeadersTable headers={response.headers} what="response headers" />
          {response.body === null && response.frames.length > 0 ? (
            <p className="muted">The body was streamed: see the Stream tab for its frames.</p>
          ) : (
            <BodyView key={exchange.id} body={response.body} what="response body" />
          )}
        </>
      )}
    </div>
  )
}

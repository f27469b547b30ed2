// When each part of an exchange happened, as numbers and as one bar on a common scale. Times are ms since the
// request started (the recorder's clock): before the HTTP client wrote it (a connection opened or waited for,
// earlier attempts), then the wait for headers, first byte and body; a phase that never happened is shown as "—".
import { useEffect, useState } from 'react'
import type { Exchange, LiveExchange } from '../../../../shared/ipc/exchange'

export function formatMs(ms: number | null): string {
  if (ms === null) return '—'
  return ms >= 1000 ? `${ms.toFixed(1)} ms (${(ms / 1000).toFixed(2)} s)` : `${ms.toFixed(1)} ms`
}

interface Phase {
  name: string
  className: string
  from: number
  to: number
}

/**
 * The times of an exchange whose answer still streams: the headers and first byte as they came, and the time so
 * far, counted four times a second.
 */
export function LiveTimingView({ head, firstByteMs }: { head: LiveExchange; firstByteMs: number | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  const timings = head.timings ?? { headersMs: null, firstByteMs: null, endMs: null }
  const exchange: Exchange = {
    id: head.id,
    startedAt: head.startedAt,
    request: head.request,
    response: null,
    timings: {
      ...(timings.writtenMs !== undefined ? { writtenMs: timings.writtenMs } : {}),
      headersMs: timings.headersMs,
      firstByteMs: firstByteMs ?? timings.firstByteMs,
      endMs: Math.max(0, now - head.startedAt),
    },
    attempts: head.attempts ?? 1,
    error: null,
  }
  return <TimingView exchange={exchange} live />
}

function retriesBefore(attempts: number): string {
  return attempts > 1 ? `, ${attempts - 1} earlier attempt${attempts === 2 ? '' : 's'}` : ''
}

export function TimingView({ exchange, live = false }: { exchange: Exchange; live?: boolean }) {
  const { writtenMs, headersMs, firstByteMs, endMs } = exchange.timings
  const scale = Math.max(headersMs ?? 0, firstByteMs ?? 0, endMs ?? 0)
  const phases: Phase[] = []
  const written = writtenMs ?? 0
  if (written > 0)
    phases.push({ name: 'Before the request was written', className: 'client', from: 0, to: written })
  if (headersMs !== null)
    phases.push({ name: 'Waiting for headers', className: 'wait', from: written, to: headersMs })
  else if (endMs !== null) phases.push({ name: 'No response', className: 'wait', from: written, to: endMs })
  if (headersMs !== null && firstByteMs !== null)
    phases.push({ name: 'Headers to first byte', className: 'first', from: headersMs, to: firstByteMs })
  const bodyFrom = firstByteMs ?? headersMs
  if (bodyFrom !== null && endMs !== null)
    phases.push({ name: 'Body', className: 'body', from: bodyFrom, to: endMs })
  const retries = exchange.attempts - 1

  return (
    <div className="inspector-timing">
      <dl className="facts">
        {writtenMs !== undefined && (
          <>
            <dt>Request written</dt>
            <dd>
              {formatMs(writtenMs)}
              <span className="muted">
                {' '}
                (before it: connecting and waiting in the client{retriesBefore(exchange.attempts)})
              </span>
            </dd>
          </>
        )}
        <dt>Response headers</dt>
        <dd>{formatMs(headersMs)}</dd>
        <dt>First byte</dt>
        <dd>{live && firstByteMs === null ? 'waiting…' : formatMs(firstByteMs)}</dd>
        <dt>{live ? 'So far' : 'End'}</dt>
        <dd>
          {formatMs(endMs)}
          {live && <span className="muted"> (streaming)</span>}
        </dd>
        <dt>Attempts</dt>
        <dd>
          {exchange.attempts}
          {retries > 0 && (
            <span className="muted">
              {' '}
              ({retries} {retries === 1 ? 'retry' : 'retries'} before the first byte)
            </span>
          )}
        </dd>
        <dt>Started</dt>
        <dd>{new Date(exchange.startedAt).toLocaleTimeString()}</dd>
      </dl>
      {exchange.retries && exchange.retries.length > 0 && (
        <ol className="inspector-retries" aria-label="Retries" data-testid="inspector-retries">
          {exchange.retries.map((r) => (
            <li key={`${r.attempt}:${r.t}`}>
              Attempt {r.attempt} at {formatMs(r.t)}: {r.reason}; waited {formatMs(r.waitMs)}
              {r.serverAsked ? ' (as the server asked)' : ' (backoff)'} before attempt {r.attempt + 1}
            </li>
          ))}
        </ol>
      )}
      {scale > 0 && (
        <div
          className="inspector-timing-bar"
          role="img"
          aria-label={`${writtenMs !== undefined ? `Written at ${formatMs(writtenMs)}, headers` : 'Headers'} at ${formatMs(headersMs)}, first byte at ${formatMs(firstByteMs)}, end at ${formatMs(endMs)}`}
        >
          {(exchange.retries ?? []).map((r) => (
            <span
              key={`retry-${r.attempt}`}
              className="inspector-timing-retry"
              title={`Retry after ${r.reason}`}
              style={{ left: `${(Math.min(r.t, scale) / scale) * 100}%` }}
            />
          ))}
          {phases.map((p) => (
            <span
              key={p.className}
              className={`inspector-timing-phase ${p.className}`}
              title={`${p.name}: ${formatMs(Math.max(0, p.to - p.from))}`}
              style={{
                left: `${(p.from / scale) * 100}%`,
                width: `${(Math.max(0, p.to - p.from) / scale) * 100}%`,
              }}
            />
          ))}
        </div>
      )}
      {scale > 0 && (
        <ul className="inspector-timing-legend small muted">
          {phases.map((p) => (
            <li key={p.className}>
              <span className={`inspector-timing-swatch ${p.className}`} aria-hidden="true" /> {p.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

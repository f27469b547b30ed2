// One recorded run opened whole: its facts and metrics, the conversation it sent with the answer it got, the
// Inspector on its captured exchange, and what can be done with it (open in Text, rerun, rerun in another
// format, open in Compare, delete, export). Model output renders through the safe markdown component (S3).
import { useRef, useState } from 'react'
import { RUN_KIND_LABELS, type HistoryRun } from '../../../../shared/ipc/history'
import { FORMAT_LABELS, WIRE_FORMATS, type WireFormat } from '../../../../shared/format'
import type { Draft } from '../../../../shared/wire'
import { useFocusReturn } from '../../components/focus/useFocusReturn'
import { Inspector } from '../../components/inspector'
import { Markdown } from '../../components/markdown/Markdown'
import { askUser } from '../../stores/app'
import { useHistoryStore } from '../../stores/history'
import { openRunInCompare, openRunInText, rerunInText } from '../../stores/handoffs'
import { openLink } from '../../ipc/openLink'
import { SaveCaseButton } from '../../widgets/saveCase/SaveCaseButton'
import { formatMs, formatName, formatWhen, rowCostText, statusClass } from './runFacts'
import { RunResult } from './RunResult'
import { AnswerDetails } from '../../components/runOutput/AnswerDetails'
import { runSummarySchema } from '../../../../shared/ipc/text'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

export function RunDetail({ run }: { run: HistoryRun }) {
  const { deleteRuns, exportRuns, closeRun, pinRuns } = useHistoryStore()
  const otherFormats = WIRE_FORMATS.filter((f) => f !== run.format)
  const [format, setFormat] = useState<WireFormat>(otherFormats[0] ?? 'chat')
  const draft = run.draft as Draft | null
  const isText = run.kind === 'text' && draft !== null
  const box = useRef<HTMLElement>(null)
  useFocusReturn(box)
  return (
    <section ref={box} className="history-detail" aria-label="Run details">
      <header className="history-detail-head">
        <h2>Run</h2>
        <span className={`badge ${statusClass(run.status)}`} data-testid="history-run-status">
          {run.status}
        </span>
        <button
          type="button"
          aria-pressed={run.pinned}
          title="A pinned run is kept whatever the retention setting says"
          onClick={() => void pinRuns([run.id], !run.pinned)}
        >
          {run.pinned ? 'Unpin' : 'Pin'}
        </button>
        <button type="button" className="ghost" onClick={closeRun} aria-label="Close run details">
          ✕
        </button>
      </header>
      <dl className="facts history-facts">
        <dt>Kind</dt>
        <dd data-testid="history-run-kind">{RUN_KIND_LABELS[run.kind]}</dd>
        <dt>When</dt>
        <dd>{formatWhen(run.createdAt)}</dd>
        <dt>{run.kind === 'video' || run.kind === 'console' ? 'Endpoint' : 'Format'}</dt>
        <dd>{run.format ? formatName(run.format) : run.kind}</dd>
        <dt>Model</dt>
        <dd>{run.model ?? '—'}</dd>
        <dt>Profile</dt>
        <dd>{run.profile ?? '—'}</dd>
        <dt>Time to first token</dt>
        <dd>{formatMs(run.ttftMs)}</dd>
        <dt>Total</dt>
        <dd>{formatMs(run.totalMs)}</dd>
        <dt>Cost</dt>
        <dd>{rowCostText(run) ?? '—'}</dd>
        <dt>Tokens in / out</dt>
        <dd>
          {run.inputTokens ?? '—'} / {run.outputTokens ?? '—'}
        </dd>
      </dl>
      <ErrorBanner>{run.error}</ErrorBanner>
      {isText && (
        <div className="history-actions" role="group" aria-label="Run actions">
          <button
            type="button"
            onClick={() => void openRunInText(run)}
            title="Open this run in a new Text conversation"
          >
            Open in Text
          </button>
          <button type="button" className="primary" onClick={() => void rerunInText(run)}>
            Rerun
          </button>
          <label className="inline">
            <span className="sr-only">Format for rerun</span>
            <select
              aria-label="Format for rerun"
              value={format}
              onChange={(e) => setFormat(e.target.value as WireFormat)}
            >
              {otherFormats.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => void rerunInText(run, format)}>
            Rerun in {FORMAT_LABELS[format]}
          </button>
          <button type="button" onClick={() => void openRunInCompare(run)}>
            Open in Compare
          </button>
          <SaveCaseButton draft={() => draft} />
        </div>
      )}
      <div className="history-actions">
        <button type="button" onClick={() => void exportRuns([run.id])}>
          Export JSON
        </button>
        <button
          type="button"
          className="danger"
          onClick={() =>
            void askUser({
              title: 'Delete this run?',
              message: 'The run, its recorded request and its answer are removed from History for good.',
              confirm: 'Delete',
            }).then((yes) => (yes ? deleteRuns([run.id]) : undefined))
          }
        >
          Delete
        </button>
      </div>
      {run.kind !== 'text' && run.kind !== 'compare' ? (
        <RunResult run={run} />
      ) : (
        <section className="history-conversation" aria-label="Conversation">
          {draft?.system && (
            <div className="history-turn">
              <span className="badge">system</span>
              <p className="pre">{draft.system}</p>
            </div>
          )}
          {(draft?.messages ?? []).map((m, i) => (
            <div className="history-turn" key={i}>
              <span className="badge">{m.role}</span>
              <p className="pre">
                {m.parts
                  .map((p) =>
                    p.type === 'text'
                      ? p.text
                      : p.type === 'toolCall'
                        ? `→ ${p.name}(${p.arguments})  [call ${p.id}]`
                        : p.type === 'toolResult'
                          ? `← ${p.name} [for ${p.callId}]${p.isError ? ' (error)' : ''}: ${p.content}`
                          : `[${p.type}]`,
                  )
                  .join('\n')}
              </p>
            </div>
          ))}
          {!draft && run.prompt && (
            <div className="history-turn">
              <span className="badge">input</span>
              <p className="pre">{run.prompt}</p>
            </div>
          )}
          <div className="history-turn answer" data-testid="history-answer">
            <span className="badge">answer</span>
            {run.answer ? (
              <Markdown text={run.answer} onOpenLink={(url) => void openLink(url)} />
            ) : (
              <p className="muted">No answer text.</p>
            )}
          </div>
          <RecordedAnswerDetails run={run} />
        </section>
      )}
      {run.captureState === 'expired' && (
        <p className="muted small">The captured exchange was removed by the retention setting.</p>
      )}
      {run.captureState === 'none' && <p className="muted small">No exchange was captured for this run.</p>}
      {run.exchange && <Inspector exchange={run.exchange} preview={null} label="Recorded exchange" />}
    </section>
  )
}

/** Sources, safety and the response id of a recorded text run, from the summary History kept with it. */
function RecordedAnswerDetails({ run }: { run: HistoryRun }) {
  const result = run.result as { summary?: unknown } | null
  const parsed = runSummarySchema.safeParse(result?.summary)
  if (!parsed.success || !WIRE_FORMATS.includes(run.format as WireFormat)) return null
  return (
    <AnswerDetails
      run={{
        status: 'done',
        format: run.format as WireFormat,
        summary: parsed.data,
        text: run.answer ?? '',
      }}
      onOpenLink={(url) => void openLink(url)}
    />
  )
}

// A Compare column's tool loop as it happened: each round's tool calls (name, arguments) and what went back for
// each (the result or the error, how it came: ran on a server with its time, canned, denied, typed), above the
// column's latest answer; below it, the calls of that answer waiting for results (the round form Text uses), or
// the note that Stop ended the loop.
import { memo } from 'react'
import type { ToolCallPart } from '../../../../shared/wire'
import { ToolRoundForm } from '../../components/toolRound/ToolRoundForm'
import { sendColumnToolResults, useCompareStore, type ColumnRound } from '../../stores/compare'
import { useToolRoundServers } from '../../stores/tools'

/** The rounds done, in order. */
export const ColumnRoundsDone = memo(function ColumnRoundsDone({
  columnId,
  n,
}: {
  columnId: string
  n: number
}) {
  const done = useCompareStore((s) => s.rounds[columnId]?.done)
  if (!done?.length) return null
  return (
    <ol className="compare-rounds" aria-label={`Tool rounds of column ${n}`}>
      {done.map((r, i) => (
        <li key={i} data-testid="compare-round">
          <RoundView round={r} index={i} />
        </li>
      ))}
    </ol>
  )
})

function RoundView({ round, index }: { round: ColumnRound; index: number }) {
  const text = round.answer.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
  const calls = round.answer.parts.filter((p): p is ToolCallPart => p.type === 'toolCall')
  return (
    <>
      <div className="compare-round-head">
        <strong>Round {index + 1}</strong>{' '}
        <span className="muted small">
          {calls.length} tool call{calls.length === 1 ? '' : 's'}
          {round.automatic ? ' · sent without asking' : ''}
        </span>
      </div>
      {text && <p className="small compare-round-text">{text}</p>}
      {calls.map((call) => {
        const at = round.results.findIndex((x) => x.callId === call.id)
        const result = round.results[at]
        const note = round.notes[at]
        return (
          <div key={call.id} className="compare-round-call" data-testid="compare-round-call">
            <div>
              <span className="badge">tool call</span> <code>{call.name}</code>{' '}
              <span className="muted small compare-round-args">{call.arguments || '{}'}</span>
            </div>
            {result && (
              <div>
                <span className={`badge${result.isError ? ' warn' : ''}`}>
                  {result.isError ? 'tool error' : 'tool result'}
                </span>{' '}
                {result.origin && result.origin !== 'typed' && (
                  <span className={`badge origin-${result.origin}`}>{result.origin}</span>
                )}{' '}
                <span className="compare-round-result">{clip(result.content)}</span>
                {note && <div className="muted small">{note}</div>}
              </div>
            )}
          </div>
        )
      })}
    </>
  )
}

/** The calls of the column's latest answer waiting for results, or the note that Stop ended the loop. */
export const ColumnRoundPending = memo(function ColumnRoundPending({
  columnId,
  n,
}: {
  columnId: string
  n: number
}) {
  const pending = useCompareStore((s) => s.rounds[columnId]?.pending)
  const stopped = useCompareStore((s) => s.rounds[columnId]?.stopped)
  const autoInARow = useCompareStore((s) => s.rounds[columnId]?.autoInARow ?? 0)
  const { servers, actions } = useToolRoundServers()
  if (stopped)
    return (
      <p className="warn-banner small" role="status" data-testid="compare-round-stopped">
        Tool loop stopped: the calls waiting got no result and none went back to the model. Run starts it
        again.
      </p>
    )
  if (!pending?.length) return null
  return (
    <ToolRoundForm
      key={pending.map((c) => c.id).join(' ')}
      label={`Tool results of column ${n}`}
      calls={pending}
      servers={servers}
      actions={actions}
      autoRounds={autoInARow}
      onSubmit={(results, automatic, notes) =>
        void sendColumnToolResults(columnId, results, automatic, notes)
      }
    />
  )
})

/** A result's text as a round shows it: its start, the rest said in characters. */
function clip(text: string): string {
  return text.length <= 400
    ? text
    : `${text.slice(0, 400)}… (${(text.length - 400).toLocaleString('en-US')} more characters)`
}

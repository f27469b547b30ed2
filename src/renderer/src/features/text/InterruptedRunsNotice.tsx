// Says, once, on the first start after the app stopped mid-run (a kill, a crash, a closed window), which runs
// were interrupted and that what had arrived is kept as "interrupted" (in History, and an answer the Text
// conversation waited for in that conversation), in a line or two so the conversation keeps its room. Open
// shows the run in History; Dismiss tells main the user has seen it, so the notice does not come back.
import { useEffect, useState } from 'react'
import type { InterruptedRun } from '../../../../shared/ipc/history'
import { historyCalls } from '../../ipc/historyCalls'
import { useAppStore, whenStarted } from '../../stores/app'

export function InterruptedRunsNotice() {
  const [runs, setRuns] = useState<InterruptedRun[]>([])
  useEffect(() => {
    let live = true
    // Asked once the first screen is up: reading it opens the history database, which can wait that long.
    whenStarted(() => {
      if (!live) return
      historyCalls
        .listInterrupted()
        .then((r) => live && setRuns(r.runs))
        .catch(() => undefined)
    })
    return () => {
      live = false
    }
  }, [])
  if (runs.length === 0) return null
  const dismiss = () => {
    setRuns([])
    void historyCalls.dismissInterrupted().catch(() => undefined)
  }
  const open = (id: string) => {
    useAppStore.getState().setPanel('history')
    // The History store loads with its panel, not with the Text panel's first load.
    void import('../../stores/history').then((m) => m.useHistoryStore.getState().openRun(id))
    dismiss()
  }
  const [first] = runs
  const describe = (r: InterruptedRun) => (
    <>
      <span className="interrupted-prompt">“{r.prompt || 'no prompt'}”</span>{' '}
      <span className="muted small">
        {[r.model, r.format].filter(Boolean).join(' · ')} · {r.answerChars.toLocaleString()} characters kept
      </span>{' '}
      <button className="ghost small" onClick={() => open(r.id)}>
        Open in History
      </button>
    </>
  )
  // One line (two at most at 1024 px): the conversation keeps its room.
  return (
    <div className="warn-banner interrupted-runs" role="status" aria-label="Interrupted runs">
      <p>
        {runs.length === 1 ? 'A run was' : `${runs.length} runs were`} interrupted when the app last stopped.
        What had arrived is kept, marked “interrupted”, in History and in the conversation it answered.{' '}
        {runs.length === 1 && first && describe(first)}
        <button className="ghost small" onClick={dismiss}>
          Dismiss
        </button>
      </p>
      {runs.length > 1 && (
        <details>
          <summary className="small">The {runs.length} runs</summary>
          <ul>
            {runs.slice(0, 5).map((r) => (
              <li key={r.id}>{describe(r)}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

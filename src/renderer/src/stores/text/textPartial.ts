// Keeping a partial (failed or cut) answer: the text that arrived becomes an assistant turn of its own (added by
// main, which owns the conversation), as the user asked, and the run's output gives way to it. Kept apart from
// the store so the store stays small.
import type { DraftMessage } from '../../../../shared/wire'
import { storedCost } from '../../../../shared/cost/keptCost'
import { localId } from '../form'
import { editConversation, useTextStore } from './textStore'
import { currentRun } from './textState'

/** Keeps a partial (failed or cut) answer in the conversation, as the user asked. */
export function keepPartialAnswer(): Promise<void> | undefined {
  const s = useTextStore.getState()
  const run = currentRun(s)
  if (!run || run.status === 'running' || !run.text) return
  // The kept answer carries what it cost (it was billed for what it used), so the conversation's total counts it.
  const cost = storedCost(run.summary?.cost)
  const message: DraftMessage = {
    id: localId(),
    role: 'assistant',
    parts: [{ type: 'text', text: run.text }],
    ...(cost ? { cost } : {}),
  }
  // The kept text is a turn of its own now; the run's output gives way to it.
  useTextStore.setState({ runs: { ...s.runs, [run.runId]: { ...run, status: 'done' } } })
  return editConversation({ type: 'add', turns: [message] }).then(() => undefined)
}

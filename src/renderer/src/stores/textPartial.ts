// Keeping a partial (failed or cut) answer: the text that arrived becomes an assistant turn of its own, as the
// user asked, and the run's output gives way to it. Kept apart from the store so the store stays one file.
import type { DraftMessage } from '../../../shared/wire'
import { localId } from './textForm'
import { currentRun, useTextStore } from './textStore'

/** Keeps a partial (failed or cut) answer in the conversation, as the user asked. */
export function keepPartialAnswer(): void {
  const s = useTextStore.getState()
  const run = currentRun(s)
  if (!run || run.status === 'running' || !run.text) return
  const message: DraftMessage = {
    id: localId(),
    role: 'assistant',
    parts: [{ type: 'text', text: run.text }],
  }
  // The kept text is a turn of its own now; the run's output gives way to it.
  useTextStore.setState({
    messages: [...s.messages, message],
    runs: { ...s.runs, [run.runId]: { ...run, status: 'done' } },
  })
}

// Runs a previous process left `running` (killed or closed mid-run) are marked `interrupted` when the history
// opens, keeping what had arrived; the list of them is what the Text panel tells the user on the next start, until
// dismissed.
import type { Database } from 'node-sqlite3-wasm'
import type { InterruptedRun } from '../../../shared/ipc/history'

export const INTERRUPTED_MESSAGE =
  'The app stopped while this run was going; what had arrived by then is kept.'

export function markInterrupted(db: Database): InterruptedRun[] {
  const rows = db.all(
    `SELECT id, created_at, kind, format, model, prompt_head AS prompt, answer_chars
     FROM history_runs WHERE status = 'running' ORDER BY created_at`,
  ) as {
    id: string
    created_at: number
    kind: string
    format: string | null
    model: string | null
    prompt: string
    answer_chars: number
  }[]
  if (rows.length === 0) return []
  db.run(
    "UPDATE history_runs SET status = 'interrupted', error = coalesce(error, ?) WHERE status = 'running'",
    [INTERRUPTED_MESSAGE],
  )
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    kind: r.kind as InterruptedRun['kind'],
    format: r.format,
    model: r.model,
    prompt: r.prompt,
    answerChars: r.answer_chars,
  }))
}

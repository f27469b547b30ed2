// Runs still going are kept as `running` rows, their checkpoints rewriting only what grows. Runs a previous
// process left `running` (killed or closed mid-run) are marked `interrupted` when the history opens, keeping what
// had arrived; the list of them is what the Text panel tells the user on the next start, until dismissed.
import type { Database } from 'node-sqlite3-wasm'
import type { InterruptedRun } from '../../../shared/ipc/history'
import type { RunRecord } from './ports'
import { redactValue } from '../redact'

/** Rewrites a running row's growing parts; answers how many rows changed (0: write the whole row first). */
export function updateCheckpoint(db: Database, run: RunRecord, redact: (text: string) => string): number {
  const result =
    run.result === null || run.result === undefined ? null : JSON.stringify(redactValue(run.result, redact))
  return db.run(
    `UPDATE runs SET answer = CAST(? AS TEXT), result = ?, model = ?, ttft_ms = ?, total_ms = ?, input_tokens = ?,
      output_tokens = ? WHERE id = ? AND status = 'running'`,
    [
      Buffer.from(redact(run.answer), 'utf8'),
      result,
      run.model,
      run.ttftMs,
      run.totalMs,
      run.inputTokens,
      run.outputTokens,
      run.id,
    ],
  ).changes
}

export const INTERRUPTED_MESSAGE =
  'The app stopped while this run was going; what had arrived by then is kept.'

export function markInterrupted(db: Database): InterruptedRun[] {
  const rows = db.all(
    `SELECT id, created_at, kind, format, model, substr(prompt, 1, 160) AS prompt, length(answer) AS answer_chars
     FROM runs WHERE status = 'running' ORDER BY created_at`,
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
  db.run("UPDATE runs SET status = 'interrupted', error = coalesce(error, ?) WHERE status = 'running'", [
    INTERRUPTED_MESSAGE,
  ])
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

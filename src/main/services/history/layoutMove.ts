// Moves the runs of the earlier layout (the `runs` table with its own search index) into the compact one, once,
// in small transactions, newest first, so the newest runs are back in lists and searches first. Each step moves a
// batch and deletes it from the old table in one commit: a kill mid-way loses nothing and the next open goes on
// from there. New runs go to the new layout meanwhile; an old row whose id was recorded again is dropped.
import type { Database } from 'node-sqlite3-wasm'
import type { RunRecord } from './ports'
import type { RunRows, Sql } from './runRows'
import { INTERRUPTED_MESSAGE } from './interruptedRuns'

export const LAYOUT_MOVE_BATCH = 500

/** The part of the store a step needs (its transactions). */
interface Transactions {
  transaction(body: () => void): void
}

export class LayoutMove {
  private left: number
  private moved: number

  constructor(
    private readonly db: Database,
    private readonly rows: RunRows,
    private readonly log?: (message: string) => void,
  ) {
    const old = db.get("SELECT 1 AS one FROM sqlite_master WHERE type = 'table' AND name = 'runs'")
    this.left = old ? (db.get('SELECT COUNT(*) AS n FROM runs') as { n: number }).n : 0
    const row = db.get("SELECT value FROM settings WHERE key = 'layoutMoved'") as { value: string } | null
    this.moved = Number(row?.value ?? 0) || 0
    if (old && this.left === 0) this.finish()
  }

  /** True while runs of the earlier layout are still to move. */
  get active(): boolean {
    return this.left > 0
  }

  progress(): { moved: number; left: number } | null {
    return this.active ? { moved: this.moved, left: this.left } : null
  }

  /** Moves one batch in one transaction; answers true once nothing is left. */
  step(store: Transactions, batch = LAYOUT_MOVE_BATCH): boolean {
    if (!this.active) return true
    let count = 0
    store.transaction(() => {
      const old = this.db.all(`SELECT rowid AS old_rowid, * FROM runs ORDER BY rowid DESC LIMIT ?`, [
        batch,
      ]) as Sql[]
      for (const row of old) {
        const exists = this.db.get('SELECT 1 AS one FROM history_runs WHERE id = ?', [row.id ?? null])
        if (!exists) this.rows.write(recordOf(row), row.capture as string | null, true)
      }
      const last = old.at(-1)
      if (last) this.db.run('DELETE FROM runs WHERE rowid >= ?', [last.old_rowid ?? 0])
      count = old.length
      this.moved += count
      this.db.run("UPDATE settings SET value = ? WHERE key = 'layoutMoved'", [String(this.moved)])
    })
    this.left = count === 0 ? 0 : Math.max(0, this.left - count)
    if (!this.active) {
      store.transaction(() => this.finish())
      this.log?.(`history: moved ${this.moved} run(s) to the compact layout`)
    }
    return !this.active
  }

  /** Drops an old row a new record replaces (a retried job's later end). */
  forget(id: string): void {
    if (this.db.run('DELETE FROM runs WHERE id = ?', [id]).changes > 0) this.left = Math.max(0, this.left - 1)
  }

  /** Moves a run not moved yet on the spot (so opening it works during the move); answers whether it was there. */
  take(id: string, store: Transactions): boolean {
    const row = this.db.get('SELECT rowid FROM runs WHERE id = ?', [id]) as { rowid: number } | null
    if (!row) return false
    store.transaction(() => {
      const old = this.db.get('SELECT * FROM runs WHERE rowid = ?', [row.rowid]) as Sql
      this.rows.write(recordOf(old), old.capture as string | null, true)
      this.db.run('DELETE FROM runs WHERE rowid = ?', [row.rowid])
    })
    this.left = Math.max(0, this.left - 1)
    return true
  }

  private finish(): void {
    this.db.exec('DROP TABLE IF EXISTS runs_fts; DROP TABLE IF EXISTS runs')
    this.db.run("DELETE FROM settings WHERE key = 'layoutMoved'")
  }
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return null
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}

/** An old row as a record (a run the previous process left going is moved as interrupted). */
function recordOf(row: Sql): RunRecord {
  const running = row.status === 'running'
  return {
    id: row.id as string,
    kind: row.kind as RunRecord['kind'],
    createdAt: row.created_at as number,
    format: row.format as string | null,
    model: row.model as string | null,
    profile: row.profile as string | null,
    status: running ? 'interrupted' : (row.status as string),
    ttftMs: row.ttft_ms as number | null,
    totalMs: row.total_ms as number | null,
    inputTokens: row.input_tokens as number | null,
    outputTokens: row.output_tokens as number | null,
    prompt: (row.prompt as string | null) ?? '',
    answer: (row.answer as string | null) ?? '',
    requestBody: row.request_body as string | null,
    draft: parsed(row.draft),
    result: parsed(row.result),
    error: running ? ((row.error as string | null) ?? INTERRUPTED_MESSAGE) : (row.error as string | null),
    capture: null,
  }
}

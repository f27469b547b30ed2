// The part of an append that follows it: a run's row is committed without its words in the search index
// (`fts_pending = 1`), and this indexes them a moment later in a transaction of its own, then checkpoints the
// write-ahead log. A row a crash left unindexed is indexed on the next open; a search indexes first.
import type { Database } from 'node-sqlite3-wasm'
import type { RunRows } from './runRows'

/**
 * How long after an append its indexing (and its capture file) wait: the run's terminal event leaves main first,
 * and the renderer's calls that follow it (showing the final answer) are answered before a long one is indexed.
 */
export const FOLLOW_UP_DELAY_MS = 300

/**
 * Appends go to a write-ahead log without an fsync per commit (synchronous = NORMAL), the SQLite setting for
 * applications: a killed process loses no committed run, and a power loss can drop the last moments but never
 * corrupts the file. The log is checkpointed after an append's follow-up, not inside an append. This build has
 * no shared memory for the log's index, so the file is held by this process alone (locking_mode EXCLUSIVE;
 * staleLock.ts frees it after a crash). Answers false (rollback journal with fsync kept) where WAL is refused.
 */
export function useWriteAheadLog(db: Database): boolean {
  db.exec('PRAGMA locking_mode = EXCLUSIVE')
  const mode = db.get('PRAGMA journal_mode = WAL') as { journal_mode: string } | null
  if (mode?.journal_mode !== 'wal') return false
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA wal_autocheckpoint = 0')
  return true
}

/**
 * Rows to index: committed and not yet indexed, except runs still going, whose checkpoints rewrite their answer in
 * place (they are indexed once they end).
 */
const UNINDEXED = "fts_pending = 1 AND status != 'running'"

export class DeferredIndex {
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly db: Database,
    private readonly rows: RunRows,
    private readonly wal: boolean,
    private readonly log?: (message: string) => void,
  ) {}

  /** Indexes every committed but unindexed run, 5,000 a transaction; answers how many. */
  indexPending(): number {
    let indexed = 0
    while (this.db.isOpen && this.db.get(`SELECT 1 AS one FROM history_runs WHERE ${UNINDEXED} LIMIT 1`)) {
      this.db.exec('BEGIN IMMEDIATE')
      try {
        indexed += this.indexRows()
        this.db.exec('COMMIT')
      } catch (error) {
        this.db.exec('ROLLBACK')
        this.rows.rolledBack()
        throw error
      }
    }
    return indexed
  }

  /** Indexes up to 5,000 unindexed runs inside the caller's transaction. */
  indexRows(): number {
    return this.rows.indexPending(UNINDEXED)
  }

  /** Indexes and checkpoints FOLLOW_UP_DELAY_MS after an append (one timer for a burst of appends). */
  schedule(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      try {
        this.indexPending()
        if (this.wal) this.db.exec('PRAGMA wal_checkpoint(PASSIVE)')
      } catch (error) {
        // The rows stay marked; the next append, search or open indexes them.
        this.log?.(`history: indexing for search or the log checkpoint failed: ${(error as Error).message}`)
      }
    }, FOLLOW_UP_DELAY_MS)
    this.timer.unref?.()
  }

  /** Cancels a scheduled follow-up and indexes now (before the file closes). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.indexPending()
  }
}

// The history of runs in an embedded SQLite file (`<dataDir>/history.db`, WebAssembly build: the same file in
// Electron and browser mode). `record` commits the run's row before it returns, so a run's end is on disk before
// its terminal event leaves main; its search index, the WAL checkpoint and the capture file follow a moment later
// off that path (a row a crash left unindexed is indexed on open). Every text written is scrubbed of known secrets.
import { mkdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type * as Sqlite from 'node-sqlite3-wasm'
import type { Database } from 'node-sqlite3-wasm'
import type {
  HistoryFilter,
  HistoryRow,
  HistoryRun,
  HistoryStorage,
  InterruptedRun,
  RunKind,
} from '../../../shared/ipc/history'
import { CaptureFiles } from './captures'
import { migrate } from './migrations'
import type { RecordedRun, RunCapture, RunRecord, RunRecorder } from './ports'
import { whereOf, wordsOnly } from './runQuery'
import { claimDatabase } from './staleLock'
import { DeferredIndex, FOLLOW_UP_DELAY_MS, useWriteAheadLog } from './deferredIndex'
import { markInterrupted, updateCheckpoint } from './interruptedRuns'
import { redactValue } from '../redact'

export const HISTORY_FILE = 'history.db'
const DEFAULT_RETENTION_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
/** Answer and body characters one opened run carries over IPC (M1). */
const OPEN_TEXT_MAX = 60_000
const LIST_PROMPT_CHARS = 160
const LIST_ANSWER_CHARS = 200

const ROW_COLUMNS = `id, created_at, kind, format, model, profile, status, ttft_ms, total_ms, output_tokens,
  substr(prompt, 1, ${LIST_PROMPT_CHARS}) AS prompt, substr(answer, 1, ${LIST_ANSWER_CHARS}) AS answer`

type Sql = Record<string, string | number | null>

/** SQLite's WebAssembly build, loaded when the first store opens (after start-up), not when this module loads. */
let sqlite: typeof Sqlite | null = null
function sqliteModule(): typeof Sqlite {
  sqlite ??= createRequire(import.meta.url)('node-sqlite3-wasm') as typeof Sqlite
  return sqlite
}

export interface HistoryStoreOptions {
  /** Scrubs known secrets from text before it is written (S7). */
  redact?: (text: string) => string
  log?: (message: string) => void
  /** Logs how long each append held the caller (benchmarks set HISTORY_TIMING=1). */
  timeAppends?: boolean
}

export class HistoryStore implements RunRecorder {
  readonly path: string
  readonly captures: CaptureFiles
  private readonly db: Database
  private readonly redact: (text: string) => string
  private readonly index: DeferredIndex
  private readonly timing: boolean
  private readonly watchers = new Set<(run: RecordedRun) => void>()
  /** Inside recordMany: one notice for the batch instead of one per run. */
  private batching = false
  /** Runs found still `running` on open (the previous process stopped mid-run), until dismissed. */
  interrupted: InterruptedRun[]

  constructor(
    readonly dataDir: string,
    private readonly options: HistoryStoreOptions = {},
  ) {
    mkdirSync(dataDir, { recursive: true })
    this.path = join(dataDir, HISTORY_FILE)
    if (claimDatabase(this.path)) options.log?.('history: cleared the lock of a process that ended mid-write')
    this.db = new (sqliteModule().Database)(this.path)
    this.db.exec('PRAGMA busy_timeout = 2000')
    const wal = useWriteAheadLog(this.db)
    migrate(this.db)
    this.interrupted = markInterrupted(this.db)
    this.index = new DeferredIndex(this.db, wal, options.log)
    this.captures = new CaptureFiles(dataDir)
    this.redact = options.redact ?? ((t) => t)
    this.timing = options.timeAppends ?? process.env.HISTORY_TIMING === '1'
    const repaired = this.indexPending()
    if (repaired > 0) options.log?.(`history: indexed ${repaired} run(s) a previous process left unindexed`)
  }

  /** The database, for the suites kept beside the runs. */
  get database(): Database {
    return this.db
  }

  record(run: RunRecord): void {
    this.write(run, true)
  }

  /** Keeps a run still going as `running` (R9): no search index yet, no capture, no notice; `record` replaces it. */
  checkpoint(run: RunRecord): void {
    // After the first, a checkpoint rewrites only what grows (not the body as sent or the draft), and the log is
    // checkpointed after it like after an append, so a long run neither slows main per second nor grows the WAL.
    try {
      const updated = updateCheckpoint(this.db, run, this.redact)
      if (updated === 0) this.write({ ...run, status: 'running', capture: null }, false)
    } catch (error) {
      this.options.log?.(`history: run ${run.id} was not checkpointed: ${(error as Error).message}`)
    }
    this.index.schedule()
  }

  dismissInterrupted(): number {
    return this.interrupted.splice(0).length
  }

  private write(run: RunRecord, final: boolean): void {
    const r = this.redact
    // Redacted value by value, and bounded in depth so a gateway's deeply nested JSON cannot overflow stringify.
    const json = (value: unknown) =>
      value === undefined || value === null ? null : JSON.stringify(redactValue(value, r))
    const capture = run.capture ? this.captures.nameFor(run.id) : null
    const startedAt = performance.now()
    // One commit: a run recorded again under its id (a retried job's later end) replaces its earlier record.
    this.db.exec('SAVEPOINT record_run')
    try {
      this.db.run('DELETE FROM runs WHERE id = ?', [run.id])
      this.db.run(
        `INSERT INTO runs (id, created_at, kind, format, model, profile, status, ttft_ms, total_ms, input_tokens,
          output_tokens, prompt, answer, request_body, draft, result, error, capture, fts_pending)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT),
          CAST(? AS TEXT), ?, ?, ?, 1)`,
        [
          run.id,
          run.createdAt,
          run.kind,
          run.format,
          run.model,
          run.profile,
          run.status,
          run.ttftMs,
          run.totalMs,
          run.inputTokens,
          run.outputTokens,
          utf8(r(run.prompt)),
          utf8(r(run.answer)),
          run.requestBody === null ? null : utf8(r(run.requestBody)),
          utf8(json(run.draft)),
          json(run.result),
          run.error === null ? null : r(run.error),
          capture,
        ],
      )
      this.db.exec('RELEASE record_run')
    } catch (error) {
      this.db.exec('ROLLBACK TO record_run')
      this.db.exec('RELEASE record_run')
      this.options.log?.(`history: run ${run.id} was not recorded: ${(error as Error).message}`)
      return
    }
    if (!final) return
    if (this.timing)
      this.options.log?.(
        `history: appended run ${run.id} in ${(performance.now() - startedAt).toFixed(1)} ms`,
      )
    this.index.schedule()
    if (!this.batching) this.notify({ id: run.id, kind: run.kind, createdAt: run.createdAt, count: 1 })
    const source = run.capture
    if (capture && source)
      void this.captures.writeLater(capture, FOLLOW_UP_DELAY_MS, () => {
        const c: RunCapture = typeof source === 'function' ? source() : source
        return { exchange: redactValue(c.exchange, r), rawBody: r(c.rawBody) }
      })
  }

  /** Records many runs in one transaction (imports, benchmarks), indexed in it too: all of them or none. */
  recordMany(runs: readonly RunRecord[]): void {
    this.db.exec('BEGIN IMMEDIATE')
    this.batching = true
    try {
      for (const run of runs) this.record(run)
      this.index.indexRows()
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    } finally {
      this.batching = false
    }
    const last = runs.at(-1)
    if (last) this.notify({ id: last.id, kind: last.kind, createdAt: last.createdAt, count: runs.length })
  }

  /** Calls `listener` after each committed append; answers the function that stops it. */
  watch(listener: (run: RecordedRun) => void): () => void {
    this.watchers.add(listener)
    return () => this.watchers.delete(listener)
  }

  private notify(run: RecordedRun): void {
    for (const listener of this.watchers) {
      try {
        listener(run)
      } catch (error) {
        this.options.log?.(`history: a watcher failed: ${(error as Error).message}`)
      }
    }
  }

  /** Indexes committed runs whose indexing is still to come (see DeferredIndex); answers how many. */
  indexPending(): number {
    return this.index.indexPending()
  }

  list(filter: HistoryFilter, offset: number, limit: number): { total: number; rows: HistoryRow[] } {
    // A search sees every committed run, even one whose indexing is still to come.
    if (filter.query) this.indexPending()
    const words = wordsOnly(filter)
    if (words) return this.search(words, offset, limit)
    const where = whereOf(filter)
    const total = (this.db.get(`SELECT COUNT(*) AS n FROM runs ${where.sql}`, where.values) as { n: number })
      .n
    const rows = this.db.all(
      `SELECT ${ROW_COLUMNS} FROM runs ${where.sql} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      [...where.values, limit, offset],
    ) as Sql[]
    return { total, rows: rows.map(toRow) }
  }

  /**
   * A search by words alone, in the shape FTS5 answers fastest (P5): the count from the index's own doclist, and
   * the page as index rowids read newest first with LIMIT/OFFSET, so neither reads every matching row nor sorts
   * them. Runs are appended as they end, so the newest recorded comes first.
   */
  private search(match: string, offset: number, limit: number): { total: number; rows: HistoryRow[] } {
    const total = (
      this.db.get('SELECT COUNT(*) AS n FROM runs_fts WHERE runs_fts MATCH ?', [match]) as { n: number }
    ).n
    const rows = this.db.all(
      `SELECT ${ROW_COLUMNS} FROM runs WHERE rowid IN
        (SELECT rowid FROM runs_fts WHERE runs_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?)
       ORDER BY rowid DESC`,
      [match, limit, offset],
    ) as Sql[]
    return { total, rows: rows.map(toRow) }
  }

  facets(): { models: string[]; profiles: string[]; formats: string[] } {
    const distinct = (column: string) =>
      (
        this.db.all(
          `SELECT DISTINCT ${column} AS v FROM runs WHERE ${column} IS NOT NULL AND ${column} != '' ORDER BY v LIMIT 500`,
        ) as { v: string }[]
      ).map((row) => row.v)
    return { models: distinct('model'), profiles: distinct('profile'), formats: distinct('format') }
  }

  /** A whole run with its capture read back; null when there is no such run. */
  async get(id: string): Promise<HistoryRun | null> {
    const row = this.db.get('SELECT * FROM runs WHERE id = ?', [id]) as Sql | null
    if (!row) return null
    const name = row.capture as string | null
    const capture = name ? await this.captures.read(name) : null
    return {
      ...toRow(row),
      inputTokens: row.input_tokens as number | null,
      prompt: cut(row.prompt as string),
      answer: cut(row.answer as string),
      draft: parse(row.draft),
      requestBody: row.request_body === null ? null : cut(row.request_body as string),
      result: parse(row.result),
      error: row.error as string | null,
      exchange: capture?.exchange ?? null,
      captureState: !name ? 'none' : capture ? 'kept' : 'expired',
    }
  }

  /** The records as stored (without capture contents), for export and the case runner. */
  records(ids: readonly string[] | null, filter: HistoryFilter = {}): Record<string, unknown>[] {
    const rows: Sql[] = []
    if (ids) {
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500)
        rows.push(
          ...(this.db.all(
            `SELECT * FROM runs WHERE id IN (${part.map(() => '?').join(',')}) ORDER BY created_at DESC`,
            part,
          ) as Sql[]),
        )
      }
    } else {
      const where = whereOf(filter)
      rows.push(
        ...(this.db.all(`SELECT * FROM runs ${where.sql} ORDER BY created_at DESC`, where.values) as Sql[]),
      )
    }
    return rows.map((row) => ({
      ...toRow(row),
      inputTokens: row.input_tokens,
      prompt: row.prompt,
      answer: row.answer,
      requestBody: row.request_body,
      draft: parse(row.draft),
      result: parse(row.result),
      error: row.error,
      capture: row.capture,
    }))
  }

  async delete(ids: readonly string[]): Promise<number> {
    let deleted = 0
    const files: string[] = []
    this.db.exec('BEGIN IMMEDIATE')
    try {
      for (const id of ids) {
        const row = this.db.get('SELECT capture FROM runs WHERE id = ?', [id]) as {
          capture: string | null
        } | null
        if (!row) continue
        if (row.capture) files.push(row.capture)
        deleted += this.db.run('DELETE FROM runs WHERE id = ?', [id]).changes
      }
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
    await this.captures.remove(files)
    return deleted
  }

  retentionDays(): number {
    const row = this.db.get("SELECT value FROM settings WHERE key = 'retentionDays'") as {
      value: string
    } | null
    const days = row ? Number(row.value) : DEFAULT_RETENTION_DAYS
    return Number.isFinite(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS
  }

  async setRetention(days: number): Promise<HistoryStorage> {
    this.db.run(
      "INSERT INTO settings (key, value) VALUES ('retentionDays', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      [String(days)],
    )
    await this.applyRetention()
    return this.storage()
  }

  /** Removes captures older than the retention setting (runs stay; their capture reads as expired). */
  async applyRetention(now = Date.now()): Promise<number> {
    const days = this.retentionDays()
    if (days === 0) return 0
    await this.captures.settle()
    return this.captures.sweep(now - days * DAY_MS)
  }

  async storage(): Promise<HistoryStorage> {
    const { bytes, files } = await this.captures.size()
    let databaseBytes = 0
    try {
      databaseBytes = statSync(this.path).size
    } catch {
      // Not written yet.
    }
    const runs = (this.db.get('SELECT COUNT(*) AS n FROM runs') as { n: number }).n
    return {
      runs,
      retentionDays: this.retentionDays(),
      databaseBytes,
      captureBytes: bytes,
      captureFiles: files,
    }
  }

  async close(): Promise<void> {
    this.index.flush()
    await this.captures.settle()
    if (this.db.isOpen) this.db.close()
  }
}

function toRow(row: Sql): HistoryRow {
  return {
    id: row.id as string,
    createdAt: row.created_at as number,
    kind: row.kind as RunKind,
    format: row.format as string | null,
    model: row.model as string | null,
    profile: row.profile as string | null,
    status: row.status as string,
    ttftMs: row.ttft_ms as number | null,
    totalMs: row.total_ms as number | null,
    outputTokens: row.output_tokens as number | null,
    prompt: (row.prompt as string | null) ?? '',
    answer: (row.answer as string | null) ?? '',
  }
}

/**
 * Long texts are bound as UTF-8 bytes (cast back to TEXT in the statement): Node encodes them natively, where
 * the WebAssembly binding would walk a 200 KB answer in JavaScript twice on the append's path.
 */
function utf8(text: string | null): Buffer | null {
  return text === null ? null : Buffer.from(text, 'utf8')
}

function cut(text: string): string {
  return text.length <= OPEN_TEXT_MAX
    ? text
    : `${text.slice(0, OPEN_TEXT_MAX)}\n… (${text.length - OPEN_TEXT_MAX} more characters; export the run for all of it)`
}

function parse(value: unknown): unknown {
  if (typeof value !== 'string') return null
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}

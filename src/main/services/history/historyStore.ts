// The history of runs in an embedded SQLite file (`<dataDir>/history.db`, WebAssembly build: the same file in
// Electron and browser mode), in the compact layout (runRows.ts): narrow rows, long texts deduplicated and
// compressed, a contentless search index, and the runs' facts in columns for filters, sorts and sums. This class
// is synchronous: in the app it lives in the history's worker thread (historyWorker.ts), never on main's loop.
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type * as Sqlite from 'node-sqlite3-wasm'
import type { Database } from 'node-sqlite3-wasm'
import type {
  HistoryFilter,
  HistoryRow,
  HistoryRun,
  HistorySort,
  HistorySumBy,
  InterruptedRun,
} from '../../../shared/ipc/history'
import { BlobStore } from './blobStore'
import { CaptureFiles, type Capture } from './captures'
import { DeferredIndex, useWriteAheadLog } from './deferredIndex'
import { markInterrupted } from './interruptedRuns'
import { LayoutMove } from './layoutMove'
import { migrate } from './migrations'
import type { RunRecord } from './ports'
import { RunFacts, type FactSum } from './runFacts'
import { FACT_COLUMNS, factOf, ROW_COLUMNS, RunRows, toRow, type Sql } from './runRows'
import { RunSearch } from './runSearch'
import { SearchTerms } from './searchTerms'
import { RunReader } from './runReader'
import { claimDatabase } from './staleLock'
import { redactValue } from '../redact'
import { loadFactPages, rebuildFactPages, saveFactPages } from './factPages'

export const HISTORY_FILE = 'history.db'

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
}

/** A run to write: its record, its capture taken now or (`later`) to follow through `writeCapture`. */
export type StoredRun = Omit<RunRecord, 'capture'> & { capture: RunRecord['capture'] | 'later' }

export interface RunPage {
  total: number
  capped: boolean
  rows: HistoryRow[]
}

export class HistoryStore {
  readonly path: string
  readonly captures: CaptureFiles
  readonly facts = new RunFacts()
  private readonly db: Database
  private readonly blobs: BlobStore
  private readonly rows: RunRows
  private readonly index: DeferredIndex
  readonly search: RunSearch
  private readonly reader: RunReader
  readonly layout: LayoutMove
  private redactText: (text: string) => string
  /** Bumped by every write: cached query answers of an older version are not used. */
  private version = 0
  private cached: { key: string; rowids: Float64Array; capped: boolean } | null = null
  /** Runs found still `running` on open (the previous process stopped mid-run), until dismissed. */
  interrupted: InterruptedRun[]

  constructor(
    readonly dataDir: string,
    private readonly options: HistoryStoreOptions = {},
  ) {
    mkdirSync(dataDir, { recursive: true })
    this.path = join(dataDir, HISTORY_FILE)
    const fresh = !existsSync(this.path)
    if (claimDatabase(this.path)) options.log?.('history: cleared the lock of a process that ended mid-write')
    this.db = new (sqliteModule().Database)(this.path)
    // Held by this process alone before anything reads the file (a write-ahead log left by a crash is read back
    // without shared memory, which this build lacks).
    this.db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA busy_timeout = 2000')
    // A new file gets larger pages (fewer reads through the WebAssembly file layer) and gives freed pages back.
    if (fresh) this.db.exec('PRAGMA page_size = 8192; PRAGMA auto_vacuum = INCREMENTAL')
    const wal = useWriteAheadLog(this.db)
    this.db.exec('PRAGMA cache_size = -32768')
    migrate(this.db)
    this.redactText = options.redact ?? ((t) => t)
    this.blobs = new BlobStore(this.db)
    this.search = new RunSearch(this.db, this.facts, new SearchTerms(this.db))
    this.rows = new RunRows(this.db, this.blobs, this.facts, (t) => this.redactText(t), this.search.terms)
    this.index = new DeferredIndex(this.db, this.rows, wal, options.log)
    this.layout = new LayoutMove(this.db, this.rows, options.log)
    if (!loadFactPages(this.db, this.facts)) this.transaction(() => rebuildFactPages(this.db, this.facts))
    this.interrupted = []
    this.transaction(() => {
      this.interrupted = markInterrupted(this.db)
      for (const run of this.interrupted) {
        const row = this.db.get(`SELECT ${FACT_COLUMNS} FROM history_runs WHERE id = ?`, [run.id]) as Sql
        this.facts.put(factOf(row))
      }
    })
    this.captures = new CaptureFiles(dataDir)
    this.reader = new RunReader(this.blobs, this.captures)
    const repaired = this.index.indexPending()
    if (repaired > 0) options.log?.(`history: indexed ${repaired} run(s) a previous process left unindexed`)
  }

  /** The database, for the suites kept beside the runs. */
  get database(): Database {
    return this.db
  }

  /** Scrubs these secrets from every text written from now on (the worker hears of them from main). */
  setRedact(redact: (text: string) => string): void {
    this.redactText = redact
  }

  /** Records finished runs in one transaction, their words indexed a moment later (or now, for imports). */
  recordMany(runs: readonly StoredRun[], indexNow = false): string[] {
    const later: string[] = []
    this.transaction(() => {
      for (const run of runs) {
        if (this.layout.active) this.layout.forget(run.id)
        const capture = run.capture ? this.captures.nameFor(run.id) : null
        this.rows.write(run as RunRecord, capture, indexNow)
        const source = run.capture
        if (!capture || !source) continue
        if (source === 'later') later.push(run.id)
        else void this.writeCapture(run.id, typeof source === 'function' ? source() : source)
      }
    })
    if (!indexNow) this.index.schedule()
    return later
  }

  record(run: StoredRun): void {
    this.recordMany([run])
  }

  /** Keeps what runs still going have so far (status `running`); their `record` replaces it. */
  checkpointMany(runs: readonly StoredRun[]): void {
    this.transaction(() => {
      for (const run of runs)
        if (!this.rows.grown(run as RunRecord))
          this.rows.write({ ...(run as RunRecord), status: 'running', capture: null }, null, false)
    })
    this.index.schedule()
  }

  checkpoint(run: StoredRun): void {
    this.checkpointMany([run])
  }

  /** Writes a run's capture file (taken after its row was committed). */
  writeCapture(runId: string, capture: Capture): Promise<void> {
    const name = this.captures.nameFor(runId)
    const r = this.redactText
    const scrubbed = { exchange: redactValue(capture.exchange, r), rawBody: r(capture.rawBody) }
    return name ? this.captures.write(name, scrubbed) : Promise.resolve()
  }

  dismissInterrupted(): number {
    return this.interrupted.splice(0).length
  }

  /** Indexes committed runs whose indexing is still to come (see DeferredIndex); answers how many. */
  indexPending(): number {
    return this.index.indexPending()
  }

  list(filter: HistoryFilter, offset: number, limit: number, sort: HistorySort = 'newest'): RunPage {
    // A search sees every committed run, even one whose indexing is still to come.
    if (filter.query) this.indexPending()
    const { query, ...rest } = filter
    const words = this.search.queryOf(query)
    const filtered = Object.values(rest).some((v) => v !== undefined && v !== '')
    if (words && !filtered && sort === 'newest') {
      const found = this.search.words(words, offset, limit)
      return { total: found.total, capped: found.capped, rows: this.rowsOf(found.rowids) }
    }
    if (words) {
      const found = this.cachedOr(`w:${words}:${JSON.stringify(rest)}:${sort}`, () =>
        this.search.newest(words, rest, sort),
      )
      return this.page(found.rowids, offset, limit, found.capped)
    }
    if (sort !== 'newest' && sort !== 'oldest') {
      const found = this.facts.page(rest, sort, offset, limit)
      return { total: found.total, capped: false, rows: this.rowsOf(found.rowids) }
    }
    const found = this.cachedOr(`f:${JSON.stringify(rest)}:${sort}`, () => ({
      rowids: this.facts.query(rest, sort),
      capped: false,
    }))
    return this.page(found.rowids, offset, limit, false)
  }

  sums(
    filter: HistoryFilter,
    by: HistorySumBy,
    tzOffsetMinutes: number,
  ): { sums: FactSum[]; currencies: string[] } {
    const { query, ...rest } = filter
    const words = this.search.queryOf(query)
    if (filter.query) this.indexPending()
    const within = words ? this.search.newest(words, rest, 'newest', Infinity).rowids : undefined
    return { sums: this.facts.sums(rest, by, tzOffsetMinutes, within), currencies: this.facts.currencies() }
  }

  facets(): { models: string[]; profiles: string[]; formats: string[] } {
    const values = (name: 'model' | 'profile' | 'format') =>
      this.facts.dictionaries[name].values
        .filter((v): v is string => v !== null)
        .sort()
        .slice(0, 500)
    return { models: values('model'), profiles: values('profile'), formats: values('format') }
  }

  /** A whole run with its capture read back; null when there is no such run. */
  async get(id: string): Promise<HistoryRun | null> {
    const row = this.db.get('SELECT * FROM history_runs WHERE id = ?', [id]) as Sql | null
    if (!row) return this.layout.active && this.layout.take(id, this) ? this.get(id) : null
    return this.reader.whole(row)
  }

  /** A run as stored (without its capture's contents), for export: every text whole. */
  exportRecord(seq: number): Record<string, unknown> | null {
    const row = this.db.get('SELECT * FROM history_runs WHERE seq = ?', [seq]) as Sql | null
    return row ? this.reader.exported(row) : null
  }

  /** The seqs of the runs to export: these ids, or every run that matches the filter, newest first. */
  exportSeqs(ids: readonly string[] | null, filter: HistoryFilter): ArrayLike<number> {
    if (!ids) {
      const { query, ...rest } = filter
      const words = this.search.queryOf(query)
      return words ? this.search.newest(words, rest, 'newest', Infinity).rowids : this.facts.query(rest)
    }
    const seqs: number[] = []
    for (const id of ids) {
      const row = this.db.get('SELECT seq FROM history_runs WHERE id = ?', [id]) as { seq: number } | null
      if (row) seqs.push(row.seq)
    }
    return seqs
  }

  async delete(ids: readonly string[]): Promise<number> {
    let result = { deleted: 0, captures: [] as string[] }
    this.transaction(() => (result = this.rows.remove(ids)))
    await this.captures.remove(result.captures)
    return result.deleted
  }

  /** Deletes runs by seq (retention); answers how many went. */
  async deleteSeqs(seqs: readonly number[]): Promise<number> {
    const ids: string[] = []
    for (let i = 0; i < seqs.length; i += 500) {
      const part = seqs.slice(i, i + 500)
      const rows = this.db.all(
        `SELECT id FROM history_runs WHERE seq IN (${part.map(() => '?').join(',')})`,
        part,
      ) as { id: string }[]
      for (const row of rows) ids.push(row.id)
    }
    return this.delete(ids)
  }

  pin(ids: readonly string[], pinned: boolean): number {
    let changed = 0
    this.transaction(() => {
      for (const id of ids) {
        const row = this.db.get('UPDATE history_runs SET pinned = ? WHERE id = ? RETURNING seq', [
          pinned ? 1 : 0,
          id,
        ]) as { seq: number } | null
        if (!row) continue
        changed++
        this.facts.setPinned(row.seq, pinned)
      }
    })
    return changed
  }

  /** Bytes the database's pages in use take (freed pages are reused before the file grows). */
  usedBytes(): number {
    const pragma = (name: string) => Object.values(this.db.get(`PRAGMA ${name}`)!)[0] as number
    return (pragma('page_count') - pragma('freelist_count')) * pragma('page_size')
  }

  fileBytes(): number {
    return statSync(this.path, { throwIfNoEntry: false })?.size ?? 0
  }

  textTotals(): { logicalBytes: number; storedBytes: number } {
    return this.blobs.totals()
  }

  /** Runs held. */
  count(): number {
    return this.facts.size
  }

  setting(key: string): string | null {
    const row = this.db.get('SELECT value FROM settings WHERE key = ?', [key]) as { value: string } | null
    return row?.value ?? null
  }

  setSetting(key: string, value: string): void {
    this.db.run(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      [key, value],
    )
  }

  /** Runs `body` in one transaction (all of it or none). */
  transaction(body: () => void): void {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      body()
      saveFactPages(this.db, this.facts)
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      this.rows.rolledBack()
      // The columns took changes the file did not: read them again from what the file holds.
      this.facts.reset()
      loadFactPages(this.db, this.facts)
      throw error
    } finally {
      this.version++
    }
  }

  /** Merges the search index's segments a step (`pages` of work; 0: all into one): each segment slows a search. */
  mergeIndex(pages = 200): void {
    if (pages === 0) this.db.run("INSERT INTO history_words (history_words) VALUES ('optimize')")
    else this.db.run("INSERT INTO history_words (history_words, rank) VALUES ('merge', ?)", [pages])
  }

  /** Copies the write-ahead log into the file and empties it (after a large batch of writes). */
  checkpointLog(): void {
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  }

  /** Gives freed pages back to the file system (a database in the compact layout's file format only). */
  shrink(): void {
    this.db.exec('PRAGMA incremental_vacuum')
  }

  async close(): Promise<void> {
    if (!this.db.isOpen) return
    this.index.flush()
    await this.captures.settle()
    this.rows.close()
    this.blobs.close()
    this.search.close()
    this.db.close()
  }

  private cachedOr(
    key: string,
    compute: () => { rowids: ArrayLike<number>; capped: boolean },
  ): { rowids: ArrayLike<number>; capped: boolean } {
    const full = `${this.version}:${key}`
    if (this.cached?.key === full) return this.cached
    const found = compute()
    this.cached = { key: full, rowids: Float64Array.from(found.rowids), capped: found.capped }
    return found
  }

  private page(rowids: ArrayLike<number>, offset: number, limit: number, capped: boolean): RunPage {
    const seqs = Array.from({ length: Math.max(0, Math.min(limit, rowids.length - offset)) }, (_, i) =>
      Number(rowids[offset + i]),
    )
    return { total: rowids.length, capped, rows: this.rowsOf(seqs) }
  }

  /** The list rows of these seqs, in their order. */
  private rowsOf(seqs: number[]): HistoryRow[] {
    if (seqs.length === 0) return []
    const found = this.db.all(
      `SELECT ${ROW_COLUMNS} FROM history_runs WHERE seq IN (${seqs.map(() => '?').join(',')})`,
      seqs,
    ) as Sql[]
    const bySeq = new Map(found.map((row) => [row.seq as number, row]))
    return seqs.flatMap((seq) => {
      const row = bySeq.get(seq)
      return row ? [toRow(row)] : []
    })
  }
}

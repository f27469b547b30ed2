// The history database's schema as an ordered list of migrations. `schema_migrations` holds each applied
// version; opening applies the missing ones in one transaction each, so a crash leaves the file at a whole
// version. A file from a newer app version (a version this list does not know) is refused, never altered.
import type { Database } from 'node-sqlite3-wasm'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'runs with full-text search',
    sql: `
      CREATE TABLE runs (
        id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        format TEXT,
        model TEXT,
        profile TEXT,
        status TEXT NOT NULL,
        ttft_ms INTEGER,
        total_ms INTEGER,
        input_tokens INTEGER,
        output_tokens INTEGER,
        prompt TEXT NOT NULL DEFAULT '',
        answer TEXT NOT NULL DEFAULT '',
        request_body TEXT,
        draft TEXT,
        result TEXT,
        error TEXT,
        capture TEXT
      );
      CREATE INDEX runs_created ON runs (created_at DESC);
      CREATE VIRTUAL TABLE runs_fts USING fts5 (prompt, answer, content = 'runs', content_rowid = 'rowid');
      CREATE TRIGGER runs_fts_insert AFTER INSERT ON runs BEGIN
        INSERT INTO runs_fts (rowid, prompt, answer) VALUES (new.rowid, new.prompt, new.answer);
      END;
      CREATE TRIGGER runs_fts_delete AFTER DELETE ON runs BEGIN
        INSERT INTO runs_fts (runs_fts, rowid, prompt, answer) VALUES ('delete', old.rowid, old.prompt, old.answer);
      END;
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    name: 'saved case suites',
    sql: `
      CREATE TABLE suites (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        cases TEXT NOT NULL
      );
    `,
  },
  {
    // A run's row is committed on its own before its terminal event; its words are indexed in a following
    // transaction. `fts_pending` marks a row not yet indexed, so one left by a crash is indexed on open, and a
    // deleted row is taken out of the index only if it was ever put in.
    version: 3,
    name: 'full-text indexing after the append',
    sql: `
      ALTER TABLE runs ADD COLUMN fts_pending INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX runs_fts_pending ON runs (fts_pending) WHERE fts_pending = 1;
      DROP TRIGGER runs_fts_insert;
      DROP TRIGGER runs_fts_delete;
      CREATE TRIGGER runs_fts_delete AFTER DELETE ON runs WHEN old.fts_pending = 0 BEGIN
        INSERT INTO runs_fts (runs_fts, rowid, prompt, answer) VALUES ('delete', old.rowid, old.prompt, old.answer);
      END;
    `,
  },
  {
    // The layout for a million runs: a narrow row per run (what lists, filters and sums read), its long texts
    // compressed and kept once however many runs share them (blobStore.ts), and a search index that holds only
    // the words (contentless), not a second copy of every answer. The rows of the earlier layout are moved over
    // afterwards in small transactions, newest first, resumably (layoutMove.ts). The runs' facts are also kept
    // packed, a page of 1,024 runs a row (factPages.ts), so opening reads a million runs' facts in one pass.
    version: 4,
    name: 'compact layout for a million runs',
    sql: `
      CREATE TABLE history_blobs (
        id INTEGER PRIMARY KEY,
        hash BLOB NOT NULL UNIQUE,
        codec INTEGER NOT NULL,
        raw_bytes INTEGER NOT NULL,
        data BLOB NOT NULL,
        refs INTEGER NOT NULL
      );
      CREATE TABLE history_totals (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        texts INTEGER NOT NULL,
        logical_bytes INTEGER NOT NULL,
        stored_bytes INTEGER NOT NULL
      );
      INSERT INTO history_totals (id, texts, logical_bytes, stored_bytes) VALUES (1, 0, 0, 0);
      CREATE TABLE history_runs (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        format TEXT,
        model TEXT,
        profile TEXT,
        status TEXT NOT NULL,
        ttft_ms INTEGER,
        total_ms INTEGER,
        input_tokens INTEGER,
        output_tokens INTEGER,
        cost_micros INTEGER,
        cost_currency TEXT,
        cost_estimate INTEGER,
        pinned INTEGER NOT NULL DEFAULT 0,
        prompt_head TEXT NOT NULL,
        answer_head TEXT NOT NULL,
        answer_chars INTEGER NOT NULL,
        prompt_blob INTEGER,
        answer_blob INTEGER,
        body_blob INTEGER,
        draft_blob INTEGER,
        result_blob INTEGER,
        error TEXT,
        capture TEXT,
        fts_pending INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX history_runs_created ON history_runs (created_at);
      CREATE INDEX history_runs_pending ON history_runs (fts_pending) WHERE fts_pending = 1;
      CREATE INDEX history_runs_running ON history_runs (status) WHERE status = 'running';
      CREATE VIRTUAL TABLE history_words USING fts5 (
        prompt, answer, content = '', contentless_delete = 1, detail = none, prefix = '2 3'
      );
      CREATE TABLE history_facts (page INTEGER PRIMARY KEY, data BLOB NOT NULL);
      CREATE TABLE history_fact_words (
        name TEXT NOT NULL,
        code INTEGER NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (name, code)
      );
      DROP TRIGGER IF EXISTS runs_fts_delete;
      INSERT INTO settings (key, value) VALUES ('layoutMoved', '0')
        ON CONFLICT(key) DO UPDATE SET value = excluded.value;
    `,
  },
  {
    // The words of the search index in a table of their own, for a prefix searched as an OR of whole words
    // (searchTerms.ts). Those an index already holds are listed from it afterwards, a step at a time.
    version: 5,
    name: 'search words by prefix',
    sql: `
      CREATE TABLE history_terms (key TEXT NOT NULL, term TEXT NOT NULL, PRIMARY KEY (key, term)) WITHOUT ROWID;
      INSERT INTO settings (key, value) SELECT 'termsListedFrom', ''
        WHERE EXISTS (SELECT 1 FROM history_runs WHERE fts_pending = 0)
        ON CONFLICT(key) DO UPDATE SET value = excluded.value;
    `,
  },
]

export class SchemaTooNewError extends Error {}

/** The schema version of an open database (0 for a new file). */
export function schemaVersion(db: Database): number {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  )
  const row = db.get('SELECT MAX(version) AS v FROM schema_migrations') as { v: number | null } | null
  return row?.v ?? 0
}

/** Applies every migration above the file's version, each in its own transaction; answers the versions applied. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const current = schemaVersion(db)
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0)
  if (current > latest)
    throw new SchemaTooNewError(
      `The history database is at schema version ${current}, newer than this app knows (${latest}); it was left as it is.`,
    )
  const applied: number[] = []
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec(m.sql)
      db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        Date.now(),
      ])
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
    applied.push(m.version)
  }
  return applied
}

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

// The run facts kept on disk beside the rows: packed a page of FACT_PAGE_RUNS runs a row, with the strings their
// codes stand for, rewritten in the same transaction as the rows they describe (so the two never disagree). A
// history opens by reading these pages (a million runs' facts in a fraction of a second) rather than every row.
import type { Database } from 'node-sqlite3-wasm'
import { COLUMN_NAMES, type RunFacts } from './runFacts'
import { factOf, FACT_COLUMNS } from './runRows'
import type { Sql } from './statements'

/** Bump when the packing changes: pages of another version are rebuilt from the rows. */
const PACKING = '1'

/** Reads the packed facts back into `facts`; answers false when they must be rebuilt from the rows. */
export function loadFactPages(db: Database, facts: RunFacts): boolean {
  const version = db.get("SELECT value FROM settings WHERE key = 'factPacking'") as { value: string } | null
  if (version?.value !== PACKING) return false
  for (const row of db.all('SELECT name, code, value FROM history_fact_words') as Sql[]) {
    const name = row.name as (typeof COLUMN_NAMES)[number]
    if (COLUMN_NAMES.includes(name)) facts.dictionaries[name].seed(row.code as number, row.value as string)
  }
  const pages = db.prepare('SELECT data FROM history_facts ORDER BY page')
  try {
    for (const row of pages.iterate()) facts.unpackPage(row.data as Uint8Array)
  } finally {
    pages.finalize()
  }
  facts.dirty.clear()
  return true
}

/** Rebuilds every page from the rows (a history written before the pages existed). */
export function rebuildFactPages(db: Database, facts: RunFacts): void {
  let after = 0
  for (;;) {
    const rows = db.all(`SELECT ${FACT_COLUMNS} FROM history_runs WHERE seq > ? ORDER BY seq LIMIT 20000`, [
      after,
    ]) as Sql[]
    for (const row of rows) facts.put(factOf(row))
    if (rows.length < 20000) break
    after = rows.at(-1)!.seq as number
  }
  db.exec('DELETE FROM history_facts; DELETE FROM history_fact_words')
  saveFactPages(db, facts)
  db.run(
    "INSERT INTO settings (key, value) VALUES ('factPacking', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    [PACKING],
  )
}

/** Writes the pages changed since the last save and the new strings; inside the caller's transaction. */
export function saveFactPages(db: Database, facts: RunFacts): void {
  for (const name of COLUMN_NAMES) {
    const dictionary = facts.dictionaries[name]
    for (const code of dictionary.fresh)
      db.run('INSERT OR REPLACE INTO history_fact_words (name, code, value) VALUES (?, ?, ?)', [
        name,
        code,
        dictionary.values[code] ?? '',
      ])
    dictionary.fresh = []
  }
  for (const page of facts.dirty) {
    const data = facts.packPage(page)
    if (data) db.run('INSERT OR REPLACE INTO history_facts (page, data) VALUES (?, ?)', [page, data])
    else db.run('DELETE FROM history_facts WHERE page = ?', [page])
  }
  facts.dirty.clear()
}

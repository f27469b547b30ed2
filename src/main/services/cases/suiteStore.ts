// Saved case suites in the history database's `suites` table, one row per suite with its cases as JSON (read
// back through the suite schema, so a row edited by hand that no longer fits is skipped, not trusted). Names
// kept before control characters were refused are read with them as spaces, so no such suite drops out of reach.
// Used in the history's worker thread, which owns the database.
import type { Database } from 'node-sqlite3-wasm'
import { suiteSchema, type Suite } from '../../../shared/cases/caseModel'

export class SuiteStore {
  constructor(private readonly db: Database) {}

  list(): Suite[] {
    const rows = this.db.all('SELECT id, name, cases FROM suites ORDER BY updated_at DESC') as {
      id: string
      name: string
      cases: string
    }[]
    const suites: Suite[] = []
    for (const row of rows) {
      try {
        const cases = (JSON.parse(row.cases) as unknown[]).map((c) =>
          typeof c === 'object' && c !== null && 'name' in c ? { ...c, name: plainName(c.name) } : c,
        )
        const parsed = suiteSchema.safeParse({ id: row.id, name: plainName(row.name), cases })
        if (parsed.success) suites.push(parsed.data)
      } catch {
        // An unreadable row is left in the file and not offered.
      }
    }
    return suites
  }

  get(id: string): Suite | null {
    return this.list().find((s) => s.id === id) ?? null
  }

  save(suite: Suite): Suite {
    this.db.run(
      `INSERT INTO suites (id, name, updated_at, cases) VALUES (?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at, cases = excluded.cases`,
      [suite.id, suite.name, Date.now(), JSON.stringify(suite.cases)],
    )
    return suite
  }

  delete(id: string): boolean {
    return this.db.run('DELETE FROM suites WHERE id = ?', [id]).changes > 0
  }
}

/** A name as the schema takes it now: control characters (kept by older versions) become spaces. */
function plainName(name: unknown): unknown {
  // eslint-disable-next-line no-control-regex
  return typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || 'unnamed' : name
}

// Word search over the contentless index. Words alone: the count from the index (up to SEARCH_CAP, past which the
// answer says "at least") and the page by rowid, newest recorded first, so a word in every run ("the") never
// reads a million entries.
// Words with filters: matches are read newest first in chunks, each kept or left by the run facts' filter, until
// SEARCH_CAP are found or a time budget runs out; the answer then says it is capped ("at least").
import type { Database, Statement } from 'node-sqlite3-wasm'
import type { FactFilter, FactSort, RunFacts } from './runFacts'
import { ftsQuery } from './runQuery'
import type { SearchTerms } from './searchTerms'

/** Matches a filtered word search lists at most (newest first); the count says "at least" past it. */
export const SEARCH_CAP = 10_000
const CHUNK = 4_000
/** How long a filtered search reads matches before it answers with what it found. */
const SEARCH_BUDGET_MS = 60

export class RunSearch {
  private readonly chunk: Statement
  private readonly count: Statement
  private readonly page: Statement

  constructor(
    db: Database,
    private readonly facts: RunFacts,
    /** The index's words, by which a long last word is searched as an OR of whole words. */
    readonly terms: SearchTerms,
  ) {
    this.chunk = db.prepare(
      'SELECT rowid AS r FROM history_words WHERE history_words MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?',
    )
    // Counted up to the cap: a word in every run would otherwise read its whole doclist (a million entries).
    this.count = db.prepare(
      'SELECT COUNT(*) AS n FROM (SELECT rowid FROM history_words WHERE history_words MATCH ? LIMIT ?)',
    )
    this.page = db.prepare(
      'SELECT rowid AS r FROM history_words WHERE history_words MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?',
    )
  }

  /** Words alone: how many runs match (at most SEARCH_CAP: then `capped`), a page of them newest recorded first. */
  words(match: string, offset: number, limit: number): { total: number; capped: boolean; rowids: number[] } {
    const counted = (this.count.all([match, SEARCH_CAP + 1])[0] as { n: number } | undefined)?.n ?? 0
    const rowids =
      offset >= SEARCH_CAP
        ? []
        : (this.page.all([match, Math.min(limit, SEARCH_CAP - offset), offset]) as { r: number }[]).map(
            (row) => row.r,
          )
    return { total: Math.min(counted, SEARCH_CAP), capped: counted > SEARCH_CAP, rowids }
  }

  /** The FTS5 query of the user's words; null when nothing searchable was typed. */
  queryOf(text: string | undefined): string | null {
    return text ? ftsQuery(text, (prefix) => this.terms.expand(prefix)) : null
  }

  /** Matching runs' rowids, newest recorded first (or in `sort`'s order), at most `cap` of them. */
  newest(
    match: string,
    filter: FactFilter,
    sort: FactSort = 'newest',
    cap = SEARCH_CAP,
  ): { rowids: Float64Array; capped: boolean } {
    const filtered = Object.values(filter).some((v) => v !== undefined && v !== '')
    const out: number[] = []
    let before = Number.MAX_SAFE_INTEGER
    let capped = false
    const started = performance.now()
    for (;;) {
      const ids = (this.chunk.all([match, before, CHUNK]) as { r: number }[]).map((row) => row.r)
      if (ids.length === 0) break
      before = ids.at(-1)!
      const room = cap + 1 - out.length
      const kept = filtered ? this.facts.keep(ids, filter, room) : ids.slice(0, room)
      for (const id of kept) out.push(id)
      if (out.length > cap) {
        capped = true
        out.length = cap
        break
      }
      if (ids.length < CHUNK) break
      if (cap === SEARCH_CAP && performance.now() - started > SEARCH_BUDGET_MS) {
        capped = true
        break
      }
    }
    const rowids = Float64Array.from(out)
    return { rowids: sort === 'newest' ? rowids : this.facts.reorder(rowids, sort), capped }
  }

  close(): void {
    for (const s of [this.chunk, this.count, this.page]) if (!s.isFinalized) s.finalize()
    this.terms.close()
  }
}

// The words the search index holds, in a table of their own (`history_terms`), so the last word of a search as
// you type (a prefix) can be answered as an OR of whole words. FTS5 answers a prefix longer than its prefix
// indexes (2 and 3 characters) by merging the entries of every matching word into one list before it yields the
// first row, whatever the LIMIT: at a million runs "error"* read 570,000 entries (200 ms and more). Whole words
// are read lazily, newest first, so the page of 100 comes in about a millisecond.
// Each word is kept as written (lowercased; the index folds it again when queried) under a key folded as the
// index folds (lowercase, diacritics dropped), the key the prefix is looked up by. A word longer than LONG_TERM
// characters is kept as a marker only: a prefix that reaches one is answered by FTS5's own prefix query.
// An index made before this table (an earlier version's file) has its words listed from it once, a step at a
// time between the worker's messages (`listStep`); until that ends, prefixes go to FTS5's own prefix query.
import type { Database, Statement } from 'node-sqlite3-wasm'

/** Words longer than this are kept as a marker (their folded first LONG_TERM characters, no word). */
const LONG_TERM = 64
/** A prefix matching more words than this is answered by FTS5's own prefix query. */
const MAX_EXPANSION = 256
/** Words recently written, not written again (cleared when it reaches this size, so it stays bounded). */
const RECENT = 50_000
/** The setting that holds where the listing of an earlier index's words has reached (absent once done). */
const LISTING = 'termsListedFrom'

/** Splits text where the index's tokenizer splits (and where the search's query splits: runQuery.ts). */
const WORD = /[\p{L}\p{N}]+/gu
/** Folds as the index's tokenizer does (unicode61, remove_diacritics): lowercase, without combining marks. */
export const foldWord = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
/** Above every character a word holds: the end of a prefix's range of keys. */
const AFTER = '\u{10FFFF}'
/** The least string after a word in the index: no word holds a control character. */
const NEXT = '\u0001'

export class SearchTerms {
  private readonly insert: Statement
  private readonly range: Statement
  private readonly recent = new Set<string>()
  private listedFrom: string | null

  constructor(private readonly db: Database) {
    this.insert = db.prepare('INSERT OR IGNORE INTO history_terms (key, term) VALUES (?, ?)')
    this.range = db.prepare('SELECT term FROM history_terms WHERE key >= ? AND key < ? ORDER BY key LIMIT ?')
    const row = db.get('SELECT value FROM settings WHERE key = ?', [LISTING]) as { value: string } | null
    this.listedFrom = row?.value ?? null
  }

  /** Keeps the words of a text being indexed (inside the caller's transaction). */
  add(text: string): void {
    for (const [word] of text.matchAll(WORD)) {
      const term = word.toLowerCase()
      if (this.recent.has(term)) continue
      if (this.recent.size >= RECENT) this.recent.clear()
      this.recent.add(term)
      this.keep(term)
    }
  }

  /** Forgets the words written recently (a transaction that wrote some of them was rolled back). */
  forget(): void {
    this.recent.clear()
  }

  /**
   * The words a prefix of 4 or more characters matches, to query as an OR of whole words; null when FTS5's own
   * prefix query must answer (the words are still being listed, a long word matches, or too many do).
   */
  expand(prefix: string): string[] | null {
    if (this.listedFrom !== null) return null
    const key = foldWord(prefix)
    if ([...key].length > LONG_TERM) return null
    const terms = (this.range.all([key, key + AFTER, MAX_EXPANSION + 1]) as { term: string }[]).map(
      (r) => r.term,
    )
    if (terms.length > MAX_EXPANSION || terms.includes('')) return null
    return terms
  }

  /** Whether an earlier index's words are still being listed. */
  get listing(): boolean {
    return this.listedFrom !== null
  }

  /**
   * Lists an earlier index's words for about `budgetMs` (one word at least), in one transaction; answers whether
   * more is left. FTS5's vocabulary table counts each word's entries as it goes, so a step is one word at a time.
   */
  listStep(budgetMs = 40): boolean {
    if (this.listedFrom === null) return false
    this.db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.history_vocabulary USING fts5vocab(main, history_words, 'row')",
    )
    const next = this.db.prepare('SELECT term FROM temp.history_vocabulary WHERE term >= ? LIMIT 1')
    const started = performance.now()
    let from = this.listedFrom
    let done = false
    this.db.exec('BEGIN IMMEDIATE')
    try {
      do {
        const row = next.get([from]) as { term: string } | null
        if (!row) {
          done = true
          break
        }
        this.keep(row.term)
        from = row.term + NEXT
      } while (performance.now() - started < budgetMs)
      if (done) this.db.run('DELETE FROM settings WHERE key = ?', [LISTING])
      else this.db.run('UPDATE settings SET value = ? WHERE key = ?', [from, LISTING])
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    } finally {
      next.finalize()
    }
    this.listedFrom = done ? null : from
    return !done
  }

  close(): void {
    for (const s of [this.insert, this.range]) if (!s.isFinalized) s.finalize()
  }

  private keep(term: string): void {
    const long = [...term].length > LONG_TERM
    const key = foldWord(long ? [...term].slice(0, LONG_TERM).join('') : term)
    this.insert.run([key, long ? '' : term])
  }
}

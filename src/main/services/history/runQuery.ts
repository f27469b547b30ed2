// A history filter as SQL: one WHERE clause with bound values (never spliced text), and the user's search words
// as an FTS5 query in which every word is a quoted string (so operators typed by the user are plain words) and
// the last word matches as a prefix, which is what search-as-you-type needs.
import type { HistoryFilter } from '../../../shared/ipc/history'

export interface Where {
  sql: string
  values: (string | number)[]
}

/** `hello wor` → `"hello" "wor"*`; null when nothing searchable was typed. */
export function ftsQuery(text: string): string | null {
  const words = text
    .split(/[^\p{L}\p{N}_]+/u)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 16)
  if (words.length === 0) return null
  return words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ')
}

export function whereOf(filter: HistoryFilter): Where {
  const parts: string[] = []
  const values: (string | number)[] = []
  const match = filter.query ? ftsQuery(filter.query) : null
  if (match) {
    parts.push('rowid IN (SELECT rowid FROM runs_fts WHERE runs_fts MATCH ?)')
    values.push(match)
  }
  const equal: [keyof HistoryFilter, string][] = [
    ['kind', 'kind'],
    ['format', 'format'],
    ['model', 'model'],
    ['profile', 'profile'],
    ['status', 'status'],
  ]
  for (const [key, column] of equal) {
    const value = filter[key]
    if (value !== undefined && value !== '') {
      parts.push(`${column} = ?`)
      values.push(value)
    }
  }
  if (filter.from !== undefined) {
    parts.push('created_at >= ?')
    values.push(filter.from)
  }
  if (filter.to !== undefined) {
    parts.push('created_at < ?')
    values.push(filter.to)
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values }
}

/** The FTS5 query of a filter that searches words and filters nothing else; null otherwise. */
export function wordsOnly(filter: HistoryFilter): string | null {
  const others = Object.entries(filter).some(
    ([key, value]) => key !== 'query' && value !== undefined && value !== '',
  )
  return others || !filter.query ? null : ftsQuery(filter.query)
}

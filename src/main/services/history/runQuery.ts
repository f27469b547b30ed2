// The user's search words as an FTS5 query in which every word is a quoted string (so operators typed by the user
// are plain words) and the last word matches as a prefix, which is what search-as-you-type needs.

/** A prefix's whole words (see searchTerms.ts), or null to let FTS5 match the prefix itself. */
export type ExpandPrefix = (prefix: string) => string[] | null

/** Prefixes of this many characters or fewer are read from the index's prefix indexes (`prefix = '2 3'`). */
const INDEXED_PREFIX = 3

const quoted = (w: string) => `"${w.replace(/"/g, '""')}"`

/**
 * `hello wor` → `"hello" "wor"*`; null when nothing searchable was typed. With `expand`, a last word longer than
 * the prefix indexes is matched as an OR of the whole words it begins: `hello world` → `"hello" AND ("world" OR
 * "worlds")`, which FTS5 reads lazily where a prefix query first merges every matching word's entries.
 */
export function ftsQuery(text: string, expand?: ExpandPrefix): string | null {
  const words = text
    // The index keeps no word positions (detail = none): a query word must be one token of the index's
    // tokenizer, so words split where it splits (an underscore too).
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 16)
  if (words.length === 0) return null
  // A one-character last word is matched whole: as a prefix it would match nearly every run.
  const prefix = (w: string, i: number) => i === words.length - 1 && [...w].length > 1
  const last = words.at(-1)!
  const whole = [...last].length > INDEXED_PREFIX ? expand?.(last) : null
  if (whole && whole.length > 0)
    return [...words.slice(0, -1).map(quoted), `(${whole.map(quoted).join(' OR ')})`].join(' AND ')
  return words.map((w, i) => `${quoted(w)}${prefix(w, i) ? '*' : ''}`).join(' ')
}

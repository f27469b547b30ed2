// The user's search words as an FTS5 query in which every word is a quoted string (so operators typed by the user
// are plain words) and the last word matches as a prefix, which is what search-as-you-type needs.

/** `hello wor` → `"hello" "wor"*`; null when nothing searchable was typed. */
export function ftsQuery(text: string): string | null {
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
  return words.map((w, i) => `"${w.replace(/"/g, '""')}"${prefix(w, i) ? '*' : ''}`).join(' ')
}

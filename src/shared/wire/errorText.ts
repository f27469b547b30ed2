// The words inside any error body a gateway, proxy or load balancer may send: the formats' own shapes,
// `{"detail": "..."}` / `{"detail": {...}}` / `{"detail": [{msg}]}` from Python web frameworks, `{msg}`,
// plain text, an HTML page (its title and visible text). Pure and bounded: whatever the body's size, the
// text returned is at most MAX_ERROR_TEXT characters, and placeholder values such as "None" count as absent.
type JsonObject = Record<string, unknown>
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The longest error text shown in a message; the whole body stays in the Inspector. */
export const MAX_ERROR_TEXT = 600
/** How much of a huge body is looked at to find the words (an HTML page, a dump). */
const SCAN_LIMIT = 200_000

const PLACEHOLDERS = new Set(['', 'none', 'null', 'undefined', 'nan'])

/** A string a server put in a field, or `undefined` for absent and placeholder values (`"None"`, `"null"`). */
export function meaningful(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined
  const t = v.trim()
  return PLACEHOLDERS.has(t.toLowerCase()) ? undefined : t
}

const clip = (text: string): string =>
  text.length <= MAX_ERROR_TEXT ? text : `${text.slice(0, MAX_ERROR_TEXT - 1).trimEnd()}…`

/** Readable text of an error body (parsed JSON or raw text); `undefined` when it holds no words at all. */
export function errorTextOf(body: unknown): string | undefined {
  const found = find(Array.isArray(body) && body.length > 0 ? body[0] : body, 0)
  return found === undefined ? undefined : clip(found)
}

function find(body: unknown, depth: number): string | undefined {
  if (depth > 4) return undefined
  if (typeof body === 'string') return textOf(body)
  if (Array.isArray(body)) {
    // FastAPI validation errors: `[{loc: ["body", "x"], msg, type}]`.
    const parts = body.slice(0, 5).flatMap((item) => {
      const text = find(item, depth + 1)
      const loc = isObject(item) && Array.isArray(item.loc) ? item.loc.map(String).join('.') : undefined
      return text === undefined ? [] : [loc ? `${loc}: ${text}` : text]
    })
    return parts.length ? parts.join('; ') : undefined
  }
  if (!isObject(body)) return undefined
  const o: JsonObject = body
  for (const key of ['message', 'msg', 'error_message', 'errorMessage', 'description', 'title', 'reason']) {
    const v = meaningful(o[key])
    if (v !== undefined) return textOf(v)
  }
  for (const key of ['error', 'detail', 'details', 'errors']) {
    const v = o[key]
    if (v === undefined || v === null) continue
    const text = typeof v === 'string' ? meaningful(v) : find(v, depth + 1)
    if (text !== undefined) return typeof v === 'string' ? textOf(text) : text
  }
  return undefined
}

/** Plain text as it is (whitespace folded); an HTML page as its title and visible words. */
function textOf(raw: string): string | undefined {
  const text = raw.length > SCAN_LIMIT ? raw.slice(0, SCAN_LIMIT) : raw
  if (!looksLikeHtml(text)) {
    const plain = text.replace(/\s+/g, ' ').trim()
    return plain === '' ? undefined : plain
  }
  const lower = text.toLowerCase()
  const open = lower.indexOf('<title')
  const start = open < 0 ? -1 : text.indexOf('>', open)
  const close = start < 0 ? -1 : lower.indexOf('</title', start)
  const title = decodeEntities(close < 0 ? '' : text.slice(start + 1, close))
    .replace(/\s+/g, ' ')
    .trim()
  const visible = decodeEntities(visibleText(text)).replace(/\s+/g, ' ').trim()
  // The title often repeats as the first heading: say it once.
  const rest = title && visible.startsWith(title) ? visible.slice(title.length).trim() : visible
  const joined = [title, rest].filter((s) => s !== '').join(': ')
  return joined === '' ? undefined : `${joined} (an HTML page)`
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'title'])

/** The text outside tags, skipping hidden elements' content; one linear pass (no backtracking on hostile pages). */
function visibleText(html: string): string {
  const lower = html.toLowerCase()
  let out = ''
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      out += html.slice(i)
      break
    }
    out += html.slice(i, lt) + ' '
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4)
      if (end < 0) break
      i = end + 3
      continue
    }
    const gt = html.indexOf('>', lt + 1)
    if (gt < 0) break
    const name = /^<([a-z][a-z0-9-]*)/.exec(lower.slice(lt, Math.min(gt + 1, lt + 40)))?.[1]
    i = gt + 1
    if (name && HIDDEN.has(name)) {
      const close = lower.indexOf(`</${name}`, i)
      if (close < 0) break
      const closeEnd = html.indexOf('>', close)
      if (closeEnd < 0) break
      i = closeEnd + 1
    }
  }
  return out
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<title[\s>])/i.test(text)
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase()
    if (k === 'amp') return '&'
    if (k === 'lt') return '<'
    if (k === 'gt') return '>'
    if (k === 'quot') return '"'
    if (k === 'apos') return "'"
    if (k === 'nbsp') return ' '
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10)
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m
  })
}

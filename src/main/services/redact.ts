// Redaction of everything that leaves the HTTP client for display, logs or export (S7): credential headers
// become `Bearer ***` / `***`, the `key` query parameter becomes `key=***`, and any known secret value found in
// free text is replaced, so a key echoed back by a server or an error message never reaches the renderer.
const SECRET_HEADER =
  /^(authorization|proxy-authorization|x-api-key|x-vendor-api-key|x-goog-api-key|cookie|set-cookie)$/i
const SECRETISH_HEADER = /(key|token|secret|auth|password|session)/i

export function redactHeader(name: string, value: string): string {
  if (/^(authorization|proxy-authorization)$/i.test(name)) {
    const scheme = value.split(' ')[0]
    return scheme && scheme !== value ? `${scheme} ***` : '***'
  }
  if (SECRET_HEADER.test(name) || SECRETISH_HEADER.test(name)) return '***'
  return value
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    let changed = false
    for (const name of [...parsed.searchParams.keys()]) {
      if (/^(key|api_key|apikey|access_token|token)$/i.test(name)) {
        parsed.searchParams.set(name, '***')
        changed = true
      }
    }
    if (parsed.username || parsed.password) {
      parsed.username = ''
      parsed.password = ''
      changed = true
    }
    return changed ? parsed.toString().replace(/%2A%2A%2A/g, '***') : url
  } catch {
    return url
  }
}

/**
 * Replaces each secret (at least 6 characters, to avoid masking ordinary words) in text with `***`, also where it
 * stands JSON-escaped inside a JSON text (a key holding `"` or `\`).
 */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  return scrubNeedles(text, secretNeedles(secrets))
}

/**
 * `scrubSecrets` for a fixed set of secrets, with what to look for worked out once: for a caller that scrubs many
 * small texts (every frame of a stream) against the same keys. The same replacements in the same order.
 */
export function secretScrubber(secrets: Iterable<string>): (text: string) => string {
  const needles = secretNeedles(secrets)
  return needles.length === 0 ? (text) => text : (text) => scrubNeedles(text, needles)
}

/** Each secret long enough to mask, followed by its JSON-escaped form where that differs. */
function secretNeedles(secrets: Iterable<string>): string[] {
  const needles: string[] = []
  for (const secret of secrets) {
    if (secret.length < 6) continue
    needles.push(secret)
    const escaped = JSON.stringify(secret).slice(1, -1)
    if (escaped !== secret) needles.push(escaped)
  }
  return needles
}

function scrubNeedles(text: string, needles: readonly string[]): string {
  let out = text
  for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join('***')
  return out
}

/** Nesting kept when a value is redacted; deeper parts are replaced by a note (a hostile gateway's `[[[…]]]`). */
export const MAX_VALUE_DEPTH = 64

/**
 * A copy of a JSON-like value with every string (and key) passed through `redact`, walked with an explicit stack so
 * no nesting overflows it, and cut at MAX_VALUE_DEPTH so what follows (JSON.stringify, structured clone) cannot
 * overflow either. It never throws; key order is kept.
 */
export function redactValue<T>(value: T, redact: (text: string) => string): T {
  const root: Record<string, unknown> = {}
  const stack: {
    from: unknown
    to: Record<string | number, unknown>
    key: string | number
    depth: number
  }[] = [{ from: value, to: root, key: 'v', depth: 0 }]
  while (stack.length > 0) {
    const { from, to, key, depth } = stack.pop()!
    if (typeof from === 'string') to[key] = redact(from)
    else if (from === null || typeof from !== 'object') to[key] = from
    else if (depth >= MAX_VALUE_DEPTH) to[key] = '<nested too deep to show>'
    else if (Array.isArray(from)) {
      const copy: unknown[] = new Array(from.length)
      to[key] = copy
      for (let i = from.length - 1; i >= 0; i--)
        stack.push({ from: from[i], to: copy as never, key: i, depth: depth + 1 })
    } else {
      const copy: Record<string, unknown> = {}
      to[key] = copy
      const entries = Object.entries(from)
      for (const [k] of entries) copy[redact(k)] = undefined
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push({ from: entries[i]![1], to: copy, key: redact(entries[i]![0]), depth: depth + 1 })
    }
  }
  return root.v as T
}

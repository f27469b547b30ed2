// Re-lays out JSON text for display without parsing values into JavaScript: number literals, escapes and key
// order stay byte-for-byte as they went over the wire (JSON.parse would round 64-bit ids). Only whitespace
// outside strings changes; anything that is not valid JSON is reported as such (null) and shown raw.

/** Whether the text is one complete JSON document. */
export function isJson(text: string): boolean {
  if (text.trim() === '') return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * The same JSON with its whitespace redone: `indent` spaces per level, or everything on one line when
 * `indent` is 0. Returns null when the text is not valid JSON.
 */
export function layoutJson(text: string, indent: number): string | null {
  if (!isJson(text)) return null
  const pretty = indent > 0
  const out: string[] = []
  let depth = 0
  let inString = false
  let escaped = false
  const newline = () => {
    if (pretty) out.push('\n', ' '.repeat(depth * indent))
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (inString) {
      out.push(ch)
      if (escaped) escaped = false
      else if (ch === '\\') escaped = true
      else if (ch === '"') inString = false
      continue
    }
    switch (ch) {
      case '"':
        inString = true
        out.push(ch)
        break
      case '{':
      case '[': {
        out.push(ch)
        // An empty container stays `{}` / `[]` rather than opening a blank indented line.
        const next = nextSignificant(text, i + 1)
        if (next !== undefined && text[next] === (ch === '{' ? '}' : ']')) {
          out.push(text[next]!)
          i = next
        } else {
          depth++
          newline()
        }
        break
      }
      case '}':
      case ']':
        depth--
        newline()
        out.push(ch)
        break
      case ',':
        out.push(ch)
        newline()
        break
      case ':':
        out.push(pretty ? ': ' : ':')
        break
      case ' ':
      case '\t':
      case '\n':
      case '\r':
        break
      default:
        out.push(ch)
    }
  }
  return out.join('')
}

function nextSignificant(text: string, from: number): number | undefined {
  for (let i = from; i < text.length; i++) {
    const ch = text[i]
    if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') return i
  }
  return undefined
}

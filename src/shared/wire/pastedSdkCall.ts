// An SDK call as people paste it from docs and notebooks: JavaScript (`create({ model: 'gpt-4o', messages: [...] })`:
// unquoted keys, single quotes, trailing commas, comments) and Python (`create(model="gpt-4o", messages=[...],
// temperature=0.2)`: keyword arguments, True/False/None, triple-quoted strings, `**{…}`). The call's arguments are
// read as literal values by a small recursive-descent reader: nothing is evaluated. An argument that is not a
// literal (a variable, a call, an f-string, a template with `${…}`) is left out by name with its reason, and the
// rest is kept. Bounded: nesting deeper than MAX_DEPTH is refused, and every step consumes input.
import type { WireFormat } from './format'

export interface SdkArguments {
  /** The body the call's arguments make: keyword arguments and object arguments merged. */
  body: Record<string, unknown>
  /** Positional arguments that are not objects (Gemini's `generate_content("Why?")`), in order. */
  positional: unknown[]
  problems: { field: string; why: string }[]
}

/** SDK calls: the method names the format; its arguments (JS object, Python keywords) are the body. */
export const SDK_METHODS: [RegExp, WireFormat][] = [
  [/chat\.completions\.(create|stream)\s*\(/, 'chat'],
  [/responses\.(create|stream)\s*\(/, 'responses'],
  [/messages\.(create|stream)\s*\(/, 'messages'],
  [/generate_?content(_?stream)?\s*\(/i, 'native'],
]

/** The request body an SDK call's arguments make, the model a Gemini call names apart, and what was left out. */
export function readSdkCallBody(
  text: string,
  open: number,
  native: boolean,
): { body: Record<string, unknown> | null; model: string | null; problems: SdkArguments['problems'] } {
  const args = readSdkArguments(text, open)
  const problems = [...args.problems]
  const body = args.body
  // The Python SDKs' request options: extra_body goes into the body; the others are the client's, not the body's.
  const extra = body.extra_body
  delete body.extra_body
  if (extra && typeof extra === 'object' && !Array.isArray(extra)) Object.assign(body, extra)
  for (const option of ['extra_headers', 'extra_query', 'timeout', 'max_retries'])
    if (option in body) {
      delete body[option]
      problems.push({ field: option, why: 'a client option, not part of the request body: left out' })
    }
  let model: string | null = null
  if (native) model = nativeFromSdk(body, args.positional)
  else if (args.positional.length)
    problems.push({
      field: 'the call',
      why: `${args.positional.length} argument(s) without a name: left out`,
    })
  const empty = Object.keys(body).length === 0
  if (empty && !args.problems.length)
    problems.push({ field: 'the call', why: 'it has no argument to read as the request body' })
  return { body: empty ? null : body, model, problems }
}

/** Gemini's SDKs take the model, contents as plain text, and a config beside them; the REST body has none of that.
 * Rewrites `body` as the REST body; answers the model it named. */
function nativeFromSdk(body: Record<string, unknown>, positional: unknown[]): string | null {
  let model: string | null = null
  if (typeof body.model === 'string') {
    model = body.model.replace(/^models\//, '')
    delete body.model
  }
  if (body.contents === undefined && positional.length)
    body.contents = positional.length === 1 ? positional[0] : positional
  const asParts = (v: unknown) => (typeof v === 'string' ? { text: v } : v)
  if (typeof body.contents === 'string') body.contents = [{ role: 'user', parts: [{ text: body.contents }] }]
  else if (Array.isArray(body.contents) && body.contents.every((c) => typeof c === 'string'))
    body.contents = [{ role: 'user', parts: body.contents.map(asParts) }]
  const config = body.config ?? body.generation_config ?? body.generationConfig
  delete body.config
  delete body.generation_config
  if (config && typeof config === 'object' && !Array.isArray(config)) {
    const generation: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(config)) {
      const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
      if (camel === 'systemInstruction')
        body.systemInstruction = typeof value === 'string' ? { parts: [{ text: value }] } : value
      else if (camel === 'tools' || camel === 'toolConfig' || camel === 'safetySettings') body[camel] = value
      else generation[camel] = value
    }
    if (Object.keys(generation).length) body.generationConfig = generation
  }
  return model
}

const MAX_DEPTH = 64
const WORD = /[A-Za-z_$][\w$]*/y
const NUMBER = /[+-]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?/y
const LITERALS: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  True: true,
  False: false,
  None: null,
}

class NotLiteral extends Error {}

/** Reads the argument list that starts at `open` (the index of its `(`). */
export function readSdkArguments(text: string, open: number): SdkArguments {
  const reader = new LiteralReader(text, open + 1)
  const out: SdkArguments = { body: {}, positional: [], problems: [] }
  for (;;) {
    reader.skipSpace()
    if (reader.atEnd()) {
      out.problems.push({
        field: 'the call',
        why: 'its “(” is never closed: the arguments were read to the end',
      })
      return out
    }
    if (reader.take(')')) return out
    const start = reader.at
    const name = reader.word()
    let field = 'an argument'
    let valueAt = start
    try {
      if (name && reader.peekAfterSpace('=') && !reader.peekAfterSpace('==')) {
        reader.take('=')
        field = name
        valueAt = reader.at
        const value = reader.value(0)
        if (value !== undefined) out.body[name] = value
      } else {
        reader.at = start
        const spread = reader.take('**')
        const value = reader.value(0)
        if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out.body, value)
        else if (spread) throw new NotLiteral('“**” takes a dict')
        else out.positional.push(value)
      }
    } catch (error) {
      if (!(error instanceof NotLiteral)) throw error
      out.problems.push({ field, why: `${error.message}: left out` })
      // On from where the argument's value began, past all of it, to the next argument.
      reader.at = valueAt
      reader.skipToSeparator()
    }
    reader.skipSpace()
    if (!reader.atEnd() && !reader.take(',') && !reader.peek(')')) {
      out.problems.push({ field: 'the call', why: 'its arguments could not be read past this point' })
      return out
    }
  }
}

class LiteralReader {
  constructor(
    private readonly s: string,
    public at: number,
  ) {}

  atEnd(): boolean {
    return this.at >= this.s.length
  }

  peek(token: string): boolean {
    return this.s.startsWith(token, this.at)
  }

  peekAfterSpace(token: string): boolean {
    const keep = this.at
    this.skipSpace()
    const found = this.peek(token)
    this.at = keep
    return found
  }

  take(token: string): boolean {
    this.skipSpace()
    if (!this.peek(token)) return false
    this.at += token.length
    return true
  }

  word(): string | null {
    this.skipSpace()
    WORD.lastIndex = this.at
    const m = WORD.exec(this.s)
    if (!m) return null
    this.at += m[0].length
    return m[0]
  }

  /** Spaces, line breaks and comments (`#`, `//`, `/* … *\/`). */
  skipSpace(): void {
    const s = this.s
    while (this.at < s.length) {
      const c = s[this.at]!
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.at++
      else if (c === '\\' && /^\\\r?\n/.test(s.slice(this.at, this.at + 3))) this.at++
      else if (c === '#' || s.startsWith('//', this.at)) {
        const end = s.indexOf('\n', this.at)
        this.at = end < 0 ? s.length : end + 1
      } else if (s.startsWith('/*', this.at)) {
        const end = s.indexOf('*/', this.at + 2)
        this.at = end < 0 ? s.length : end + 2
      } else return
    }
  }

  /** After a value that is not a literal: on to the next `,` or closing bracket at this depth. */
  skipToSeparator(): void {
    let depth = 0
    while (this.at < this.s.length) {
      const c = this.s[this.at]!
      if (c === '"' || c === "'" || c === '`') {
        try {
          this.string()
        } catch {
          this.at++
        }
        continue
      }
      if (c === '(' || c === '[' || c === '{') depth++
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) return
        depth--
      } else if (c === ',' && depth === 0) return
      this.at++
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) throw new NotLiteral(`nested deeper than ${MAX_DEPTH} levels`)
    this.skipSpace()
    const c = this.s[this.at]
    if (c === undefined) throw new NotLiteral('the text ends inside it')
    if (c === '{') return this.object(depth)
    if (c === '[' || c === '(') return this.array(depth, c === '[' ? ']' : ')')
    if (c === '"' || c === "'" || c === '`') return this.strings()
    NUMBER.lastIndex = this.at
    const number = NUMBER.exec(this.s)
    if (number && number[0] !== '+' && number[0] !== '-') {
      this.at += number[0].length
      return Number(number[0].replace(/_/g, ''))
    }
    const start = this.at
    const name = this.word()
    if (name === null) throw new NotLiteral(`“${this.s.slice(start, start + 20)}” is not a value`)
    // A string prefix: r'…' and b'…' are read as text; f'…' holds expressions.
    if (/^[rRbBuU]{1,2}$/.test(name) && /["']/.test(this.s[this.at] ?? '')) {
      if (/[bB]/.test(name) && /[rR]/.test(name)) return this.strings(true)
      return this.strings(/[rR]/.test(name))
    }
    if (/^[fF][rR]?$|^[rR][fF]$/.test(name) && /["']/.test(this.s[this.at] ?? ''))
      throw new NotLiteral('an f-string (it holds expressions)')
    if (Object.hasOwn(LITERALS, name)) return LITERALS[name]
    if (name === 'undefined') return undefined
    if (this.peekAfterSpace('(') || this.peekAfterSpace('.'))
      throw new NotLiteral(`a call or an expression (${name}…), not a value`)
    throw new NotLiteral(`the variable ${name}, not a value`)
  }

  private object(depth: number): Record<string, unknown> {
    this.at++ // {
    const out: Record<string, unknown> = {}
    for (;;) {
      this.skipSpace()
      if (this.take('}')) return out
      if (this.atEnd()) throw new NotLiteral('a “{” is never closed')
      if (this.peek('...') || this.peek('**')) throw new NotLiteral('a spread (…) of another object')
      const c = this.s[this.at]
      let key: string
      if (c === '"' || c === "'") key = this.strings()
      else if (c === '[') throw new NotLiteral('a computed key')
      else {
        NUMBER.lastIndex = this.at
        const number = NUMBER.exec(this.s)
        if (number) this.at += number[0].length
        const name = number ? number[0] : this.word()
        if (name === null) throw new NotLiteral(`“${this.s.slice(this.at, this.at + 20)}” is not a key`)
        if (!this.peekAfterSpace(':')) throw new NotLiteral(`the shorthand “${name}” (a variable)`)
        key = name
      }
      if (!this.take(':')) throw new NotLiteral(`the key “${key.slice(0, 40)}” has no value`)
      const value = this.value(depth + 1)
      if (value !== undefined && key !== '__proto__') out[key] = value
      this.skipSpace()
      if (!this.take(',') && !this.peek('}'))
        throw new NotLiteral('an object whose entries are not separated by commas')
    }
  }

  private array(depth: number, close: string): unknown[] {
    this.at++
    const out: unknown[] = []
    for (;;) {
      this.skipSpace()
      if (this.take(close)) return out
      if (this.atEnd()) throw new NotLiteral(`a list is never closed with “${close}”`)
      out.push(this.value(depth + 1))
      this.skipSpace()
      if (!this.take(',') && !this.peek(close))
        throw new NotLiteral('a list whose items are not separated by commas')
    }
  }

  /** One string, or several side by side (Python joins "a" "b"; a JS `+` between literals too). */
  private strings(raw = false): string {
    let text = this.string(raw)
    for (;;) {
      const keep = this.at
      this.skipSpace()
      this.take('+')
      this.skipSpace()
      const c = this.s[this.at]
      if (c === '"' || c === "'") text += this.string()
      else {
        this.at = keep
        return text
      }
    }
  }

  private string(raw = false): string {
    const s = this.s
    const quote = s[this.at]!
    const triple = quote !== '`' && s.startsWith(quote.repeat(3), this.at)
    const close = triple ? quote.repeat(3) : quote
    this.at += close.length
    let out = ''
    while (this.at < s.length) {
      if (s.startsWith(close, this.at)) {
        this.at += close.length
        return out
      }
      const c = s[this.at]!
      if (quote === '`' && s.startsWith('${', this.at))
        throw new NotLiteral('a template with ${…} (it holds expressions)')
      if (!triple && quote !== '`' && c === '\n') throw new NotLiteral('a string not closed on its line')
      if (c === '\\' && !raw) {
        out += this.escape()
        continue
      }
      out += c
      this.at++
    }
    throw new NotLiteral('a string is never closed')
  }

  private escape(): string {
    const s = this.s
    const c = s[this.at + 1] ?? ''
    this.at += 2
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      b: '\b',
      f: '\f',
      v: '\v',
      '0': '\0',
      '\n': '',
    }
    if (Object.hasOwn(simple, c)) return simple[c]!
    const hex = (length: number) => {
      const digits = s.slice(this.at, this.at + length)
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== length) return null
      this.at += length
      return parseInt(digits, 16)
    }
    if (c === 'x') {
      const code = hex(2)
      return code === null ? 'x' : String.fromCharCode(code)
    }
    if (c === 'u' && s[this.at] === '{') {
      const end = s.indexOf('}', this.at)
      const code = end > 0 && end - this.at <= 7 ? parseInt(s.slice(this.at + 1, end), 16) : NaN
      if (Number.isInteger(code) && code <= 0x10ffff) {
        this.at = end + 1
        return String.fromCodePoint(code)
      }
      return 'u'
    }
    if (c === 'u' || c === 'U') {
      const code = hex(c === 'u' ? 4 : 8)
      return code === null || code > 0x10ffff ? c : String.fromCodePoint(code)
    }
    return c
  }
}

// A streaming JSON scanner for responses that carry tens of megabytes in one string (a download's `base64`, a
// `data:` URL): it walks the bytes once, hands chosen string values to a sink piece by piece, and keeps only
// small values (by dotted path, e.g. `error.code`, `data.url`). Invariant: memory stays bounded by the chunk
// size plus `maxCapture` per kept value, whatever the body's size; the whole body is never a string.
import { MAX_JSON_DEPTH } from '../../../shared/jsonDepth'

/** Receives one string value's content, unescaped, in pieces (bytes as UTF-8). */
export interface StringSink {
  write(bytes: Uint8Array): void
  end(): void
}

export class JsonScanError extends Error {
  override readonly name = 'JsonScanError'
}

export interface JsonScanOptions {
  /** A sink for the string value at `path`, or undefined to keep it (when small) or skip it. */
  sinkFor?: (path: string) => StringSink | undefined
  /** Longest string value kept in `values`, in bytes; longer ones are skipped and listed in `oversized`. */
  maxCapture?: number
}

type Container =
  { kind: 'obj'; path: string; key: string | null } | { kind: 'arr'; path: string; index: number }

type State = 'value' | 'key' | 'colon' | 'after' | 'string' | 'literal' | 'done'
type StringRole = 'key' | 'keep' | 'sink' | 'skip'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09
const ESCAPES: Record<number, number> = {
  0x22: 0x22,
  0x5c: 0x5c,
  0x2f: 0x2f,
  0x62: 8,
  0x66: 12,
  0x6e: 10,
  0x72: 13,
  0x74: 9,
}
const encoder = new TextEncoder()

export class JsonScanner {
  /** Scalar values (strings up to maxCapture, numbers, booleans, null) by dotted path; arrays use indexes. */
  readonly values = new Map<string, unknown>()
  /** Paths of string values too long to keep (and not sunk). */
  readonly oversized = new Set<string>()
  /** Bytes seen so far. */
  bytes = 0

  private readonly maxCapture: number
  private readonly stack: Container[] = []
  private state: State = 'value'
  // The string being read.
  private role: StringRole = 'skip'
  private strPath = ''
  private parts: Uint8Array[] = []
  private partBytes = 0
  private sink: StringSink | undefined
  /** 0: none; 1: after a backslash; 2-5: reading the hex digits of \u. */
  private esc = 0
  private hex = ''
  private literal = ''

  constructor(private readonly options: JsonScanOptions = {}) {
    this.maxCapture = options.maxCapture ?? 64 * 1024
  }

  /** Reads one more piece of the body. Throws JsonScanError on malformed JSON. */
  push(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    let i = 0
    const n = buf.length
    while (i < n) {
      if (this.state === 'string') {
        i = this.readString(buf, i)
        continue
      }
      const b = buf[i]!
      if (this.state === 'literal') {
        if (isLiteralByte(b)) {
          this.literal += String.fromCharCode(b)
          if (this.literal.length > 400) throw new JsonScanError('a number or literal is too long')
          i++
          continue
        }
        this.endLiteral()
        continue // the delimiter is read in the new state
      }
      i++
      if (isSpace(b)) continue
      switch (this.state) {
        case 'value':
          this.startValue(b)
          break
        case 'key':
          if (b === QUOTE) {
            this.afterComma = false
            this.startString('key', '')
          } else if (b === 0x7d && !this.afterComma) this.closeContainer()
          else throw this.unexpected(b, 'a key')
          break
        case 'colon':
          if (b !== 0x3a) throw this.unexpected(b, '":"')
          this.state = 'value'
          break
        case 'after':
          this.afterValue(b)
          break
        case 'done':
          throw this.unexpected(b, 'the end of the body')
      }
    }
  }

  /** Ends the body; throws JsonScanError when it stopped before the top-level value was complete. */
  end(): void {
    if (this.state === 'literal' && this.stack.length === 0) this.endLiteral()
    if (this.state !== 'done') throw new JsonScanError(`the body ended early (after ${this.bytes} bytes)`)
  }

  get complete(): boolean {
    return this.state === 'done'
  }

  private top(): Container | undefined {
    return this.stack[this.stack.length - 1]
  }

  /** The path of the value about to be read. */
  private valuePath(): string {
    const top = this.top()
    if (!top) return ''
    const part = top.kind === 'obj' ? (top.key ?? '') : String(top.index)
    return top.path ? `${top.path}.${part}` : part
  }

  private startValue(b: number): void {
    // Each level's path holds its parent's: nesting is bounded so a hostile `[[[…` stays linear (S9).
    if ((b === 0x7b || b === 0x5b) && this.stack.length >= MAX_JSON_DEPTH)
      throw new JsonScanError(`the JSON is nested deeper than ${MAX_JSON_DEPTH} levels`)
    const path = this.valuePath()
    if (b === 0x7b) {
      this.stack.push({ kind: 'obj', path, key: null })
      this.state = 'key'
    } else if (b === 0x5b) {
      this.stack.push({ kind: 'arr', path, index: 0 })
      this.state = 'value'
      this.emptyArray = true
    } else if (b === QUOTE) {
      const sink = this.options.sinkFor?.(path)
      this.startString(sink ? 'sink' : 'keep', path, sink)
    } else if (b === 0x5d && this.emptyArray) {
      this.emptyArray = false
      this.closeContainer()
      return
    } else if (isLiteralByte(b)) {
      this.literal = String.fromCharCode(b)
      this.strPath = path
      this.state = 'literal'
    } else throw this.unexpected(b, 'a value')
    if (b !== 0x5b) this.emptyArray = false
  }

  /** The `]` of an empty array may come where a value is expected, right after its `[` only. */
  private emptyArray = false

  private startString(role: StringRole, path: string, sink?: StringSink): void {
    this.role = role
    this.strPath = path
    this.parts = []
    this.partBytes = 0
    this.sink = sink
    this.esc = 0
    this.state = 'string'
  }

  /** Reads string content from `i`; returns where it stopped. */
  private readString(buf: Buffer, i: number): number {
    const n = buf.length
    while (i < n) {
      if (this.esc > 0) {
        i = this.readEscape(buf, i)
        continue
      }
      const q = buf.indexOf(QUOTE, i)
      const bs = buf.indexOf(BACKSLASH, i)
      const stop = q === -1 ? bs : bs === -1 ? q : Math.min(q, bs)
      const end = stop === -1 ? n : stop
      if (end > i) this.content(buf.subarray(i, end))
      if (stop === -1) return n
      if (buf[stop] === QUOTE) {
        this.endString()
        return stop + 1
      }
      // A backslash: kept strings keep the raw escape (JSON.parse decodes it at the end).
      if (this.role === 'key' || this.role === 'keep') this.content(buf.subarray(stop, stop + 1))
      this.esc = 1
      i = stop + 1
    }
    return i
  }

  private readEscape(buf: Buffer, i: number): number {
    const b = buf[i]!
    const raw = this.role === 'key' || this.role === 'keep'
    if (raw) this.content(buf.subarray(i, i + 1))
    if (this.esc === 1) {
      if (b === 0x75) {
        this.esc = 2
        this.hex = ''
      } else {
        const ch = ESCAPES[b]
        if (ch === undefined)
          throw new JsonScanError(`invalid escape \\${String.fromCharCode(b)} in a string`)
        if (!raw) this.content(Uint8Array.of(ch))
        this.esc = 0
      }
      return i + 1
    }
    this.hex += String.fromCharCode(b)
    if (!/^[0-9a-fA-F]+$/.test(this.hex)) throw new JsonScanError('invalid \\u escape in a string')
    if (this.hex.length === 4) {
      if (!raw) this.content(encoder.encode(String.fromCharCode(parseInt(this.hex, 16))))
      this.esc = 0
    } else this.esc++
    return i + 1
  }

  private content(bytes: Uint8Array): void {
    if (this.role === 'sink') {
      // The buffer may be reused by the caller after push(); sinks that keep bytes must copy.
      this.sink!.write(bytes)
      return
    }
    if (this.role === 'skip') return
    const limit = this.role === 'key' ? 4096 : this.maxCapture
    if (this.partBytes + bytes.byteLength > limit) {
      if (this.role === 'key') throw new JsonScanError('an object key is too long')
      this.role = 'skip'
      this.parts = []
      this.oversized.add(this.strPath)
      return
    }
    this.parts.push(Buffer.from(bytes))
    this.partBytes += bytes.byteLength
  }

  private endString(): void {
    const role = this.role
    if (role === 'sink') this.sink!.end()
    if (role === 'key' || role === 'keep') {
      const text = JSON.parse(`"${Buffer.concat(this.parts).toString('utf8')}"`) as string
      if (role === 'key') {
        ;(this.top() as { key: string | null }).key = text
        this.parts = []
        this.state = 'colon'
        return
      }
      this.values.set(this.strPath, text)
    }
    this.parts = []
    this.sink = undefined
    this.valueDone()
  }

  private endLiteral(): void {
    let value: unknown
    try {
      value = JSON.parse(this.literal)
    } catch {
      throw new JsonScanError(`invalid literal ${JSON.stringify(this.literal.slice(0, 40))}`)
    }
    this.values.set(this.strPath, value)
    this.literal = ''
    this.valueDone()
  }

  private valueDone(): void {
    this.state = this.stack.length === 0 ? 'done' : 'after'
  }

  private afterValue(b: number): void {
    const top = this.top()!
    if (b === 0x2c) {
      if (top.kind === 'obj') {
        top.key = null
        this.state = 'key'
        this.afterComma = true
      } else {
        top.index++
        this.state = 'value'
      }
      return
    }
    if ((b === 0x7d && top.kind === 'obj') || (b === 0x5d && top.kind === 'arr')) {
      this.closeContainer()
      return
    }
    throw this.unexpected(b, top.kind === 'obj' ? '"," or "}"' : '"," or "]"')
  }

  /** A key must follow (a trailing comma before `}` is malformed). */
  private afterComma = false

  private closeContainer(): void {
    this.stack.pop()
    this.valueDone()
  }

  private unexpected(b: number, wanted: string): JsonScanError {
    return new JsonScanError(
      `unexpected ${JSON.stringify(String.fromCharCode(b))} at byte ${this.bytes}: expected ${wanted}`,
    )
  }
}

function isLiteralByte(b: number): boolean {
  // digits, - + . e E, and the letters of true/false/null
  return (
    (b >= 0x30 && b <= 0x39) ||
    b === 0x2d ||
    b === 0x2b ||
    b === 0x2e ||
    (b >= 0x61 && b <= 0x7a) ||
    b === 0x45
  )
}

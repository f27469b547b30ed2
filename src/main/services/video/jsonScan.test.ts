import { describe, expect, it } from 'vitest'
import { JsonScanError, JsonScanner, type StringSink } from './jsonScan'

function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = Math.imul(s ^ (s >>> 15), s | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Every scalar of a JSON value by the scanner's dotted paths. */
function flatten(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, path ? `${path}.${i}` : String(i), out))
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out)
  else out.set(path, value)
  return out
}

function scan(text: string, chunkSizes: number[], sinkFor?: (path: string) => StringSink | undefined) {
  const bytes = Buffer.from(text)
  const scanner = new JsonScanner({ sinkFor })
  let i = 0
  let k = 0
  while (i < bytes.length) {
    const size = chunkSizes[k++ % chunkSizes.length]!
    scanner.push(bytes.subarray(i, i + size))
    i += size
  }
  scanner.end()
  return scanner
}

const STRINGS = [
  '',
  'plain',
  'quote " inside',
  'back\\slash',
  'tab\tand\nnewline',
  'unicode é ✓ 图1 😀',
  '/path/',
  '\u0001',
]

function randomValue(rand: () => number, depth = 0): unknown {
  const r = rand()
  if (depth > 3 || r < 0.35) {
    const pick = Math.floor(rand() * 6)
    if (pick === 0) return STRINGS[Math.floor(rand() * STRINGS.length)]
    if (pick === 1) return Math.round((rand() - 0.5) * 1e6) / 100
    if (pick === 2) return rand() < 0.5
    if (pick === 3) return null
    if (pick === 4) return 'x'.repeat(Math.floor(rand() * 300))
    return Math.floor(rand() * 1000)
  }
  if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1))
  return Object.fromEntries(
    Array.from({ length: Math.floor(rand() * 5) }, (_, i) => [
      `k${i}${STRINGS[i % 3]}`,
      randomValue(rand, depth + 1),
    ]),
  )
}

describe('JsonScanner', () => {
  it('keeps every scalar by path under any re-chunking (1 byte to 64 KB), whitespace included', () => {
    const rand = seeded(7)
    for (let n = 0; n < 400; n++) {
      const doc = { top: randomValue(rand), list: [randomValue(rand), randomValue(rand)] }
      const text = JSON.stringify(doc, null, n % 3 === 0 ? 2 : undefined)
      const sizes = [1 + Math.floor(rand() * 7), 1 + Math.floor(rand() * 65536), 1]
      const scanner = scan(text, sizes)
      expect(scanner.values).toEqual(flatten(doc))
      expect(scanner.complete).toBe(true)
    }
  })

  it('streams a sunk string unescaped, in pieces, and keeps the rest', () => {
    const value = 'AAAA\\/BBBB"é\u00e9\n' + 'Q'.repeat(10_000)
    const body = JSON.stringify({ success: true, base64: value, size: 42, nested: { base64: 'not sunk' } })
    for (const size of [1, 3, 17, 4096, 1 << 16]) {
      const pieces: Buffer[] = []
      let ended = 0
      const scanner = scan(body, [size], (path) =>
        path === 'base64'
          ? { write: (b) => void pieces.push(Buffer.from(b)), end: () => void ended++ }
          : undefined,
      )
      expect(Buffer.concat(pieces).toString('utf8')).toBe(value)
      expect(ended).toBe(1)
      expect(scanner.values.get('success')).toBe(true)
      expect(scanner.values.get('size')).toBe(42)
      expect(scanner.values.get('nested.base64')).toBe('not sunk')
      expect(scanner.values.has('base64')).toBe(false)
    }
  })

  it('skips strings longer than maxCapture and lists them as oversized', () => {
    const scanner = new JsonScanner({ maxCapture: 10 })
    scanner.push(Buffer.from(JSON.stringify({ big: 'y'.repeat(50), small: 'ok' })))
    scanner.end()
    expect(scanner.values.get('small')).toBe('ok')
    expect(scanner.values.has('big')).toBe(false)
    expect([...scanner.oversized]).toEqual(['big'])
  })

  it.each([
    ['a truncated body', '{"a": "abc'],
    ['a missing value', '{"a": }'],
    ['a trailing comma in an object', '{"a": 1,}'],
    ['a trailing comma in an array', '[1,]'],
    ['two top-level values', '{} {}'],
    ['a bad escape', '"\\x"'],
    ['a bad literal', '{"a": tru}'],
    ['a missing colon', '{"a" 1}'],
    ['an unclosed array', '[1, 2'],
  ])('refuses %s', (_name, text) => {
    expect(() => scan(text, [1])).toThrow(JsonScanError)
  })

  it('accepts empty containers and top-level scalars', () => {
    expect(scan('{"a": [], "b": {}, "c": [[]]}', [2]).values).toEqual(new Map())
    expect(scan(' 42 ', [1]).values.get('')).toBe(42)
    expect(scan('"x"', [1]).values.get('')).toBe('x')
  })
})

// Random payloads for fuzzing IPC routes: nested JSON-like values plus the odd things structured clone can
// carry (undefined, NaN, -0, Infinity, Dates, Maps, huge strings, prototype keys).
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const KEYS = [
  'id',
  'name',
  'baseUrl',
  'consoleBaseUrl',
  'headers',
  'kind',
  'value',
  'url',
  'fields',
  '__proto__',
  'constructor',
  'timeoutMs',
  'nativeAuth',
]
const STRINGS = [
  '',
  ' ',
  'x',
  'apiKey',
  'consoleToken',
  'https://ok.example.com',
  'javascript:alert(1)',
  'file:///etc/passwd',
  '\u0000',
  '../../etc',
  'a'.repeat(5000),
  '𝕏🙂',
  'header',
  'bearer',
]

export function randomPayload(rand: () => number, depth = 0): unknown {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!
  const r = rand()
  if (depth > 3 || r < 0.3) {
    return pick<unknown>([
      undefined,
      null,
      true,
      false,
      0,
      -0,
      1,
      -1,
      1.5,
      NaN,
      Infinity,
      2 ** 53,
      pick(STRINGS),
      new Date(0),
      Math.floor(rand() * 1e6),
      `s${Math.floor(rand() * 1000)}`,
    ])
  }
  if (r < 0.45) return Array.from({ length: Math.floor(rand() * 4) }, () => randomPayload(rand, depth + 1))
  if (r < 0.5) return new Map([[pick(KEYS), randomPayload(rand, depth + 1)]])
  const obj: Record<string, unknown> = {}
  const n = Math.floor(rand() * 5)
  for (let i = 0; i < n; i++)
    Object.defineProperty(obj, pick(KEYS), {
      value: randomPayload(rand, depth + 1),
      enumerable: true,
      configurable: true,
      writable: true,
    })
  return obj
}

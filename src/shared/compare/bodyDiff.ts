// The structural diff of two request bodies, by microdiff: every path that changed, that only the second body has
// (added) and that only the first has (missing), with both values. Paths read as `generationConfig.topK` and
// `messages[0].content`, the way the lossiness warnings and the Inspector name fields.
import microdiff from 'microdiff'

export type BodyChangeKind = 'changed' | 'added' | 'missing'

export interface BodyChange {
  path: string
  kind: BodyChangeKind
  /** The first body's value (absent when added). */
  before?: unknown
  /** The second body's value (absent when missing). */
  after?: unknown
}

export interface BodyDiff {
  changes: BodyChange[]
  counts: Record<BodyChangeKind, number>
  /** Why no diff could be made (a body that is not a JSON object or array). */
  error?: string
}

/** `a.b[0].c` from microdiff's path segments. */
export function pathText(path: readonly (string | number)[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key
    else out += `[${JSON.stringify(key)}]`
  }
  return out || '$'
}

function parse(text: string, which: string): object {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`${which} body is not valid JSON (${(error as Error).message})`)
  }
  if (!value || typeof value !== 'object') throw new Error(`${which} body is not a JSON object`)
  return value
}

/** Compares two bodies given as JSON text (as the preview shows them). */
export function diffBodies(first: string, second: string): BodyDiff {
  const counts = { changed: 0, added: 0, missing: 0 }
  let a: object
  let b: object
  try {
    a = parse(first, 'The first')
    b = parse(second, 'The second')
  } catch (error) {
    return { changes: [], counts, error: (error as Error).message }
  }
  const changes = microdiff(a as Record<string, unknown>, b as Record<string, unknown>).map(
    (d): BodyChange => {
      const path = pathText(d.path)
      if (d.type === 'CREATE') return { path, kind: 'added', after: d.value }
      if (d.type === 'REMOVE') return { path, kind: 'missing', before: d.oldValue }
      return { path, kind: 'changed', before: d.oldValue, after: d.value }
    },
  )
  for (const c of changes) counts[c.kind]++
  return { changes, counts }
}

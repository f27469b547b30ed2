// HTTP byte-range parsing (RFC 9110 §14) for every handler that serves media: the simulator's hosted results
// and the app's media route. Invariant: a syntactically invalid or multi-range header is ignored (full 200),
// a valid but unsatisfiable one is reported so the caller answers 416 with `bytes */size`.

export type ByteRange =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' }

/**
 * Interprets a Range header against a resource of `size` bytes. `end` is inclusive.
 * `bytes=a-b`, `bytes=a-` and `bytes=-n` are supported; anything else answers with the full resource.
 */
export function parseByteRange(header: string | undefined | null, size: number): ByteRange {
  if (header === undefined || header === null) return { kind: 'full' }
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m) return { kind: 'full' }
  const [, a = '', b = ''] = m
  if (a === '' && b === '') return { kind: 'full' }
  if (a === '') {
    const suffix = Number(b)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(a)
  // `a-b` with b < a is invalid syntax (ignored); a first byte past the end is unsatisfiable.
  if (b !== '' && Number(b) < start) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end: b === '' ? size - 1 : Math.min(Number(b), size - 1) }
}

/** `Content-Range` value for a partial answer, or for a 416 (`bytes` star slash size). */
export const contentRange = (range: ByteRange, size: number): string | undefined =>
  range.kind === 'partial'
    ? `bytes ${range.start}-${range.end}/${size}`
    : range.kind === 'unsatisfiable'
      ? `bytes */${size}`
      : undefined

// The maths behind the Embeddings panel, in main: base64 vectors decoded as little-endian float32, norms, the
// cosine matrix, a 2-D PCA projection and nearest neighbours. Invariant: the long loops yield to the event loop
// (through `pace`) every few milliseconds, so main stays responsive while 1,000 × 3,072 vectors are processed.

/** Yields to the event loop when the current slice of work has run for `sliceMs`. */
export function createPacer(sliceMs = 6): () => Promise<void> {
  let start = performance.now()
  return async () => {
    if (performance.now() - start < sliceMs) return
    await new Promise<void>((resolve) => setImmediate(resolve))
    start = performance.now()
  }
}

/** `encoding_format: base64`: the bytes of little-endian float32 values. */
export function decodeBase64Float32(b64: string): Float32Array {
  const bytes = Buffer.from(b64, 'base64')
  if (bytes.length % 4 !== 0)
    throw new Error(`a base64 vector has ${bytes.length} bytes, not a multiple of 4`)
  const out = new Float32Array(bytes.length / 4)
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4)
  return out
}

export function norm(v: Float32Array): number {
  let s = 0
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!
  return Math.sqrt(s)
}

/** Cosine similarity and the largest absolute difference of two vectors of equal length. */
export function compareVectors(a: Float32Array, b: Float32Array): { cosine: number; maxAbsDiff: number } {
  if (a.length !== b.length) return { cosine: Number.NaN, maxAbsDiff: Number.POSITIVE_INFINITY }
  let dot = 0
  let na = 0
  let nb = 0
  let maxAbsDiff = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    dot += x * y
    na += x * x
    nb += y * y
    const d = Math.abs(x - y)
    if (d > maxAbsDiff) maxAbsDiff = d
  }
  return { cosine: dot / (Math.sqrt(na * nb) || 1), maxAbsDiff }
}

/** Vectors agree within float32 precision: a cosine this close to 1 and differences within a few ulps. */
export const agreesWithinFloat32 = (c: { cosine: number; maxAbsDiff: number }): boolean =>
  c.cosine >= 1 - 1e-6 && c.maxAbsDiff <= 1e-6

/** The n × n matrix of dot products (row-major, symmetric), a row at a time between yields. */
export async function gramMatrix(
  vectors: readonly Float32Array[],
  pace: () => Promise<void> = createPacer(),
): Promise<Float64Array> {
  const n = vectors.length
  const g = new Float64Array(n * n)
  for (let i = 0; i < n; i++) {
    const a = vectors[i]!
    const d = a.length
    for (let j = i; j < n; j++) {
      const b = vectors[j]!
      let s0 = 0
      let s1 = 0
      let s2 = 0
      let s3 = 0
      let k = 0
      for (; k + 3 < d; k += 4) {
        s0 += a[k]! * b[k]!
        s1 += a[k + 1]! * b[k + 1]!
        s2 += a[k + 2]! * b[k + 2]!
        s3 += a[k + 3]! * b[k + 3]!
      }
      for (; k < d; k++) s0 += a[k]! * b[k]!
      const dot = s0 + s1 + s2 + s3
      g[i * n + j] = dot
      g[j * n + i] = dot
    }
    await pace()
  }
  return g
}

/** Cosine similarities from a Gram matrix (a zero vector is similar to nothing). */
export function cosineFromGram(g: Float64Array, n: number): Float32Array {
  const m = new Float32Array(n * n)
  const len = new Float64Array(n).map((_, i) => Math.sqrt(g[i * n + i]!))
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) m[i * n + j] = g[i * n + j]! / (len[i]! * len[j]! || 1)
  return m
}

/** Cosine values in [-1, 1] as uint16 (about 3e-5 steps), little-endian, base64: the heatmap's wire form. */
export function quantiseRows(m: Float32Array, n: number, from: number, to: number): string {
  const out = Buffer.alloc((to - from) * n * 2)
  for (let i = from * n, o = 0; i < to * n; i++, o += 2) {
    const c = Math.max(-1, Math.min(1, m[i]!))
    out.writeUInt16LE(Math.round(((c + 1) / 2) * 65535), o)
  }
  return out.toString('base64')
}

export const dequantise = (q: number): number => (q / 65535) * 2 - 1

/** The k most similar other items of item i, most similar first. */
export function neighbours(
  m: Float32Array,
  n: number,
  i: number,
  k: number,
): { index: number; cosine: number }[] {
  const out: { index: number; cosine: number }[] = []
  for (let j = 0; j < n; j++) if (j !== i) out.push({ index: j, cosine: m[i * n + j]! })
  out.sort((a, b) => b.cosine - a.cosine)
  return out.slice(0, k)
}

export interface Projection {
  points: [number, number][]
  /** Share of the total variance each axis explains. */
  explained: [number, number]
}

/**
 * PCA scores on the first two principal components, from the Gram matrix of the vectors (classical scaling:
 * the double-centred Gram matrix has the PCA scores as its scaled eigenvectors). The Gram matrix costs O(n²·d)
 * once and is shared with the cosine matrix; each power iteration costs O(n²), where a d × d eigendecomposition
 * would cost O(d³) and block main for many seconds at d = 3,072.
 */
export async function pcaFromGram(
  gram: Float64Array,
  n: number,
  pace: () => Promise<void> = createPacer(),
): Promise<Projection> {
  if (n === 0) return { points: [], explained: [0, 0] }
  const rowMean = new Float64Array(n)
  let all = 0
  for (let i = 0; i < n; i++) {
    let s = 0
    for (let j = 0; j < n; j++) s += gram[i * n + j]!
    rowMean[i] = s / n
    all += s
  }
  all /= n * n
  const g = new Float64Array(n * n)
  let trace = 0
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) g[i * n + j] = gram[i * n + j]! - rowMean[i]! - rowMean[j]! + all
    trace += g[i * n + i]!
  }
  const components: { vector: Float64Array; value: number }[] = []
  for (let c = 0; c < 2; c++) {
    let v = new Float64Array(n).map((_, i) => Math.sin(i * 12.9898 + c * 78.233) + 1.5)
    let value = 0
    for (let iter = 0; iter < 1000; iter++) {
      const w = new Float64Array(n)
      for (let i = 0; i < n; i++) {
        let s = 0
        for (let j = 0; j < n; j++) s += g[i * n + j]! * v[j]!
        w[i] = s
      }
      for (const prev of components) {
        let p = 0
        for (let i = 0; i < n; i++) p += w[i]! * prev.vector[i]!
        for (let i = 0; i < n; i++) w[i]! -= p * prev.vector[i]!
      }
      let len = 0
      for (let i = 0; i < n; i++) len += w[i]! * w[i]!
      len = Math.sqrt(len)
      if (len < 1e-12 * (trace || 1)) {
        value = 0
        break
      }
      let delta = 0
      for (let i = 0; i < n; i++) {
        const x = w[i]! / len
        delta = Math.max(delta, Math.abs(x - v[i]!))
        w[i] = x
      }
      v = w
      value = len
      await pace()
      if (delta < 1e-10) break
    }
    // A fixed sign: the largest coordinate is positive, so the same data always draws the same picture.
    let big = 0
    for (let i = 0; i < n; i++) if (Math.abs(v[i]!) > Math.abs(v[big]!)) big = i
    if (v[big]! < 0) v = v.map((x) => -x)
    components.push({ vector: v, value })
  }
  const [a, b] = components as [(typeof components)[0], (typeof components)[0]]
  const sa = Math.sqrt(Math.max(0, a.value))
  const sb = Math.sqrt(Math.max(0, b.value))
  return {
    points: Array.from({ length: n }, (_, i) => [a.vector[i]! * sa, b.vector[i]! * sb] as [number, number]),
    explained: [trace > 0 ? a.value / trace : 0, trace > 0 ? b.value / trace : 0],
  }
}

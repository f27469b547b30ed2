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

/**
 * The n × n matrix of dot products (row-major, symmetric). Pairs of rows against pairs of columns share each
 * load (about twice the speed of one dot product at a time); the pace is checked every few blocks.
 */
export async function gramMatrix(
  vectors: readonly Float32Array[],
  pace: () => Promise<void> = createPacer(),
): Promise<Float64Array> {
  const n = vectors.length
  const g = new Float64Array(n * n)
  const put = (i: number, j: number, v: number) => {
    if (i >= n || j >= n) return
    g[i * n + j] = v
    g[j * n + i] = v
  }
  for (let i = 0; i < n; i += 2) {
    const a0 = vectors[i]!
    const a1 = vectors[Math.min(i + 1, n - 1)]!
    const d = a0.length
    for (let j = i, blocks = 0; j < n; j += 2, blocks++) {
      const b0 = vectors[j]!
      const b1 = vectors[Math.min(j + 1, n - 1)]!
      let s00 = 0
      let s01 = 0
      let s10 = 0
      let s11 = 0
      for (let k = 0; k < d; k++) {
        const x0 = a0[k]!
        const x1 = a1[k]!
        const y0 = b0[k]!
        const y1 = b1[k]!
        s00 += x0 * y0
        s01 += x0 * y1
        s10 += x1 * y0
        s11 += x1 * y1
      }
      put(i, j, s00)
      put(i, j + 1, s01)
      put(i + 1, j, s10)
      put(i + 1, j + 1, s11)
      if ((blocks & 31) === 31) await pace()
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

/** Eigen-decomposition of a small symmetric matrix (row-major k × k) by cyclic Jacobi rotations. */
export function symmetricEigen(m: Float64Array, k: number): { values: number[]; vectors: Float64Array } {
  const a = Float64Array.from(m)
  const v = new Float64Array(k * k)
  for (let i = 0; i < k; i++) v[i * k + i] = 1
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0
    for (let p = 0; p < k; p++) for (let q = p + 1; q < k; q++) off += a[p * k + q]! ** 2
    if (off < 1e-30) break
    for (let p = 0; p < k; p++)
      for (let q = p + 1; q < k; q++) {
        const apq = a[p * k + q]!
        if (Math.abs(apq) < 1e-300) continue
        const theta = (a[q * k + q]! - a[p * k + p]!) / (2 * apq)
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
        const c = 1 / Math.sqrt(t * t + 1)
        const s = t * c
        for (let r = 0; r < k; r++) {
          const arp = a[r * k + p]!
          const arq = a[r * k + q]!
          a[r * k + p] = c * arp - s * arq
          a[r * k + q] = s * arp + c * arq
        }
        for (let r = 0; r < k; r++) {
          const apr = a[p * k + r]!
          const aqr = a[q * k + r]!
          a[p * k + r] = c * apr - s * aqr
          a[q * k + r] = s * apr + c * aqr
        }
        for (let r = 0; r < k; r++) {
          const vrp = v[r * k + p]!
          const vrq = v[r * k + q]!
          v[r * k + p] = c * vrp - s * vrq
          v[r * k + q] = s * vrp + c * vrq
        }
      }
  }
  return { values: Array.from({ length: k }, (_, i) => a[i * k + i]!), vectors: v }
}

/** Vectors in the block of the subspace iteration: the two components wanted and six more for a fast gap. */
const BLOCK = 8

/** Orthonormalises the k columns of an n × k row-major block in place (modified Gram-Schmidt). */
function orthonormalise(w: Float64Array, n: number, k: number): void {
  let fallback = 0
  for (let c = 0; c < k; c++) {
    for (let p = 0; p < c; p++) {
      let dot = 0
      for (let i = 0; i < n; i++) dot += w[i * k + c]! * w[i * k + p]!
      for (let i = 0; i < n; i++) w[i * k + c]! -= dot * w[i * k + p]!
    }
    let len = 0
    for (let i = 0; i < n; i++) len += w[i * k + c]! ** 2
    len = Math.sqrt(len)
    // A column the matrix maps to (almost) nothing, when its rank is below k, is replaced by the next unit
    // direction and tried again; k ≤ n, so some unit direction lies outside the span of the columns before it.
    if (len < 1e-9 && fallback < n) {
      for (let i = 0; i < n; i++) w[i * k + c] = i === fallback ? 1 : 0
      fallback++
      c--
      continue
    }
    for (let i = 0; i < n; i++) w[i * k + c]! /= len || 1
  }
}

/**
 * PCA scores on the first two principal components, from the Gram matrix of the vectors (classical scaling:
 * the double-centred Gram matrix has the PCA scores as its scaled eigenvectors). The Gram matrix costs O(n²·d)
 * once and is shared with the cosine matrix; the top eigenvectors come from subspace iteration with a block of
 * a few extra vectors and Rayleigh-Ritz, O(n²) per step and converging at the rate of the gap past the block,
 * so two components of nearly equal variance separate quickly. A d × d eigendecomposition (what a library PCA
 * does) would cost O(d³) and block main for many seconds at d = 3,072.
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
  await pace()
  const k = Math.min(n, BLOCK)
  let v = new Float64Array(n * k)
  for (let i = 0; i < n; i++)
    for (let c = 0; c < k; c++) v[i * k + c] = (Math.sin(i * 12.9898 + c * 78.233) * 43758.5453) % 1
  orthonormalise(v, n, k)
  let ritz: { values: number[]; vectors: Float64Array } = {
    values: new Array<number>(k).fill(0),
    vectors: new Float64Array(k * k),
  }
  let previous = [Number.NaN, Number.NaN]
  for (let iter = 0; iter < 300; iter++) {
    // W = G·V, a row of G at a time.
    const w = new Float64Array(n * k)
    for (let i = 0; i < n; i++) {
      const row = i * n
      const out = i * k
      if (k === BLOCK) {
        // The usual case, unrolled: eight sums stay in registers instead of eight stores per element of G.
        let s0 = 0
        let s1 = 0
        let s2 = 0
        let s3 = 0
        let s4 = 0
        let s5 = 0
        let s6 = 0
        let s7 = 0
        for (let j = 0, vj = 0; j < n; j++, vj += BLOCK) {
          const gij = g[row + j]!
          s0 += gij * v[vj]!
          s1 += gij * v[vj + 1]!
          s2 += gij * v[vj + 2]!
          s3 += gij * v[vj + 3]!
          s4 += gij * v[vj + 4]!
          s5 += gij * v[vj + 5]!
          s6 += gij * v[vj + 6]!
          s7 += gij * v[vj + 7]!
        }
        w[out] = s0
        w[out + 1] = s1
        w[out + 2] = s2
        w[out + 3] = s3
        w[out + 4] = s4
        w[out + 5] = s5
        w[out + 6] = s6
        w[out + 7] = s7
      } else
        for (let j = 0; j < n; j++) {
          const gij = g[row + j]!
          const vj = j * k
          for (let c = 0; c < k; c++) w[out + c]! += gij * v[vj + c]!
        }
      if ((i & 63) === 63) await pace()
    }
    // Rayleigh-Ritz: H = Vᵀ·G·V = Vᵀ·W, whose eigenpairs estimate the top ones of G.
    const h = new Float64Array(k * k)
    for (let p = 0; p < k; p++)
      for (let q = p; q < k; q++) {
        let s = 0
        for (let i = 0; i < n; i++) s += v[i * k + p]! * w[i * k + q]!
        h[p * k + q] = s
        h[q * k + p] = s
      }
    ritz = symmetricEigen(h, k)
    const top = [...ritz.values].sort((x, y) => y - x)
    const scale = Math.max(Math.abs(top[0]!), 1e-300)
    const settled =
      Math.abs(top[0]! - previous[0]!) <= 1e-10 * scale && Math.abs(top[1]! - previous[1]!) <= 1e-10 * scale
    previous = [top[0]!, top[1]!]
    if (settled && iter >= 2) break
    orthonormalise(w, n, k)
    v = w
    await pace()
  }
  // The two largest Ritz pairs: their vectors are V·y.
  const order = ritz.values.map((value, c) => ({ value, c })).sort((x, y) => y.value - x.value)
  const components = order.slice(0, 2).map(({ value, c }) => {
    let u = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      let s = 0
      for (let r = 0; r < k; r++) s += v[i * k + r]! * ritz.vectors[r * k + c]!
      u[i] = s
    }
    // A fixed sign: the largest coordinate is positive, so the same data always draws the same picture.
    let big = 0
    for (let i = 0; i < n; i++) if (Math.abs(u[i]!) > Math.abs(u[big]!)) big = i
    if (u[big]! < 0) u = u.map((x) => -x)
    return { vector: u, value: Math.max(0, value) }
  })
  while (components.length < 2) components.push({ vector: new Float64Array(n), value: 0 })
  const [a, b] = components as [(typeof components)[0], (typeof components)[0]]
  const sa = Math.sqrt(a.value)
  const sb = Math.sqrt(b.value)
  return {
    points: Array.from({ length: n }, (_, i) => [a.vector[i]! * sa, b.vector[i]! * sb] as [number, number]),
    explained: [trace > 0 ? a.value / trace : 0, trace > 0 ? b.value / trace : 0],
  }
}

// A 2-D PCA projection of embedding vectors, computed from their Gram matrix (classical scaling) by block
// subspace iteration. Invariant: the same vectors always draw the same picture (a fixed start and a fixed sign
// per component), and the result equals a library PCA's scores on the first two components.
import { createPacer } from './vectorMath'

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

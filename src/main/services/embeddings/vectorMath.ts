// The maths behind the Embeddings panel: base64 vectors decoded as little-endian float32, norms, vectors packed
// in one block, the Gram and cosine matrices and nearest neighbours. Invariant: the long loops yield through
// `pace` every few milliseconds, so whichever thread runs them (the matrix worker, or main when no worker can
// start) stays responsive while 1,000 × 3,072 vectors are processed.

import { gramKernel, type GramKernel } from './gramKernel'

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

/** Vectors of one length in one contiguous row-major block: row i is `data[i·d, (i+1)·d)`. */
export interface PackedVectors {
  data: Float32Array
  n: number
  d: number
}

/**
 * Packs vectors of equal length into one block, in shared memory when `shared` (a worker then reads the same
 * bytes: no copy per call).
 */
export function packVectors(vectors: readonly Float32Array[], shared = false): PackedVectors {
  const n = vectors.length
  const d = vectors[0]?.length ?? 0
  const bytes = n * d * Float32Array.BYTES_PER_ELEMENT
  const data = new Float32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes))
  vectors.forEach((v, i) => data.set(v, i * d))
  return { data, n, d }
}

/** The rows of a packed block as views on its memory (no copy). */
export const rowsOf = ({ data, n, d }: PackedVectors): Float32Array[] =>
  Array.from({ length: n }, (_, i) => data.subarray(i * d, (i + 1) * d))

/**
 * Which share of the Gram matrix one thread computes: every `parts`-th block of columns from block `part`,
 * written into `into` (shared by all the threads). The shares' cells are disjoint.
 */
export interface GramShare {
  part: number
  parts: number
  into?: Float64Array
}

/** Rows of the Gram matrix computed against one block of columns while that block stays in cache. */
const COLUMN_BLOCK = 32

/**
 * The n × n matrix of dot products (row-major, symmetric). Only the upper half is computed and mirrored, in tiles
 * of four rows against two columns (eight sums sharing every load), the columns taken in blocks of COLUMN_BLOCK
 * vectors that stay in cache while every row meets them; threads can share the blocks out (`share`). The tiles
 * come from the WebAssembly SIMD kernel (float32 lanes, each sum's lanes added in float64: within 1e-6 of the
 * exact dot relative to the norms) or, where it cannot load, from JavaScript (float64 sums in index order).
 * The pace is checked between row tiles.
 */
export async function gramMatrix(
  packed: PackedVectors,
  pace: () => Promise<void> = createPacer(),
  share: GramShare = { part: 0, parts: 1 },
  useKernel = true,
): Promise<Float64Array> {
  const { n } = packed
  const g = share.into ?? new Float64Array(n * n)
  const tile = (useKernel && gramKernel(packed)?.tile) || jsTile(packed)
  const sums = new Float64Array(8)
  for (let jb = share.part * COLUMN_BLOCK; jb < n; jb += share.parts * COLUMN_BLOCK) {
    const jEnd = Math.min(n, jb + COLUMN_BLOCK)
    // Row tiles of four that reach this block's columns (i ≤ j): from the first up to the block's end.
    for (let i = 0; i < jEnd; i += 4) {
      for (let j = Math.max(jb, i); j < jEnd; j += 2) {
        tile(i, j, sums)
        for (let r = 0; r < 4; r++) {
          for (let c = 0; c < 2; c++) {
            const ri = i + r
            const cj = j + c
            if (ri >= n || cj >= n || cj < ri) continue
            g[ri * n + cj] = sums[r * 2 + c]!
            g[cj * n + ri] = sums[r * 2 + c]!
          }
        }
      }
      await pace()
    }
  }
  return g
}

/** The kernel's tile in JavaScript: float64 sums in index order. */
function jsTile({ data: x, n, d }: PackedVectors): GramKernel['tile'] {
  const last = Math.max(0, n - 1) * d
  return (i, j, out) => {
    const a0 = Math.min(i * d, last)
    const a1 = Math.min(a0 + d, last)
    const a2 = Math.min(a0 + 2 * d, last)
    const a3 = Math.min(a0 + 3 * d, last)
    const b0 = Math.min(j * d, last)
    const b1 = Math.min(b0 + d, last)
    let s00 = 0
    let s01 = 0
    let s10 = 0
    let s11 = 0
    let s20 = 0
    let s21 = 0
    let s30 = 0
    let s31 = 0
    for (let k = 0; k < d; k++) {
      const y0 = x[b0 + k]!
      const y1 = x[b1 + k]!
      const x0 = x[a0 + k]!
      const x1 = x[a1 + k]!
      const x2 = x[a2 + k]!
      const x3 = x[a3 + k]!
      s00 += x0 * y0
      s01 += x0 * y1
      s10 += x1 * y0
      s11 += x1 * y1
      s20 += x2 * y0
      s21 += x2 * y1
      s30 += x3 * y0
      s31 += x3 * y1
    }
    out[0] = s00
    out[1] = s01
    out[2] = s10
    out[3] = s11
    out[4] = s20
    out[5] = s21
    out[6] = s30
    out[7] = s31
  }
}

/** Cosine similarities from a Gram matrix (a zero vector is similar to nothing), in shared memory if `shared`. */
export function cosineFromGram(g: Float64Array, n: number, shared = false): Float32Array {
  const bytes = n * n * Float32Array.BYTES_PER_ELEMENT
  const m = new Float32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes))
  const len = new Float64Array(n).map((_, i) => Math.sqrt(g[i * n + i]!))
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) m[i * n + j] = g[i * n + j]! / (len[i]! * len[j]! || 1)
  return m
}

/**
 * The n × n matrix as `size` × `size` cells, each the mean of its block of rows and columns (blocks differ by at
 * most one row), quantised to one byte: q = round((c + 1) / 2 * 255). With size = n every cell is one value.
 */
export function heatmapPicture(m: Float32Array, n: number, size: number): Uint8Array {
  const edges = Array.from({ length: size + 1 }, (_, k) => Math.floor((k * n) / size))
  const out = new Uint8Array(size * size)
  const sums = new Float64Array(size)
  for (let a = 0; a < size; a++) {
    sums.fill(0)
    const r0 = edges[a]!
    const r1 = edges[a + 1]!
    for (let i = r0; i < r1; i++) {
      const row = i * n
      for (let b = 0; b < size; b++) {
        let sum = 0
        for (let j = edges[b]!; j < edges[b + 1]!; j++) sum += m[row + j]!
        sums[b] = sums[b]! + sum
      }
    }
    for (let b = 0; b < size; b++) {
      const mean = sums[b]! / ((r1 - r0) * (edges[b + 1]! - edges[b]!))
      out[a * size + b] = Math.round(((Math.max(-1, Math.min(1, mean)) + 1) / 2) * 255)
    }
  }
  return out
}

export const dequantiseByte = (q: number): number => (q / 255) * 2 - 1

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

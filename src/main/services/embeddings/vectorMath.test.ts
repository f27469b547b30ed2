import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PCA } from 'ml-pca'
import {
  agreesWithinFloat32,
  compareVectors,
  cosineFromGram,
  decodeBase64Float32,
  dequantiseByte,
  gramMatrix,
  neighbours,
  packVectors,
  heatmapPicture,
} from './vectorMath'
import { pcaFromGram } from './projection'
import { gramKernel } from './gramKernel'
import { assembleGramKernel, gramKernelModule } from '../../../../scripts/wasm'
import { float32Base64 } from '../../../simulator/embeddings'

const f32 = (...xs: number[]) => Float32Array.from(xs)

describe('vector maths', () => {
  it('decodes base64 as little-endian float32, equal to the float values', () => {
    const v = f32(0.5, -1.25, 3.1415927, 1e-8)
    expect(Array.from(decodeBase64Float32(float32Base64(v)))).toEqual(Array.from(v))
    // 1.0f is 00 00 80 3f in little-endian order.
    expect(Array.from(decodeBase64Float32(Buffer.from([0, 0, 0x80, 0x3f]).toString('base64')))).toEqual([1])
    expect(() => decodeBase64Float32(Buffer.from([1, 2, 3]).toString('base64'))).toThrow(/multiple of 4/)
  })

  it('computes cosine similarity against known values', async () => {
    const vs = [f32(1, 0), f32(0, 2), f32(1, 1), f32(-3, 0)]
    const m = cosineFromGram(await gramMatrix(packVectors(vs)), 4)
    expect(m[0 * 4 + 1]).toBeCloseTo(0, 7)
    expect(m[0 * 4 + 2]).toBeCloseTo(Math.SQRT1_2, 6)
    expect(m[0 * 4 + 3]).toBeCloseTo(-1, 7)
    expect(m[2 * 4 + 2]).toBeCloseTo(1, 7)
    expect(neighbours(m, 4, 0, 2)).toEqual([
      { index: 2, cosine: expect.closeTo(Math.SQRT1_2, 6) },
      { index: 1, cosine: expect.closeTo(0, 6) },
    ])
  })

  it('fills every cell of the Gram matrix with the plain dot product, for counts and lengths that do not fill a tile', async () => {
    for (const [n, d] of [
      [1, 7],
      [2, 4],
      [3, 9],
      [5, 7],
      [6, 1],
      [33, 13],
      [35, 7],
      [70, 16],
    ] as const) {
      const vs = Array.from({ length: n }, (_, i) =>
        Float32Array.from({ length: d }, (_, k) => Math.cos(i * 3 + k)),
      )
      const packed = packVectors(vs)
      const simd = await gramMatrix(packed)
      const js = await gramMatrix(packed, undefined, undefined, false)
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          let dot = 0
          for (let k = 0; k < d; k++) dot += vs[i]![k]! * vs[j]![k]!
          // JavaScript: float64 sums in index order, exact; the SIMD kernel: float32 lanes, within 1e-6 of the norms.
          expect(js[i * n + j]).toBe(dot)
          expect(Math.abs(simd[i * n + j]! - dot)).toBeLessThanOrEqual(1e-6 * Math.sqrt(d))
        }
    }
  })

  it('computes 3,072-dimension dot products in SIMD within 1e-6 of the exact ones, relative to the norms', async () => {
    expect(gramKernel(packVectors([f32(1, 2, 3, 4)]))).not.toBeNull()
    const n = 9
    const d = 3072
    const vs = Array.from({ length: n }, (_, i) =>
      Float32Array.from({ length: d }, (_, k) => Math.sin(i * 0.37 + k * 0.011) + Math.cos(k * i * 1e-4)),
    )
    const g = await gramMatrix(packVectors(vs))
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let dot = 0
        for (let k = 0; k < d; k++) dot += vs[i]![k]! * vs[j]![k]!
        const scale = Math.sqrt(g[i * n + i]! * g[j * n + j]!)
        expect(Math.abs(g[i * n + j]! - dot) / scale).toBeLessThan(1e-6)
      }
  })

  it('ships the kernel assembled from its WebAssembly text, byte for byte', async () => {
    const bytes = await assembleGramKernel()
    expect(readFileSync(join(import.meta.dirname, 'gramKernelWasm.ts'), 'utf8')).toBe(gramKernelModule(bytes))
  })

  it('pictures a small matrix cell for cell, one byte within 1/255 of each cosine', async () => {
    const vs = [f32(1, 0.3), f32(0.2, 1), f32(-1, 0.5)]
    const m = cosineFromGram(await gramMatrix(packVectors(vs)), 3)
    const q = heatmapPicture(m, 3, 3)
    expect(q.length).toBe(9)
    for (let k = 0; k < 9; k++) expect(Math.abs(dequantiseByte(q[k]!) - m[k]!)).toBeLessThanOrEqual(1 / 255)
  })

  it('pictures a larger matrix as block means, blocks differing by at most one row', () => {
    // 5 × 5 into 2 × 2: row/column blocks [0, 2) and [2, 5).
    const n = 5
    const m = new Float32Array(n * n).map((_, k) => ((k % 7) - 3) / 3)
    const q = heatmapPicture(m, n, 2)
    const mean = (r0: number, r1: number, c0: number, c1: number) => {
      let s = 0
      for (let i = r0; i < r1; i++) for (let j = c0; j < c1; j++) s += m[i * n + j]!
      return s / ((r1 - r0) * (c1 - c0))
    }
    const expected = [mean(0, 2, 0, 2), mean(0, 2, 2, 5), mean(2, 5, 0, 2), mean(2, 5, 2, 5)]
    expected.forEach((e, k) => expect(Math.abs(dequantiseByte(q[k]!) - e)).toBeLessThanOrEqual(1 / 255))
  })

  it('flags vectors that differ beyond float32 precision', () => {
    expect(agreesWithinFloat32(compareVectors(f32(0.1, 0.2), f32(0.1, 0.2)))).toBe(true)
    const off = compareVectors(f32(0.1, 0.2), f32(0.1, 0.2001))
    expect(off.maxAbsDiff).toBeCloseTo(1e-4, 6)
    expect(agreesWithinFloat32(off)).toBe(false)
  })

  it('projects onto the same two principal components as ml-pca', async () => {
    let seed = 7
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5
    // 30 points with most variance along two directions of a 12-dimensional space.
    const rows = Array.from({ length: 30 }, () => {
      const a = rand() * 10
      const b = rand() * 4
      return Array.from({ length: 12 }, (_, k) => a * Math.cos(k) + b * Math.sin(2 * k) + rand() * 0.1)
    })
    const vs = rows.map((r) => Float32Array.from(r))
    const ours = await pcaFromGram(await gramMatrix(packVectors(vs)), vs.length)
    const ref = new PCA(rows, { center: true, scale: false })
    const scores = ref.predict(rows, { nComponents: 2 }).to2DArray()
    const explained = ref.getExplainedVariance()
    for (let c = 0; c < 2; c++) {
      // Components are defined up to sign.
      const sign = Math.sign(ours.points[0]![c]! * scores[0]![c]!) || 1
      for (let i = 0; i < rows.length; i++) expect(ours.points[i]![c]!).toBeCloseTo(sign * scores[i]![c]!, 3)
      expect(ours.explained[c]).toBeCloseTo(explained[c]!, 4)
    }
  })

  it('projects tiny and rank-deficient sets: collinear points lie on the first axis', async () => {
    expect((await pcaFromGram(new Float64Array(0), 0)).points).toEqual([])
    const one = await pcaFromGram(await gramMatrix(packVectors([f32(1, 2, 3)])), 1)
    expect(one.points).toEqual([[0, 0]])
    // Three points on a line in 3-D: all variance on PC1, none on PC2.
    const line = [f32(0, 0, 0), f32(1, 1, 1), f32(2, 2, 2)]
    const p = await pcaFromGram(await gramMatrix(packVectors(line)), 3)
    expect(p.explained[0]).toBeCloseTo(1, 6)
    expect(p.explained[1]).toBeCloseTo(0, 6)
    expect(p.points.map(([x]) => Math.abs(x))).toEqual([
      expect.closeTo(Math.sqrt(3), 6),
      expect.closeTo(0, 6),
      expect.closeTo(Math.sqrt(3), 6),
    ])
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { AnalysisRunner } from './analysisRunner'
import { analyseVectors } from './analysis'
import { packVectors, rowsOf } from './vectorMath'

/** 37 vectors of 70 values: neither count fills a tile of the blocked Gram matrix. */
const vectors = Array.from({ length: 37 }, (_, i) =>
  Float32Array.from({ length: 70 }, (_, k) => Math.sin(i * 0.7 + k * 0.31) + (k % 5 === i % 5 ? 0.5 : 0)),
)
const noPause = async () => undefined

describe('analysis off main', () => {
  const runners: AnalysisRunner[] = []
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.close()))
  })

  it('computes the cosine matrix and projection in two workers, equal to the same maths on main', async () => {
    const runner = new AnalysisRunner(undefined, undefined, 2)
    runners.push(runner)
    const packed = packVectors(vectors, true)
    const got = await runner.analyse(packed)
    expect(runner.lastRanIn).toBe('worker')
    // The matrix comes back in shared memory: no copy on the way back either.
    expect(got.cosine.buffer).toBeInstanceOf(SharedArrayBuffer)
    const here = await analyseVectors(packVectors(vectors), noPause, false)
    expect(Array.from(got.cosine)).toEqual(Array.from(here.cosine))
    expect(got.projection).toEqual(here.projection)
    // A second set goes to the same worker.
    const again = await runner.analyse(packVectors(vectors.slice(0, 5), true))
    expect(again.cosine.length).toBe(25)
    expect(runner.lastRanIn).toBe('worker')
  })

  it('keeps the set in one shared block that the rows only view', () => {
    const packed = packVectors(vectors, true)
    expect(packed.data.buffer).toBeInstanceOf(SharedArrayBuffer)
    const rows = rowsOf(packed)
    expect(rows[3]!.buffer).toBe(packed.data.buffer)
    expect(Array.from(rows[3]!)).toEqual(Array.from(vectors[3]!))
  })

  it('computes on main, and says so once, when the worker cannot start', async () => {
    const logged: string[] = []
    const runner = new AnalysisRunner(
      (m) => logged.push(m),
      async () => ({ file: 'throw new Error("no worker here")', eval: true }),
    )
    runners.push(runner)
    const packed = packVectors(vectors, true)
    const first = await runner.analyse(packed)
    expect(runner.lastRanIn).toBe('main')
    const here = await analyseVectors(packVectors(vectors), noPause, false)
    expect(Array.from(first.cosine)).toEqual(Array.from(here.cosine))
    await runner.analyse(packed)
    expect(runner.lastRanIn).toBe('main')
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/analysis worker did not start.*no worker here/)
  })
})

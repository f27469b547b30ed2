import { describe, expect, it } from 'vitest'
import { mean, percentiles, quantileSorted, wilsonInterval } from './stats'

describe('Wilson interval', () => {
  it('matches published values', () => {
    // 8 of 10 and 50 of 100, known to 4 places (Wilson 1927; Newcombe 1998, method 3).
    const a = wilsonInterval(8, 10)!
    expect(a.low).toBeCloseTo(0.4902, 4)
    expect(a.high).toBeCloseTo(0.9433, 4)
    const b = wilsonInterval(50, 100)!
    expect(b.low).toBeCloseTo(0.4038, 4)
    expect(b.high).toBeCloseTo(0.5962, 4)
    const c = wilsonInterval(1, 29)!
    expect(c.low).toBeCloseTo(0.0061, 4)
    expect(c.high).toBeCloseTo(0.1718, 4)
  })

  it('is exact at the ends and never leaves 0 to 1', () => {
    expect(wilsonInterval(0, 10)!.low).toBe(0)
    expect(wilsonInterval(0, 10)!.high).toBeCloseTo(0.2775, 4)
    expect(wilsonInterval(10, 10)!.high).toBe(1)
    expect(wilsonInterval(10, 10)!.low).toBeCloseTo(0.7225, 4)
    expect(wilsonInterval(1, 1)!.low).toBeGreaterThan(0)
  })

  it('has nothing to say without samples or with impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull()
    expect(wilsonInterval(3, 2)).toBeNull()
  })

  it('narrows as samples grow around the same rate', () => {
    const w = (n: number) => wilsonInterval(n * 0.7, n)!
    expect(w(1000).high - w(1000).low).toBeLessThan(w(100).high - w(100).low)
  })
})

describe('quantiles', () => {
  it('interpolates between the closest ranks', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5)
    expect(quantileSorted([10], 0.95)).toBe(10)
    expect(quantileSorted([], 0.5)).toBeNull()
    const xs = Array.from({ length: 101 }, (_, i) => i)
    expect(percentiles(xs.reverse())).toEqual({ p50: 50, p95: 95, n: 101 })
  })

  it('skips unknown values', () => {
    expect(percentiles([null, 5, undefined, Number.NaN, 1])).toEqual({ p50: 3, p95: 4.8, n: 2 })
    expect(mean([1, null, 2])).toBe(1.5)
    expect(mean([])).toBeNull()
  })
})

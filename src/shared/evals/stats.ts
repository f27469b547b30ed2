// The numbers a results column shows: the pass rate with its 95 % Wilson score interval (right at 0 and 100 %
// and for small samples, where the normal approximation is not), quantiles (p50, p95) by linear interpolation
// between the closest ranks (the method spreadsheets and NumPy use by default) and a mean.

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054

export interface Interval {
  low: number
  high: number
}

/** The Wilson score interval of `passed` out of `total`; null when there is nothing to count. */
export function wilsonInterval(passed: number, total: number, z = Z95): Interval | null {
  if (!(total > 0) || passed < 0 || passed > total) return null
  const p = passed / total
  const z2 = z * z
  const denominator = 1 + z2 / total
  const centre = (p + z2 / (2 * total)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator
  // Clamped against rounding at the ends (0 and 1 are exact there).
  return {
    low: passed === 0 ? 0 : Math.max(0, centre - half),
    high: passed === total ? 1 : Math.min(1, centre + half),
  }
}

/** The q-quantile (0 ≤ q ≤ 1) of values already sorted ascending; null for none. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number | null {
  const n = sorted.length
  if (n === 0) return null
  const rank = (n - 1) * Math.min(1, Math.max(0, q))
  const lo = Math.floor(rank)
  const hi = Math.min(n - 1, lo + 1)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo)
}

/** p50 and p95 of the finite values given (unsorted, any order). */
export function percentiles(values: Iterable<number | null | undefined>): {
  p50: number | null
  p95: number | null
  n: number
} {
  const finite: number[] = []
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v)) finite.push(v)
  const sorted = Float64Array.from(finite).sort()
  return { p50: quantileSorted(sorted, 0.5), p95: quantileSorted(sorted, 0.95), n: sorted.length }
}

export function mean(values: Iterable<number | null | undefined>): number | null {
  let sum = 0
  let n = 0
  for (const v of values)
    if (typeof v === 'number' && Number.isFinite(v)) {
      sum += v
      n++
    }
  return n ? sum / n : null
}

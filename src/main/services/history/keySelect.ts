// The ranks [from, to) of an array of distinct keys, in order, without sorting the rest: two quickselects (each
// O(n) on average) and a sort of the page. A page of a million runs sorted by cost costs one pass over the keys
// and a sort of 100, where a whole sort of a million keys costs many times more.

/** Puts the k-th smallest of a[lo..hi] at a[k], the smaller before it and the larger after (Hoare partition). */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    if (hi - lo < 24) {
      a.subarray(lo, hi + 1).sort()
      return
    }
    const mid = lo + ((hi - lo) >>> 1)
    const x = a[lo]!
    const y = a[mid]!
    const z = a[hi]!
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y
    let i = lo
    let j = hi
    while (i <= j) {
      while (a[i]! < pivot) i++
      while (a[j]! > pivot) j--
      if (i <= j) {
        const t = a[i]!
        a[i] = a[j]!
        a[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return
  }
}

/** The keys of ranks [from, to) in ascending order (a view into `keys`, which is reordered). */
export function keysInRange(keys: Float64Array, from: number, to: number): Float64Array {
  const end = Math.min(to, keys.length)
  if (from >= end) return keys.subarray(0, 0)
  select(keys, end - 1, 0, keys.length - 1)
  if (from > 0) select(keys, from, 0, end - 1)
  return keys.subarray(from, end).sort()
}

/** Up to this many first ranks are kept in a heap during one pass (no array of every key). */
export const HEAP_RANKS = 1_024

/**
 * The `count` smallest of n keys (`keyAt(i)` for i < n), ascending: one pass with a max-heap of `count`, where
 * most keys are left after one comparison with the largest kept. For the first pages of a long list.
 */
export function smallestKeys(n: number, count: number, keyAt: (i: number) => number): Float64Array {
  const heap = new Float64Array(Math.min(n, count))
  let size = 0
  for (let i = 0; i < n; i++) {
    const key = keyAt(i)
    if (size < heap.length) {
      // Sift up.
      let c = size++
      while (c > 0) {
        const p = (c - 1) >> 1
        if (heap[p]! >= key) break
        heap[c] = heap[p]!
        c = p
      }
      heap[c] = key
    } else if (key < heap[0]!) {
      // Replace the largest kept and sift down.
      let p = 0
      for (;;) {
        let c = 2 * p + 1
        if (c >= size) break
        if (c + 1 < size && heap[c + 1]! > heap[c]!) c++
        if (heap[c]! <= key) break
        heap[p] = heap[c]!
        p = c
      }
      heap[p] = key
    }
  }
  return heap.sort()
}

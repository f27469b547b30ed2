// The history's facts held in columns (typed arrays) inside the history's worker: one slot per run with when it
// started, what it was (kind, format, model, profile, status as dictionary codes) and its measures (times, tokens,
// cost), and an order of slots by start time. Filters, sorts and sums over a million runs are loops over these
// columns (milliseconds), where SQLite's WebAssembly build needs seconds to scan its rows. The database stays the
// source of truth: the columns are loaded from it when it opens and follow every write the store makes.

import { FactColumns } from './factColumns'
import { HEAP_RANKS, keysInRange, smallestKeys } from './keySelect'

export { COLUMN_NAMES, type RunFact } from './factColumns'

export type FactSort = 'newest' | 'oldest' | 'cost' | 'duration' | 'ttft' | 'tokens'

export interface FactFilter {
  kind?: string | undefined
  format?: string | undefined
  model?: string | undefined
  profile?: string | undefined
  status?: string | undefined
  /** Epoch ms, inclusive. */
  from?: number | undefined
  /** Epoch ms, exclusive. */
  to?: number | undefined
  /** Micro-units of the run's currency, inclusive; a run without a cost never matches a cost range. */
  costMin?: number | undefined
  costMax?: number | undefined
  pinned?: boolean | undefined
}

export type SumBy = 'day' | 'model' | 'profile'

export interface FactSum {
  key: string
  runs: number
  inputTokens: number
  outputTokens: number
  costMicros: number
}

const DAY_MS = 86_400_000
/** Rows that are parts of a run whose own row carries their total cost. */
const PART_KIND = 'loadRequest'
/** Slots a composite sort key can address (the rest of a double's 53 bits holds the key). */
const SLOT_BITS = 21

export class RunFacts extends FactColumns {
  /** The rowids of the runs that match, in the asked order. */
  query(filter: FactFilter, sort: FactSort = 'newest'): Float64Array {
    const slots = this.matching(filter, sort === 'oldest')
    if (sort !== 'newest' && sort !== 'oldest') this.sortByKey(slots, sort)
    const out = new Float64Array(slots.length)
    for (let i = 0; i < slots.length; i++) out[i] = this.rowids[slots[i]!]!
    return out
  }

  /**
   * A page of the runs that match in the asked order, and how many match: sorted by a measure, only the page is
   * put in order (keySelect.ts), so a page of a million runs never sorts them all.
   */
  page(
    filter: FactFilter,
    sort: FactSort,
    offset: number,
    limit: number,
  ): { total: number; rowids: number[] } {
    if (sort === 'newest' || sort === 'oldest' || this.length >= 2 ** SLOT_BITS) {
      const all = this.query(filter, sort)
      return { total: all.length, rowids: Array.from(all.subarray(offset, offset + limit)) }
    }
    const slots = this.matching(filter, false)
    const keys =
      offset + limit <= HEAP_RANKS
        ? this.firstKeys(slots, sort, offset + limit).subarray(offset)
        : keysInRange(this.keysOf(slots, sort), offset, offset + limit)
    return {
      total: slots.length,
      rowids: Array.from(keys, (key) => this.rowids[slots[key % 2 ** SLOT_BITS]!]!),
    }
  }

  /** Keeps of `rowids` (newest recorded first) those that match, at most `limit`. */
  keep(rowids: ArrayLike<number>, filter: FactFilter, limit: number): number[] {
    const test = this.compile(filter)
    const out: number[] = []
    if (!test) return out
    for (let i = 0; i < rowids.length && out.length < limit; i++) {
      const slot = this.slotOfRowid(rowids[i]!)
      if (slot >= 0 && test(slot)) out.push(rowids[i]!)
    }
    return out
  }

  /** Puts rowids given newest recorded first into the asked order. */
  reorder(rowids: Float64Array, sort: FactSort): Float64Array {
    if (sort === 'newest') return rowids
    if (sort === 'oldest') return rowids.slice().reverse()
    const slots = new Uint32Array(rowids.length)
    let n = 0
    for (const rowid of rowids) {
      const slot = this.slotOfRowid(rowid)
      if (slot >= 0) slots[n++] = slot
    }
    const kept = slots.subarray(0, n)
    this.sortByKey(kept, sort)
    return Float64Array.from(kept, (slot) => this.rowids[slot]!)
  }

  /**
   * Sums of the runs that match (and, with `within`, are among those rowids). A load test's request rows carry
   * their own cost, and its run row their total: their cost is summed only when the filter asks for request rows
   * alone, so no amount is counted twice.
   */
  sums(filter: FactFilter, by: SumBy, tzOffsetMinutes = 0, within?: ArrayLike<number>): FactSum[] {
    const slots = within ? this.slotsWithin(within, filter) : this.matching(filter, false)
    const partKind = filter.kind === PART_KIND ? -1 : this.dictionaries.kind.find(PART_KIND)
    const kinds = this.codes.kind
    const groups = new Map<number, FactSum>()
    const shift = tzOffsetMinutes * 60_000
    // Runs come in start order, so a run's group is most often the one before's: looked up only when it changes.
    let lastKey = NaN
    let sum: FactSum | undefined
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!
      const key =
        by === 'day'
          ? Math.floor((this.created[s]! + shift) / DAY_MS)
          : by === 'model'
            ? this.codes.model[s]!
            : this.codes.profile[s]!
      if (key !== lastKey || !sum) {
        lastKey = key
        sum = groups.get(key)
        if (!sum) {
          sum = { key: '', runs: 0, inputTokens: 0, outputTokens: 0, costMicros: 0 }
          groups.set(key, sum)
        }
      }
      sum.runs++
      const input = this.input[s]!
      const output = this.output[s]!
      const cost = this.cost[s]!
      if (input === input) sum.inputTokens += input
      if (output === output) sum.outputTokens += output
      if (cost === cost && kinds[s] !== partKind) sum.costMicros += cost
    }
    const names = by === 'model' ? this.dictionaries.model.values : this.dictionaries.profile.values
    const out = [...groups.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([key, sum]) => ({
        ...sum,
        key: by === 'day' ? new Date(key * DAY_MS).toISOString().slice(0, 10) : (names[key] ?? '(none)'),
      }))
    return by === 'day' ? out : out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }

  /** The currencies the matching runs' costs are in. */
  currencies(): string[] {
    return this.dictionaries.currency.values.filter((v): v is string => v !== null)
  }

  private slotsWithin(rowids: ArrayLike<number>, filter: FactFilter): Uint32Array {
    const test = this.compile(filter)
    const out = new Uint32Array(rowids.length)
    let n = 0
    if (!test) return out.subarray(0, 0)
    for (let i = 0; i < rowids.length; i++) {
      const slot = this.slotOfRowid(rowids[i]!)
      if (slot >= 0 && test(slot)) out[n++] = slot
    }
    return out.subarray(0, n)
  }

  /** A test of one slot against the filter's other fields; null when nothing can match. */
  private compile(filter: FactFilter): ((slot: number) => boolean) | null {
    const coded: [Uint16Array, number][] = []
    for (const name of ['kind', 'format', 'model', 'profile', 'status'] as const) {
      const value = filter[name]
      if (value === undefined || value === '') continue
      const code = this.dictionaries[name].find(value)
      if (code < 0) return null
      coded.push([this.codes[name], code])
    }
    const { costMin, costMax, pinned, from, to } = filter
    const cost = this.cost
    const created = this.created
    const state = this.state
    return (slot) => {
      const st = state[slot]!
      if (st === 0 || (pinned && st !== 2)) return false
      for (const [column, code] of coded) if (column[slot] !== code) return false
      if (costMin !== undefined && !(cost[slot]! >= costMin)) return false
      if (costMax !== undefined && !(cost[slot]! <= costMax)) return false
      if (from !== undefined && created[slot]! < from) return false
      if (to !== undefined && created[slot]! >= to) return false
      return true
    }
  }

  /** Matching slots, newest first (or oldest first); the date range is cut from the order by binary search. */
  private matching(filter: FactFilter, oldestFirst: boolean): Uint32Array {
    const test = this.compile(filter)
    if (!test) return new Uint32Array(0)
    const start = filter.from === undefined ? 0 : this.lowerBound(filter.from)
    const end = filter.to === undefined ? this.length : this.lowerBound(filter.to)
    const out = new Uint32Array(Math.max(0, end - start))
    let n = 0
    if (oldestFirst) {
      for (let i = start; i < end; i++) if (test(this.order[i]!)) out[n++] = this.order[i]!
    } else {
      for (let i = end - 1; i >= start; i--) if (test(this.order[i]!)) out[n++] = this.order[i]!
    }
    return out.subarray(0, n)
  }

  /** Sorts slots by a measure, largest first, runs without it last, ties newest first (slots come newest first). */
  private sortByKey(slots: Uint32Array, sort: Exclude<FactSort, 'newest' | 'oldest'>): void {
    const column = this.measure(sort)
    if (slots.length >= 2 ** SLOT_BITS) {
      const copy = Array.from(slots).sort((a, b) => (column[b]! || -1) - (column[a]! || -1))
      slots.set(copy)
      return
    }
    const keys = this.keysOf(slots, sort).sort()
    const sorted = new Uint32Array(slots.length)
    for (let i = 0; i < keys.length; i++) sorted[i] = slots[keys[i]! % 2 ** SLOT_BITS]!
    slots.set(sorted)
  }

  /**
   * One distinct key a slot, ascending in the sort's order: the measure largest first, runs without it last, ties
   * in the slots' order (newest first); the low SLOT_BITS bits hold the slot's index in `slots`.
   */
  private keysOf(slots: Uint32Array, sort: Exclude<FactSort, 'newest' | 'oldest'>): Float64Array {
    const keyAt = this.keyAt(slots, sort)
    const keys = new Float64Array(slots.length)
    for (let i = 0; i < slots.length; i++) keys[i] = keyAt(i)
    return keys
  }

  /** The `count` first keys of `keysOf`'s, ascending, in one pass (smallestKeys). */
  private firstKeys(
    slots: Uint32Array,
    sort: Exclude<FactSort, 'newest' | 'oldest'>,
    count: number,
  ): Float64Array {
    return smallestKeys(slots.length, count, this.keyAt(slots, sort))
  }

  private keyAt(slots: Uint32Array, sort: Exclude<FactSort, 'newest' | 'oldest'>): (i: number) => number {
    const column = this.measure(sort)
    const keyMax = 2 ** (53 - SLOT_BITS) - 1
    return (i) => {
      const v = column[slots[i]!]!
      // Largest first: the key counts down from keyMax; a run without the measure sorts after every other.
      const key = v === v ? keyMax - 1 - Math.min(Math.max(Math.round(v), 0), keyMax - 1) : keyMax
      return key * 2 ** SLOT_BITS + i
    }
  }

  private measure(sort: Exclude<FactSort, 'newest' | 'oldest'>): Float64Array | Float32Array {
    return sort === 'cost'
      ? this.cost
      : sort === 'duration'
        ? this.total
        : sort === 'ttft'
          ? this.ttft
          : this.output
  }
}

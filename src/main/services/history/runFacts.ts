// The history's facts held in columns (typed arrays) inside the history's worker: one slot per run with when it
// started, what it was (kind, format, model, profile, status as dictionary codes) and its measures (times, tokens,
// cost), and an order of slots by start time. Filters, sorts and sums over a million runs are loops over these
// columns (milliseconds), where SQLite's WebAssembly build needs seconds to scan its rows. The database stays the
// source of truth: the columns are loaded from it when it opens and follow every write the store makes.

/** What the columns keep of one run (numbers are null when not reported). */
export interface RunFact {
  rowid: number
  createdAt: number
  kind: string
  format: string | null
  model: string | null
  profile: string | null
  status: string
  ttftMs: number | null
  totalMs: number | null
  inputTokens: number | null
  outputTokens: number | null
  costMicros: number | null
  currency: string | null
  pinned: boolean
}

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
/** Slots a composite sort key can address (the rest of a double's 53 bits holds the key). */
const SLOT_BITS = 21

/** Runs a page of packed facts holds (by seq). */
export const FACT_PAGE_RUNS = 1024

/** Strings as small codes (0 is "none"); codes given since the last `taken` are to be kept. */
class Dictionary {
  readonly values: (string | null)[] = [null]
  private readonly codes = new Map<string, number>()
  fresh: number[] = []

  code(value: string | null): number {
    if (value === null || value === '') return 0
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      if (code > 0xffff) return 0
      this.values.push(value)
      this.codes.set(value, code)
      this.fresh.push(code)
    }
    return code
  }

  /** A code kept from before (read back when the history opens). */
  seed(code: number, value: string): void {
    while (this.values.length <= code) this.values.push(null)
    this.values[code] = value
    this.codes.set(value, code)
  }

  /** The code of a value seen before; -1 when never seen (nothing can match it). */
  find(value: string): number {
    return this.codes.get(value) ?? -1
  }
}

export const COLUMN_NAMES = ['kind', 'format', 'model', 'profile', 'status', 'currency'] as const
export type CodedColumn = (typeof COLUMN_NAMES)[number]

/** Per run in a page: seq, start, cost (f64); ttft, total, input, output (f32); six codes (u16); state (u8). */
const RECORD_BYTES = 8 * 3 + 4 * 4 + 2 * 6 + 1

export class RunFacts {
  /** Pages (seq / FACT_PAGE_RUNS) changed since they were last packed. */
  readonly dirty = new Set<number>()
  private capacity = 0
  private length = 0
  private live = 0
  private rowids = new Float64Array(0)
  private created = new Float64Array(0)
  private cost = new Float64Array(0)
  private ttft = new Float32Array(0)
  private total = new Float32Array(0)
  private input = new Float32Array(0)
  private output = new Float32Array(0)
  private codes: Record<CodedColumn, Uint16Array> = {
    kind: new Uint16Array(0),
    format: new Uint16Array(0),
    model: new Uint16Array(0),
    profile: new Uint16Array(0),
    status: new Uint16Array(0),
    currency: new Uint16Array(0),
  }
  /** 1 alive, 2 alive and pinned, 0 gone. */
  private state = new Uint8Array(0)
  /** Slots sorted by start time (then slot), the dead ones included until the next compaction. */
  private order = new Uint32Array(0)
  /** Slot + 1 by rowid (0: none). */
  private slotOf = new Int32Array(0)
  dictionaries: Record<CodedColumn, Dictionary> = {
    kind: new Dictionary(),
    format: new Dictionary(),
    model: new Dictionary(),
    profile: new Dictionary(),
    status: new Dictionary(),
    currency: new Dictionary(),
  }

  /** Forgets every run (the columns are read again from the database after a failed transaction). */
  reset(): void {
    const fresh = new RunFacts()
    Object.assign(this, { ...fresh, dirty: this.dirty, dictionaries: this.dictionaries })
    for (const name of COLUMN_NAMES) this.dictionaries[name] = new Dictionary()
    this.dirty.clear()
  }

  /** Runs held (alive). */
  get size(): number {
    return this.live
  }

  /** Bytes the columns take. */
  get bytes(): number {
    return this.capacity * (8 * 3 + 4 * 4 + 2 * 6 + 1 + 4) + this.slotOf.byteLength
  }

  /** Adds a run, or replaces the one with its rowid. */
  put(fact: RunFact): void {
    this.dirty.add(Math.floor(fact.rowid / FACT_PAGE_RUNS))
    const existing = this.slotOfRowid(fact.rowid)
    if (existing >= 0) {
      if (this.created[existing] === fact.createdAt) {
        this.write(existing, fact)
        return
      }
      this.remove(fact.rowid)
    }
    if (this.length === this.capacity) this.grow(Math.max(1024, this.capacity * 2))
    const slot = this.length++
    this.write(slot, fact)
    this.live++
    if (fact.rowid >= this.slotOf.length) {
      const next = new Int32Array(Math.max(fact.rowid + 1, this.slotOf.length * 2, 1024))
      next.set(this.slotOf)
      this.slotOf = next
    }
    this.slotOf[fact.rowid] = slot + 1
    // Runs arrive about in start order: the place in the order is found from the end and the tail moved once.
    const at = this.insertionPoint(fact.createdAt)
    this.order.copyWithin(at + 1, at, slot)
    this.order[at] = slot
  }

  remove(rowid: number): boolean {
    const slot = this.slotOfRowid(rowid)
    if (slot < 0) return false
    this.dirty.add(Math.floor(rowid / FACT_PAGE_RUNS))
    this.state[slot] = 0
    this.slotOf[rowid] = 0
    this.live--
    return true
  }

  setPinned(rowid: number, pinned: boolean): void {
    const slot = this.slotOfRowid(rowid)
    if (slot < 0) return
    this.state[slot] = pinned ? 2 : 1
    this.dirty.add(Math.floor(rowid / FACT_PAGE_RUNS))
  }

  /** The alive runs of a page packed (null when it holds none). */
  packPage(page: number): Uint8Array | null {
    const slots: number[] = []
    const end = Math.min((page + 1) * FACT_PAGE_RUNS, this.slotOf.length)
    for (let rowid = page * FACT_PAGE_RUNS; rowid < end; rowid++) {
      const slot = this.slotOf[rowid]! - 1
      if (slot >= 0 && this.state[slot] !== 0) slots.push(slot)
    }
    if (slots.length === 0) return null
    const bytes = new Uint8Array(4 + slots.length * RECORD_BYTES)
    const view = new DataView(bytes.buffer)
    view.setUint32(0, slots.length, true)
    let at = 4
    for (const s of slots) {
      view.setFloat64(at, this.rowids[s]!, true)
      view.setFloat64(at + 8, this.created[s]!, true)
      view.setFloat64(at + 16, this.cost[s]!, true)
      view.setFloat32(at + 24, this.ttft[s]!, true)
      view.setFloat32(at + 28, this.total[s]!, true)
      view.setFloat32(at + 32, this.input[s]!, true)
      view.setFloat32(at + 36, this.output[s]!, true)
      COLUMN_NAMES.forEach((name, i) => view.setUint16(at + 40 + i * 2, this.codes[name][s]!, true))
      view.setUint8(at + 52, this.state[s]!)
      at += RECORD_BYTES
    }
    return bytes
  }

  /** Puts back the runs of a packed page (their codes are the seeded dictionaries'). */
  unpackPage(bytes: Uint8Array): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const n = view.getUint32(0, true)
    let at = 4
    for (let i = 0; i < n && at + RECORD_BYTES <= bytes.byteLength; i++, at += RECORD_BYTES) {
      const rowid = view.getFloat64(at, true)
      if (this.length === this.capacity) this.grow(Math.max(1024, this.capacity * 2))
      const slot = this.length++
      this.rowids[slot] = rowid
      this.created[slot] = view.getFloat64(at + 8, true)
      this.cost[slot] = view.getFloat64(at + 16, true)
      this.ttft[slot] = view.getFloat32(at + 24, true)
      this.total[slot] = view.getFloat32(at + 28, true)
      this.input[slot] = view.getFloat32(at + 32, true)
      this.output[slot] = view.getFloat32(at + 36, true)
      COLUMN_NAMES.forEach((name, k) => (this.codes[name][slot] = view.getUint16(at + 40 + k * 2, true)))
      this.state[slot] = view.getUint8(at + 52)
      this.live++
      if (rowid >= this.slotOf.length) {
        const next = new Int32Array(Math.max(rowid + 1, this.slotOf.length * 2, 1024))
        next.set(this.slotOf)
        this.slotOf = next
      }
      this.slotOf[rowid] = slot + 1
      const place = this.insertionPoint(this.created[slot]!)
      this.order.copyWithin(place + 1, place, slot)
      this.order[place] = slot
    }
  }

  has(rowid: number): boolean {
    return this.slotOfRowid(rowid) >= 0
  }

  /** The rowids of the runs that match, in the asked order. */
  query(filter: FactFilter, sort: FactSort = 'newest'): Float64Array {
    const slots = this.matching(filter, sort === 'oldest')
    if (sort !== 'newest' && sort !== 'oldest') this.sortByKey(slots, sort)
    const out = new Float64Array(slots.length)
    for (let i = 0; i < slots.length; i++) out[i] = this.rowids[slots[i]!]!
    return out
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

  /** Sums of the runs that match (and, with `within`, are among those rowids). */
  sums(filter: FactFilter, by: SumBy, tzOffsetMinutes = 0, within?: ArrayLike<number>): FactSum[] {
    const slots = within ? this.slotsWithin(within, filter) : this.matching(filter, false)
    const groups = new Map<number, FactSum>()
    const shift = tzOffsetMinutes * 60_000
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!
      const key =
        by === 'day'
          ? Math.floor((this.created[s]! + shift) / DAY_MS)
          : by === 'model'
            ? this.codes.model[s]!
            : this.codes.profile[s]!
      let sum = groups.get(key)
      if (!sum) {
        sum = { key: '', runs: 0, inputTokens: 0, outputTokens: 0, costMicros: 0 }
        groups.set(key, sum)
      }
      sum.runs++
      const input = this.input[s]!
      const output = this.output[s]!
      const cost = this.cost[s]!
      if (input === input) sum.inputTokens += input
      if (output === output) sum.outputTokens += output
      if (cost === cost) sum.costMicros += cost
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

  /** Rowids of alive, unpinned runs started before `before`, oldest first, at most `limit`. */
  oldestUnpinned(before: number, limit: number): number[] {
    const out: number[] = []
    for (let i = 0; i < this.length && out.length < limit; i++) {
      const s = this.order[i]!
      if (this.created[s]! >= before) break
      if (this.state[s] === 1) out.push(this.rowids[s]!)
    }
    return out
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

  private slotOfRowid(rowid: number): number {
    return rowid < this.slotOf.length ? this.slotOf[rowid]! - 1 : -1
  }

  private write(slot: number, f: RunFact): void {
    this.rowids[slot] = f.rowid
    this.created[slot] = f.createdAt
    this.cost[slot] = f.costMicros ?? NaN
    this.ttft[slot] = f.ttftMs ?? NaN
    this.total[slot] = f.totalMs ?? NaN
    this.input[slot] = f.inputTokens ?? NaN
    this.output[slot] = f.outputTokens ?? NaN
    for (const name of COLUMN_NAMES) this.codes[name][slot] = this.dictionaries[name].code(f[name])
    this.state[slot] = f.pinned ? 2 : 1
  }

  private grow(capacity: number): void {
    const grow = <T extends Float64Array | Float32Array | Uint16Array | Uint8Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity)
      next.set(old as never)
      return next
    }
    this.rowids = grow(this.rowids, (n) => new Float64Array(n))
    this.created = grow(this.created, (n) => new Float64Array(n))
    this.cost = grow(this.cost, (n) => new Float64Array(n))
    this.ttft = grow(this.ttft, (n) => new Float32Array(n))
    this.total = grow(this.total, (n) => new Float32Array(n))
    this.input = grow(this.input, (n) => new Float32Array(n))
    this.output = grow(this.output, (n) => new Float32Array(n))
    for (const name of COLUMN_NAMES) this.codes[name] = grow(this.codes[name], (n) => new Uint16Array(n))
    this.state = grow(this.state, (n) => new Uint8Array(n))
    this.order = grow(this.order, (n) => new Uint32Array(n))
    this.capacity = capacity
  }

  /** The first place in the order whose start is after `createdAt` (searched from the end). */
  private insertionPoint(createdAt: number): number {
    let hi = this.length - 1
    if (hi === 0 || this.created[this.order[hi - 1]!]! <= createdAt) return hi
    let lo = 0
    hi--
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.created[this.order[mid]!]! <= createdAt) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** The first place in the order whose start is at or after `time`. */
  private lowerBound(time: number): number {
    let lo = 0
    let hi = this.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.created[this.order[mid]!]! < time) lo = mid + 1
      else hi = mid
    }
    return lo
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
    const column =
      sort === 'cost'
        ? this.cost
        : sort === 'duration'
          ? this.total
          : sort === 'ttft'
            ? this.ttft
            : this.output
    const keyMax = 2 ** (53 - SLOT_BITS) - 1
    if (slots.length >= 2 ** SLOT_BITS) {
      const copy = Array.from(slots).sort((a, b) => (column[b]! || -1) - (column[a]! || -1))
      slots.set(copy)
      return
    }
    const keys = new Float64Array(slots.length)
    for (let i = 0; i < slots.length; i++) {
      const v = column[slots[i]!]!
      // Largest first: the key counts down from keyMax; a run without the measure sorts after every other.
      const key = v === v ? keyMax - 1 - Math.min(Math.max(Math.round(v), 0), keyMax - 1) : keyMax
      keys[i] = key * 2 ** SLOT_BITS + i
    }
    keys.sort()
    const sorted = new Uint32Array(slots.length)
    for (let i = 0; i < keys.length; i++) sorted[i] = slots[keys[i]! % 2 ** SLOT_BITS]!
    slots.set(sorted)
  }
}

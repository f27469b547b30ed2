// The run facts' storage: one slot per run in typed arrays (start, measures, dictionary codes for kind, format,
// model, profile, status and currency, a state with the pin), slots ordered by start time, packed and unpacked a
// page at a time for the database. RunFacts (runFacts.ts) asks its questions of these columns.

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

/** Runs a page of packed facts holds (by seq). */
export const FACT_PAGE_RUNS = 1024

/** Strings as small codes (0 is "none"); codes given since the last `taken` are to be kept. */
export class Dictionary {
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

export class FactColumns {
  /** Pages (seq / FACT_PAGE_RUNS) changed since they were last packed. */
  readonly dirty = new Set<number>()
  protected capacity = 0
  protected length = 0
  protected live = 0
  protected rowids = new Float64Array(0)
  protected created = new Float64Array(0)
  protected cost = new Float64Array(0)
  protected ttft = new Float32Array(0)
  protected total = new Float32Array(0)
  protected input = new Float32Array(0)
  protected output = new Float32Array(0)
  protected codes: Record<CodedColumn, Uint16Array> = {
    kind: new Uint16Array(0),
    format: new Uint16Array(0),
    model: new Uint16Array(0),
    profile: new Uint16Array(0),
    status: new Uint16Array(0),
    currency: new Uint16Array(0),
  }
  /** 1 alive, 2 alive and pinned, 0 gone. */
  protected state = new Uint8Array(0)
  /** Slots sorted by start time (then slot), the dead ones included until the next compaction. */
  protected order = new Uint32Array(0)
  /** Slot + 1 by rowid (0: none). */
  protected slotOf = new Int32Array(0)
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
    const fresh = new FactColumns()
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

  protected slotOfRowid(rowid: number): number {
    return rowid < this.slotOf.length ? this.slotOf[rowid]! - 1 : -1
  }

  protected write(slot: number, f: RunFact): void {
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

  protected grow(capacity: number): void {
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
  protected insertionPoint(createdAt: number): number {
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
  protected lowerBound(time: number): number {
    let lo = 0
    let hi = this.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.created[this.order[mid]!]! < time) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

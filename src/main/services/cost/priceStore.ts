// Every profile's price table and monthly budget, kept in `prices.json` (SavedJson: read on first use, written
// debounced and atomically). The built-in simulator profile starts with the demo prices until its table is
// changed. Lookups go through a PriceIndex per profile, rebuilt only when that table changes.
import { z } from 'zod'
import {
  budgetSchema,
  modelPriceSchema,
  PRICE_ROWS_MAX,
  PriceIndex,
  type Budget,
  type ModelPrice,
} from '../../../shared/cost/prices'
import { DEMO_PRICES } from '../../../shared/cost/demoPrices'
import { AppError } from '../../../shared/ipc/result'
import { SavedJson } from '../savedJson'

export const PRICES_FILE = 'prices.json'

const tableSchema = z.object({
  rows: z.array(modelPriceSchema).max(PRICE_ROWS_MAX),
  budget: budgetSchema.nullable(),
})
type Table = z.infer<typeof tableSchema>

const fileSchema = z.object({
  version: z.literal(1),
  profiles: z.record(z.string().max(100), tableSchema),
})
type PricesFile = z.infer<typeof fileSchema>

export interface PriceStoreOptions {
  dataDir: string
  /** The profile whose table starts as the demo prices (the built-in simulator's). */
  demoProfileId?: string
  log?: (message: string) => void
  debounceMs?: number
}

const key = (model: string) => model.trim().toLowerCase()

export class PriceStore {
  private readonly file: SavedJson<PricesFile>
  private readonly indexes = new Map<string, PriceIndex>()

  constructor(private readonly options: PriceStoreOptions) {
    this.file = new SavedJson({
      dataDir: options.dataDir,
      file: PRICES_FILE,
      schema: fileSchema,
      initial: () => ({ version: 1, profiles: {} }),
      // 10,000 rows of every field stay far under this in every profile a user keeps.
      maxBytes: 64 * 1024 * 1024,
      debounceMs: options.debounceMs,
      log: options.log,
    })
  }

  /** A profile's table as stored, or the demo table of the simulator profile while it is unchanged. */
  table(profileId: string): Table {
    const stored = this.file.get().profiles[profileId]
    if (stored) return stored
    return { rows: profileId === this.options.demoProfileId ? [...DEMO_PRICES] : [], budget: null }
  }

  index(profileId: string): PriceIndex {
    let index = this.indexes.get(profileId)
    if (!index) {
      index = new PriceIndex(this.table(profileId).rows)
      this.indexes.set(profileId, index)
    }
    return index
  }

  /** Rows whose model id contains every word of the query, sorted by id; a page of them. */
  list(profileId: string, query: string | undefined, offset: number, limit: number) {
    const { rows, budget } = this.table(profileId)
    const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    const matching = words.length
      ? rows.filter((r) => words.every((w) => r.model.toLowerCase().includes(w)))
      : rows
    const sorted = [...matching].sort((a, b) => a.model.localeCompare(b.model))
    return { total: sorted.length, size: rows.length, rows: sorted.slice(offset, offset + limit), budget }
  }

  put(profileId: string, price: ModelPrice, previousModel?: string): { price: ModelPrice; size: number } {
    let size = 0
    this.change(profileId, (table) => {
      const gone = new Set([key(price.model), ...(previousModel ? [key(previousModel)] : [])])
      const rows = table.rows.filter((r) => !gone.has(key(r.model)))
      if (rows.length >= PRICE_ROWS_MAX)
        throw new AppError(
          'PRICES_FULL',
          `prices: a profile keeps at most ${PRICE_ROWS_MAX} models; delete some first.`,
        )
      rows.push(price)
      size = rows.length
      return { ...table, rows }
    })
    return { price, size }
  }

  delete(profileId: string, models: readonly string[]): { deleted: number; size: number } {
    const gone = new Set(models.map(key))
    let deleted = 0
    let size = 0
    this.change(profileId, (table) => {
      const rows = table.rows.filter((r) => !gone.has(key(r.model)))
      deleted = table.rows.length - rows.length
      size = rows.length
      return { ...table, rows }
    })
    return { deleted, size }
  }

  /** Merges rows (replacing the same models) or replaces the whole table; answers the table's size. */
  putMany(profileId: string, incoming: readonly ModelPrice[], mode: 'merge' | 'replace'): number {
    let size = 0
    this.change(profileId, (table) => {
      const named = new Set(incoming.map((r) => key(r.model)))
      const kept = mode === 'replace' ? [] : table.rows.filter((r) => !named.has(key(r.model)))
      // The last row of a model in the file wins, as it would typed in order.
      const last = new Map(incoming.map((r) => [key(r.model), r]))
      const rows = [...kept, ...last.values()].slice(0, PRICE_ROWS_MAX)
      size = rows.length
      return { ...table, rows }
    })
    return size
  }

  budget(profileId: string): Budget | null {
    return this.table(profileId).budget
  }

  setBudget(profileId: string, budget: Budget | null): Budget | null {
    this.change(profileId, (table) => ({ ...table, budget }))
    return budget
  }

  /** Drops the tables of profiles that no longer exist (a deleted profile's prices go with it). */
  prune(exists: (profileId: string) => boolean): void {
    const stale = Object.keys(this.file.get().profiles).filter((id) => !exists(id))
    if (stale.length === 0) return
    this.file.update((f) => {
      for (const id of stale) delete f.profiles[id]
    })
    for (const id of stale) this.indexes.delete(id)
  }

  flush(): Promise<void> {
    return this.file.flush()
  }

  private change(profileId: string, edit: (table: Table) => Table): void {
    const next = edit(this.table(profileId))
    this.file.update((f) => ({ ...f, profiles: { ...f.profiles, [profileId]: next } }))
    this.indexes.delete(profileId)
  }
}

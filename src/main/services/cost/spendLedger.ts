// What each profile spent, per calendar month (UTC) and currency, from the cost of every run and job as it ended
// (estimated parts kept apart), in `spend.json`. Two years of months are kept; older ones are dropped.
import { z } from 'zod'
import { SavedJson } from '../savedJson'
import type { SpendEntry } from '../../../shared/ipc/prices'
import type { StoredCost } from '../../../shared/cost/runCost'

export const SPEND_FILE = 'spend.json'
const MONTHS_KEPT = 24
/** Models named per profile and month among the runs with no price (the count goes on past them). */
export const UNPRICED_MODELS_MAX = 20

const entrySchema = z.object({ micros: z.number(), estimatedMicros: z.number(), runs: z.number() })
/** Runs that cost something the ledger cannot add up: their model has no price. */
const unpricedSchema = z.object({ runs: z.number(), models: z.array(z.string().max(200)).max(UNPRICED_MODELS_MAX) })
const fileSchema = z.object({
  version: z.literal(1),
  /** month (YYYY-MM) → profile id → currency → spend. */
  months: z.record(z.string(), z.record(z.string(), z.record(z.string(), entrySchema))),
  /** month → profile id → the runs with no price (a file written before they were counted has none). */
  unpriced: z.record(z.string(), z.record(z.string(), unpricedSchema)).optional(),
})
type SpendFile = z.infer<typeof fileSchema>

function dropOldMonths(f: SpendFile): void {
  for (const months of [f.months, f.unpriced ?? {}]) {
    const keys = Object.keys(months).sort()
    for (const old of keys.slice(0, Math.max(0, keys.length - MONTHS_KEPT))) delete months[old]
  }
}

/** The month of a moment, as the ledger keys it. */
export const monthOf = (at: number): string => new Date(at).toISOString().slice(0, 7)

export class SpendLedger {
  private readonly file: SavedJson<SpendFile>

  constructor(options: { dataDir: string; log?: (message: string) => void; debounceMs?: number }) {
    this.file = new SavedJson({
      dataDir: options.dataDir,
      file: SPEND_FILE,
      schema: fileSchema,
      initial: () => ({ version: 1, months: {} }),
      maxBytes: 16 * 1024 * 1024,
      debounceMs: options.debounceMs ?? 1000,
      log: options.log,
    })
  }

  charge(profileId: string, cost: StoredCost, at: number): void {
    const month = monthOf(at)
    this.file.update((f) => {
      const profiles = (f.months[month] ??= {})
      const currencies = (profiles[profileId] ??= {})
      const entry = (currencies[cost.currency] ??= { micros: 0, estimatedMicros: 0, runs: 0 })
      entry.micros += cost.micros
      if (cost.estimate) entry.estimatedMicros += cost.micros
      entry.runs++
      dropOldMonths(f)
    })
  }

  /** Counts a run whose model has no price: it adds no amount, but the month's spend says it happened. */
  unpriced(profileId: string, model: string, at: number): void {
    const month = monthOf(at)
    this.file.update((f) => {
      const profiles = ((f.unpriced ??= {})[month] ??= {})
      const entry = (profiles[profileId] ??= { runs: 0, models: [] })
      entry.runs++
      const name = model.slice(0, 200)
      if (!entry.models.includes(name) && entry.models.length < UNPRICED_MODELS_MAX) entry.models.push(name)
      dropOldMonths(f)
    })
  }

  /** A profile's runs with no price in a month (null when there were none). */
  unpricedRuns(profileId: string, month: string): { runs: number; models: string[] } | null {
    const entry = this.file.get().unpriced?.[month]?.[profileId]
    return entry ? { runs: entry.runs, models: [...entry.models] } : null
  }

  /** A profile's spend in a month, per currency. */
  spent(profileId: string, month: string): Record<string, SpendEntry> {
    return { ...this.file.get().months[month]?.[profileId] }
  }

  flush(): Promise<void> {
    return this.file.flush()
  }
}

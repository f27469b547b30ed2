// What each profile spent, per calendar month (UTC) and currency, from the cost of every run and job as it ended
// (estimated parts kept apart), in `spend.json`. Two years of months are kept; older ones are dropped.
import { z } from 'zod'
import { SavedJson } from '../savedJson'
import type { SpendEntry } from '../../../shared/ipc/prices'
import type { StoredCost } from '../../../shared/cost/runCost'

export const SPEND_FILE = 'spend.json'
const MONTHS_KEPT = 24

const entrySchema = z.object({ micros: z.number(), estimatedMicros: z.number(), runs: z.number() })
const fileSchema = z.object({
  version: z.literal(1),
  /** month (YYYY-MM) → profile id → currency → spend. */
  months: z.record(z.string(), z.record(z.string(), z.record(z.string(), entrySchema))),
})
type SpendFile = z.infer<typeof fileSchema>

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
      const months = Object.keys(f.months).sort()
      for (const old of months.slice(0, Math.max(0, months.length - MONTHS_KEPT))) delete f.months[old]
    })
  }

  /** A profile's spend in a month, per currency. */
  spent(profileId: string, month: string): Record<string, SpendEntry> {
    return { ...this.file.get().months[month]?.[profileId] }
  }

  flush(): Promise<void> {
    return this.file.flush()
  }
}

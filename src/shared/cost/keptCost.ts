// A run's cost reduced to what is kept with its turn or record. Free of schemas, so the window's first load can
// use it without the cost schemas (and zod) coming along.
import type { RunCost } from './runCost'
import type { StoredCost } from './storedCost'

export function storedCost(cost: RunCost | undefined | null): StoredCost | null {
  return cost?.kind === 'priced'
    ? { micros: cost.micros, currency: cost.currency, estimate: cost.estimate }
    : null
}

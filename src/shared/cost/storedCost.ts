// A cost as it is kept (a history record, an answer turn, an export): the amount in micro-units of its currency
// (1 USD = 1,000,000), the currency, and whether it was estimated. A leaf: the wire layer's turns import it.
import { z } from 'zod'

export const storedCostSchema = z.object({
  micros: z.number().int(),
  currency: z.string(),
  estimate: z.boolean(),
})
export type StoredCost = z.infer<typeof storedCostSchema>

// A run's cost as data: the amount in micro-units of its currency (a millionth: 1 USD = 1,000,000), whether it
// is an estimate, the price row it used and one line per thing billed (quantity × rate), so every figure can be
// checked by hand. Prices per 1M tokens make the arithmetic plain: n tokens at P per 1M cost n × P micro-units.
import { z } from 'zod'
import type { ModelPrice, PriceSource } from './prices'
import type { TokenAccount } from './accounting'

export const COST_UNITS = ['1M tokens', 'image', 'second', 'search'] as const

export const costLineSchema = z.object({
  /** What is billed: `input`, `cached read`, `output`, `reasoning`, `images`, `video (720p)`… */
  label: z.string(),
  /** Tokens, images, seconds or searches. */
  quantity: z.number(),
  unit: z.enum(COST_UNITS),
  /** The price per unit (per 1M tokens for tokens). */
  rate: z.number(),
  /** quantity × rate, in micro-units, unrounded. */
  micros: z.number(),
  /** Why this rate (a price not set falls back to another: "at the input price"). */
  note: z.string().optional(),
})
export type CostLine = z.infer<typeof costLineSchema>

export const pricedCostSchema = z.object({
  kind: z.literal('priced'),
  /** The total, rounded once to a whole micro-unit. */
  micros: z.number().int(),
  currency: z.string(),
  /** Counted by the local tokenizer because the gateway reported no usage. */
  estimate: z.boolean(),
  /** The price row: its model id, the day it was set and where it came from. */
  price: z.object({ model: z.string(), setAt: z.string(), source: z.string() }),
  lines: z.array(costLineSchema).max(16),
})
export type PricedCost = z.infer<typeof pricedCostSchema>

export const runCostSchema = z.discriminatedUnion('kind', [
  pricedCostSchema,
  /** No price is set for the model on this profile (or none for what it bills): the cost is unknown. */
  z.object({ kind: z.literal('unpriced'), model: z.string(), why: z.string() }),
  /**
   * The run failed and the gateway reported no usage: nothing was billed and nothing is charged (never an estimate
   * of a request the gateway may not have run). A failure after a usage report is priced from that report.
   */
  z.object({ kind: z.literal('unbilled'), why: z.string() }),
])
export type RunCost = z.infer<typeof runCostSchema>

export type { StoredCost } from './storedCost'


function line(
  label: string,
  quantity: number,
  unit: CostLine['unit'],
  rate: number,
  note?: string,
): CostLine {
  const perUnit = unit === '1M tokens' ? rate : rate * 1_000_000
  const out: CostLine = { label, quantity, unit, rate, micros: quantity * perUnit }
  if (note) out.note = note
  return out
}

function total(price: ModelPrice, lines: CostLine[], estimate: boolean, source?: PriceSource): PricedCost {
  return {
    kind: 'priced',
    micros: Math.round(lines.reduce((sum, l) => sum + l.micros, 0)),
    currency: price.currency,
    estimate,
    price: { model: price.model, setAt: price.setAt, source: source ?? price.source },
    lines,
  }
}

const unpriced = (model: string, what: string): RunCost => ({
  kind: 'unpriced',
  model,
  why: `no ${what} price is set for ${model}`,
})

/**
 * The cost of a text answer's billable tokens at a price row. A rate the row leaves out falls back the way
 * vendors bill: cached reads and cache writes at the input price, reasoning at the output price (each line
 * says so); a row with no input or output price cannot price tokens at all.
 */
export function tokenCost(
  model: string,
  account: TokenAccount,
  price: ModelPrice | undefined,
  estimate: boolean,
): RunCost {
  if (!price || (price.input === undefined && price.output === undefined)) return unpriced(model, 'token')
  const lines: CostLine[] = []
  const add = (
    label: string,
    tokens: number,
    rate: number | undefined,
    fallback?: [number | undefined, string],
  ) => {
    if (tokens <= 0) return
    if (rate !== undefined) return void lines.push(line(label, tokens, '1M tokens', rate))
    if (fallback && fallback[0] !== undefined)
      return void lines.push(line(label, tokens, '1M tokens', fallback[0], fallback[1]))
    lines.push(line(label, tokens, '1M tokens', 0, 'no price set for it'))
  }
  add('input', account.input, price.input)
  add('cached read', account.cachedRead, price.cachedRead, [price.input, 'at the input price'])
  add('cache write', account.cacheWrite, price.cacheWrite, [price.input, 'at the input price'])
  add('cache write (1 h)', account.cacheWrite1h, price.cacheWrite1h ?? price.cacheWrite, [
    price.input,
    'at the input price',
  ])
  add('output', account.output, price.output)
  add('reasoning', account.reasoning, price.reasoning, [price.output, 'at the output price'])
  return total(price, lines, estimate)
}

/** The cost of images made (console image tasks, generated images) at a row's per-image price. */
export function imageCost(model: string, images: number, price: ModelPrice | undefined): RunCost {
  if (price?.image === undefined) return unpriced(model, 'per-image')
  return total(price, [line('images', images, 'image', price.image)], false)
}

/** The cost of seconds of video at a row's price for that resolution, else its price for any resolution. */
export function videoCost(
  model: string,
  seconds: number,
  resolution: string | null,
  price: ModelPrice | undefined,
): RunCost {
  const byResolution = resolution
    ? Object.entries(price?.videoByResolution ?? {}).find(
        ([r]) => r.toLowerCase() === resolution.toLowerCase(),
      )
    : undefined
  const rate = byResolution?.[1] ?? price?.videoSecond
  if (!price || rate === undefined) return unpriced(model, resolution ? `${resolution} video` : 'video')
  const label = byResolution ? `video (${byResolution[0]})` : resolution ? `video (${resolution})` : 'video'
  return total(price, [line(label, seconds, 'second', rate)], false)
}

/** The cost of embedded tokens at a row's embedding price (its input price when it has none). */
export function embeddingCost(
  model: string,
  tokens: number,
  price: ModelPrice | undefined,
  estimate = false,
): RunCost {
  const rate = price?.embedding ?? price?.input
  if (!price || rate === undefined) return unpriced(model, 'embedding')
  const note = price.embedding === undefined ? 'at the input price' : undefined
  return total(price, [line('embedded tokens', tokens, '1M tokens', rate, note)], estimate)
}

/** The cost of rerank searches at a row's per-search price. */
export function rerankCost(model: string, searches: number, price: ModelPrice | undefined): RunCost {
  if (price?.rerankSearch === undefined) return unpriced(model, 'rerank')
  return total(price, [line('searches', searches, 'search', price.rerankSearch)], false)
}

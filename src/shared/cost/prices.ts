// Prices as data: one row per model of a profile, as vendors publish them (per 1M tokens; per image, per second
// of video by resolution, per 1M embedded tokens, per rerank search), with its currency, the day it was set and
// where it came from. Pure: the schema main checks every write against, and the lookup a run's cost uses.
import { z } from 'zod'
import { parseThinkingSuffix } from '../catalog/textModels'

/** Rows one profile's table holds at most (LiteLLM's whole file is about 2,500). */
export const PRICE_ROWS_MAX = 10_000
/** The largest price any field takes (per 1M tokens, per image, per second, per search). */
export const PRICE_MAX = 1_000_000

export const PRICE_SOURCES = ['user', 'import', 'demo', 'gateway'] as const
export type PriceSource = (typeof PRICE_SOURCES)[number]

/** The numeric price fields, in table order, with the words and units the table, CSV and errors use. */
export const PRICE_FIELDS = [
  { key: 'input', label: 'Input', unit: 'per 1M tokens', csv: 'input_per_1m' },
  { key: 'output', label: 'Output', unit: 'per 1M tokens', csv: 'output_per_1m' },
  { key: 'cachedRead', label: 'Cached read', unit: 'per 1M tokens', csv: 'cached_read_per_1m' },
  { key: 'cacheWrite', label: 'Cache write', unit: 'per 1M tokens', csv: 'cache_write_per_1m' },
  { key: 'cacheWrite1h', label: 'Cache write (1 h)', unit: 'per 1M tokens', csv: 'cache_write_1h_per_1m' },
  { key: 'reasoning', label: 'Reasoning', unit: 'per 1M tokens', csv: 'reasoning_per_1m' },
  { key: 'image', label: 'Image', unit: 'per image', csv: 'per_image' },
  { key: 'videoSecond', label: 'Video', unit: 'per second', csv: 'per_video_second' },
  { key: 'embedding', label: 'Embedding', unit: 'per 1M tokens', csv: 'embedding_per_1m' },
  { key: 'rerankSearch', label: 'Rerank', unit: 'per search', csv: 'per_rerank_search' },
] as const

const amount = (label: string) =>
  z
    .number({ error: `${label}: a number` })
    .finite(`${label}: a number`)
    .min(0, `${label}: not below 0`)
    .max(PRICE_MAX, `${label}: at most ${PRICE_MAX.toLocaleString('en-US')}`)

export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency: a three-letter code such as USD or EUR')

export const setAtSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'set on: a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'set on: a real date')

export const modelIdSchema = z
  .string()
  .trim()
  .min(1, 'model: name the model')
  .max(200, 'model: at most 200 characters')
  .regex(/^[^\s\p{Cc}]+$/u, 'model: a model id has no spaces')

/** Per-second video prices by resolution (`720p`, `1080p`, `1280x720`…) where the family prices them apart. */
export const videoByResolutionSchema = z
  .record(
    z
      .string()
      .trim()
      .regex(/^[0-9a-z]{2,12}$/i, 'video by resolution: names such as 720p or 1280x720'),
    amount('video by resolution'),
  )
  .refine((r) => Object.keys(r).length <= 12, 'video by resolution: at most 12 resolutions')

export const modelPriceSchema = z.object({
  model: modelIdSchema,
  currency: currencySchema,
  input: amount('input').optional(),
  output: amount('output').optional(),
  cachedRead: amount('cached read').optional(),
  cacheWrite: amount('cache write').optional(),
  /** Cache writes that last an hour (messages `cache_creation.ephemeral_1h_input_tokens`), where priced apart. */
  cacheWrite1h: amount('cache write (1 h)').optional(),
  /** Reasoning output, where priced apart from output. */
  reasoning: amount('reasoning').optional(),
  image: amount('image').optional(),
  videoSecond: amount('video').optional(),
  videoByResolution: videoByResolutionSchema.optional(),
  embedding: amount('embedding').optional(),
  rerankSearch: amount('rerank').optional(),
  /** What the price list says of the model besides its price (LiteLLM's context-window fields). */
  contextWindow: z.number().int().min(1).max(100_000_000).optional(),
  maxOutput: z.number().int().min(1).max(100_000_000).optional(),
  setAt: setAtSchema,
  source: z.enum(PRICE_SOURCES),
})
export type ModelPrice = z.infer<typeof modelPriceSchema>

/** A monthly spending limit for one profile; batch work past it asks first. */
export const budgetSchema = z.object({
  amount: z
    .number({ error: 'budget: a number' })
    .finite('budget: a number')
    .min(0, 'budget: not below 0')
    .max(1e9, 'budget: at most 1,000,000,000'),
  currency: currencySchema,
})
export type Budget = z.infer<typeof budgetSchema>

/** Whether a row prices anything at all. */
export function pricesSomething(price: ModelPrice): boolean {
  return (
    PRICE_FIELDS.some((f) => price[f.key] !== undefined) ||
    Object.keys(price.videoByResolution ?? {}).length > 0
  )
}

/** Today as YYYY-MM-DD (UTC), the day a price typed now is set on. */
export function today(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10)
}

const keyOf = (id: string) => id.trim().toLowerCase()
/** `openai/gpt-4o` → `gpt-4o`: a price list keyed by provider still prices the bare id. */
const bare = (id: string) => id.slice(id.lastIndexOf('/') + 1)

/**
 * An index of price rows for lookups: a model's price is the row of its exact id (letter case aside), else of
 * its id without a thinking suffix (`-thinking-8192` is the same model), else a row whose id ends in
 * `/<id>` (a list keyed by provider). A versioned id the gateway reports (`gpt-4o-2024-08-06`) is looked up
 * the same way, after the id asked for.
 */
export class PriceIndex {
  private readonly exact = new Map<string, ModelPrice>()
  private readonly byBare = new Map<string, ModelPrice>()

  constructor(rows: readonly ModelPrice[]) {
    for (const row of rows) {
      this.exact.set(keyOf(row.model), row)
      const b = keyOf(bare(row.model))
      // A bare row wins over a prefixed one; among prefixed rows the first stays.
      if (!this.byBare.has(b) || b === keyOf(row.model)) this.byBare.set(b, row)
    }
  }

  get size(): number {
    return this.exact.size
  }

  find(...ids: (string | null | undefined)[]): ModelPrice | undefined {
    for (const id of ids) {
      if (!id) continue
      const candidates = [id, parseThinkingSuffix(id.trim()).base]
      for (const c of candidates) {
        const hit = this.exact.get(keyOf(c)) ?? this.byBare.get(keyOf(bare(c)))
        if (hit) return hit
      }
    }
    return undefined
  }
}

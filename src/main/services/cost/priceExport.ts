// Writes a price table in one of the three shapes priceImport reads back: the app's own JSON (every field),
// CSV with the documented header, and LiteLLM's per-token JSON (USD only: rows in another currency are left
// out and counted). Each shape read back by priceImport gives the same rows (a tested round trip).
import { PRICE_FIELDS, type ModelPrice } from '../../../shared/cost/prices'
import type { PriceFileKind } from '../../../shared/ipc/prices'
import { APP_PRICE_FILE, PRICE_CSV_COLUMNS } from './priceImport'

export interface PriceFileText {
  text: string
  name: string
  mimeType: string
  rows: number
  skipped: number
}

/** Per 1M tokens → per token, without the float's noise. */
const perToken = (perMillion: number) => Number((perMillion / 1_000_000).toPrecision(12))

export function writePriceFile(
  kind: PriceFileKind,
  rows: readonly ModelPrice[],
  stem: string,
): PriceFileText {
  switch (kind) {
    case 'app':
      return {
        text: `${JSON.stringify({ format: APP_PRICE_FILE, version: 1, prices: rows }, null, 2)}\n`,
        name: `${stem}.prices.json`,
        mimeType: 'application/json',
        rows: rows.length,
        skipped: 0,
      }
    case 'csv':
      return {
        text: csv(rows),
        name: `${stem}.prices.csv`,
        mimeType: 'text/csv',
        rows: rows.length,
        skipped: 0,
      }
    case 'litellm': {
      const usd = rows.filter((r) => r.currency === 'USD')
      return {
        text: `${JSON.stringify(Object.fromEntries(usd.map((r) => [r.model, litellmEntry(r)])), null, 2)}\n`,
        name: `${stem}.model_prices_and_context_window.json`,
        mimeType: 'application/json',
        rows: usd.length,
        skipped: rows.length - usd.length,
      }
    }
  }
}

function litellmEntry(r: ModelPrice): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (r.contextWindow !== undefined) out.max_input_tokens = r.contextWindow
  if (r.maxOutput !== undefined) out.max_output_tokens = r.maxOutput
  const token = (name: string, value: number | undefined) =>
    value !== undefined && (out[name] = perToken(value))
  token('input_cost_per_token', r.input ?? r.embedding)
  token('output_cost_per_token', r.output)
  token('cache_read_input_token_cost', r.cachedRead)
  token('cache_creation_input_token_cost', r.cacheWrite)
  token('cache_creation_input_token_cost_above_1hr', r.cacheWrite1h)
  token('output_cost_per_reasoning_token', r.reasoning)
  if (r.image !== undefined) out.output_cost_per_image = r.image
  if (r.videoSecond !== undefined) out.output_cost_per_video_per_second = r.videoSecond
  if (r.rerankSearch !== undefined) out.input_cost_per_query = r.rerankSearch
  out.mode =
    r.rerankSearch !== undefined
      ? 'rerank'
      : r.embedding !== undefined && r.output === undefined
        ? 'embedding'
        : r.videoSecond !== undefined || r.videoByResolution
          ? 'video_generation'
          : r.image !== undefined && r.input === undefined
            ? 'image_generation'
            : 'chat'
  return out
}

function csv(rows: readonly ModelPrice[]): string {
  const lines = [PRICE_CSV_COLUMNS.join(',')]
  for (const r of rows) {
    const cells: Record<string, string> = {
      model: r.model,
      currency: r.currency,
      video_per_second_by_resolution: Object.entries(r.videoByResolution ?? {})
        .map(([res, v]) => `${res}=${v}`)
        .join(';'),
      context_window: r.contextWindow?.toString() ?? '',
      max_output: r.maxOutput?.toString() ?? '',
      set_on: r.setAt,
    }
    for (const f of PRICE_FIELDS) cells[f.csv] = r[f.key]?.toString() ?? ''
    lines.push(PRICE_CSV_COLUMNS.map((c) => quote(cells[c] ?? '')).join(','))
  }
  return `${lines.join('\n')}\n`
}

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)

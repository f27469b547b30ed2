// What is known of a model, in the words the picker shows: its context window and output limit, modalities, the
// price that would be used (per 1M tokens, with where it came from), and the formats the last Gateway check saw
// working or not, with the check's date. Pure, so the picker and its tests read the same words.
import type { ModelInfo } from '../../../../shared/ipc/models'
import { formatRate } from '../../../../shared/cost/money'
import { WIRE_FORMATS } from '../../../../shared/format'

/** 128000 → `128K`, 1048576 → `1M`, 4096 → `4K`. */
export function tokenCount(n: number): string {
  if (n >= 1_000_000) return `${Number((n / 1_048_576).toFixed(n % 1_048_576 === 0 ? 0 : 1))}M`
  if (n >= 1000) return `${Math.round(n / 1000)}K`
  return String(n)
}

const SOURCE_WORDS: Record<string, string> = {
  demo: 'demo price',
  gateway: "the gateway's price",
  import: 'imported price',
  user: 'your price',
}

export function priceWords(price: NonNullable<ModelInfo['price']>): string {
  const parts = [price.input, price.output].map((p) =>
    p === undefined ? '—' : formatRate(p, price.currency),
  )
  const rate =
    price.input === undefined && price.output === undefined
      ? 'priced'
      : `${parts.join(' / ')} per 1M in / out`
  return `${rate} (${SOURCE_WORDS[price.source] ?? price.source}, ${price.setAt})`
}

/** The formats in the order every panel lists them (others after, by name). */
const FORMAT_ORDER: readonly string[] = WIRE_FORMATS

const VERDICT: Record<string, string> = { supported: '✓', refused: '✗', deviating: '≠', failed: '?' }

export function checkedWords(checked: NonNullable<ModelInfo['checked']>): string {
  const rank = (f: string) => (FORMAT_ORDER.indexOf(f) + FORMAT_ORDER.length + 1) % (FORMAT_ORDER.length + 1)
  const formats = Object.entries(checked.formats)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([f, status]) => `${f} ${VERDICT[status] ?? status}`)
  const day = new Date(checked.at).toISOString().slice(0, 10)
  return `checked ${day}: ${formats.join(', ')}`
}

/** One line of facts, in a fixed order; empty when nothing is known. */
export function modelFacts(m: ModelInfo): string[] {
  const out: string[] = []
  if (m.contextWindow) out.push(`${tokenCount(m.contextWindow)} context`)
  if (m.maxOutput) out.push(`${tokenCount(m.maxOutput)} out`)
  if (m.inputModalities)
    out.push(`${m.inputModalities.join(', ')} → ${(m.outputModalities ?? ['?']).join(', ')}`)
  else if (m.outputModalities?.some((x) => x !== 'text')) out.push(`answers ${m.outputModalities.join(', ')}`)
  if (m.formats?.length) out.push(`usually ${m.formats.join(', ')}`)
  if (m.thinking) out.push('thinking')
  if (m.price) out.push(priceWords(m.price))
  if (m.checked) out.push(checkedWords(m.checked))
  return out
}

export const SOURCE_LABELS: Record<string, string> = {
  gateway: 'gateway',
  catalog: 'catalog',
  yours: 'yours',
}

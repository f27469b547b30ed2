// Usage reconciliation: what each column's format reported as input and output tokens, beside the messages
// format's count_tokens for the same draft and the local estimate, with the differences; and what each cost, with
// how much more the same model cost through each format than through its cheapest ("18 % more through
// messages"), from the token counts each format reported. Pure: the table is a function of the columns' usage,
// costs and the two counts; a missing number stays missing (null), never zero, and usage whose counts are all
// zero is "not reported" (a translating proxy's zeros), never a difference.
import type { Usage } from '../wire/events'
import { reportedUsage } from '../wire/reportedUsage'
import type { WireFormat } from '../format'
import type { RunCost } from '../cost/runCost'
import type { StoredCost } from '../cost/storedCost'
import { formatMoney, percentOver } from '../cost/money'

export interface ReconcileColumn {
  label: string
  format: WireFormat
  usage?: Usage | undefined
  /** The model asked for, so the same model's columns are set side by side. */
  model?: string | undefined
  /** What the column's run cost, as main priced it. */
  cost?: RunCost | undefined
}

export interface ReconcileCounts {
  /** count_tokens of the messages format for the same draft. */
  server: number | null
  /** The local estimate for the same draft. */
  estimate: number | null
}

export interface ReconcileRow {
  label: string
  format: WireFormat
  /** False when the column's answer carried no usage, or only zeros: every number below is then null. */
  reported: boolean
  input: number | null
  output: number | null
  reasoning: number | null
  cached: number | null
  /** input − count_tokens. */
  inputVsServer: number | null
  /** input − local estimate. */
  inputVsEstimate: number | null
  /** output − the first column's output that reported one. */
  outputVsFirst: number | null
  model: string | null
  /** The column's cost, when priced (an estimate says so). */
  cost: StoredCost | null
  /** Percent more than the cheapest column of the same model and currency; null alone or unpriced. */
  costVsCheapest: number | null
}

/** The same model through several formats: which was cheapest, and by how much each other cost more. */
export interface SameModelCost {
  model: string
  currency: string
  cheapest: { label: string; format: WireFormat; micros: number }
  others: { label: string; format: WireFormat; micros: number; percentMore: number }[]
  /** Columns of the same model whose cost is an estimate (no usage reported): named, not compared. */
  estimated: { label: string; format: WireFormat }[]
}

export interface ReconcileTable {
  rows: ReconcileRow[]
  counts: ReconcileCounts
  /** The largest spread of reported input tokens across columns, or null with fewer than two reports. */
  inputSpread: number | null
  /** Per model priced in at least two columns of one currency. */
  sameModel: SameModelCost[]
}

const num = (v: number | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b)

export function reconcile(columns: readonly ReconcileColumn[], counts: ReconcileCounts): ReconcileTable {
  const firstOutput = columns.map((c) => num(reportedUsage(c.usage)?.output)).find((v) => v !== null) ?? null
  const rows = columns.map((c): ReconcileRow => {
    const u = reportedUsage(c.usage)
    const input = num(u?.input)
    const output = num(u?.output)
    const cachedRead = num(u?.cachedRead)
    const cacheCreation = num(u?.cacheCreation)
    return {
      label: c.label,
      format: c.format,
      reported: u !== undefined,
      input,
      output,
      reasoning: num(u?.reasoning),
      cached: cachedRead === null && cacheCreation === null ? null : (cachedRead ?? 0) + (cacheCreation ?? 0),
      inputVsServer: minus(input, counts.server),
      inputVsEstimate: minus(input, counts.estimate),
      outputVsFirst: minus(output, firstOutput),
      model: c.model ?? null,
      cost:
        c.cost?.kind === 'priced'
          ? { micros: c.cost.micros, currency: c.cost.currency, estimate: c.cost.estimate }
          : null,
      costVsCheapest: null,
    }
  })
  const inputs = rows.map((r) => r.input).filter((v): v is number => v !== null)
  return {
    rows,
    counts,
    inputSpread: inputs.length >= 2 ? Math.max(...inputs) - Math.min(...inputs) : null,
    sameModel: sameModelCosts(rows),
  }
}

/**
 * Groups priced rows by model and currency; fills each row's percent over its group's cheapest. Only costs from
 * reported usage are compared: an estimate (no usage reported) is named as left out, never set beside them.
 */
function sameModelCosts(rows: ReconcileRow[]): SameModelCost[] {
  const groups = new Map<string, { reported: ReconcileRow[]; estimated: ReconcileRow[] }>()
  for (const r of rows) {
    if (!r.model || !r.cost) continue
    const key = `${r.model}\u0000${r.cost.currency}`
    const group = groups.get(key) ?? { reported: [], estimated: [] }
    ;(r.cost.estimate ? group.estimated : group.reported).push(r)
    groups.set(key, group)
  }
  const out: SameModelCost[] = []
  for (const { reported, estimated } of groups.values()) {
    if (reported.length < 2) continue
    const cheapest = reported.reduce((a, b) => (b.cost!.micros < a.cost!.micros ? b : a))
    for (const r of reported) r.costVsCheapest = percentOver(r.cost!.micros, cheapest.cost!.micros)
    out.push({
      model: cheapest.model!,
      currency: cheapest.cost!.currency,
      cheapest: { label: cheapest.label, format: cheapest.format, micros: cheapest.cost!.micros },
      others: reported
        .filter((r) => r !== cheapest)
        .map((r) => ({
          label: r.label,
          format: r.format,
          micros: r.cost!.micros,
          percentMore: r.costVsCheapest ?? 0,
        })),
      estimated: estimated.map((r) => ({ label: r.label, format: r.format })),
    })
  }
  return out
}

const list = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * "The same prompt on gpt-4o cost 18 % more through Messages, 5 % more through Responses than through Chat
 * completions (the cheapest)", or "cost the same ($0.000067) through Chat completions and Responses"; columns
 * whose cost is an estimate are named as not compared.
 */
export function sameModelWords(s: SameModelCost, label: (format: WireFormat) => string): string {
  const more = s.others.filter((o) => o.percentMore > 0)
  const same = s.others.filter((o) => o.percentMore <= 0).map((o) => label(o.format))
  const cheapest = label(s.cheapest.format)
  const words = more.length
    ? `The same prompt on ${s.model} cost ${more
        .map((o) => `${o.percentMore} % more through ${label(o.format)}`)
        .join(
          ', ',
        )} than through ${cheapest} (the cheapest)${same.length ? `, as much through ${list(same)}` : ''}.`
    : `The same prompt on ${s.model} cost the same (${formatMoney(s.cheapest.micros, s.currency)}) through ${list([cheapest, ...same])}.`
  if (!s.estimated.length) return words
  const left = list(s.estimated.map((e) => label(e.format)))
  return `${words} ${left}: not compared, ${s.estimated.length > 1 ? 'their costs are estimates' : 'its cost is an estimate'} (no usage reported).`
}

/**
 * A column's cost beside its model's cheapest column: `cheapest`, `+18 %`, `estimate, not compared`, or a dash
 * (alone, or unpriced).
 */
export function vsCheapestText(row: Pick<ReconcileRow, 'cost' | 'costVsCheapest'>): string {
  if (row.cost?.estimate) return 'estimate, not compared'
  if (row.costVsCheapest === null || row.costVsCheapest === undefined) return '—'
  return row.costVsCheapest === 0 ? 'cheapest' : `+${row.costVsCheapest} %`
}

/** A signed difference as the table shows it: +3, −2, 0, or an em dash when unknown. */
export function signed(n: number | null): string {
  if (n === null) return '—'
  if (n > 0) return `+${n}`
  if (n < 0) return `−${-n}`
  return '0'
}

// Usage reconciliation: what each column's format reported as input and output tokens, beside the messages
// format's count_tokens for the same draft and the local estimate, with the differences. Pure: the table is a
// function of the columns' usage and the two counts; a missing number stays missing (null), never zero, and
// usage whose counts are all zero is "not reported" (a translating proxy's zeros), never a difference.
import type { Usage } from '../wire/events'
import { reportedUsage } from '../wire/reportedUsage'
import type { WireFormat } from '../format'

export interface ReconcileColumn {
  label: string
  format: WireFormat
  usage?: Usage | undefined
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
}

export interface ReconcileTable {
  rows: ReconcileRow[]
  counts: ReconcileCounts
  /** The largest spread of reported input tokens across columns, or null with fewer than two reports. */
  inputSpread: number | null
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
    }
  })
  const inputs = rows.map((r) => r.input).filter((v): v is number => v !== null)
  return {
    rows,
    counts,
    inputSpread: inputs.length >= 2 ? Math.max(...inputs) - Math.min(...inputs) : null,
  }
}

/** A signed difference as the table shows it: +3, −2, 0, or an em dash when unknown. */
export function signed(n: number | null): string {
  if (n === null) return '—'
  if (n > 0) return `+${n}`
  if (n < 0) return `−${-n}`
  return '0'
}

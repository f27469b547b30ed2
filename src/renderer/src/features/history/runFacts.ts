// How a recorded run's facts read in the History panel: dates, durations, costs and a status's colour class.
import { storedCostText } from '../../../../shared/cost/money'
import { FORMAT_LABELS, type WireFormat } from '../../../../shared/format'

/** A run's format as the filter and the Text panel name it ("Chat completions"); any other (an endpoint) as kept. */
export function formatName(format: string): string {
  return FORMAT_LABELS[format as WireFormat] ?? format
}

export function formatWhen(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

export function formatMs(ms: number | null): string {
  if (ms === null) return '—'
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`
}

export function statusClass(status: string): string {
  return status === 'done' ? 'good' : status === 'aborted' || status === 'cancelled' ? '' : 'warn'
}

/**
 * A cost in millionths of its currency's unit, as money with the decimals it needs (`$0.00534`, `€1.20`), the same
 * figure Text and Compare show for the run; an estimate (the gateway reported no usage) says so.
 */
export function formatCost(cost: { micros: number; currency: string; estimate?: boolean } | null): string {
  if (!cost) return '—'
  return storedCostText({ ...cost, estimate: cost.estimate ?? false })
}

/** A row's cost in words: its amount; a failed run that kept none was not billed ("failed before billing"). */
export function rowCostText(row: {
  status: string
  cost: { micros: number; currency: string; estimate?: boolean } | null
}): string | null {
  if (row.cost) return formatCost(row.cost)
  return row.status === 'error' ? 'failed before billing' : null
}

/** What a cost field holds, in millionths; null when empty; NaN when it is not an amount of 0 or more. */
export function parseCost(text: string): number | null {
  const t = text.trim().replace(/^\$/, '')
  if (t === '') return null
  const amount = Number(t)
  return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * 1_000_000) : NaN
}

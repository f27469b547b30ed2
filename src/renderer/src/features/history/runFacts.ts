// How a recorded run's facts read in the History panel: dates, durations and a status's colour class.
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

/** A cost in millionths of its currency's unit, as money: `$0.0123`, `0.0123 EUR`; `~` marks an estimate. */
export function formatCost(cost: { micros: number; currency: string; estimate?: boolean } | null): string {
  if (!cost) return '—'
  const amount = cost.micros / 1_000_000
  const digits = amount >= 100 ? 2 : amount >= 1 ? 3 : 4
  const text =
    cost.currency === 'USD' ? `$${amount.toFixed(digits)}` : `${amount.toFixed(digits)} ${cost.currency}`
  return cost.estimate ? `~${text}` : text
}

/** What a cost field holds, in millionths; null when empty; NaN when it is not an amount of 0 or more. */
export function parseCost(text: string): number | null {
  const t = text.trim().replace(/^\$/, '')
  if (t === '') return null
  const amount = Number(t)
  return Number.isFinite(amount) && amount >= 0 ? Math.round(amount * 1_000_000) : NaN
}

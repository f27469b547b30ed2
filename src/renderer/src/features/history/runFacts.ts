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

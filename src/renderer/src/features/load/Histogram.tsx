// The distribution of one metric (TTFT, TPOT, end-to-end latency, output tokens) over one level's measured,
// successful requests: 24 bins from its min to its max, as SVG bars with their counts in titles.
import { useMemo, useState } from 'react'
import { shownPoints } from '../../stores/load'

const METRICS = [
  { id: 'ttft', label: 'TTFT (ms)', at: 3 },
  { id: 'tpot', label: 'TPOT (ms)', at: 5 },
  { id: 'e2e', label: 'End-to-end latency (ms)', at: 4 },
  { id: 'tokens', label: 'Output tokens', at: 6 },
] as const
const BINS = 24
const W = 520
const H = 160

export function Histogram({ step, pointsVersion }: { step: number; pointsVersion: number }) {
  const [metric, setMetric] = useState<(typeof METRICS)[number]['id']>('ttft')
  const def = METRICS.find((m) => m.id === metric)!
  const bins = useMemo(() => {
    void pointsVersion
    const values: number[] = []
    for (const p of shownPoints())
      if (p[1] === step && p[7] === 'ok') {
        const v = p[def.at]
        if (typeof v === 'number') values.push(v)
      }
    if (values.length === 0) return null
    let min = Infinity
    let max = -Infinity
    for (const v of values) {
      min = Math.min(min, v)
      max = Math.max(max, v)
    }
    const width = (max - min) / BINS || 1
    const counts = new Array<number>(BINS).fill(0)
    for (const v of values) counts[Math.min(BINS - 1, Math.floor((v - min) / width))]!++
    return { min, width, counts, total: values.length }
  }, [step, def.at, pointsVersion])
  const top = bins ? Math.max(...bins.counts) : 1
  return (
    <figure className="load-chart load-hist">
      <figcaption>
        <select
          aria-label="Histogram metric"
          value={metric}
          onChange={(e) => setMetric(e.target.value as typeof metric)}
        >
          {METRICS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>{' '}
        {bins ? `${bins.total} successful requests` : ''}
      </figcaption>
      {!bins ? (
        <p className="muted small">No successful request at this level yet.</p>
      ) : (
        <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-label={`Histogram of ${def.label}`}>
          {bins.counts.map((c, i) => {
            const h = (c / top) * H
            const from = bins.min + i * bins.width
            return (
              <rect key={i} x={(i * W) / BINS + 1} y={H - h} width={W / BINS - 2} height={h} className="bar">
                <title>{`${from.toFixed(1)}–${(from + bins.width).toFixed(1)}: ${c}`}</title>
              </rect>
            )
          })}
          <text x={0} y={H + 16} className="tick">
            {bins.min.toFixed(1)}
          </text>
          <text x={W} y={H + 16} textAnchor="end" className="tick">
            {(bins.min + bins.width * BINS).toFixed(1)}
          </text>
        </svg>
      )}
    </figure>
  )
}

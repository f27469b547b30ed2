// The distribution of one metric (TTFT, TPOT, end-to-end latency, output tokens) over one level's measured,
// successful requests: 24 bins from its min to its max, as SVG bars, each with its count above it (and its range
// and count in its title), on a count axis (requests) and a value axis (the metric, its unit named).
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
const H = 200
const PAD = { left: 40, right: 10, top: 14, bottom: 36 }
const PLOT_W = W - PAD.left - PAD.right
const PLOT_H = H - PAD.top - PAD.bottom

/** Whole-number count ticks from 0 to at least `top`: 0, a round step, … (at most 5). */
function countTicks(top: number): number[] {
  const step =
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000].find((s) => s * 4 >= top) ?? 10_000
  const out: number[] = []
  for (let v = 0; v < top + step; v += step) out.push(v)
  return out
}

const value = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1))

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
  const yTicks = countTicks(bins ? Math.max(...bins.counts) : 1)
  const yMax = yTicks.at(-1)!
  const py = (c: number) => PAD.top + PLOT_H - (c / yMax) * PLOT_H
  const binW = PLOT_W / BINS
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
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Histogram of ${def.label}`}>
          {yTicks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={py(t)} y2={py(t)} className="grid" />
              <text x={PAD.left - 6} y={py(t) + 4} textAnchor="end" className="tick">
                {t}
              </text>
            </g>
          ))}
          <text
            x={12}
            y={PAD.top + PLOT_H / 2}
            textAnchor="middle"
            className="axis"
            transform={`rotate(-90 12 ${PAD.top + PLOT_H / 2})`}
          >
            requests
          </text>
          {bins.counts.map((c, i) => {
            const from = bins.min + i * bins.width
            const x = PAD.left + i * binW
            return (
              <g key={i}>
                <rect x={x + 1} y={py(c)} width={binW - 2} height={PAD.top + PLOT_H - py(c)} className="bar">
                  <title>{`${value(from)}–${value(from + bins.width)}: ${c} request${c === 1 ? '' : 's'}`}</title>
                </rect>
                {c > 0 && (
                  <text x={x + binW / 2} y={py(c) - 3} textAnchor="middle" className="tick count">
                    {c}
                  </text>
                )}
              </g>
            )
          })}
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={PAD.top + PLOT_H}
            y2={PAD.top + PLOT_H}
            className="axis-line"
          />
          {[0, BINS / 4, BINS / 2, (BINS * 3) / 4, BINS].map((at) => (
            <text
              key={at}
              x={PAD.left + at * binW}
              y={PAD.top + PLOT_H + 14}
              textAnchor={at === 0 ? 'start' : at === BINS ? 'end' : 'middle'}
              className="tick"
            >
              {value(bins.min + at * bins.width)}
            </text>
          ))}
          <text x={PAD.left + PLOT_W / 2} y={H - 4} textAnchor="middle" className="axis">
            {def.label}
          </text>
        </svg>
      )}
    </figure>
  )
}

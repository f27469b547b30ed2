// A small SVG line chart for figures against the load level: the x axis on a log2 scale (levels double), each
// series a line with its points marked, an optional vertical mark (the knee), a legend in words and the values
// in a title per point, so the chart reads without colour and with a screen reader (a table beside it holds
// every figure too).

export interface Series {
  name: string
  color: string
  dashed?: boolean
  points: { x: number; y: number | null }[]
}

interface Props {
  title: string
  yUnit: string
  series: Series[]
  marks?: { x: number; label: string; color: string }[]
  xLabel: string
  /** A log2 x axis (concurrency, rates that double); else linear. */
  logX?: boolean
}

const W = 520
const H = 220
const PAD = { left: 52, right: 12, top: 14, bottom: 34 }

function ticks(max: number): number[] {
  if (max <= 0) return [0]
  const raw = max / 4
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw
  const out: number[] = []
  for (let v = 0; v < max + step; v += step) out.push(v)
  return out
}

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2))

export function LineChart({ title, yUnit, series, marks = [], xLabel, logX = true }: Props) {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b)
  const ys = series.flatMap((s) => s.points.map((p) => p.y).filter((y): y is number => y !== null))
  if (xs.length === 0 || ys.length === 0)
    return (
      <figure className="load-chart">
        <figcaption>{title}</figcaption>
        <p className="muted small">No figures yet.</p>
      </figure>
    )
  const yTicks = ticks(Math.max(...ys) * 1.08)
  const yMax = yTicks.at(-1)! || 1
  const fx = (x: number) => (logX ? Math.log2(x) : x)
  const x0 = fx(xs[0]!)
  const x1 = fx(xs.at(-1)!)
  const px = (x: number) =>
    x1 === x0
      ? PAD.left + (W - PAD.left - PAD.right) / 2
      : PAD.left + ((fx(x) - x0) / (x1 - x0)) * (W - PAD.left - PAD.right)
  const py = (y: number) => H - PAD.bottom - (y / yMax) * (H - PAD.top - PAD.bottom)
  return (
    <figure className="load-chart">
      <figcaption>
        {title} ({yUnit})
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${title}: ${series.map((s) => s.name).join(', ')}`}
      >
        {yTicks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={py(t)} y2={py(t)} className="grid" />
            <text x={PAD.left - 6} y={py(t) + 4} textAnchor="end" className="tick">
              {fmt(t)}
            </text>
          </g>
        ))}
        {xs.map((x) => (
          <text key={x} x={px(x)} y={H - PAD.bottom + 16} textAnchor="middle" className="tick">
            {x}
          </text>
        ))}
        <text x={(PAD.left + W - PAD.right) / 2} y={H - 4} textAnchor="middle" className="axis">
          {xLabel}
        </text>
        {marks.map((m, i) => {
          // A mark in the right half has its label on its left, so a knee at the last level is read whole; two
          // marks' labels sit one under the other.
          const left = px(m.x) > (PAD.left + W - PAD.right) / 2
          return (
            <g key={`${m.label}-${m.x}`} data-testid="load-knee">
              <line
                x1={px(m.x)}
                x2={px(m.x)}
                y1={PAD.top}
                y2={H - PAD.bottom}
                stroke={m.color}
                className="mark"
              />
              <text
                x={px(m.x) + (left ? -4 : 4)}
                y={PAD.top + 10 + i * 13}
                textAnchor={left ? 'end' : 'start'}
                fill={m.color}
                className="tick"
              >
                {m.label}
              </text>
            </g>
          )
        })}
        {series.map((s) => {
          const pts = s.points.filter((p): p is { x: number; y: number } => p.y !== null)
          return (
            <g key={s.name}>
              <polyline
                points={pts.map((p) => `${px(p.x)},${py(p.y)}`).join(' ')}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray={s.dashed ? '5 4' : undefined}
              />
              {pts.map((p) => (
                <circle key={p.x} cx={px(p.x)} cy={py(p.y)} r={3} fill={s.color}>
                  <title>{`${s.name} at ${p.x}: ${fmt(p.y)} ${yUnit}`}</title>
                </circle>
              ))}
            </g>
          )
        })}
      </svg>
      <ul className="load-legend">
        {series.map((s) => (
          <li key={s.name}>
            <span
              className={`swatch${s.dashed ? ' dashed' : ''}`}
              style={{ borderColor: s.color }}
              aria-hidden="true"
            />
            {s.name}
          </li>
        ))}
      </ul>
    </figure>
  )
}

// The 2-D PCA projection main computed, as a scatter on a canvas: labels beside the points when there are few,
// the nearest point's label under the pointer otherwise; the axes say how much variance each explains.
import { memo, useEffect, useMemo, useRef, useState } from 'react'

const W = 440
const H = 340
const PAD = 28

interface Props {
  points: [number, number][]
  explained: [number, number]
  labels: string[]
  selected: number | null
  onSelect(index: number): unknown
}

export const Projection = memo(function Projection({ points, explained, labels, selected, onSelect }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [hover, setHover] = useState<number | null>(null)
  const screen = useMemo(() => {
    const xs = points.map((p) => p[0])
    const ys = points.map((p) => p[1])
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)]
    const [y0, y1] = [Math.min(...ys), Math.max(...ys)]
    const sx = (W - 2 * PAD) / (x1 - x0 || 1)
    const sy = (H - 2 * PAD) / (y1 - y0 || 1)
    return points.map(([x, y]) => [PAD + (x - x0) * sx, H - PAD - (y - y0) * sy] as [number, number])
  }, [points])
  const showLabels = points.length <= 60

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx || !canvas.current) return
    const colour = getComputedStyle(canvas.current).color
    ctx.clearRect(0, 0, W, H)
    ctx.font = '11px system-ui, sans-serif'
    screen.forEach(([x, y], i) => {
      ctx.beginPath()
      ctx.arc(x, y, i === selected ? 5 : 3, 0, Math.PI * 2)
      ctx.fillStyle = i === selected ? '#d9480f' : '#3a5bd9'
      ctx.fill()
      if (showLabels) {
        // Beside the point, on whichever side keeps the label inside the canvas.
        const label = labels[i] ?? ''
        const w = ctx.measureText(label).width
        ctx.fillStyle = colour
        ctx.fillText(label, x + 6 + w > W - 2 ? x - 6 - w : x + 6, y < 14 ? y + 14 : y - 4)
      }
    })
  }, [screen, labels, selected, showLabels])

  const nearest = (e: React.MouseEvent<HTMLCanvasElement>): number | null => {
    const rect = e.currentTarget.getBoundingClientRect()
    const x = ((e.clientX - rect.left) * W) / rect.width
    const y = ((e.clientY - rect.top) * H) / rect.height
    let best: number | null = null
    let bestD = 12 * 12
    screen.forEach(([px, py], i) => {
      const d = (px - x) ** 2 + (py - y) ** 2
      if (d < bestD) {
        bestD = d
        best = i
      }
    })
    return best
  }

  return (
    <figure className="emb-figure">
      <figcaption>
        2-D projection (PCA): PC1 {(explained[0] * 100).toFixed(1)}% · PC2 {(explained[1] * 100).toFixed(1)}%
        of variance
      </figcaption>
      <div className="emb-canvas-wrap">
        <canvas
          ref={canvas}
          data-testid="projection"
          data-points={points.length}
          width={W}
          height={H}
          className="emb-canvas"
          role="img"
          aria-label={`Scatter of ${points.length} inputs on the first two principal components`}
          onMouseMove={(e) => setHover(nearest(e))}
          onMouseLeave={() => setHover(null)}
          onClick={(e) => {
            const i = nearest(e)
            if (i !== null) onSelect(i)
          }}
        />
        {hover !== null && (
          <div
            className="emb-tooltip"
            role="tooltip"
            style={{ left: screen[hover]![0] + 10, top: screen[hover]![1] + 10 }}
          >
            {labels[hover]}
          </div>
        )}
      </div>
    </figure>
  )
})

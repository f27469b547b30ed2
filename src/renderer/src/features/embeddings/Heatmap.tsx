// The cosine-similarity heatmap on a canvas: one cell per pair, blue (dissimilar) through white to red
// (similar), labels on both axes when they fit, and the pair and value under the pointer. Invariant: each tile
// of rows is painted once, as it arrives (a 1,000 × 1,000 matrix never repaints whole per tile).
import { useEffect, useRef, useState } from 'react'
import type { Heatmap as HeatmapData } from '../../stores/embeddingsStore'

const SIZE = 360
const LABEL_SPACE = 84
const MAX_LABELS = 40

/** Diverging colour for a cosine in [-1, 1]: blue at -1, white at 0, red at 1. */
export function cosineColour(c: number): [number, number, number] {
  const t = Math.max(-1, Math.min(1, c))
  if (t >= 0) {
    const v = Math.round(255 * (1 - t) + 40 * t)
    return [255, v, v]
  }
  const u = -t
  return [Math.round(255 * (1 - u) + 40 * u), Math.round(255 * (1 - u) + 90 * u), 255]
}

/** 1,024 steps of the colour scale packed as little-endian RGBA words, to paint a row without allocating. */
const LUT_STEPS = 1024
const LUT = new Uint32Array(LUT_STEPS)
for (let k = 0; k < LUT_STEPS; k++) {
  const [r, g, b] = cosineColour((k / (LUT_STEPS - 1)) * 2 - 1)
  LUT[k] = (255 << 24) | (b << 16) | (g << 8) | r
}

interface Painted {
  setId: string
  rows: number
  canvas: HTMLCanvasElement
}

export function Heatmap({ data, labels }: { data: HeatmapData; labels: string[] }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const painted = useRef<Painted | null>(null)
  const [hover, setHover] = useState<{ i: number; j: number; x: number; y: number } | null>(null)
  const { n, values, rowsLoaded, setId } = data
  const showLabels = n <= MAX_LABELS
  const offset = showLabels ? LABEL_SPACE : 0

  useEffect(() => {
    const c = canvas.current
    const ctx = c?.getContext('2d')
    if (!c || !ctx || n === 0) return
    let p = painted.current
    if (!p || p.setId !== setId || p.canvas.width !== n) {
      const off = document.createElement('canvas')
      off.width = n
      off.height = n
      p = painted.current = { setId, rows: 0, canvas: off }
    }
    if (rowsLoaded > p.rows) {
      const octx = p.canvas.getContext('2d')!
      const img = octx.createImageData(n, rowsLoaded - p.rows)
      const words = new Uint32Array(img.data.buffer)
      const base = p.rows * n
      for (let k = 0; k < words.length; k++) {
        const q = Math.round(((values[base + k]! + 1) / 2) * (LUT_STEPS - 1))
        words[k] = LUT[Math.max(0, Math.min(LUT_STEPS - 1, q))]!
      }
      octx.putImageData(img, 0, p.rows)
      p.rows = rowsLoaded
    }
    ctx.clearRect(0, 0, c.width, c.height)
    ctx.imageSmoothingEnabled = false
    ctx.drawImage(p.canvas, offset, offset, SIZE, SIZE)
    if (showLabels) {
      const cell = SIZE / n
      ctx.fillStyle = getComputedStyle(c).color
      ctx.font = '11px system-ui, sans-serif'
      ctx.textBaseline = 'middle'
      labels.forEach((label, i) => {
        const text = label.length > 12 ? `${label.slice(0, 11)}…` : label
        ctx.textAlign = 'right'
        ctx.fillText(text, offset - 4, offset + (i + 0.5) * cell)
        ctx.save()
        ctx.translate(offset + (i + 0.5) * cell, offset - 4)
        ctx.rotate(-Math.PI / 2)
        ctx.textAlign = 'left'
        ctx.fillText(text, 0, 0)
        ctx.restore()
      })
    }
  }, [setId, n, values, rowsLoaded, labels, showLabels, offset])

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    const scale = e.currentTarget.width / rect.width
    const x = (e.clientX - rect.left) * scale - offset
    const y = (e.clientY - rect.top) * scale - offset
    const j = Math.floor((x / SIZE) * n)
    const i = Math.floor((y / SIZE) * n)
    if (i < 0 || j < 0 || i >= rowsLoaded || j >= n) return setHover(null)
    setHover({ i, j, x: e.clientX - rect.left, y: e.clientY - rect.top })
  }

  const value = hover ? values[hover.i * n + hover.j]! : null
  return (
    <figure className="emb-figure">
      <figcaption>
        Cosine similarity ({n} × {n})
        {rowsLoaded < n && !data.error ? ` — loading ${rowsLoaded} of ${n} rows` : ''}
        {!showLabels && <span className="muted small"> · hover a cell for its pair</span>}
      </figcaption>
      {data.error && (
        <p className="field-error" role="alert">
          The matrix stopped loading: {data.error}
        </p>
      )}
      <div className="emb-canvas-wrap">
        <canvas
          ref={canvas}
          data-testid="heatmap"
          data-rows={rowsLoaded}
          data-n={n}
          width={SIZE + offset}
          height={SIZE + offset}
          className="emb-canvas"
          role="img"
          aria-label={`Cosine similarity heatmap of ${n} inputs`}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
        />
        {hover && value !== null && (
          <div
            className="emb-tooltip"
            role="tooltip"
            style={{ left: hover.x + 12, top: hover.y + 12 }}
            data-testid="heatmap-tooltip"
          >
            {labels[hover.i]} × {labels[hover.j]}: <strong>{value.toFixed(4)}</strong>
          </div>
        )}
      </div>
      <p className="muted small emb-legend" aria-hidden="true">
        <span>−1</span>
        <span className="emb-scale" />
        <span>1</span>
      </p>
    </figure>
  )
}

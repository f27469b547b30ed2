// The cosine-similarity heatmap on a canvas: one cell per pair, blue (dissimilar) through white to red
// (similar), labels on both axes when they fit, and the pair and its exact value under the pointer. A matrix
// larger than the canvas arrives as block means (one message); the hovered pair's value is asked of main.
import { useEffect, useRef, useState } from 'react'
import { useEmbeddingsStore, type Heatmap as HeatmapData } from '../../stores/embeddings'

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

/** The pair under the pointer and, once main answered, its cosine. */
interface Hover {
  i: number
  j: number
  x: number
  y: number
  value: number | null
}

export function Heatmap({ data, labels }: { data: HeatmapData; labels: string[] }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [hover, setHover] = useState<Hover | null>(null)
  const cosineAt = useEmbeddingsStore((s) => s.cosineAt)
  const { n, size, cells, setId } = data
  const loaded = cells !== null
  const showLabels = n <= MAX_LABELS
  const offset = showLabels ? LABEL_SPACE : 0

  useEffect(() => {
    const c = canvas.current
    const ctx = c?.getContext('2d')
    if (!c || !ctx) return
    ctx.clearRect(0, 0, c.width, c.height)
    if (!cells || size === 0) return
    const picture = document.createElement('canvas')
    picture.width = size
    picture.height = size
    const pctx = picture.getContext('2d')!
    const img = pctx.createImageData(size, size)
    const words = new Uint32Array(img.data.buffer)
    for (let k = 0; k < words.length; k++) words[k] = LUT[Math.round((cells[k]! / 255) * (LUT_STEPS - 1))]!
    pctx.putImageData(img, 0, 0)
    ctx.imageSmoothingEnabled = false
    ctx.drawImage(picture, offset, offset, SIZE, SIZE)
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
  }, [n, size, cells, labels, showLabels, offset])

  // The hovered pair's exact value; a later pair replaces an answer still on its way.
  const pairKey = hover ? `${hover.i}:${hover.j}` : null
  useEffect(() => {
    if (!hover || hover.value !== null) return
    let current = true
    const { i, j } = hover
    void cosineAt(setId, i, j).then((value) => {
      if (current && value !== null) setHover((h) => (h && h.i === i && h.j === j ? { ...h, value } : h))
    })
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per pair, not per pointer pixel
  }, [pairKey, setId, cosineAt])

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    const scale = e.currentTarget.width / rect.width
    const x = (e.clientX - rect.left) * scale - offset
    const y = (e.clientY - rect.top) * scale - offset
    const j = Math.floor((x / SIZE) * n)
    const i = Math.floor((y / SIZE) * n)
    if (!loaded || i < 0 || j < 0 || i >= n || j >= n) return setHover(null)
    const x0 = e.clientX - rect.left
    const y0 = e.clientY - rect.top
    setHover((h) =>
      h && h.i === i && h.j === j ? { ...h, x: x0, y: y0 } : { i, j, x: x0, y: y0, value: null },
    )
  }

  return (
    <figure className="emb-figure">
      <figcaption>
        Cosine similarity ({n} × {n}){!loaded && !data.error ? ' — loading' : ''}
        {loaded && size < n && <span className="muted small"> · each cell the mean of a block of pairs</span>}
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
          data-rows={loaded ? n : 0}
          data-n={n}
          width={SIZE + offset}
          height={SIZE + offset}
          className="emb-canvas"
          role="img"
          aria-label={`Cosine similarity heatmap of ${n} inputs`}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
        />
        {hover && (
          <div
            className="emb-tooltip"
            role="tooltip"
            style={{ left: hover.x + 12, top: hover.y + 12 }}
            data-testid="heatmap-tooltip"
          >
            {labels[hover.i]} × {labels[hover.j]}:{' '}
            <strong>{hover.value === null ? '…' : hover.value.toFixed(4)}</strong>
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

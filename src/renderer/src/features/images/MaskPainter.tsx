// Paints a mask over an uploaded image: brush and eraser with a size, invert, clear; the mask is a black-and-white
// PNG of exactly the image's pixel size (white = the area), imported into main like any picked file. The canvas
// holds the mask only; the image shows beneath it. Without a mouse the canvas takes focus and a cursor moves with
// the arrow keys (Shift for bigger steps); Space lowers or lifts the brush, which paints where the cursor goes.
import { useEffect, useId, useRef, useState } from 'react'
import type { ImportedMedia } from '../../../../shared/ipc/media'
import { mediaCalls } from '../../ipc/mediaCalls'
import { useFocusReturn } from '../../components/focus/useFocusReturn'

interface Props {
  label: string
  image: ImportedMedia
  onDone(mask: ImportedMedia): void
  onCancel(): void
}

export function MaskPainter({ label, image, onDone, onCancel }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [tool, setTool] = useState<'brush' | 'eraser'>('brush')
  const [size, setSize] = useState(24)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const statusId = useId()
  useFocusReturn(box, { first: true })
  const drawing = useRef<{ x: number; y: number } | null>(null)
  const width = image.image?.width ?? 0
  const height = image.image?.height ?? 0
  const [cursor, setCursor] = useState({ x: width / 2, y: height / 2 })
  const [penDown, setPenDown] = useState(false)
  const [focused, setFocused] = useState(false)

  const ctx = () => canvas.current?.getContext('2d') ?? null
  const clear = () => {
    const c = ctx()
    if (!c) return
    c.fillStyle = '#000'
    c.fillRect(0, 0, width, height)
  }
  useEffect(clear, [width, height])

  const invert = () => {
    const c = ctx()
    if (!c) return
    const data = c.getImageData(0, 0, width, height)
    for (let i = 0; i < data.data.length; i += 4) {
      data.data[i] = 255 - data.data[i]!
      data.data[i + 1] = 255 - data.data[i + 1]!
      data.data[i + 2] = 255 - data.data[i + 2]!
      data.data[i + 3] = 255
    }
    c.putImageData(data, 0, 0)
  }

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    return {
      x: ((e.clientX - rect.left) * width) / rect.width,
      y: ((e.clientY - rect.top) * height) / rect.height,
    }
  }
  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const c = ctx()
    if (!c) return
    c.strokeStyle = tool === 'brush' ? '#fff' : '#000'
    c.lineWidth = (size * width) / 400
    c.lineCap = 'round'
    c.beginPath()
    c.moveTo(from.x, from.y)
    c.lineTo(to.x, to.y)
    c.stroke()
  }

  const onKey = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    const step = Math.max(1, Math.round(Math.max(width, height) / 50)) * (e.shiftKey ? 5 : 1)
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    if (e.key === ' ') {
      e.preventDefault()
      if (!penDown) stroke(cursor, cursor)
      setPenDown(!penDown)
      return
    }
    const move = moves[e.key]
    if (!move) return
    e.preventDefault()
    const next = {
      x: Math.min(width, Math.max(0, cursor.x + move[0])),
      y: Math.min(height, Math.max(0, cursor.y + move[1])),
    }
    if (penDown) stroke(cursor, next)
    setCursor(next)
  }
  const where = `cursor at ${Math.round((cursor.x / width) * 100)}% across, ${Math.round((cursor.y / height) * 100)}% down`

  const use = async () => {
    const c = canvas.current
    if (!c) return
    setBusy(true)
    setProblem(null)
    try {
      const blob = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/png'))
      if (!blob) throw new Error('the mask could not be encoded as PNG')
      const name = `${image.name.replace(/\.[^.]+$/, '')}-mask.png`
      onDone(await mediaCalls.importFile(new File([blob], name, { type: 'image/png' })))
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  if (!width || !height)
    return <p className="field-error">The image's size is unknown, so a mask cannot be painted.</p>
  return (
    <div ref={box} className="mask-painter" role="group" aria-label={`Paint ${label}`}>
      <div className="mask-stage" style={{ aspectRatio: `${width} / ${height}` }}>
        <img src={image.url} alt="" />
        <canvas
          ref={canvas}
          width={width}
          height={height}
          aria-label={`${label} canvas`}
          data-testid="mask-canvas"
          tabIndex={0}
          data-autofocus
          aria-describedby={`${hintId} ${statusId}`}
          onKeyDown={onKey}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false)
            setPenDown(false)
          }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId)
            const p = point(e)
            drawing.current = p
            stroke(p, p)
          }}
          onPointerMove={(e) => {
            if (!drawing.current) return
            const p = point(e)
            stroke(drawing.current, p)
            drawing.current = p
          }}
          onPointerUp={() => (drawing.current = null)}
        />
        {focused && (
          <span
            className="mask-cursor"
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: `${(cursor.x / width) * 100}%`,
              top: `${(cursor.y / height) * 100}%`,
              width: `${(size / 400) * 100}%`,
              aspectRatio: '1',
              transform: 'translate(-50%, -50%)',
              borderRadius: '50%',
              border: `2px ${penDown ? 'solid' : 'dashed'} var(--focus)`,
              pointerEvents: 'none',
            }}
          />
        )}
      </div>
      <div className="video-row">
        <label className="inline">
          <input
            type="radio"
            name={`${label}-tool`}
            checked={tool === 'brush'}
            onChange={() => setTool('brush')}
          />{' '}
          Brush
        </label>
        <label className="inline">
          <input
            type="radio"
            name={`${label}-tool`}
            checked={tool === 'eraser'}
            onChange={() => setTool('eraser')}
          />{' '}
          Eraser
        </label>
        <label className="inline">
          Size
          <input
            type="range"
            min={4}
            max={120}
            value={size}
            onChange={(e) => setSize(Number(e.target.value))}
          />
        </label>
        <button type="button" onClick={invert}>
          Invert
        </button>
        <button type="button" onClick={clear}>
          Clear
        </button>
      </div>
      <p className="muted small" id={hintId}>
        Keyboard: arrow keys move the cursor (Shift for bigger steps), Space lowers or lifts the {tool}.
      </p>
      <p className="muted small" id={statusId} role="status" aria-live="polite">
        {tool === 'brush' ? 'Brush' : 'Eraser'} {penDown ? 'down' : 'up'}, {where}
      </p>
      <p className="muted small">
        White marks the area; the mask is saved as a {width}×{height} PNG, the size of the image.
      </p>
      <div className="video-row">
        <button type="button" className="primary" disabled={busy} onClick={() => void use()}>
          {busy ? 'Saving…' : 'Use this mask'}
        </button>
        <button type="button" className="ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

// Every request of the run on one canvas: time across, one lane per request in flight (each request takes the
// first lane free when it was sent), the wait for its first token light and its answer solid; warm-up grey,
// errors red. Clicking a request opens it (its record and exchange in the Inspector); the errors are also listed
// as buttons below, for the keyboard. Drawn at most once a frame, whatever the rate of points.
import { useEffect, useMemo, useRef } from 'react'
import type { RequestPoint } from '../../../../shared/load/points'
import { ERROR_CLASS_LABELS, type ErrorClass } from '../../../../shared/load/metrics'
import { shownPoints } from '../../stores/load'

const MAX_LANES = 160

interface Laid {
  point: RequestPoint
  lane: number
}

/** Lane height: taller when few requests run at once, down to 3 px for 160 lanes. */
const laneHeight = (lanes: number) => Math.max(3, Math.min(14, Math.floor(240 / lanes)))

/** A theme colour resolved to what a canvas takes (the palette uses light-dark(), which a canvas cannot parse). */
function resolved(probe: HTMLElement, variable: string): string {
  probe.style.color = `var(${variable})`
  return getComputedStyle(probe).color
}

/** Lanes for the requests; times from the first request sent (`end` is the span). */
function layOut(points: readonly RequestPoint[]): {
  laid: Laid[]
  lanes: number
  end: number
  origin: number
} {
  const sorted = [...points].sort((a, b) => a[2] - b[2])
  const origin = sorted[0]?.[2] ?? 0
  const freeAt: number[] = []
  const laid: Laid[] = []
  let end = 0
  for (const p of sorted) {
    const start = p[2] - origin
    const stop = start + p[4]
    end = Math.max(end, stop)
    let lane = freeAt.findIndex((t) => t <= start)
    if (lane < 0) {
      lane = freeAt.length < MAX_LANES ? freeAt.length : freeAt.indexOf(Math.min(...freeAt))
      if (lane === freeAt.length) freeAt.push(0)
    }
    freeAt[lane] = stop
    laid.push({ point: p, lane })
  }
  return { laid, lanes: Math.max(1, freeAt.length), end, origin }
}

export function Timeline({ pointsVersion, onOpen }: { pointsVersion: number; onOpen(index: number): void }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const probeRef = useRef<HTMLSpanElement>(null)
  const layout = useMemo(() => {
    void pointsVersion
    return layOut(shownPoints())
  }, [pointsVersion])
  const errors = useMemo(
    () =>
      layout.laid
        .filter((l) => l.point[7] !== 'ok' && l.point[7] !== 'warmup' && l.point[7] !== 'stopped')
        .slice(0, 40),
    [layout],
  )

  useEffect(() => {
    const el = canvas.current
    if (!el) return
    const frame = requestAnimationFrame(() => {
      const width = el.clientWidth || 600
      const lanePx = laneHeight(layout.lanes)
      const height = layout.lanes * lanePx + 4
      const dpr = window.devicePixelRatio || 1
      el.width = Math.round(width * dpr)
      el.height = Math.round(height * dpr)
      el.style.height = `${height}px`
      const ctx = el.getContext('2d')
      if (!ctx) return
      ctx.scale(dpr, dpr)
      const probe = probeRef.current!
      const accent = resolved(probe, '--accent')
      const danger = resolved(probe, '--danger')
      const muted = resolved(probe, '--muted')
      const scale = layout.end > 0 ? width / layout.end : 1
      for (const { point, lane } of layout.laid) {
        const [, , sent, ttft, e2e, , , status] = point
        const x = (sent - layout.origin) * scale
        const y = lane * lanePx + 2
        const w = Math.max(1, e2e * scale)
        const base = status === 'ok' ? accent : status === 'warmup' || status === 'stopped' ? muted : danger
        ctx.globalAlpha = 0.35
        ctx.fillStyle = base
        ctx.fillRect(x, y, w, lanePx - 1)
        if (ttft !== null && status === 'ok') {
          ctx.globalAlpha = 1
          ctx.fillRect(x + ttft * scale, y, Math.max(1, (e2e - ttft) * scale), lanePx - 1)
        } else if (status !== 'ok') {
          ctx.globalAlpha = 1
          ctx.fillRect(x + w - Math.min(w, 3), y, Math.min(w, 3), lanePx - 1)
        }
      }
      ctx.globalAlpha = 1
    })
    return () => cancelAnimationFrame(frame)
  }, [layout])

  const pick = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const el = canvas.current!
    const rect = el.getBoundingClientRect()
    const t = ((event.clientX - rect.left) / rect.width) * layout.end
    const lane = Math.floor((event.clientY - rect.top - 2) / laneHeight(layout.lanes))
    // The request under the pointer, or the nearest one in that lane within 6 px (thin bars are hard to hit).
    const slack = (6 / rect.width) * layout.end
    let hit: Laid | null = null
    let best = Infinity
    for (const l of layout.laid) {
      if (l.lane !== lane) continue
      const start = l.point[2] - layout.origin
      const gap = t < start ? start - t : Math.max(0, t - (start + l.point[4]))
      if (gap <= slack && gap < best) {
        best = gap
        hit = l
      }
    }
    if (hit) onOpen(hit.point[0])
  }

  return (
    <div className="load-timeline">
      <p className="muted small">
        {layout.laid.length} requests over {(layout.end / 1000).toFixed(1)} s, one lane per request in flight:
        light while waiting for the first token, solid while the answer streams; grey = warm-up or stopped,
        red = failed. Click a request to open its exchange.
      </p>
      <span ref={probeRef} hidden />
      <canvas
        ref={canvas}
        className="load-timeline-canvas"
        data-testid="load-timeline"
        onClick={pick}
        role="img"
        aria-label={`Timeline of ${layout.laid.length} requests`}
      />
      {errors.length > 0 && (
        <div className="load-errors" role="group" aria-label="Failed requests">
          <span className="muted small">Failed requests:</span>
          {errors.map(({ point }) => (
            <button
              key={point[0]}
              type="button"
              className="small danger-text"
              onClick={() => onOpen(point[0])}
            >
              #{point[0] + 1} {ERROR_CLASS_LABELS[point[7] as ErrorClass] ?? point[7]}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}

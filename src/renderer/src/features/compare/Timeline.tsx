// The stream timeline: one lane per column on a shared time axis. While a column streams, its lane grows live
// (a mark per message of events as it arrives); once the run ended, the lane is its exchange's recorded frames:
// request sent, headers and first byte are ticks, every SSE frame a mark coloured by what it carried, so TTFT and
// throughput differences show at a glance. Hovering a mark shows it; clicking a recorded frame opens it in that
// column's Inspector. Marks are drawn on a canvas, at most once per animation frame and only while it is on
// screen; the lanes' facts are text.
import { useEffect, useMemo, useRef, useState } from 'react'
import { MARK_KINDS, markAt, type MarkKind, type TimelineMark } from '../../../../shared/compare/timeline'
import {
  columnLabel,
  type LaneState,
  liveLane,
  type LiveLane,
  onLiveLanes,
  openTimeline,
  useCompareStore,
} from '../../stores/compare'

const LANE_HEIGHT = 30
const MARK_HEIGHT = 18
const HOVER_PX = 4

export const MARK_COLOURS: Record<MarkKind, string> = {
  reasoning: '#9b59b6',
  text: '#3b82f6',
  tool: '#f59e0b',
  usage: '#64748b',
  terminal: '#16a34a',
  error: '#dc2626',
  other: '#a3a3a3',
}

interface Hover {
  x: number
  y: number
  lane: number
  frame: number
  kind: MarkKind
  t: number
  /** A mark of a lane still streaming: a message of events, not yet a recorded frame. */
  live: boolean
}

interface LaneRow {
  columnId: string
  label: string
  status: string | undefined
  runId: string | undefined
  lane: LaneState | undefined
}

/** What a lane draws now: the recorded frames once read, else the live marks of its run. */
function drawn(
  row: LaneRow,
): { marks: TimelineMark[]; ticks: (number | null)[]; end: number; live: boolean } | null {
  const exact = row.lane?.lane
  if (exact && row.lane?.status !== 'loading')
    return {
      marks: exact.marks,
      ticks: [0, exact.headersMs, exact.firstByteMs],
      end: exact.endMs ?? exact.marks.at(-1)?.t ?? 0,
      live: false,
    }
  const live: LiveLane | undefined = row.runId ? liveLane(row.runId) : undefined
  if (!live) return null
  return {
    marks: live.marks,
    ticks: [0, live.firstMs],
    end: live.ended ? (live.marks.at(-1)?.t ?? 0) : performance.now() - live.startedAt,
    live: true,
  }
}

export function Timeline() {
  // Only what the lanes show: a run's text changing while it streams does not redraw the timeline.
  const columns = useCompareStore((s) => s.columns)
  const columnRuns = useCompareStore((s) => s.columnRuns)
  const laneStates = useCompareStore((s) => s.lanes)
  const statuses = useCompareStore((s) =>
    s.columns.map((c) => s.runs[s.columnRuns[c.id] ?? '']?.status ?? '').join(','),
  )
  const lanes = useMemo<LaneRow[]>(() => {
    const status = statuses.split(',')
    return columns.map((c, i) => {
      const runId = columnRuns[c.id]
      return {
        columnId: c.id,
        label: columnLabel(c, i),
        status: status[i] || undefined,
        runId,
        lane: runId ? laneStates[runId] : undefined,
      }
    })
  }, [columns, columnRuns, laneStates, statuses])
  // The recorded frames of the runs' lanes are read once the timeline is in view: under long columns it is
  // often scrolled away, and reading a long answer's record is megabytes from main.
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    const el = section.current
    if (!el || typeof IntersectionObserver === 'undefined') return openTimeline()
    let close: (() => void) | null = null
    const observer = new IntersectionObserver((entries) => {
      const inView = entries.at(-1)?.isIntersecting ?? false
      if (inView && !close) close = openTimeline()
      else if (!inView && close) {
        close()
        close = null
      }
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      close?.()
    }
  }, [])
  const canvas = useRef<HTMLCanvasElement>(null)
  const [width, setWidth] = useState(600)
  const [hover, setHover] = useState<Hover | null>(null)
  // The axis as last drawn, for reading the pointer; the legend shows it once the lanes hold still.
  const spanRef = useRef(1)
  const [span, setSpan] = useState(1)

  useEffect(() => {
    const el = canvas.current
    if (!el) return
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const el = canvas.current
    const ctx = el?.getContext('2d')
    if (!el || !ctx) return
    const ratio = window.devicePixelRatio || 1
    const height = lanes.length * LANE_HEIGHT
    el.width = Math.round(width * ratio)
    el.height = Math.round(height * ratio)
    const draw = () => {
      const rows = lanes.map(drawn)
      const end = Math.max(1, ...rows.map((r) => r?.end ?? 0))
      spanRef.current = end
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
      ctx.clearRect(0, 0, width, height)
      const x = (t: number) => (t / end) * (width - 2) + 1
      rows.forEach((row, i) => {
        const top = i * LANE_HEIGHT + (LANE_HEIGHT - MARK_HEIGHT) / 2
        ctx.fillStyle = 'rgba(128,128,128,0.15)'
        ctx.fillRect(0, i * LANE_HEIGHT + LANE_HEIGHT / 2, width, 1)
        if (!row) return
        ctx.globalAlpha = row.live ? 0.75 : 1
        for (const m of row.marks) {
          ctx.fillStyle = MARK_COLOURS[m.kind]
          ctx.fillRect(Math.round(x(m.t)), top, 2, MARK_HEIGHT)
        }
        ctx.globalAlpha = 1
        ctx.fillStyle = 'rgba(128,128,128,0.9)'
        for (const t of row.ticks) if (t !== null) ctx.fillRect(x(t), top - 3, 1, MARK_HEIGHT + 6)
      })
      return rows.some((r) => r?.live)
    }
    let frame = 0
    let live = draw()
    setSpan(Math.round(spanRef.current))
    // Live lanes redraw on the next animation frame after they grew (never more often), and with the clock
    // while a run streams, so the axis keeps moving even between messages. Only while the canvas is on screen:
    // scrolled away (under four streaming columns, say) it asks for no frames, and draws the lanes as they are
    // the moment it comes back into view.
    let onScreen = true
    const schedule = () => {
      if (!frame && onScreen) frame = requestAnimationFrame(tick)
    }
    const tick = () => {
      frame = 0
      live = draw()
      if (live) schedule()
      else setSpan(Math.round(spanRef.current))
    }
    if (live) schedule()
    const stop = onLiveLanes(schedule)
    const visibility =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            onScreen = entries.at(-1)?.isIntersecting ?? onScreen
            if (onScreen) return schedule()
            cancelAnimationFrame(frame)
            frame = 0
          })
    visibility?.observe(el)
    return () => {
      stop()
      visibility?.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [lanes, width])

  const find = (e: React.MouseEvent<HTMLCanvasElement>): Hover | null => {
    const rect = e.currentTarget.getBoundingClientRect()
    const px = e.clientX - rect.left
    const py = e.clientY - rect.top
    const laneIndex = Math.floor(py / LANE_HEIGHT)
    const row = lanes[laneIndex]
    const lane = row && drawn(row)
    if (!lane) return null
    const t = (px / width) * spanRef.current
    const mark = markAt(lane, t, (HOVER_PX / width) * spanRef.current)
    return mark
      ? { x: px, y: py, lane: laneIndex, frame: mark.frame, kind: mark.kind, t: mark.t, live: lane.live }
      : null
  }

  return (
    <section className="compare-timeline" aria-label="Stream timeline" ref={section}>
      <p className="timeline-legend small">
        {MARK_KINDS.map((k) => (
          <span key={k}>
            <i style={{ background: MARK_COLOURS[k] }} /> {k}
          </span>
        ))}
        <span className="muted">ticks: request sent, headers, first byte · axis 0–{span} ms</span>
      </p>
      <div className="timeline-body">
        <ol className="timeline-labels">
          {lanes.map((l) => (
            <li key={l.columnId} data-testid="timeline-lane" style={{ height: LANE_HEIGHT }}>
              <span className="timeline-label">{l.label}</span>
              <LaneFacts status={l.status} lane={l.lane} runId={l.runId} />
            </li>
          ))}
        </ol>
        <div className="timeline-canvas">
          <canvas
            ref={canvas}
            style={{ height: lanes.length * LANE_HEIGHT }}
            aria-label="Frames of each column over time"
            role="img"
            onMouseMove={(e) => setHover(find(e))}
            onMouseLeave={() => setHover(null)}
            onClick={(e) => {
              const h = find(e)
              const lane = h ? lanes[h.lane] : undefined
              if (!h || !lane || h.live) return
              useCompareStore.getState().set({ inspect: { columnId: lane.columnId, frame: h.frame } })
              document
                .querySelector(`[data-column-id="${lane.columnId}"]`)
                ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
            }}
          />
          {hover && <HoverCard hover={hover} lane={lanes[hover.lane]?.lane} />}
        </div>
      </div>
    </section>
  )
}

function LaneFacts({
  status,
  lane,
  runId,
}: {
  status: string | undefined
  lane: LaneState | undefined
  runId: string | undefined
}) {
  if (!status) return <span className="muted small">not run</span>
  if (status === 'running') return <span className="muted small">streaming…</span>
  if (!lane) {
    // The recorded frames are read once the timeline is in view; until then, what the run showed as it streamed.
    const live = runId ? liveLane(runId) : undefined
    if (live?.marks.length)
      return (
        <span className="muted small">
          {status} · first events {ms(live.firstMs)} · {live.marks.length} messages as streamed (the recorded
          frames are read when the timeline is in view)
        </span>
      )
    return <span className="muted small">{status}, no exchange recorded</span>
  }
  if (lane.status === 'loading') return <span className="muted small">reading frames…</span>
  const l = lane.lane
  if (!l) return <span className="field-error small">{lane.error}</span>
  const frames = l.marks.length
  return (
    <span className="muted small" data-testid="lane-facts">
      {status} · first byte {ms(l.firstByteMs)} · {frames} frames · end {ms(l.endMs)}
      {lane.error ? ` · ${lane.error}` : ''}
    </span>
  )
}

const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`)

function HoverCard({ hover, lane }: { hover: Hover; lane: LaneState | undefined }) {
  if (hover.live)
    return (
      <div className="timeline-hover" role="tooltip" style={{ left: hover.x + 12, top: hover.y + 12 }}>
        <strong>
          {hover.kind} · message {hover.frame + 1} · +{hover.t.toFixed(1)} ms
        </strong>
        <div className="muted small">Streaming: the recorded frames open in the Inspector once it ends</div>
      </div>
    )
  const frame = lane?.frames[hover.frame]
  return (
    <div className="timeline-hover" role="tooltip" style={{ left: hover.x + 12, top: hover.y + 12 }}>
      <strong>
        {hover.kind} · frame {hover.frame + 1} · +{hover.t.toFixed(1)} ms
      </strong>
      {frame?.event && <div className="small">event: {frame.event}</div>}
      {frame && <pre className="code small">{frame.data.slice(0, 400)}</pre>}
      <div className="muted small">Click to open it in the column’s Inspector</div>
    </div>
  )
}

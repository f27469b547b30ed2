// The SSE frame list of one exchange: filterable, paged backwards through `loadFrames`, and windowed, so only
// the rows in view (plus a small margin) are mounted whatever the frame count. Row heights are computed, not
// measured (a collapsed row is one line; an expanded one is its pretty text's line count, capped), which keeps
// the window exact without layout reads. The loaded frames are always the newest ones, contiguous to the end.
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { SseFrame } from '../../../../shared/ipc/exchange'
import { CopyButton } from './CopyButton'
import { frameName } from './frameName'
import { layoutJson } from './jsonText'
import { ErrorBanner } from '../errorBanner/ErrorBanner'

export interface FramePage {
  /** How many frames the full record holds. */
  total: number
  frames: SseFrame[]
}

/** Reads frames [offset, offset + limit) of the full record (limit at most 500, the route's bound). */
export type LoadFrames = (offset: number, limit: number) => Promise<FramePage>

interface Props {
  /** The newest frames, as the exchange snapshot carries them. */
  snapshot: readonly SseFrame[]
  /** Whether the full record holds more frames than the snapshot. */
  truncated: boolean
  loadFrames?: LoadFrames
  /** A frame of the full record (numbered from 0) to load, scroll into view and mark, as one picked elsewhere. */
  focusFrame?: number
}

export const FRAME_PAGE = 500
export const ROW_HEIGHT = 28
const LINE_HEIGHT = 18
const MAX_EXPANDED_LINES = 20
const EXPANDED_PADDING = 12
const OVERSCAN_PX = 8 * ROW_HEIGHT
// happy-dom and a not-yet-laid-out panel report 0; the CSS height of the list is this.
const FALLBACK_VIEWPORT = 480

const count = new Intl.NumberFormat('en-US')

export function formatFrameTime(t: number): string {
  return `+${t.toFixed(1)} ms`
}

/** One line for the collapsed row: a multi-line JSON payload is compacted; anything else is shown as sent. */
function oneLine(data: string): string {
  return data.includes('\n') ? (layoutJson(data, 0) ?? data) : data
}

function pretty(data: string): string {
  return layoutJson(data, 2) ?? data
}

function expandable(data: string): boolean {
  return data.length > 80 || data.includes('\n') || /^\s*[[{]/.test(data)
}

function lineCount(text: string): number {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  return lines
}

function expandedHeight(data: string): number {
  return Math.min(lineCount(pretty(data)), MAX_EXPANDED_LINES) * LINE_HEIGHT + EXPANDED_PADDING
}

export function FrameList({ snapshot, truncated, loadFrames, focusFrame }: Props) {
  const [frames, setFrames] = useState<readonly SseFrame[]>(snapshot)
  const [total, setTotal] = useState<number | null>(truncated ? null : snapshot.length)
  const [loading, setLoading] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [filter, setFilter] = useState('')
  const query = useDeferredValue(filter.trim().toLowerCase())
  // Expanded rows are keyed by distance from the newest frame: stable when earlier frames are prepended.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set())
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT)

  // Parents pass `loadFrames` as an inline closure; reading it through a ref keeps effects from re-running.
  const loader = useRef(loadFrames)
  useLayoutEffect(() => {
    loader.current = loadFrames
  })
  const canLoad = loadFrames !== undefined

  // The count "N of total" needs the record's size, which the snapshot does not carry: ask for one frame.
  useEffect(() => {
    if (total !== null || !canLoad) return
    let current = true
    loader.current?.(0, 1).then(
      (page) => current && setTotal(page.total),
      (error: unknown) => current && setLoadError(message(error)),
    )
    return () => {
      current = false
    }
  }, [total, canLoad])

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const measure = () => setViewport(el.clientHeight || FALLBACK_VIEWPORT)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const start = total === null ? null : Math.max(0, total - frames.length)
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const loadEarlier = async () => {
    const load = loader.current
    if (!load || start === null || start === 0 || loading) return
    const offset = Math.max(0, start - FRAME_PAGE)
    setLoading(true)
    setLoadError(null)
    try {
      const page = await load(offset, start - offset)
      if (!alive.current) return
      setFrames((prev) => [...page.frames, ...prev])
      setTotal(page.total)
      // Show what was just loaded: the earlier frames now sit at the top.
      if (scroller.current) scroller.current.scrollTop = 0
      setScrollTop(0)
    } catch (error) {
      if (alive.current) setLoadError(message(error))
    } finally {
      if (alive.current) setLoading(false)
    }
  }

  // The focused frame: earlier pages are loaded until it is among the loaded frames, then it is scrolled to once
  // (a third down the list), after which the list scrolls as the user likes.
  const focusedAt = focusFrame !== undefined && start !== null ? focusFrame - start : null
  const scrolledToFocus = useRef(false)
  const revealedFocus = useRef(false)
  const loadEarlierRef = useRef(loadEarlier)
  useLayoutEffect(() => {
    loadEarlierRef.current = loadEarlier
  })
  useEffect(() => {
    if (focusedAt !== null && focusedAt < 0 && !loading && !loadError) void loadEarlierRef.current()
  }, [focusedAt, loading, loadError])

  const visible = useMemo(() => {
    const indices: number[] = []
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i]!
      if (!query || (f.event ?? '').toLowerCase().includes(query) || f.data.toLowerCase().includes(query))
        indices.push(i)
    }
    return indices
  }, [frames, query])

  const tops = useMemo(() => {
    const out = new Float64Array(visible.length + 1)
    for (let k = 0; k < visible.length; k++) {
      const i = visible[k]!
      const open = expanded.has(frames.length - 1 - i)
      out[k + 1] = out[k]! + ROW_HEIGHT + (open ? expandedHeight(frames[i]!.data) : 0)
    }
    return out
  }, [visible, expanded, frames])

  useLayoutEffect(() => {
    if (scrolledToFocus.current || focusedAt === null || focusedAt < 0) return
    const k = visible.indexOf(focusedAt)
    const el = scroller.current
    if (k < 0 || !el) return
    scrolledToFocus.current = true
    const top = Math.max(0, tops[k]! - viewport / 3)
    el.scrollTop = top
    setScrollTop(top)
  }, [focusedAt, visible, tops, viewport])

  // Once mounted, the focused row is also brought into the page's view (the list may sit below the fold).
  const revealFocused = useCallback((row: HTMLDivElement | null) => {
    if (!row || revealedFocus.current) return
    revealedFocus.current = true
    row.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [])

  const first = Math.max(0, upperBound(tops, scrollTop - OVERSCAN_PX) - 1)
  let last = first
  while (last < visible.length && tops[last]! < scrollTop + viewport + OVERSCAN_PX) last++

  const toggle = (key: number) =>
    setExpanded((prev) => {
      const next = new Set(prev)
      if (!next.delete(key)) next.add(key)
      return next
    })

  const shown = visible.length
  const knownTotal = total ?? frames.length
  const earlier = start ?? 0

  if (snapshot.length === 0 && !truncated)
    return <p className="muted">No SSE frames: this response was not streamed.</p>

  return (
    <div className="inspector-stream">
      <div className="inspector-toolbar">
        <label className="inspector-filter">
          <span>Filter frames</span>
          <input
            type="search"
            value={filter}
            placeholder="event name or text"
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
        <span className="inspector-count" role="status">
          Showing {count.format(shown)} of{' '}
          {total === null ? `${count.format(knownTotal)}+` : count.format(total)} frames
          {query && frames.length < knownTotal
            ? ` (the filter searches the ${count.format(frames.length)} loaded)`
            : ''}
        </span>
      </div>
      {(earlier > 0 || (truncated && total === null)) && (
        <div className="inspector-paging">
          {canLoad ? (
            <>
              <button type="button" onClick={() => void loadEarlier()} disabled={loading || start === null}>
                {loading ? 'Loading earlier frames…' : 'Load earlier frames'}
              </button>
              <span className="muted small">
                {start === null ? 'Counting frames…' : `${count.format(earlier)} earlier frames not loaded`}
              </span>
            </>
          ) : (
            <span className="muted small">Only the newest frames are kept in this snapshot.</span>
          )}
        </div>
      )}
      <ErrorBanner what="Could not load earlier frames">{loadError}</ErrorBanner>
      <div
        ref={scroller}
        className="inspector-frames"
        tabIndex={0}
        aria-label="SSE frames"
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div role="list" className="inspector-frames-body" style={{ height: tops[shown] }}>
          {visible.slice(first, last).map((i, offset) => {
            const k = first + offset
            const frame = frames[i]!
            const key = frames.length - 1 - i
            const number = start === null ? null : start + i + 1
            const name = number === null ? `frame ${i + 1} of the loaded` : `frame ${number}`
            const open = expanded.has(key)
            const focused = i === focusedAt
            return (
              <div
                key={key}
                role="listitem"
                className={focused ? 'inspector-frame focused' : 'inspector-frame'}
                aria-current={focused || undefined}
                ref={focused ? revealFocused : undefined}
                aria-posinset={k + 1}
                aria-setsize={shown}
                style={{ top: tops[k], height: tops[k + 1]! - tops[k]! }}
              >
                <div className="inspector-frame-head">
                  <span className="inspector-frame-time">{formatFrameTime(frame.t)}</span>
                  <FrameEvent frame={frame} />
                  <code
                    className="inspector-frame-data"
                    title={frame.data.length <= 2000 ? frame.data : undefined}
                  >
                    {oneLine(frame.data)}
                  </code>
                  {expandable(frame.data) ? (
                    <button
                      type="button"
                      className="inspector-expand"
                      aria-expanded={open}
                      aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`}
                      onClick={() => toggle(key)}
                    >
                      {open ? '▾' : '▸'}
                    </button>
                  ) : (
                    <span />
                  )}
                  <CopyButton what={name} text={frame.data} />
                </div>
                {open && (
                  <pre className="inspector-frame-pretty" style={{ height: expandedHeight(frame.data) }}>
                    {pretty(frame.data)}
                  </pre>
                )}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}

/** The frame's `event:` name, or (for chunks that have none) what the chunk holds, set apart as derived. */
function FrameEvent({ frame }: { frame: SseFrame }) {
  const { name, derived } = frameName(frame)
  return derived ? (
    <span className="inspector-frame-event derived" title={`No event: line; this chunk holds ${name}`}>
      {name}
    </span>
  ) : (
    <span className="inspector-frame-event" title={name}>
      {name}
    </span>
  )
}

/** The first index whose value is greater than `value` (tops is ascending). */
function upperBound(tops: Float64Array, value: number): number {
  let lo = 0
  let hi = tops.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (tops[mid]! <= value) lo = mid + 1
    else hi = mid
  }
  return lo
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

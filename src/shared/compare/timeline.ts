// The stream timeline of one run: its exchange's recorded frames turned into marks on a time axis (request sent,
// headers, first byte, then each SSE frame by what it carried: reasoning, text, tool call, usage, terminal, error).
// Each frame is read by its own format's stream folder, so a mark's kind is what the wire layer made of the frame.
import type { SseFrame } from '../ipc/exchange'
import { formats } from '../wire'
import type { StreamEvent } from '../wire/events'
import type { WireFormat } from '../format'

export const MARK_KINDS = ['reasoning', 'text', 'tool', 'usage', 'terminal', 'error', 'other'] as const
export type MarkKind = (typeof MARK_KINDS)[number]

export interface TimelineMark {
  /** ms since the request was sent. */
  t: number
  kind: MarkKind
  /** Index of the frame in the exchange's full frame record. */
  frame: number
}

export interface TimelineLane {
  marks: TimelineMark[]
  /** ms from sending to the response headers, the first body byte and the end. */
  headersMs: number | null
  firstByteMs: number | null
  endMs: number | null
  /** Marks by kind. */
  counts: Record<MarkKind, number>
}

/** The kind of mark one frame makes, from the events its format's folder read out of it. */
export function markKind(events: readonly Pick<StreamEvent, 'type'>[]): MarkKind {
  let kind: MarkKind = 'other'
  for (const e of events) {
    if (e.type === 'error' || e.type === 'incomplete') return 'error'
    if (e.type === 'finish') kind = 'terminal'
    else if (kind === 'terminal') continue
    else if (e.type === 'toolCallStart' || e.type === 'toolCallDelta' || e.type === 'toolCallEnd')
      kind = 'tool'
    else if ((e.type === 'text' || e.type === 'refusal') && kind !== 'tool') kind = 'text'
    else if (e.type === 'reasoning' && kind === 'other') kind = 'reasoning'
    else if (e.type === 'usage' && kind === 'other') kind = 'usage'
  }
  return kind
}

export interface LaneReader {
  /** Reads the next frames of the record, in order. */
  add(frames: readonly SseFrame[]): void
  lane(): TimelineLane
}

/**
 * Reads an exchange's frames into a lane piece by piece (so a long stream can be read between frames of the
 * page), each by one folder of `format` that sees them all in order. A chunk that reads as nothing yet (a
 * role-only delta, a ping) is `other`.
 */
export function laneReader(
  format: WireFormat,
  timings: { headersMs: number | null; firstByteMs: number | null; endMs: number | null },
  firstIndex = 0,
): LaneReader {
  const folder = formats[format].createFolder()
  const counts = Object.fromEntries(MARK_KINDS.map((k) => [k, 0])) as Record<MarkKind, number>
  const marks: TimelineMark[] = []
  return {
    add(frames) {
      for (const frame of frames) {
        let events: StreamEvent[]
        try {
          events = folder.push(frame)
        } catch {
          events = []
        }
        // The terminal frame of formats that end on a closing event rather than on the finish reason.
        const kind =
          events.length === 0 && (frame.data.trim() === '[DONE]' || frame.event === 'message_stop')
            ? 'terminal'
            : markKind(events)
        counts[kind]++
        marks.push({ t: frame.t, kind, frame: firstIndex + marks.length })
      }
    },
    lane: () => ({ marks, counts, ...timings }),
  }
}

/** The lane of one exchange whose frames (from index `firstIndex` on) are all at hand. */
export function timelineLane(
  format: WireFormat,
  frames: readonly SseFrame[],
  timings: { headersMs: number | null; firstByteMs: number | null; endMs: number | null },
  firstIndex = 0,
): TimelineLane {
  const reader = laneReader(format, timings, firstIndex)
  reader.add(frames)
  return reader.lane()
}

/** The nearest mark to time `t` within `tolerance` ms, for hovering a lane. */
export function markAt(lane: Pick<TimelineLane, 'marks'>, t: number, tolerance: number): TimelineMark | null {
  const marks = lane.marks
  let lo = 0
  let hi = marks.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (marks[mid]!.t < t) lo = mid + 1
    else hi = mid
  }
  let best: TimelineMark | null = null
  for (const i of [lo - 1, lo]) {
    const m = marks[i]
    if (m && Math.abs(m.t - t) <= tolerance && (!best || Math.abs(m.t - t) < Math.abs(best.t - t))) best = m
  }
  return best
}

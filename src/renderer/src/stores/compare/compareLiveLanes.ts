// The timeline lanes of runs still streaming: one mark per message of run events as it arrives, timed from the
// moment the column asked main to start, kinded by what the message carried. They live outside the store, so
// appending a mark never renders anything; the timeline draws them at most once per animation frame. When a run
// ends, its lane is replaced by the exact one read from main's frame record.
import type { RunEvent } from '../../../../shared/ipc/text'
import { markKind, type TimelineMark } from '../../../../shared/compare/timeline'

export interface LiveLane {
  startedAt: number
  marks: TimelineMark[]
  /** ms from the start to the first message of events, the lane's "first byte" as this side saw it. */
  firstMs: number | null
  ended: boolean
}

const lanes = new Map<string, LiveLane>()
const listeners = new Set<() => void>()

function changed(): void {
  for (const l of listeners) l()
}

/** A column asked main to start `runId` now. */
export function startLiveLane(runId: string): void {
  lanes.set(runId, { startedAt: performance.now(), marks: [], firstMs: null, ended: false })
  changed()
}

/** One message of events arrived for `runId`. */
export function noteLiveEvents(runId: string, events: readonly RunEvent[]): void {
  const lane = lanes.get(runId)
  if (!lane || lane.ended) return
  const t = performance.now() - lane.startedAt
  lane.firstMs ??= t
  // Run events are the wire layer's stream events (images already stored), so the folder's kinds apply.
  lane.marks.push({ t, kind: markKind(events), frame: lane.marks.length })
  changed()
}

/** The run ended: its lane stops growing (and is dropped once the exact one is read). */
export function endLiveLane(runId: string): void {
  const lane = lanes.get(runId)
  if (lane) lane.ended = true
  changed()
}

export function dropLiveLane(runId: string): void {
  if (lanes.delete(runId)) changed()
}

export const liveLane = (runId: string): LiveLane | undefined => lanes.get(runId)

export function onLiveLanes(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

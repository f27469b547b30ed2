// The pace at which streamed run events reach a store: each run's events are queued and folded every
// STREAM_DRAW_MS while the end of its answer is on screen, and every UNSEEN_GAP_MS while it is
// scrolled out of view (only the scrollbar would move). A run due within half its gap is folded along with one
// that is due, so several runs fall into one rhythm and fold in one store update each time. A run's
// end folds everything at once, so a final text is never held back. The Text panel and the Compare columns each
// fold through one of these: the store changes 20 times a second, not once per message.
import type { RunEvent } from '../../../../shared/ipc/text'
import { foldRunEvents, type RunView } from './runFold'
import { STREAM_DRAW_MS } from './streamPace'

/** A run whose answer's end is scrolled out of view. */
export const UNSEEN_GAP_MS = 250
/** A fold due within a frame is taken by that frame rather than the one after. */
const FRAME_MS = 16
// A hidden page gets no animation frames; the timer bounds how long events wait there.
const FALLBACK_MS = 100

export interface StreamFolds {
  /** Queues one message of a run's events for the next fold that run is due. */
  queue(runId: string, events: readonly RunEvent[]): void
  /** Whether the end of a run's answer is on screen (a run whose view shows none counts as seen). */
  setEndSeen(runId: string, seen: boolean): void
  /** Folds every queued event now: a run ended, and what arrived before its end belongs to its final text. */
  foldAllNow(): void
  /** The run ended or left its view: nothing more is folded into it. */
  forget(runId: string): void
}

/** A store that holds runs by id (the Text panel's, Compare's). */
interface RunsStore {
  getState(): { runs: Record<string, RunView> }
  setState(change: { runs: Record<string, RunView> }): void
}

/**
 * A pacer that folds the queued events of every run that is due into `store`'s runs, in one update. With
 * `onFrame` a fold runs on an animation frame (several runs' folds then land in one frame: Compare's columns);
 * without, on a timer, and the frame that draws it is a task of its own (a long answer's render and its frame
 * are never one long task: the Text panel).
 */
export function createStreamFolds(store: RunsStore, { onFrame }: { onFrame: boolean }): StreamFolds {
  const pending = new Map<string, RunEvent[]>()
  const lastFoldAt = new Map<string, number>()
  const unseenEnds = new Set<string>()
  const gapOf = (runId: string) => (unseenEnds.has(runId) ? UNSEEN_GAP_MS : STREAM_DRAW_MS)
  const dueAt = (runId: string) => (lastFoldAt.get(runId) ?? -Infinity) + gapOf(runId)
  /** When the next fold runs (on a frame: the first one from then), and how to call it off; null when none. */
  let wake: { at: number; cancel: () => void } | null = null

  function schedule(): void {
    if (pending.size === 0) return
    let due = Infinity
    for (const runId of pending.keys()) due = Math.min(due, dueAt(runId))
    const at = Math.max(performance.now(), onFrame ? due - FRAME_MS : due)
    if (wake && wake.at <= at) return
    wake?.cancel()
    let frame = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = () => {
      wake?.cancel()
      wake = null
      try {
        fold(false)
      } finally {
        // The runs still queued are folded at their time even if this fold failed.
        schedule()
      }
    }
    if (!onFrame) {
      timer = setTimeout(run, at - performance.now())
      wake = { at, cancel: () => clearTimeout(timer) }
      return
    }
    const fallback = setTimeout(run, at - performance.now() + FALLBACK_MS)
    const cancel = () => {
      clearTimeout(fallback)
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
    wake = { at, cancel }
    const wait = at - performance.now()
    if (wait <= 0) frame = requestAnimationFrame(run)
    else timer = setTimeout(() => (frame = requestAnimationFrame(run)), wait)
  }

  /** Folds the queued events of every run that is due (or of all of them), in one store update. */
  function fold(all: boolean): void {
    if (pending.size === 0) return
    const now = performance.now()
    const s = store.getState()
    let runs: Record<string, RunView> | null = null
    for (const [runId, events] of pending) {
      // A run due within half its gap is folded along: the runs fall into one rhythm, one frame each time.
      if (!all && dueAt(runId) > now + Math.max(FRAME_MS, gapOf(runId) / 2)) continue
      pending.delete(runId)
      lastFoldAt.set(runId, now)
      const run = s.runs[runId]
      if (!run) continue
      const next = foldRunEvents(run, events)
      if (next !== run) (runs ??= { ...s.runs })[runId] = next
    }
    if (runs) store.setState({ runs })
  }

  return {
    queue(runId, events) {
      const queued = pending.get(runId)
      if (queued) queued.push(...events)
      else pending.set(runId, [...events])
      schedule()
    },
    setEndSeen(runId, seen) {
      if (seen === !unseenEnds.has(runId)) return
      if (seen) unseenEnds.delete(runId)
      else unseenEnds.add(runId)
    },
    foldAllNow: () => fold(true),
    forget(runId) {
      pending.delete(runId)
      lastFoldAt.delete(runId)
      unseenEnds.delete(runId)
    },
  }
}

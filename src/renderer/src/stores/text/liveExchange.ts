// The wire of the running text run, live: the request record as sent, the response's status line, headers and
// times so far, and the frames a watching Inspector asked for. A store of its own, so frames arriving never re-render the answer (P2); frames are appended (bounded:
// the oldest drop out past MAX_LIVE_FRAMES, the full record stays pageable in main after the run).
import { create } from 'zustand'
import type { LiveExchange, SseFrame } from '../../../../shared/ipc/exchange'
import { textRuns } from '../../ipc/textRuns'

const MAX_LIVE_FRAMES = 20_000

export interface LiveExchangeState {
  runId: string | null
  /** The request as sent, with the response's head and the times known when the headers arrived. */
  request: LiveExchange | null
  /** When the body's first byte arrived (ms since the request started), once it has. */
  firstByteMs: number | null
  /** Frames main has recorded so far (may exceed what is kept here). */
  total: number
  /** The frames received, in order; `first` is the record index of frames[0]. */
  frames: SseFrame[]
  first: number
}

export const useLiveExchange = create<LiveExchangeState>(() => ({
  runId: null,
  request: null,
  firstByteMs: null,
  total: 0,
  frames: [],
  first: 0,
}))

type LivePayload = {
  runId: string
  exchange?: LiveExchangeState['request'] | undefined
  frames?: { total: number; recent: SseFrame[] } | undefined
  firstByteMs?: number | undefined
}

/** Merges one run-events message's live parts (the newest frames overlap what is held; only new ones append). */
export function applyLive({ runId, exchange, frames, firstByteMs }: LivePayload): void {
  if (!exchange && !frames && firstByteMs === undefined) return
  const s = useLiveExchange.getState()
  if (exchange) {
    const firstByte = exchange.timings?.firstByteMs ?? null
    useLiveExchange.setState({
      runId,
      request: exchange,
      firstByteMs: firstByte,
      total: 0,
      frames: [],
      first: 0,
    })
  }
  if (firstByteMs !== undefined && useLiveExchange.getState().runId === runId)
    useLiveExchange.setState({ firstByteMs })
  if (!frames) return
  const cur = useLiveExchange.getState()
  if (cur.runId !== runId && s.runId !== runId) return
  const held = cur.first + cur.frames.length
  const recentStart = frames.total - frames.recent.length
  const fresh = frames.recent.slice(Math.max(0, held - recentStart))
  // Frames older than the recent window that never arrived here stay in main (paged after the run).
  const first = recentStart > held ? recentStart - cur.frames.length : cur.first
  let all = cur.frames.concat(fresh)
  let start = first
  if (all.length > MAX_LIVE_FRAMES) {
    start += all.length - MAX_LIVE_FRAMES
    all = all.slice(all.length - MAX_LIVE_FRAMES)
  }
  useLiveExchange.setState({ total: frames.total, frames: all, first: start })
}

let subscribed = false
/** Subscribes once, beside (not inside) the text store, to the live parts of run events. */
export function subscribeLiveExchange(): void {
  if (subscribed) return
  subscribed = true
  textRuns.observe((payload) => applyLive(payload))
}

// How an answer view reads a streaming run: growth is drawn at a steady rate, everything else at once.
import { useCallback, useSyncExternalStore } from 'react'
import type { RunView } from '../../stores/runFold'
import { STREAM_DRAW_MS } from '../../stores/streamPace'

interface Readable<S> {
  getState(): S
  subscribe(listener: (state: S, previous: S) => void): () => void
}

/**
 * The run `select` picks from `store`, as an answer view draws it: a run that only grew while streaming is read
 * again at most once per STREAM_DRAW_MS; anything else (a run starting, ending, failing, another run) at once.
 * Every piece is still in the store at once (the Inspector, the metrics and History read it there).
 * `select` must keep its identity between renders (a module function or a memoized callback).
 */
export function useDrawnRun<S, R extends RunView | null | undefined>(
  store: Readable<S>,
  select: (state: S) => R,
): R {
  const subscribe = useCallback(
    (notify: () => void) => {
      let drawnAt = Number.NEGATIVE_INFINITY
      let timer: ReturnType<typeof setTimeout> | undefined
      const draw = () => {
        timer = undefined
        drawnAt = performance.now()
        notify()
      }
      const unsubscribe = store.subscribe((state, previous) => {
        const run = select(state)
        const before = select(previous)
        if (run === before) return
        const grew = run?.status === 'running' && before?.status === 'running' && run.runId === before.runId
        if (!grew) {
          clearTimeout(timer)
          draw()
        } else if (timer === undefined) {
          const wait = drawnAt + STREAM_DRAW_MS - performance.now()
          if (wait <= 0) draw()
          else timer = setTimeout(draw, wait)
        }
      })
      return () => {
        unsubscribe()
        clearTimeout(timer)
      }
    },
    [store, select],
  )
  return useSyncExternalStore(
    subscribe,
    useCallback(() => select(store.getState()), [store, select]),
  )
}

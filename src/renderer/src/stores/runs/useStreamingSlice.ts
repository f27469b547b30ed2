// A component's view of a store slice that changes at the stream pace (a streaming run), read without React's
// useSyncExternalStore. That hook flags a passive effect on every commit whose slice changed, and after each such
// commit React posts a task of its own to flush it (though a synchronous commit already has): one extra task per
// fold, 20 a second per stream. Here a change re-renders the component synchronously at the end of the task that
// made it (as useSyncExternalStore's would: same lane, same moment), with no passive effect.
// Invariant: the slice is read from the store when the component renders, never kept in React state, so whatever
// else of the store a render shows (through other hooks) it shows the slice of the same moment; every re-render
// this hook asks for is a synchronous one (no time-sliced render can read two states of the store).
import { useLayoutEffect, useReducer } from 'react'
import { flushSync } from 'react-dom'
import type { StoreApi } from 'zustand'

/**
 * `select(store.getState())`, re-rendered when it changes (by Object.is). `select` should keep its identity
 * (module level, or useCallback): a new one re-subscribes.
 */
export function useStreamingSlice<S, T>(store: StoreApi<S>, select: (state: S) => T): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const slice = select(store.getState())
  // Subscribed in the commit that mounts (a layout effect: no passive effect, on mount or after).
  useLayoutEffect(() => {
    let live = true
    let queued = false
    const changed = () => {
      if (queued) return
      queued = true
      // After every listener of this change and the rest of the task's code ran (one render for a task's
      // changes), from an empty stack: never inside another render or commit.
      queueMicrotask(() => {
        queued = false
        if (live) flushSync(rerender)
      })
    }
    const unsubscribe = store.subscribe((state, prev) => {
      if (!Object.is(select(state), select(prev))) changed()
    })
    // A change between the render and this subscription is not missed.
    if (!Object.is(select(store.getState()), slice)) changed()
    return () => {
      live = false
      unsubscribe()
    }
    // The slice the mounting render read is the one compared against; later renders read the store afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, select])
  return slice
}

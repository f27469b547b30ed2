// Opens the history database for the composition root, off the start-up path: nothing is opened until a history
// call, a run's record or the scheduled open (`openAfter`, a moment after the host is up) needs it, and the first
// of those opens it synchronously, so a run's end is still committed before its terminal event. A file that cannot
// be opened (unreadable, or written by a newer app version) leaves the app working without history: the reason is
// logged and every history call answers it, and the file is left untouched for the user to keep.
import { HistoryStore, type HistoryStoreOptions } from './historyStore'
import type { RunRecorder } from './ports'

export interface HistoryAccess {
  /** The store, opened on first read; null when the file could not be opened. */
  readonly store: HistoryStore | null
  /** Why there is no store, in words for the user (read after `store`). */
  readonly problem: string | null
  /** Records into the store, opening it on the first record or checkpoint; drops nothing while it opens. */
  readonly recorder: RunRecorder
  /** The store once it is open: at the scheduled open if one is pending, else opened now. */
  whenOpen(): Promise<HistoryStore | null>
  /** Calls `listener` with the store once it is open (at once if it is). */
  onOpen(listener: (store: HistoryStore) => void): void
  /** Opens the database `delayMs` from now unless something needs it sooner. */
  openAfter(delayMs: number): void
  /** Closes the store if it was opened. */
  close(): Promise<void>
}

export function openHistory(dataDir: string, options: HistoryStoreOptions = {}): HistoryAccess {
  let opened = false
  let store: HistoryStore | null = null
  let problem: string | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const listeners: ((store: HistoryStore) => void)[] = []
  const waiters: ((store: HistoryStore | null) => void)[] = []

  const open = (): HistoryStore | null => {
    if (opened) return store
    opened = true
    if (timer) clearTimeout(timer)
    timer = null
    try {
      store = new HistoryStore(dataDir, options)
      void store.applyRetention().catch(() => undefined)
    } catch (error) {
      problem = `The history database could not be opened: ${error instanceof Error ? error.message : String(error)}`
      options.log?.(problem)
    }
    if (store) for (const listener of listeners.splice(0)) listener(store)
    for (const resolve of waiters.splice(0)) resolve(store)
    return store
  }

  return {
    get store() {
      return open()
    },
    get problem() {
      return problem
    },
    recorder: {
      record: (run) => open()?.record(run),
      checkpoint: (run) => open()?.checkpoint(run),
    },
    whenOpen() {
      if (opened || !timer) return Promise.resolve(open())
      return new Promise((resolve) => waiters.push(resolve))
    },
    onOpen(listener) {
      if (store) listener(store)
      else if (!opened) listeners.push(listener)
    },
    openAfter(delayMs) {
      if (opened || timer) return
      timer = setTimeout(open, delayMs)
      timer.unref()
    },
    async close() {
      if (timer) clearTimeout(timer)
      timer = null
      // Closed before it ever opened: nothing to flush, and a call still waiting hears there is no store.
      opened = true
      for (const resolve of waiters.splice(0)) resolve(null)
      await store?.close()
    },
  }
}

// Opens the history database for the composition root. A file that cannot be opened (unreadable, or written by
// a newer app version) leaves the app working without history: the reason is logged and every history call
// answers it, and the file is left untouched for the user to keep.
import { HistoryStore, type HistoryStoreOptions } from './historyStore'

export interface HistoryAccess {
  store: HistoryStore | null
  /** Why there is no store, in words for the user. */
  problem: string | null
}

export function openHistory(dataDir: string, options: HistoryStoreOptions = {}): HistoryAccess {
  try {
    const store = new HistoryStore(dataDir, options)
    void store.applyRetention().catch(() => undefined)
    return { store, problem: null }
  } catch (error) {
    const problem = `The history database could not be opened: ${error instanceof Error ? error.message : String(error)}`
    options.log?.(problem)
    return { store: null, problem }
  }
}

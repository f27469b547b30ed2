// How long runs are kept: the user's setting (keep N days, keep at most N GB; 0 for no limit) applied by dropping
// the oldest runs past it, a batch a transaction. Pinned runs are never dropped, and saved cases live in their own
// table, which retention never touches. Capture files go with their runs; a separate setting expires captures.
import type { RunRetention } from '../../../shared/ipc/history'
import type { HistoryStore } from './historyStore'

const DAY_MS = 86_400_000
const BATCH = 1_000
export const DEFAULT_RUN_RETENTION: RunRetention = { keepDays: 0, keepGigabytes: 0 }

export function runRetention(store: HistoryStore): RunRetention {
  try {
    const saved = JSON.parse(store.setting('runRetention') ?? 'null') as Partial<RunRetention> | null
    const days = Number(saved?.keepDays)
    const gigabytes = Number(saved?.keepGigabytes)
    return {
      keepDays: Number.isInteger(days) && days >= 0 ? days : 0,
      keepGigabytes: Number.isFinite(gigabytes) && gigabytes >= 0 ? gigabytes : 0,
    }
  } catch {
    return DEFAULT_RUN_RETENTION
  }
}

/** Drops what the setting does not keep; answers how many runs went. */
export async function applyRunRetention(store: HistoryStore, now = Date.now()): Promise<number> {
  const { keepDays, keepGigabytes } = runRetention(store)
  let dropped = 0
  if (keepDays > 0) {
    for (;;) {
      const old = store.facts.oldestUnpinned(now - keepDays * DAY_MS, BATCH)
      if (old.length === 0) break
      dropped += await store.deleteSeqs(old)
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  if (keepGigabytes > 0) {
    const limit = keepGigabytes * 1e9
    const { bytes: captures } = await store.captures.size()
    while (store.usedBytes() + captures > limit) {
      const old = store.facts.oldestUnpinned(Infinity, BATCH)
      if (old.length === 0) break
      dropped += await store.deleteSeqs(old)
      await new Promise((resolve) => setImmediate(resolve))
    }
    store.shrink()
  }
  return dropped
}

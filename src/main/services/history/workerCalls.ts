// What main may ask of the history's worker, by name: lists, sums, a whole run, export to a file, deletes, pins,
// the storage figures and the retention settings, and the saved suites kept beside the runs. Each takes plain data
// and answers plain data (they cross a thread by structured clone).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type {
  HistoryFilter,
  HistorySort,
  HistoryStorage,
  HistorySumBy,
  RunRetention,
} from '../../../shared/ipc/history'
import type { Suite } from '../../../shared/cases/caseModel'
import { SuiteStore } from '../cases/suiteStore'
import type { HistoryStore } from './historyStore'
import { applyRunRetention, runRetention } from './retention'

export interface WorkerContext {
  store: HistoryStore
  busy: boolean
}

const DEFAULT_CAPTURE_DAYS = 30
const DAY_MS = 86_400_000
/** Runs an export writes between two turns of the worker's loop (other calls and writes go on meanwhile). */
const EXPORT_STEP = 200

function captureDays(store: HistoryStore): number {
  const days = Number(store.setting('retentionDays') ?? DEFAULT_CAPTURE_DAYS)
  return Number.isFinite(days) && days >= 0 ? days : DEFAULT_CAPTURE_DAYS
}

async function storage(store: HistoryStore): Promise<HistoryStorage> {
  await store.captures.settle()
  const { bytes, files } = await store.captures.size()
  const text = store.textTotals()
  return {
    runs: store.count(),
    retentionDays: captureDays(store),
    runRetention: runRetention(store),
    databaseBytes: store.fileBytes(),
    captureBytes: bytes,
    captureFiles: files,
    textBytes: text.logicalBytes,
    textStoredBytes: text.storedBytes,
    layoutMove: store.layout.progress(),
  }
}

export const workerCalls = {
  list: (
    { store }: WorkerContext,
    filter: HistoryFilter,
    offset: number,
    limit: number,
    sort: HistorySort = 'newest',
  ) => {
    const t0 = performance.now()
    const page = store.list(filter, offset, limit, sort)
    return { ...page, tookMs: Math.round((performance.now() - t0) * 10) / 10 }
  },
  sums: ({ store }: WorkerContext, filter: HistoryFilter, by: HistorySumBy, tzOffsetMinutes: number) => {
    const t0 = performance.now()
    const answer = store.sums(filter, by, tzOffsetMinutes)
    return { ...answer, tookMs: Math.round((performance.now() - t0) * 10) / 10 }
  },
  facets: ({ store }: WorkerContext) => store.facets(),
  get: ({ store }: WorkerContext, id: string) => store.get(id),
  delete: ({ store }: WorkerContext, ids: string[]) => store.delete(ids),
  pin: ({ store }: WorkerContext, ids: string[], pinned: boolean) => store.pin(ids, pinned),
  storage: ({ store }: WorkerContext) => storage(store),
  /** Writes the runs (these ids, or all that match) to `path` as JSON, one run at a time; answers how many. */
  async exportTo(
    { store }: WorkerContext,
    path: string,
    ids: string[] | null,
    filter: HistoryFilter,
  ): Promise<{ runs: number }> {
    const seqs = Array.from(store.exportSeqs(ids, filter))
    mkdirSync(dirname(path), { recursive: true })
    const fd = openSync(path, 'w', 0o600)
    let runs = 0
    try {
      writeSync(fd, `{"version":1,"exportedAt":${JSON.stringify(new Date().toISOString())},"runs":[`)
      for (let i = 0; i < seqs.length; i++) {
        const run = store.exportRecord(seqs[i]!)
        if (run) writeSync(fd, `${runs++ === 0 ? '\n' : ',\n'}${JSON.stringify(run)}`)
        if (i % EXPORT_STEP === EXPORT_STEP - 1) await new Promise((resolve) => setImmediate(resolve))
      }
      writeSync(fd, '\n]}\n')
    } finally {
      closeSync(fd)
    }
    return { runs }
  },
  async setCaptureRetention({ store }: WorkerContext, days: number) {
    store.setSetting('retentionDays', String(days))
    if (days > 0) {
      await store.captures.settle()
      await store.captures.sweep(Date.now() - days * DAY_MS)
    }
    return storage(store)
  },
  async setRunRetention({ store }: WorkerContext, retention: RunRetention) {
    store.setSetting('runRetention', JSON.stringify(retention))
    await applyRunRetention(store)
    return storage(store)
  },
  applyRetention: ({ store }: WorkerContext, now?: number) => applyRunRetention(store, now),
  indexPending: ({ store }: WorkerContext) => store.indexPending(),
  settle: async ({ store }: WorkerContext) => {
    store.indexPending()
    await store.captures.settle()
    return true
  },
  suites: ({ store }: WorkerContext) => new SuiteStore(store.database).list(),
  saveSuite: ({ store }: WorkerContext, suite: Suite) => new SuiteStore(store.database).save(suite),
  deleteSuite: ({ store }: WorkerContext, id: string) => new SuiteStore(store.database).delete(id),
}

export type WorkerCalls = typeof workerCalls

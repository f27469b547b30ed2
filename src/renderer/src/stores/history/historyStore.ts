// The History panel's state: the filter, the count of matching runs and the pages of rows loaded so far (the
// virtualised list asks for the pages it shows, so 10,000 runs never cross IPC at once), the selection and the
// opened run. Handing a run to another panel (open in Text or Compare, rerun) is stores/handoffs'.
import { create } from 'zustand'
import type {
  HistoryFilter,
  HistoryRow,
  HistoryRun,
  HistorySort,
  HistoryStorage,
  HistorySumBy,
  RunRetention,
} from '../../../../shared/ipc/history'
import { historyCalls } from '../../ipc/historyCalls'

export const HISTORY_PAGE = 100
/** Runs recorded in a burst (a suite, a comparison) refresh the list once. */
const LIVE_REFRESH_MS = 250

interface Facets {
  models: string[]
  profiles: string[]
  formats: string[]
}

export interface HistorySums {
  by: HistorySumBy
  rows: { key: string; runs: number; inputTokens: number; outputTokens: number; costMicros: number }[]
  currencies: string[]
  tookMs: number
}

interface HistoryState {
  filter: HistoryFilter
  sort: HistorySort
  /** A filtered word search that stopped reading matches: `total` is "at least". */
  capped: boolean
  sumBy: HistorySumBy
  sums: HistorySums | null
  /** Bumped on every new query, so answers to an older one are dropped. */
  generation: number
  total: number | null
  /** Rows by index in the current query's order. */
  rows: Record<number, HistoryRow>
  searchMs: number | null
  loading: Record<number, true>
  error: string | null
  facets: Facets
  selected: Record<string, true>
  openId: string | null
  open: HistoryRun | null
  openError: string | null
  storage: HistoryStorage | null
  notice: string | null
  exported: { url: string; name: string; runs: number } | null

  setFilter(patch: Partial<HistoryFilter>): void
  setSort(sort: HistorySort): void
  setSumBy(by: HistorySumBy): void
  loadSums(): Promise<void>
  pinRuns(ids: string[], pinned: boolean): Promise<void>
  setRunRetention(retention: RunRetention): Promise<boolean>
  refresh(): Promise<void>
  /** Loads the first page again after new runs, keeping the rows shown until it arrives. */
  refreshLive(): Promise<void>
  /** Hears of each run main records while the panel is open; answers the function that stops it. */
  watchLive(): () => void
  ensureRange(start: number, end: number): void
  toggle(id: string, on?: boolean): void
  clearSelection(): void
  openRun(id: string): Promise<void>
  closeRun(): void
  deleteRuns(ids: string[]): Promise<void>
  exportRuns(ids?: string[]): Promise<void>
  loadStorage(): Promise<void>
  setRetention(days: number): Promise<void>
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export const useHistoryStore = create<HistoryState>((set, get) => {
  const loadPage = async (page: number, generation: number) => {
    if (get().loading[page]) return
    set({ loading: { ...get().loading, [page]: true } })
    try {
      const answer = await historyCalls.listRuns(get().filter, page * HISTORY_PAGE, HISTORY_PAGE, get().sort)
      if (get().generation !== generation) return
      const rows = { ...get().rows }
      answer.rows.forEach((row, i) => (rows[page * HISTORY_PAGE + i] = row))
      set({ rows, total: answer.total, capped: answer.capped, searchMs: answer.tookMs, error: null })
    } catch (error) {
      if (get().generation === generation) set({ error: message(error) })
    } finally {
      if (get().generation === generation) {
        const loading = { ...get().loading }
        delete loading[page]
        set({ loading })
      }
    }
  }

  return {
    filter: {},
    sort: 'newest',
    capped: false,
    sumBy: 'day',
    sums: null,
    generation: 0,
    total: null,
    rows: {},
    searchMs: null,
    loading: {},
    error: null,
    facets: { models: [], profiles: [], formats: [] },
    selected: {},
    openId: null,
    open: null,
    openError: null,
    storage: null,
    notice: null,
    exported: null,

    setFilter(patch) {
      const filter: HistoryFilter = { ...get().filter, ...patch }
      for (const key of Object.keys(filter) as (keyof HistoryFilter)[])
        if (filter[key] === undefined || filter[key] === '') delete filter[key]
      set({ filter })
      void get().refresh()
    },

    setSort(sort) {
      set({ sort })
      void get().refresh()
    },

    setSumBy(by) {
      set({ sumBy: by })
      void get().loadSums()
    },

    async loadSums() {
      const { filter, sumBy } = get()
      try {
        const answer = await historyCalls.sumRuns(filter, sumBy)
        if (get().filter === filter && get().sumBy === sumBy)
          set({
            sums: { by: sumBy, rows: answer.sums, currencies: answer.currencies, tookMs: answer.tookMs },
          })
      } catch {
        // The totals keep what they showed; the list reports the history's problem.
      }
    },

    async pinRuns(ids, pinned) {
      try {
        await historyCalls.pinRuns(ids, pinned)
        const open = get().open
        if (open && ids.includes(open.id)) set({ open: { ...open, pinned } })
        await get().refreshLive()
      } catch (error) {
        set({ notice: `Could not ${pinned ? 'pin' : 'unpin'}: ${message(error)}` })
      }
    },

    async setRunRetention(retention) {
      try {
        set({ storage: await historyCalls.setRunRetention(retention), notice: null })
        return true
      } catch (error) {
        set({ notice: `Could not set how long runs are kept: ${message(error)}` })
        return false
      }
    },

    async refresh() {
      const generation = get().generation + 1
      set({ generation, rows: {}, loading: {}, total: get().total })
      // The first page is asked for first: the history answers in order, and the sums of a million runs take longer.
      const first = loadPage(0, generation)
      void get().loadSums()
      await first
      try {
        const facets = await historyCalls.listFacets()
        set({ facets })
      } catch {
        // Filters keep the values they had.
      }
    },

    async refreshLive() {
      const generation = get().generation + 1
      set({ generation })
      try {
        const answer = await historyCalls.listRuns(get().filter, 0, HISTORY_PAGE, get().sort)
        if (get().generation !== generation) return
        const rows: Record<number, HistoryRow> = {}
        answer.rows.forEach((row, i) => (rows[i] = row))
        set({
          rows,
          loading: {},
          total: answer.total,
          capped: answer.capped,
          searchMs: answer.tookMs,
          error: null,
        })
      } catch (error) {
        if (get().generation === generation) set({ error: message(error) })
      }
      void historyCalls
        .listFacets()
        .then((facets) => set({ facets }))
        .catch(() => undefined)
      void get().loadStorage()
      void get().loadSums()
    },

    watchLive() {
      let timer: ReturnType<typeof setTimeout> | null = null
      const off = historyCalls.onRunRecorded(() => {
        timer ??= setTimeout(() => {
          timer = null
          void get().refreshLive()
        }, LIVE_REFRESH_MS)
      })
      void historyCalls.watchRuns(true).catch(() => undefined)
      return () => {
        off()
        if (timer) clearTimeout(timer)
        void historyCalls.watchRuns(false).catch(() => undefined)
      }
    },

    ensureRange(start, end) {
      const { rows, generation } = get()
      for (let page = Math.floor(start / HISTORY_PAGE); page <= Math.floor(end / HISTORY_PAGE); page++)
        if (!rows[page * HISTORY_PAGE]) void loadPage(page, generation)
    },

    toggle(id, on) {
      const selected = { ...get().selected }
      if (on ?? !selected[id]) selected[id] = true
      else delete selected[id]
      set({ selected })
    },
    clearSelection: () => set({ selected: {} }),

    async openRun(id) {
      set({ openId: id, openError: null })
      try {
        const run = await historyCalls.getRun(id)
        if (get().openId === id) set({ open: run })
      } catch (error) {
        if (get().openId === id) set({ open: null, openError: message(error) })
      }
    },
    closeRun: () => set({ openId: null, open: null, openError: null }),

    async deleteRuns(ids) {
      try {
        const { deleted } = await historyCalls.deleteRuns(ids)
        const selected = { ...get().selected }
        for (const id of ids) delete selected[id]
        const openGone = get().openId !== null && ids.includes(get().openId!)
        set({
          selected,
          notice: `Deleted ${deleted} run${deleted === 1 ? '' : 's'}.`,
          ...(openGone ? { openId: null, open: null } : {}),
        })
        await get().refresh()
        await get().loadStorage()
      } catch (error) {
        set({ notice: `Could not delete: ${message(error)}` })
      }
    },

    async exportRuns(ids) {
      try {
        const answer = await historyCalls.exportRuns(ids ? { ids } : { filter: get().filter })
        set({ exported: answer, notice: null })
      } catch (error) {
        set({ exported: null, notice: `Could not export: ${message(error)}` })
      }
    },

    async loadStorage() {
      try {
        set({ storage: await historyCalls.getStorage() })
      } catch (error) {
        set({ notice: message(error) })
      }
    },

    async setRetention(days) {
      try {
        set({
          storage: await historyCalls.setRetention(days),
          notice: `Captures are kept ${days === 0 ? 'forever' : `${days} days`}.`,
        })
      } catch (error) {
        set({ notice: `Could not set retention: ${message(error)}` })
      }
    },
  }
})

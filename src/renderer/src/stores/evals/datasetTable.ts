// The dataset table's rows as the page holds them: main keeps the dataset, the page asks for the pages of rows the
// table scrolls to (all rows, or a search's) and keeps a bounded number of them. An edit goes to main once, when
// it is committed (never per keystroke): a cell's text is shown at once and put back if main refuses; a row
// inserted or deleted changes the count and the pages are asked for again.
import { create } from 'zustand'
import { EVAL_ROWS_PAGE_MAX, type DatasetRowView } from '../../../../shared/ipc/evals'
import { evalsCalls } from '../../ipc/evalsCalls'
import { useEvalsStore } from './evalsStore'

export const TABLE_PAGE = EVAL_ROWS_PAGE_MAX
/** Pages held at once (the ones farthest from the one asked for go first). */
const PAGES_KEPT = 40

interface DatasetTableState {
  datasetId: string | null
  query: string
  /** Rows the table shows: all of the dataset's, or those the search found. */
  total: number
  /** Bumped when the pages held no longer match main's rows (an insert, a delete, a new search). */
  version: number
  pages: Record<number, DatasetRowView[]>
  error: string | null
  /** Counts the edits main took (a column's delete can be undone until the next). */
  edits: number
  /** The dataset changed under the table (a column added, renamed or deleted): its rows asked for again when `cells` changed. */
  reload(rowCount: number, cells?: boolean): void
  reset(datasetId: string | null, total: number): void
  search(query: string): void
  /** Asks main for the pages holding rows `first` to `last` that are not held yet. */
  ensure(first: number, last: number): Promise<void>
  setCell(position: number, column: number, value: string): Promise<void>
  /** Inserts a blank row at dataset index `at`; answers whether main took it. */
  insertRow(at: number): Promise<boolean>
  deleteRow(index: number): Promise<void>
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))
const asking = new Set<string>()
const editing = new Set<Promise<unknown>>()

/** One edit sent to main, followed until it is answered (an export waits for the edits before it). */
function edit(datasetId: string, change: Parameters<typeof evalsCalls.editRows>[1]) {
  const call = evalsCalls.editRows(datasetId, change)
  editing.add(call)
  void call.finally(() => editing.delete(call)).catch(() => undefined)
  return call
}

/** Resolves once every edit sent so far is answered (kept or refused). */
export async function editsSettled(): Promise<void> {
  await Promise.allSettled([...editing])
}

export const useDatasetTable = create<DatasetTableState>((set, get) => {
  const changed = (rowCount: number) => {
    const d = useEvalsStore.getState().dataset
    if (d) useEvalsStore.setState({ dataset: { ...d, rowCount } })
    set((s) => ({
      version: s.version + 1,
      pages: {},
      total: s.query ? s.total : rowCount,
      error: null,
      edits: s.edits + 1,
    }))
  }
  return {
    datasetId: null,
    query: '',
    total: 0,
    version: 0,
    pages: {},
    error: null,
    edits: 0,
    reload: (rowCount, cells = true) =>
      cells ? changed(rowCount) : set((s) => ({ edits: s.edits + 1, error: null })),

    reset: (datasetId, total) =>
      set((s) => ({ datasetId, total, query: '', pages: {}, version: s.version + 1, error: null })),

    search: (query) => {
      const d = useEvalsStore.getState().dataset
      set((s) => ({
        query,
        pages: {},
        version: s.version + 1,
        total: query.trim() ? s.total : (d?.rowCount ?? 0),
        error: null,
      }))
    },

    async ensure(first, last) {
      const { datasetId, version, query } = get()
      if (!datasetId) return
      for (let page = Math.floor(first / TABLE_PAGE); page <= Math.floor(last / TABLE_PAGE); page++) {
        const key = `${datasetId}:${version}:${page}`
        if (get().pages[page] || asking.has(key)) continue
        asking.add(key)
        try {
          const answer = await evalsCalls.rows(datasetId, page * TABLE_PAGE, TABLE_PAGE, query || undefined)
          if (get().version !== version || get().datasetId !== datasetId) continue
          set((s) => {
            const pages = { ...s.pages, [page]: answer.rows }
            const held = Object.keys(pages).map(Number)
            if (held.length > PAGES_KEPT)
              for (const p of held
                .sort((a, b) => Math.abs(b - page) - Math.abs(a - page))
                .slice(0, held.length - PAGES_KEPT))
                delete pages[p]
            return { pages, total: answer.total }
          })
        } catch (error) {
          set({ error: message(error) })
        } finally {
          asking.delete(key)
        }
      }
    },

    async setCell(position, column, value) {
      const { datasetId, pages } = get()
      const page = Math.floor(position / TABLE_PAGE)
      const row = pages[page]?.[position % TABLE_PAGE]
      if (!datasetId || !row || row.cells[column] === value) return
      const put = (cells: string[]) =>
        set((s) => {
          const held = s.pages[page]
          if (!held) return {}
          const next = held.slice()
          next[position % TABLE_PAGE] = { ...row, cells }
          return { pages: { ...s.pages, [page]: next } }
        })
      const before = row.cells
      put(before.map((c, i) => (i === column ? value : c)))
      try {
        await edit(datasetId, { kind: 'set', index: row.index, column, value })
        set((s) => ({ error: null, edits: s.edits + 1 }))
      } catch (error) {
        put(before)
        set({ error: `Row ${row.index + 1}: not changed: ${message(error)}` })
      }
    },

    async insertRow(at) {
      const { datasetId } = get()
      if (!datasetId) return false
      try {
        changed((await edit(datasetId, { kind: 'insert', at })).rowCount)
        return true
      } catch (error) {
        set({ error: `Row not added: ${message(error)}` })
        return false
      }
    },

    async deleteRow(index) {
      const { datasetId } = get()
      if (!datasetId) return
      try {
        changed((await edit(datasetId, { kind: 'delete', indexes: [index] })).rowCount)
      } catch (error) {
        set({ error: `Row ${index + 1} not deleted: ${message(error)}` })
      }
    },
  }
})

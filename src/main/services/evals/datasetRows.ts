// A dataset main keeps, as the panel's table reads and edits it: pages of rows (all of them, or those a search
// finds, the search kept until the next edit or query), a cell's text set, a blank row inserted, rows deleted.
// Rows are replaced, never changed in place, and each run or reopened run holds its own list, so an edit never
// reaches a run already started.
import { DATASET_MAX_ROWS, type Dataset, type DatasetRow } from '../../../shared/evals/dataset'
import type { DatasetInfo, DatasetRowView } from '../../../shared/ipc/evals'
import { AppError } from '../../../shared/ipc/result'
import { clip } from './cellView'

export interface KeptDataset extends Pick<DatasetInfo, 'problems' | 'problemCount' | 'unmapped'> {
  name: string
  dataset: Dataset
  /** Bumped by every edit; a kept search of an older version is searched again. */
  version: number
  search?: { query: string; version: number; indexes: Int32Array }
}

export type RowEdit =
  | { kind: 'set'; index: number; column: number; value: string }
  | { kind: 'insert'; at: number }
  | { kind: 'delete'; indexes: number[] }

/** A dataset kept for the panel: its own list of rows (the rows themselves are shared until edited). */
export const keptDataset = (
  name: string,
  dataset: Dataset,
  read: Pick<DatasetInfo, 'problems' | 'problemCount' | 'unmapped'> = {
    problems: [],
    problemCount: 0,
    unmapped: [],
  },
): KeptDataset => ({
  name,
  dataset: { columns: [...dataset.columns], rows: dataset.rows.slice() },
  version: 0,
  ...read,
})

/** What the panel shows of a kept dataset. */
export const datasetInfo = (datasetId: string, kept: KeptDataset): DatasetInfo => ({
  datasetId,
  name: kept.name,
  columns: [...kept.dataset.columns],
  rowCount: kept.dataset.rows.length,
  problems: kept.problems,
  problemCount: kept.problemCount,
  unmapped: kept.unmapped,
})

function found(kept: KeptDataset, query: string): Int32Array {
  const s = kept.search
  if (s && s.query === query && s.version === kept.version) return s.indexes
  const needle = query.toLowerCase()
  const out: number[] = []
  kept.dataset.rows.forEach((row, i) => {
    if (
      row.cells.some((c) => c.toLowerCase().includes(needle)) ||
      (row.description ?? '').toLowerCase().includes(needle)
    )
      out.push(i)
  })
  const indexes = Int32Array.from(out)
  kept.search = { query, version: kept.version, indexes }
  return indexes
}

function view(row: DatasetRow, index: number, columns: number): DatasetRowView {
  const cells: string[] = []
  const clipped: number[] = []
  for (let c = 0; c < columns; c++) {
    const text = row.cells[c] ?? ''
    const shown = clip(text)
    if (shown !== text) clipped.push(c)
    cells.push(shown)
  }
  return { index, cells, clipped, description: row.description ?? null, graders: row.graders?.length ?? 0 }
}

export function rowsPage(kept: KeptDataset, offset: number, limit: number, query?: string) {
  const { rows, columns } = kept.dataset
  const q = query?.trim() ?? ''
  const indexes = q ? found(kept, q) : null
  const total = indexes ? indexes.length : rows.length
  const out: DatasetRowView[] = []
  for (let i = offset; i < Math.min(offset + limit, total); i++) {
    const index = indexes ? indexes[i]! : i
    out.push(view(rows[index]!, index, columns.length))
  }
  return { rows: out, total, rowCount: rows.length }
}

export function editRows(kept: KeptDataset, edit: RowEdit): { rowCount: number } {
  const { rows, columns } = kept.dataset
  const bad = (message: string) => new AppError('EVALS_BAD_EDIT', message)
  if (edit.kind === 'set') {
    const row = rows[edit.index]
    if (!row) throw bad(`index: no row ${edit.index + 1} (the dataset has ${rows.length})`)
    if (edit.column >= columns.length)
      throw bad(`column: no column ${edit.column + 1} (the dataset has ${columns.length})`)
    const cells = columns.map((_, c) => row.cells[c] ?? '')
    cells[edit.column] = edit.value
    rows[edit.index] = { ...row, cells }
  } else if (edit.kind === 'insert') {
    if (edit.at > rows.length) throw bad(`at: a row goes at most after the last (${rows.length})`)
    if (rows.length >= DATASET_MAX_ROWS)
      throw bad(`rows: a dataset holds at most ${DATASET_MAX_ROWS.toLocaleString('en')} rows`)
    rows.splice(edit.at, 0, { cells: columns.map(() => '') })
  } else {
    const gone = [...new Set(edit.indexes)].sort((a, b) => b - a)
    if (gone[0]! >= rows.length) throw bad(`indexes: no row ${gone[0]! + 1} (the dataset has ${rows.length})`)
    if (gone.length >= rows.length) throw bad('indexes: a dataset keeps at least one row')
    // One pass when many go; a splice each when a few do.
    if (gone.length > 16) {
      const drop = new Set(gone)
      kept.dataset.rows = rows.filter((_, i) => !drop.has(i))
    } else for (const i of gone) rows.splice(i, 1)
  }
  kept.version += 1
  return { rowCount: kept.dataset.rows.length }
}

// A kept dataset's columns changed from the table: one added (empty in every row), one renamed, one deleted (its
// values kept aside, so the delete can be undone until the next edit), the delete undone. Names are checked as the
// panel checks them (columnName.ts). Columns and rows are replaced, never changed in place, so a run already
// started keeps the columns and rows it started with.
import { DATASET_MAX_COLUMNS } from '../../../shared/evals/dataset'
import { columnNameProblem } from '../../../shared/evals/columnName'
import { AppError } from '../../../shared/ipc/result'
import type { KeptDataset } from './datasetRows'

export type ColumnEdit =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; column: number; name: string }
  | { kind: 'delete'; column: number }
  | { kind: 'undoDelete' }

/** A deleted column's values, kept until the next edit of the dataset. */
interface Deleted {
  name: string
  at: number
  values: string[]
  version: number
}

const deletedOf = new WeakMap<KeptDataset, Deleted>()

export interface ColumnsAnswer {
  columns: string[]
  rowCount: number
  /** The column a delete took (to be undone until the next edit), or null. */
  deleted: { name: string; column: number } | null
}

const bad = (message: string) => new AppError('EVALS_BAD_EDIT', message)

export function editColumns(kept: KeptDataset, edit: ColumnEdit): ColumnsAnswer {
  const { columns, rows } = kept.dataset
  const named = (c: number) => {
    if (c >= columns.length) throw bad(`column: no column ${c + 1} (the dataset has ${columns.length})`)
    return columns[c]!
  }
  let deleted: ColumnsAnswer['deleted'] = null
  if (edit.kind === 'add') {
    if (columns.length >= DATASET_MAX_COLUMNS)
      throw bad(`columns: a dataset holds at most ${DATASET_MAX_COLUMNS} columns`)
    const problem = columnNameProblem(edit.name, columns)
    if (problem) throw bad(problem)
    kept.dataset.columns = [...columns, edit.name]
    kept.dataset.rows = rows.map((r) => ({ ...r, cells: [...columns.map((_, i) => r.cells[i] ?? ''), ''] }))
  } else if (edit.kind === 'rename') {
    named(edit.column)
    const problem = columnNameProblem(edit.name, columns, edit.column)
    if (problem) throw bad(problem)
    kept.dataset.columns = columns.map((c, i) => (i === edit.column ? edit.name : c))
  } else if (edit.kind === 'delete') {
    const name = named(edit.column)
    if (columns.length <= 1) throw bad('column: a dataset keeps at least one column')
    const values = rows.map((r) => r.cells[edit.column] ?? '')
    kept.dataset.columns = columns.filter((_, i) => i !== edit.column)
    kept.dataset.rows = rows.map((r) => ({ ...r, cells: r.cells.filter((_, i) => i !== edit.column) }))
    deletedOf.set(kept, { name, at: edit.column, values, version: kept.version + 1 })
    deleted = { name, column: edit.column }
  } else {
    const d = deletedOf.get(kept)
    if (!d || d.version !== kept.version || d.values.length !== rows.length)
      throw bad('undo: the dataset changed since the column was deleted')
    const problem = columnNameProblem(d.name, columns)
    if (problem) throw bad(problem)
    kept.dataset.columns = [...columns.slice(0, d.at), d.name, ...columns.slice(d.at)]
    kept.dataset.rows = rows.map((r, i) => {
      const cells = r.cells.slice()
      cells.splice(d.at, 0, d.values[i]!)
      return { ...r, cells }
    })
    deletedOf.delete(kept)
  }
  kept.version += 1
  return { columns: [...kept.dataset.columns], rowCount: kept.dataset.rows.length, deleted }
}

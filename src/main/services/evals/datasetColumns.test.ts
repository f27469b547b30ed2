// Columns of a kept dataset: added empty in every row, renamed, deleted and the delete undone (until the next
// edit); a bad name refused naming the field and the rule; a run's columns and rows (its own lists) untouched.
import { describe, expect, it } from 'vitest'
import { keptDataset } from './datasetRows'
import { editColumns } from './datasetColumns'
import { editRows } from './datasetRows'
import { columnNameProblem } from '../../../shared/evals/columnName'

const lands = () =>
  keptDataset('lands.csv', {
    columns: ['country', 'expected'],
    rows: [{ cells: ['France', 'Paris'], description: 'first' }, { cells: ['Italy', 'Rome'] }],
  })

describe('dataset columns', () => {
  it('adds a column empty in every row, renames one, and a run started before keeps its own', () => {
    const kept = lands()
    const run = { columns: kept.dataset.columns, rows: kept.dataset.rows.slice() }
    expect(editColumns(kept, { kind: 'add', name: 'region' })).toEqual({
      columns: ['country', 'expected', 'region'],
      rowCount: 2,
      deleted: null,
    })
    editColumns(kept, { kind: 'rename', column: 0, name: 'nation' })
    expect(kept.dataset.columns).toEqual(['nation', 'expected', 'region'])
    expect(kept.dataset.rows.map((r) => r.cells)).toEqual([
      ['France', 'Paris', ''],
      ['Italy', 'Rome', ''],
    ])
    expect(kept.dataset.rows[0]!.description).toBe('first')
    expect(run.columns).toEqual(['country', 'expected'])
    expect(run.rows.map((r) => r.cells)).toEqual([
      ['France', 'Paris'],
      ['Italy', 'Rome'],
    ])
  })

  it('deletes a column and undoes the delete until the next edit', () => {
    const kept = lands()
    expect(editColumns(kept, { kind: 'delete', column: 0 }).deleted).toEqual({ name: 'country', column: 0 })
    expect(kept.dataset.rows.map((r) => r.cells)).toEqual([['Paris'], ['Rome']])
    editColumns(kept, { kind: 'undoDelete' })
    expect(kept.dataset.columns).toEqual(['country', 'expected'])
    expect(kept.dataset.rows.map((r) => r.cells)).toEqual([
      ['France', 'Paris'],
      ['Italy', 'Rome'],
    ])
    // After another edit, the values deleted are no longer put back (the rows may not match them).
    editColumns(kept, { kind: 'delete', column: 1 })
    editRows(kept, { kind: 'insert', at: 0 })
    expect(() => editColumns(kept, { kind: 'undoDelete' })).toThrow(/undo: the dataset changed/)
    expect(() => editColumns(kept, { kind: 'delete', column: 0 })).toThrow(
      /column: a dataset keeps at least one column/,
    )
  })

  it('refuses a bad name naming the field and the rule', () => {
    const kept = lands()
    expect(() => editColumns(kept, { kind: 'add', name: '' })).toThrow('Column name: write a name')
    expect(() => editColumns(kept, { kind: 'add', name: 'expected' })).toThrow(
      'Column name: "expected" is already a column',
    )
    expect(() => editColumns(kept, { kind: 'rename', column: 1, name: '2nd answer' })).toThrow(
      /Column name: a \{\{variable\}\} name: letters, digits and _/,
    )
    expect(() => editColumns(kept, { kind: 'rename', column: 1, name: '__expected' })).toThrow(
      /must not start with __/,
    )
    expect(() => editColumns(kept, { kind: 'rename', column: 5, name: 'x' })).toThrow(/column: no column 6/)
    // A column keeps its own name; the case counts.
    expect(columnNameProblem('expected', kept.dataset.columns, 1)).toBeNull()
    expect(columnNameProblem('Expected', kept.dataset.columns)).toBeNull()
    expect(kept.dataset.columns).toEqual(['country', 'expected'])
  })
})

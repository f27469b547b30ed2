import { describe, expect, it } from 'vitest'
import type { Dataset } from '../../../shared/evals/dataset'
import { EVAL_TEXT_CHARS } from '../../../shared/ipc/evals'
import { editRows, keptDataset, rowsPage } from './datasetRows'

const sample = (): Dataset => ({
  columns: ['country', 'expected'],
  rows: [
    { cells: ['France', 'Paris'] },
    { cells: ['Peru', 'Lima'], description: 'south' },
    { cells: ['Japan', 'x'.repeat(EVAL_TEXT_CHARS + 10)] },
  ],
})

describe('a kept dataset as the table reads and edits it', () => {
  it('pages rows with their places, marking a clipped cell as too long to edit', () => {
    const page = rowsPage(keptDataset('d', sample()), 1, 5)
    expect(page.total).toBe(3)
    expect(page.rows.map((r) => r.index)).toEqual([1, 2])
    expect(page.rows[0]).toMatchObject({ cells: ['Peru', 'Lima'], clipped: [], description: 'south' })
    expect(page.rows[1]!.clipped).toEqual([1])
    expect(page.rows[1]!.cells[1]!.length).toBe(EVAL_TEXT_CHARS)
  })

  it('searches any cell or description in any case, and searches again after an edit', () => {
    const kept = keptDataset('d', sample())
    expect(rowsPage(kept, 0, 10, 'PER').rows.map((r) => r.index)).toEqual([1])
    expect(rowsPage(kept, 0, 10, 'south').total).toBe(1)
    editRows(kept, { kind: 'set', index: 0, column: 0, value: 'Perugia' })
    const again = rowsPage(kept, 0, 10, 'per')
    expect(again.rows.map((r) => r.index)).toEqual([0, 1])
    expect(again.rowCount).toBe(3)
  })

  it('sets a cell, inserts a blank row and deletes rows, never touching a list a run holds', () => {
    const source = sample()
    const kept = keptDataset('d', source)
    const runRows = kept.dataset.rows.slice()
    editRows(kept, { kind: 'set', index: 1, column: 1, value: 'Lima!' })
    expect(kept.dataset.rows[1]!.cells).toEqual(['Peru', 'Lima!'])
    expect(runRows[1]!.cells).toEqual(['Peru', 'Lima'])
    expect(source.rows[1]!.cells).toEqual(['Peru', 'Lima'])
    expect(editRows(kept, { kind: 'insert', at: 0 })).toEqual({ rowCount: 4 })
    expect(kept.dataset.rows[0]!.cells).toEqual(['', ''])
    expect(editRows(kept, { kind: 'delete', indexes: [0, 3, 3] })).toEqual({ rowCount: 2 })
    expect(kept.dataset.rows.map((r) => r.cells[0])).toEqual(['France', 'Peru'])
    expect(runRows).toHaveLength(3)
  })

  it('refuses an edit out of range, naming the field, and keeps at least one row', () => {
    const kept = keptDataset('d', sample())
    expect(() => editRows(kept, { kind: 'set', index: 9, column: 0, value: '' })).toThrow(/^index: no row 10/)
    expect(() => editRows(kept, { kind: 'set', index: 0, column: 2, value: '' })).toThrow(
      /^column: no column 3/,
    )
    expect(() => editRows(kept, { kind: 'insert', at: 4 })).toThrow(/^at:/)
    expect(() => editRows(kept, { kind: 'delete', indexes: [0, 1, 2] })).toThrow(/at least one row/)
    expect(kept.dataset.rows).toHaveLength(3)
  })

  it('deletes many rows of a large dataset in one pass', () => {
    const big: Dataset = {
      columns: ['n'],
      rows: Array.from({ length: 100_000 }, (_, i) => ({ cells: [String(i)] })),
    }
    const kept = keptDataset('big', big)
    const gone = Array.from({ length: 5000 }, (_, i) => i * 2)
    expect(editRows(kept, { kind: 'delete', indexes: gone })).toEqual({ rowCount: 95_000 })
    expect(rowsPage(kept, 0, 3).rows.map((r) => r.cells[0])).toEqual(['1', '3', '5'])
  })
})

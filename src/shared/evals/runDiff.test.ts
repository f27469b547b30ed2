import { describe, expect, it } from 'vitest'
import { diffRuns, type DiffCell } from './runDiff'

const cells = (statuses: DiffCell['status'][][]): DiffCell[] =>
  statuses.flatMap((row, r) => row.map((status, column) => ({ row: r, column, status })))

describe('two runs of one suite compared cell by cell', () => {
  it('names regressions, fixes and other changes, changes first in row order, columns matched by label', () => {
    const before = {
      columns: ['chat:a', 'chat:b'],
      rowCount: 4,
      cells: cells([
        ['pass', 'pass'],
        ['fail', 'pass'],
        ['pass', 'error'],
        ['error', 'fail'],
      ]),
    }
    // The second run has its columns the other way round, and one more.
    const after = {
      columns: ['chat:b', 'chat:a', 'chat:c'],
      rowCount: 4,
      cells: [
        ...cells([
          ['pass', 'fail'],
          ['pass', 'pass'],
          ['fail', 'pass'],
        ]),
        { row: 3, column: 0, status: 'fail' as const },
      ],
    }
    const d = diffRuns(before, after)
    expect(d.columns).toEqual(['chat:a', 'chat:b'])
    expect(d.unmatched).toEqual(['chat:c'])
    expect(d.counts).toEqual({ regression: 1, fix: 1, changed: 2, same: 4 })
    expect(d.rows.slice(0, 4)).toEqual([
      { row: 0, column: 'chat:a', before: 'pass', after: 'fail', kind: 'regression' },
      { row: 1, column: 'chat:a', before: 'fail', after: 'pass', kind: 'fix' },
      { row: 2, column: 'chat:b', before: 'error', after: 'fail', kind: 'changed' },
      { row: 3, column: 'chat:a', before: 'error', after: 'missing', kind: 'changed' },
    ])
    expect(d.rows.slice(4).every((r) => r.kind === 'same')).toBe(true)
  })
})

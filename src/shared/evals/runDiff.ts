// Two runs of one suite compared cell by cell (a cell is a dataset row through a column of the same label): a
// regression when a pass became a fail or a run error, a fix the other way, "changed" for any other change of
// verdict (a cell run in one only, an error that became a fail), the rest the same. Changes come first
// (regressions, then fixes, then other changes), each in row order. Pure, so main, the panel and the report
// read the same comparison.

export type Verdict = 'pass' | 'fail' | 'error' | 'stopped' | 'missing'
export type DiffKind = 'regression' | 'fix' | 'changed' | 'same'

export interface DiffCell {
  row: number
  column: number
  status: 'pass' | 'fail' | 'error' | 'stopped'
}

export interface DiffRow {
  row: number
  /** The column's label, as both runs name it. */
  column: string
  before: Verdict
  after: Verdict
  kind: DiffKind
}

export interface RunDiff {
  /** Column labels both runs have (only those are compared). */
  columns: string[]
  /** Columns of one run only, by label. */
  unmatched: string[]
  rows: DiffRow[]
  counts: Record<DiffKind, number>
}

const ORDER: Record<DiffKind, number> = { regression: 0, fix: 1, changed: 2, same: 3 }

function kindOf(before: Verdict, after: Verdict): DiffKind {
  if (before === after) return 'same'
  if (before === 'pass' && (after === 'fail' || after === 'error')) return 'regression'
  if (after === 'pass' && (before === 'fail' || before === 'error')) return 'fix'
  return 'changed'
}

export function diffRuns(
  before: { columns: readonly string[]; rowCount: number; cells: Iterable<DiffCell> },
  after: { columns: readonly string[]; rowCount: number; cells: Iterable<DiffCell> },
): RunDiff {
  const columns = before.columns.filter((c) => after.columns.includes(c))
  const unmatched = [
    ...before.columns.filter((c) => !after.columns.includes(c)),
    ...after.columns.filter((c) => !before.columns.includes(c)),
  ]
  const index = (run: typeof before) => {
    const byKey = new Map<string, Verdict>()
    for (const c of run.cells) {
      const label = run.columns[c.column]
      if (label !== undefined) byKey.set(`${c.row}\u0000${label}`, c.status)
    }
    return byKey
  }
  const a = index(before)
  const b = index(after)
  const rows: DiffRow[] = []
  const counts: Record<DiffKind, number> = { regression: 0, fix: 0, changed: 0, same: 0 }
  const rowCount = Math.min(before.rowCount, after.rowCount)
  for (let row = 0; row < rowCount; row++)
    for (const column of columns) {
      const key = `${row}\u0000${column}`
      const was = a.get(key) ?? 'missing'
      const now = b.get(key) ?? 'missing'
      const kind = kindOf(was, now)
      counts[kind]++
      rows.push({ row, column, before: was, after: now, kind })
    }
  rows.sort((x, y) => ORDER[x.kind] - ORDER[y.kind] || x.row - y.row)
  return { columns, unmatched, rows, counts }
}

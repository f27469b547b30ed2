// A kept run's results as the page holds them: the cells of the rows shown, asked of main a window at a time
// (main answers fewer rows than asked when their text is long; the rest is asked for next), with every column's
// figures computed in main over all the cells.
import type { ColumnSummary } from '../../../../shared/evals/summary'
import { EVAL_CELLS_ROWS_MAX, type EvalCellView } from '../../../../shared/ipc/evals'
import { evalsCalls } from '../../ipc/evalsCalls'

export const evalCellKey = (row: number, column: number) => `${row}:${column}`

/** The cells of rows `first` to `first + count - 1` of a run main keeps, and its columns' figures. */
export async function runWindow(evalId: string, first: number, count: number) {
  const cells: Record<string, EvalCellView> = {}
  let summaries: ColumnSummary[] = []
  for (let row = first; row < first + count;) {
    const page = await evalsCalls.cells(evalId, row, Math.min(EVAL_CELLS_ROWS_MAX, first + count - row))
    for (const c of page.cells) cells[evalCellKey(c.row, c.column)] = c
    summaries = page.summaries
    if (page.rows === 0) break
    row += page.rows
  }
  return { cells, summaries }
}

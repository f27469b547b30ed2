// An eval's cells as files: CSV (one line per row × column with the row's variables, the verdict, the score,
// each grade's verdict and message, times and cost) and JSON (the same cells, the columns and each column's
// figures). A value a spreadsheet would read as a formula is written as text.
import { rowVariables } from '../../../shared/evals/dataset'
import { summarizeColumn } from '../../../shared/evals/summary'
import type { EvalPlan } from '../../../shared/evals/plan'
import type { EvalCellView } from '../../../shared/ipc/evals'

/** An eval as exported: its plan, its columns' labels and its cells (answers clipped). */
export interface KeptEval {
  plan: EvalPlan
  columns: string[]
  cells: EvalCellView[]
}

const field = (v: unknown): string => {
  if (v === null || v === undefined) return ''
  let t = typeof v === 'number' ? String(Math.round(v * 1e6) / 1e6) : String(v)
  if (/^[=+\-@\t\r]/.test(t)) t = `'${t}`
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t
}

const sorted = (kept: KeptEval) => [...kept.cells].sort((a, b) => a.row - b.row || a.column - b.column)

export function evalCsv(kept: KeptEval): string {
  const { columns: vars } = kept.plan.dataset
  const head = [
    'row',
    ...vars,
    'column',
    'status',
    'score',
    'grades',
    'answer',
    'error',
    'ttftMs',
    'totalMs',
    'costMicros',
    'currency',
    'gradingMicros',
    'runId',
  ]
  const lines = [head.map(field).join(',')]
  for (const c of sorted(kept)) {
    const row = kept.plan.dataset.rows[c.row]!
    const grades = c.grades.map((g) => `${g.pass ? 'pass' : 'FAIL'} ${g.kind}: ${g.message}`).join(' | ')
    lines.push(
      [
        c.row + 1,
        ...vars.map((_, i) => row.cells[i] ?? ''),
        kept.columns[c.column],
        c.status,
        c.score,
        grades,
        c.answer,
        c.error,
        c.ttftMs,
        c.totalMs,
        c.costMicros,
        c.currency,
        c.gradingMicros,
        c.runId,
      ]
        .map(field)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

export function evalJson(kept: KeptEval): string {
  const { plan } = kept
  return JSON.stringify(
    {
      name: plan.name,
      columns: kept.columns.map((label, ci) => ({
        label,
        summary: summarizeColumn(kept.cells.filter((c) => c.column === ci)),
      })),
      graders: plan.graders,
      cells: sorted(kept).map((c) => ({
        ...c,
        variables: rowVariables(plan.dataset.columns, plan.dataset.rows[c.row]!),
      })),
    },
    null,
    2,
  )
}

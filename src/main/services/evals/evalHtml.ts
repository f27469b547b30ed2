// An eval run as one self-contained HTML file: each column's figures and every cell (row variables, verdict,
// grades with their reasons, answer). Every value from the data is escaped, and the page's policy allows no
// script and nothing fetched, so nothing a dataset, answer or grader message holds can run when it is opened.
import { rowVariables } from '../../../shared/evals/dataset'
import { summarizeColumn, type ColumnSummary } from '../../../shared/evals/summary'
import { formatMoney } from '../../../shared/cost/money'
import type { KeptEval } from './evalExport'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!)

const pct = (x: number) => `${(x * 100).toFixed(1)} %`
const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x)} ms`)
/** The panel's words for a column's cost: the answers', plus what grading cost. */
const cost = (m: ColumnSummary) =>
  m.cost
    ? `${formatMoney(m.cost.micros, m.cost.currency)}${m.gradingMicros > 0 ? ` + grading ${formatMoney(m.gradingMicros, m.cost.currency)}` : ''}`
    : 'not known'
/** An answer's start: a long answer would make the report a wall; the full answer is in the app's run. */
export const ANSWER_START = 600
const answerStart = (a: string) =>
  a.length <= ANSWER_START
    ? a
    : `${a.slice(0, ANSWER_START)}… (${a.length.toLocaleString('en-US')} characters in all)`
/** The run's time as the reader's clock reads it, the exact instant kept in the element. */
const when = (at: number) => {
  const d = new Date(at)
  const words = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(d)
  return `<time datetime="${d.toISOString()}">${escapeHtml(words)}</time>`
}

export function evalHtml(kept: KeptEval, createdAt: number): string {
  const { plan, columns } = kept
  const cells = [...kept.cells].sort((a, b) => a.row - b.row || a.column - b.column)
  const figures = columns
    .map((label, ci) => {
      const m = summarizeColumn(cells.filter((c) => c.column === ci))
      const rate =
        m.rate === null
          ? '–'
          : `${m.passed}/${m.counted} · ${pct(m.rate)} (${pct(m.interval!.low)}–${pct(m.interval!.high)})`
      return `<tr><th>${escapeHtml(label)}</th><td>${rate}</td><td>${m.meanScore === null ? '–' : m.meanScore.toFixed(3)}</td><td>${escapeHtml(cost(m))}</td><td>${ms(m.ttft.p50)} / ${ms(m.ttft.p95)}</td><td>${ms(m.total.p50)} / ${ms(m.total.p95)}</td></tr>`
    })
    .join('\n')
  const rows = cells
    .map((c) => {
      const vars = rowVariables(plan.dataset.columns, plan.dataset.rows[c.row] ?? { cells: [] })
      const varText = Object.entries(vars)
        .map(([k, v]) => `<div><b>${escapeHtml(k)}</b>: ${escapeHtml(v)}</div>`)
        .join('')
      const grades = c.grades
        .map(
          (g) =>
            `<li class="${g.pass ? 'pass' : 'fail'}">${g.pass ? 'pass' : 'FAIL'} ${escapeHtml(g.kind)}: ${escapeHtml(g.message)}</li>`,
        )
        .join('')
      return `<tr class="${escapeHtml(c.status)}"><td>${c.row + 1}</td><td>${varText}</td><td>${escapeHtml(columns[c.column])}</td><td>${escapeHtml(c.status)}</td><td><ul>${grades}</ul>${c.error ? `<p>${escapeHtml(c.error)}</p>` : ''}</td><td><pre>${escapeHtml(answerStart(c.answer))}</pre></td></tr>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Eval report: ${escapeHtml(plan.name)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:12px 0}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0;max-width:60ch}
tr.pass td:nth-child(4){color:#176b2c}tr.fail td:nth-child(4),tr.error td:nth-child(4){color:#b3261e;font-weight:bold}
li.fail{color:#b3261e}ul{margin:0;padding-left:16px}
</style></head><body>
<h1>Eval report: ${escapeHtml(plan.name)}</h1>
<p>Run ${when(createdAt)} · ${plan.dataset.rows.length} rows × ${columns.length} columns · ${cells.length} cells kept</p>
<h2>Figures by column</h2>
<table><thead><tr><th>Column</th><th>Pass rate (95 % interval)</th><th>Mean score</th><th>Cost</th><th>TTFT p50 / p95</th><th>Total p50 / p95</th></tr></thead>
<tbody>${figures}</tbody></table>
<h2>Cells</h2>
<table><thead><tr><th>Row</th><th>Variables</th><th>Column</th><th>Verdict</th><th>Grades</th><th>Answer (start)</th></tr></thead>
<tbody>${rows}</tbody></table>
</body></html>
`
}

// An eval's results: progress and its end in words, each column's figures (pass rate with its 95 % Wilson
// interval, mean score, cost when known, TTFT and total at p50 and p95), the rows × columns grid a page at a time
// (a cell opens its grades with each grader's reason, the judge's included, its answer and its run in History),
// and the run exported as CSV, JSON or a self-contained HTML report; a stopped or incomplete run resumed (the cells without a verdict run again).
import { useMemo } from 'react'
import { formatMoney } from '../../../../shared/cost/money'
import { summarizeColumn, type ColumnSummary } from '../../../../shared/evals/summary'
import { GRADER_LABELS, type EvalGraderKind } from '../../../../shared/evals/graders'
import type { EvalCellView } from '../../../../shared/ipc/evals'
import { useAppStore } from '../../stores/app'
import { evalCellKey, ROWS_PAGE, useEvalsStore, type EvalRunState } from '../../stores/evals'
import { useHistoryStore } from '../../stores/history'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

const pct = (x: number) => `${(x * 100).toFixed(1)} %`
const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x)} ms`)
// The app's one way of writing money: a cell's cost is often millionths of a dollar, never rounded to 0.
const money = (c: ColumnSummary['cost']) => (c ? formatMoney(c.micros, c.currency) : 'not known')

const STATUS_TEXT: Record<EvalCellView['status'], string> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'ERROR',
  stopped: 'not run',
}

function openInHistory(runId: string) {
  void useHistoryStore.getState().openRun(runId)
  useAppStore.getState().setPanel('history')
}

export function ResultsSection({ run }: { run: EvalRunState }) {
  const s = useEvalsStore()
  // A run reopened from main brings its figures (its cells stay there); one going here counts its own cells.
  const summaries = useMemo(
    () =>
      run.summaries ??
      run.columns.map((_, ci) => summarizeColumn(Object.values(run.cells).filter((c) => c.column === ci))),
    [run.columns, run.cells, run.summaries],
  )
  const e = run.ended
  const summary = e
    ? e.error
      ? `Could not run: ${e.error}`
      : `${e.incomplete ? 'Incomplete (cut off when the app or its window closed)' : e.stopped ? 'Stopped' : 'Done'}: ${e.passed} passed, ${e.failed} failed${e.errored ? `, ${e.errored} run errors` : ''}${e.notRun ? `, ${e.notRun} not run` : ''}`
    : `Running: ${run.done} of ${run.size} cells`
  // Cells a resume runs again: those without a verdict (not run, stopped, or a run error).
  const left = e && !e.error ? run.size - e.passed - e.failed : 0
  // The grid shows the rows the dataset table shows (one pager for both), each named by its first values.
  const first = s.rowsOffset
  const last = Math.min(first + ROWS_PAGE, run.rowCount)
  const rowName = (row: number) => {
    const r = s.rows[row - s.rowsOffset]
    const name = r ? (r.description ?? r.cells.slice(0, 2).join(' · ')) : ''
    return name.length > 48 ? `${name.slice(0, 47)}…` : name
  }
  const open = s.openCell ? run.cells[s.openCell] : undefined
  return (
    <section className="evals-section" aria-labelledby="evals-results">
      <h2 id="evals-results">Results</h2>
      <div className="evals-inline">
        <progress aria-label="Eval progress" max={run.size} value={run.done} />
        <span role="status" data-testid="eval-summary" className={e?.error ? 'field-error' : undefined}>
          {summary}
        </span>
      </div>
      {run.columns.length > 0 && (
        <div className="evals-scroll">
          <table className="evals-table" aria-label="Figures by column">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Pass rate (95 % interval)</th>
                <th scope="col">Mean score</th>
                <th scope="col">Cost</th>
                <th scope="col">TTFT p50 / p95</th>
                <th scope="col">Total p50 / p95</th>
              </tr>
            </thead>
            <tbody>
              {summaries.map((m, ci) => (
                <tr key={ci} data-testid="column-summary">
                  <th scope="row" className="mono">
                    {run.columns[ci]}
                  </th>
                  <td>
                    {m.rate === null
                      ? '–'
                      : `${m.passed}/${m.counted} · ${pct(m.rate)} (${pct(m.interval!.low)}–${pct(m.interval!.high)})`}
                  </td>
                  <td>{m.meanScore === null ? '–' : m.meanScore.toFixed(3)}</td>
                  <td>
                    {money(m.cost)}
                    {m.gradingMicros > 0 &&
                      m.cost &&
                      ` + grading ${formatMoney(m.gradingMicros, m.cost.currency)}`}
                  </td>
                  <td>
                    {ms(m.ttft.p50)} / {ms(m.ttft.p95)}
                  </td>
                  <td>
                    {ms(m.total.p50)} / {ms(m.total.p95)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="evals-inline">
        <button type="button" disabled={!e} onClick={() => void s.exportRun('csv')}>
          Export CSV
        </button>
        <button type="button" disabled={!e} onClick={() => void s.exportRun('json')}>
          Export JSON
        </button>
        <button type="button" disabled={!e} onClick={() => void s.exportRun('html')}>
          Export HTML report
        </button>
        {left > 0 && (
          <button type="button" onClick={() => void s.resume()}>
            Resume ({left} {left === 1 ? 'cell' : 'cells'} left)
          </button>
        )}
        {s.exported && (
          <a href={s.exported.url} download={s.exported.name} className="small">
            Download {s.exported.name}
          </a>
        )}
      </div>
      {run.columns.length > 0 && (
        <>
          <div className="evals-scroll evals-grid">
            <table className="evals-table" aria-label="Cells: rows by columns">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  {run.columns.map((c, ci) => (
                    <th scope="col" key={ci} className="mono">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: last - first }, (_, i) => first + i).map((row) => (
                  <tr key={row}>
                    <th scope="row">
                      {row + 1}
                      <span className="evals-row-name">{rowName(row)}</span>
                    </th>
                    {run.columns.map((col, ci) => {
                      const key = evalCellKey(row, ci)
                      const cell = run.cells[key]
                      const label = cell ? STATUS_TEXT[cell.status] : e ? 'not run' : 'running…'
                      const cls = cell ? cell.status : e ? 'stopped' : 'pending'
                      return (
                        <td key={ci}>
                          <button
                            type="button"
                            className={`evals-cell ${cls}${s.openCell === key ? ' open' : ''}`}
                            data-testid="eval-cell"
                            data-status={cls}
                            aria-label={`Row ${row + 1} on ${col}: ${label}`}
                            aria-pressed={s.openCell === key}
                            disabled={!cell}
                            onClick={() => s.setOpenCell(s.openCell === key ? null : key)}
                          >
                            {label}
                            {cell?.score !== null && cell?.score !== undefined && cell.status !== 'pass'
                              ? ` ${cell.score.toFixed(2)}`
                              : ''}
                          </button>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {run.rowCount > ROWS_PAGE && (
            <div className="evals-inline small">
              <span>
                Rows {first + 1}–{last} of {run.rowCount}
              </span>
              <button
                type="button"
                disabled={first === 0}
                onClick={() => void s.stepRows(-1)}
              >
                Previous
              </button>
              <button
                type="button"
                disabled={last >= run.rowCount}
                onClick={() => void s.stepRows(1)}
              >
                Next
              </button>
            </div>
          )}
        </>
      )}
      {open && <CellDetail cell={open} column={run.columns[open.column] ?? ''} />}
    </section>
  )
}

function CellDetail({ cell, column }: { cell: EvalCellView; column: string }) {
  return (
    <section className="evals-detail" aria-label="Cell details">
      <div className="evals-inline">
        <h3>
          Row {cell.row + 1} · <span className="mono">{column}</span> · {STATUS_TEXT[cell.status]}
          {cell.score !== null && ` · score ${cell.score.toFixed(3)}`}
        </h3>
        {cell.runId && (
          <button type="button" onClick={() => openInHistory(cell.runId!)}>
            Open run in History
          </button>
        )}
      </div>
      <ErrorBanner what="The run failed">{cell.error}</ErrorBanner>
      <p className="small muted">
        TTFT {ms(cell.ttftMs)} · total {ms(cell.totalMs)}
      </p>
      {cell.grades.length > 0 && (
        <table className="evals-table" aria-label="Grades">
          <thead>
            <tr>
              <th scope="col">Result</th>
              <th scope="col">Grader</th>
              <th scope="col">Score</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {cell.grades.map((g, i) => (
              <tr key={i} className={g.pass ? 'pass' : 'fail'} data-testid="eval-grade">
                <td>{g.pass ? 'pass' : 'FAIL'}</td>
                <td>{GRADER_LABELS[g.kind as EvalGraderKind] ?? g.kind}</td>
                <td>{g.score.toFixed(2)}</td>
                <td>
                  {g.message}
                  {g.runId && (
                    <>
                      {' '}
                      <button type="button" className="ghost small" onClick={() => openInHistory(g.runId!)}>
                        Judge&apos;s run
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details className="evals-answer" open>
        <summary className="small">
          Answer{cell.answer.length >= 1999 ? ' (start; the whole is in History)' : ''}
        </summary>
        <pre className="mono small">{cell.answer || '(no answer text)'}</pre>
      </details>
    </section>
  )
}

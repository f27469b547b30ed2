// The run shown compared with an earlier run of the same dataset, cell by cell: how many regressions (a pass
// that became a fail or an error), fixes and other changes, the columns only one run has, and the changed cells
// first, each with its row, column and both verdicts.
import { useEvalsStore, usePastRuns } from '../../stores/evals'

const VERDICT: Record<string, string> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'ERROR',
  stopped: 'not run',
  missing: 'not run',
}
const KIND: Record<string, string> = {
  regression: 'Regression',
  fix: 'Fix',
  changed: 'Changed',
  same: 'Same',
}

export function RunDiffSection() {
  const diff = usePastRuns((p) => p.diff)
  const closeDiff = usePastRuns((p) => p.closeDiff)
  const shownId = useEvalsStore((s) => s.run?.id ?? null)
  if (!diff || diff.after !== shownId) return null
  const { counts, rows, unmatched } = diff.result
  const changed = rows.filter((r) => r.kind !== 'same')
  const when = new Date(diff.before.createdAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <section className="evals-section" aria-labelledby="evals-diff">
      <div className="evals-inline">
        <h2 id="evals-diff">Compared with the run of {when}</h2>
        <button type="button" className="ghost small" onClick={closeDiff}>
          Close
        </button>
      </div>
      <p data-testid="eval-diff-counts">
        {counts.regression} {counts.regression === 1 ? 'regression' : 'regressions'}, {counts.fix}{' '}
        {counts.fix === 1 ? 'fix' : 'fixes'}, {counts.changed} other{' '}
        {counts.changed === 1 ? 'change' : 'changes'}, {counts.same} the same.
        {unmatched.length > 0 && ` Not compared (in one run only): ${unmatched.join(', ')}.`}
      </p>
      {changed.length > 0 && (
        <div className="evals-scroll">
          <table className="evals-table" aria-label="Changed cells">
            <thead>
              <tr>
                <th scope="col">Change</th>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Before</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((r) => (
                <tr key={`${r.row}:${r.column}`} data-testid="eval-diff-row" className={r.kind}>
                  <td className={r.kind === 'regression' ? 'field-error' : undefined}>{KIND[r.kind]}</td>
                  <td>
                    {r.row + 1} <span className="evals-row-name">{r.name}</span>
                  </td>
                  <td className="mono">{r.column}</td>
                  <td>{VERDICT[r.before] ?? r.before}</td>
                  <td>{VERDICT[r.after] ?? r.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

// What to do with an ended run: export it (the report as JSON, the levels or every request as CSV, a Locust file
// reading its key from a variable the user names), compare it level by level with another kept run or an
// exported report (regressions named), and import Locust's results of the same plan to show beside its figures.
import { useRef, useState } from 'react'
import { useLoadStore } from '../../stores/load'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/

export function RunActions() {
  const s = useLoadStore()
  const reportFile = useRef<HTMLInputElement>(null)
  const locustFile = useRef<HTMLInputElement>(null)
  const [before, setBefore] = useState('')
  const [keyEnv, setKeyEnv] = useState('GATEWAY_KEY')
  const [keyTouched, setKeyTouched] = useState(false)
  const earlier = s.runs.filter((r) => r.runId !== s.run?.runId)
  const keyProblem = ENV_NAME.test(keyEnv)
    ? null
    : 'Key variable: letters, digits and _, not starting with a digit.'
  return (
    <section className="load-actions" aria-label="Export and compare">
      <div className="load-inline">
        <button type="button" onClick={() => void s.exportRun('json')}>
          Export JSON
        </button>
        <button type="button" onClick={() => void s.exportRun('csv')}>
          Export levels CSV
        </button>
        <button type="button" onClick={() => void s.exportRun('requestsCsv')}>
          Export requests CSV
        </button>
        <label>
          Key variable
          <input
            value={keyEnv}
            onChange={(e) => setKeyEnv(e.target.value)}
            onBlur={() => setKeyTouched(true)}
            aria-invalid={(keyTouched && !!keyProblem) || undefined}
            className="mono"
            size={14}
          />
        </label>
        <button
          type="button"
          onClick={() => {
            setKeyTouched(true)
            if (!keyProblem) void s.exportRun('locust', keyEnv)
          }}
        >
          Export as Locust file
        </button>
        {s.exported && (
          <a href={s.exported.url} download={s.exported.name} data-testid="load-export-link">
            Download {s.exported.name} ({Math.max(1, Math.round(s.exported.bytes / 1024))} KB)
          </a>
        )}
      </div>
      {keyTouched && keyProblem && <span className="field-error">{keyProblem}</span>}
      <div className="load-inline">
        <label>
          Compare with
          <select
            value={before}
            onFocus={() => void s.loadRuns()}
            onChange={(e) => setBefore(e.target.value)}
          >
            <option value="">an earlier run…</option>
            {earlier.map((r) => (
              <option key={r.runId} value={r.runId}>
                {new Date(r.startedAt).toLocaleString()} · {r.name} ({r.status})
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={!before} onClick={() => void s.diffWith({ beforeId: before })}>
          Compare
        </button>
        <button type="button" onClick={() => reportFile.current?.click()}>
          Compare with a report file…
        </button>
        <input
          ref={reportFile}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={async (e) => {
            const f = e.target.files?.[0]
            e.target.value = ''
            if (f) void s.diffWith({ beforeText: await f.text() })
          }}
        />
        <button type="button" onClick={() => locustFile.current?.click()}>
          Import Locust results…
        </button>
        <input
          ref={locustFile}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="load-locust-input"
          onChange={async (e) => {
            const f = e.target.files?.[0]
            e.target.value = ''
            if (f) void s.importLocust(await f.text())
          }}
        />
      </div>
      <ErrorBanner>{s.diffError ?? s.locustError}</ErrorBanner>
      {s.locust && (
        <p className="muted small" data-testid="load-locust-summary">
          Locust's figures ({s.locust.length} level{s.locust.length === 1 ? '' : 's'}) are shown under each
          matching level. Locust rounds response times for its percentiles (to 10 ms between 100 and 1,000
          ms).
        </p>
      )}
      {s.diff && (
        <div className="load-diff" data-testid="load-diff">
          <p>
            Against "{s.diff.before.name}" ({new Date(s.diff.before.startedAt).toLocaleString()}):{' '}
            {s.diff.rows.filter((r) => r.regressions.length).length} of {s.diff.rows.length} level(s)
            regressed.
          </p>
          <table className="load-table">
            <thead>
              <tr>
                <th scope="col">Target</th>
                <th scope="col">Level</th>
                <th scope="col">Regressions</th>
                <th scope="col">Improvements</th>
              </tr>
            </thead>
            <tbody>
              {s.diff.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.target}</th>
                  <td>{r.level}</td>
                  <td className={r.regressions.length ? 'load-bad' : undefined}>
                    {r.only
                      ? `only in the ${r.only === 'before' ? 'earlier' : 'later'} run`
                      : r.regressions.join('; ') || 'none'}
                  </td>
                  <td className="load-good">
                    {r.changes
                      .filter((c) => c.improvement)
                      .map((c) => c.figure)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

// What to do with a finished check: export the report (Markdown or JSON, a link to the file main wrote), and
// compare it cell by cell with an earlier check of this session or an exported JSON report.
import { useRef, useState } from 'react'
import { useCheckStore } from '../../stores/check'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

export function ReportActions() {
  const s = useCheckStore()
  const file = useRef<HTMLInputElement>(null)
  const [before, setBefore] = useState('')
  const earlier = s.reports.filter((r) => r.checkId !== s.run?.id)
  return (
    <section className="check-report" aria-label="Report">
      <h3>Report</h3>
      <div className="check-inline">
        <button type="button" onClick={() => void s.exportReport('markdown')}>
          Export Markdown
        </button>
        <button type="button" onClick={() => void s.exportReport('json')}>
          Export JSON
        </button>
        {s.exported && (
          <a href={s.exported.url} download={s.exported.name} data-testid="check-export-link">
            Download {s.exported.name} ({Math.max(1, Math.round(s.exported.bytes / 1024))} KB)
          </a>
        )}
      </div>
      <div className="check-inline">
        <label>
          Compare with
          <select
            value={before}
            onFocus={() => void s.loadReports()}
            onChange={(e) => setBefore(e.target.value)}
          >
            <option value="">an earlier check…</option>
            {earlier.map((r) => (
              <option key={r.checkId} value={r.checkId}>
                {new Date(r.startedAt).toLocaleTimeString()} · {r.profile} · {r.cells} cells, {r.deviating}{' '}
                deviating
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={!before} onClick={() => void s.diffWith({ beforeId: before })}>
          Compare
        </button>
        <button type="button" onClick={() => file.current?.click()}>
          Compare with a report file…
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={async (e) => {
            const f = e.target.files?.[0]
            e.target.value = ''
            if (f) void s.diffWith({ beforeText: await f.text() })
          }}
        />
      </div>
      <ErrorBanner>{s.diffError}</ErrorBanner>
      {s.diff && (
        <div className="check-diff" data-testid="check-diff">
          <p>
            Against {s.diff.before.profile} at {s.diff.before.baseUrl} (
            {new Date(s.diff.before.startedAt).toLocaleString()}):{' '}
            {s.diff.changes.length === 0 ? 'no cell changed.' : `${s.diff.changes.length} cell(s) changed.`}{' '}
            <a href={s.diff.markdown.url} download={s.diff.markdown.name}>
              Download the diff
            </a>
          </p>
          {s.diff.changes.length > 0 && (
            <table className="check-table">
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">Probe</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                  <th scope="col">Deviations</th>
                </tr>
              </thead>
              <tbody>
                {s.diff.changes.map((c) => (
                  <tr key={c.key}>
                    <th scope="row">{c.subject}</th>
                    <td>{c.probe}</td>
                    <td className={c.before ? `cell-${c.before}` : undefined}>{c.before ?? 'absent'}</td>
                    <td className={c.after ? `cell-${c.after}` : undefined}>{c.after ?? 'absent'}</td>
                    <td>{[...c.added.map((d) => `+ ${d}`), ...c.removed.map((d) => `− ${d}`)].join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  )
}

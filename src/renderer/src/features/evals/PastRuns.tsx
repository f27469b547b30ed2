// The eval runs kept between sessions, newest first: when each started, its dataset and columns, how it ended
// (done, stopped, failed, or incomplete when the app closed while it ran) and how many cells have a verdict; one
// opens into the Results below, to look at, export or resume, or is compared with the run shown. The list is read
// again whenever a run ends.
import { useEffect } from 'react'
import type { EvalRunInfo } from '../../../../shared/ipc/evals'
import { useEvalsStore, usePastRuns } from '../../stores/evals'

const STATE_TEXT: Record<EvalRunInfo['state'], string> = {
  running: 'Running',
  done: 'Done',
  stopped: 'Stopped',
  failed: 'Failed',
  incomplete: 'Incomplete',
}

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function PastRuns() {
  const { runs, loaded, opening, load, open, compare } = usePastRuns()
  const ended = useEvalsStore((s) => s.run?.ended ?? null)
  const shownId = useEvalsStore((s) => s.run?.id ?? null)
  useEffect(() => {
    void load()
  }, [ended, load])
  if (!loaded || runs.length === 0) return null
  return (
    <section className="evals-section" aria-labelledby="evals-kept">
      <h2 id="evals-kept">Kept runs</h2>
      <div className="evals-scroll evals-kept">
        <table className="evals-table" aria-label="Kept runs">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Dataset</th>
              <th scope="col">Columns</th>
              <th scope="col">State</th>
              <th scope="col">Graded</th>
              <th scope="col">Open or compare</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.evalId} data-testid="kept-run">
                <td>{when(r.createdAt)}</td>
                <td>{r.name}</td>
                <td className="mono">{r.columns.join(', ')}</td>
                <td className={r.state === 'failed' || r.state === 'incomplete' ? 'field-error' : undefined}>
                  {STATE_TEXT[r.state]}
                  {r.cellsCut && ' (some cells not kept: the file reached its size bound)'}
                </td>
                <td>
                  {r.graded} of {r.size}
                </td>
                <td>
                  <button
                    type="button"
                    disabled={opening !== null || r.evalId === shownId}
                    aria-label={`Open the run of ${when(r.createdAt)} on ${r.name}`}
                    onClick={() =>
                      void open(r.evalId).then(() =>
                        document.getElementById('evals-results')?.scrollIntoView({ block: 'start' }),
                      )
                    }
                  >
                    {r.evalId === shownId ? 'Shown' : opening === r.evalId ? 'Opening…' : 'Open'}
                  </button>{' '}
                  {shownId && r.evalId !== shownId && (
                    <button
                      type="button"
                      aria-label={`Compare the run shown with the run of ${when(r.createdAt)}`}
                      onClick={() =>
                        void compare(r).then(() =>
                          document.getElementById('evals-diff')?.scrollIntoView({ block: 'start' }),
                        )
                      }
                    >
                      Compare
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

// The capability matrix, one table per group (text, embeddings, rerank, video, images): subjects × probes, each
// cell a button with its status in words and colour, TTFT and tokens/s, filled as main reports it; a cell not
// yet reported reads "…" while the check runs and "not run" after. A row whose model the gateway does not host
// reads as one verdict across its cells. Under each cell its cost at the profile's prices (from the usage its
// answers reported), and a footer row sums each probe's column.
import { headline, matrixOf } from '../../../../shared/check/report'
import { probeById } from '../../../../shared/check/battery'
import type { CheckCell } from '../../../../shared/check/model'
import type { CheckRunState } from '../../stores/check'
import { billedSumText, billedText } from '../../../../shared/cost/billed'

/** A cell's cost as the matrix shows it: what it cost, or that its model has no price or its usage was not reported. */
function cellCost(cell: CheckCell): string | null {
  return cell.cost && cell.cost.kind !== 'unbilled' ? billedText(cell.cost) : null
}

const WORD: Record<CheckCell['status'], string> = {
  supported: 'supported',
  refused: 'refused',
  deviating: 'deviates',
  failed: 'failed',
  stopped: 'not run',
  skipped: 'n/a',
}

function speed(cell: CheckCell): string {
  const parts = []
  if (cell.ttftMs !== null) parts.push(`${cell.ttftMs} ms`)
  if (cell.tokensPerSecond !== null) parts.push(`${Math.round(cell.tokensPerSecond)} t/s`)
  return parts.join(' · ')
}

export function CheckMatrix({
  run,
  openKey,
  onOpen,
}: {
  run: CheckRunState
  openKey: string | null
  onOpen: (key: string) => void
}) {
  const groups = [...new Set(run.plan.map((p) => p.group))]
  return (
    <div className="check-matrix" data-testid="check-matrix">
      {groups.map((group) => {
        const planned = run.plan.filter((p) => p.group === group)
        const { subjects, probes, at } = matrixOf(planned)
        return (
          <div className="matrix-scroll" key={group}>
            <table className="check-table" aria-label={`${group} matrix`}>
              <thead>
                <tr>
                  <th scope="col">{group}</th>
                  {probes.map((id) => (
                    <th scope="col" key={id} title={probeById(id)?.expects}>
                      {/* Headers wrap between words only: "Out-of-range" stays whole (non-breaking hyphens). */}
                      {(probeById(id)?.label ?? id).replace(/-/g, '\u2011')}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {subjects.map((subject) => {
                  const plainKey = at.get(`plain@${subject}`)?.key
                  const gone = plainKey ? run.cells[plainKey] : undefined
                  // A model the gateway does not host: one verdict for the row, in the gateway's words.
                  if (gone?.unavailable)
                    return (
                      <tr key={subject}>
                        <th scope="row">{subject}</th>
                        <td colSpan={probes.length} className="cell-unavailable">
                          <button
                            type="button"
                            aria-label={`${subject}: ${gone.detail}`}
                            aria-pressed={openKey === gone.key}
                            title={headline(gone)}
                            onClick={() => onOpen(gone.key)}
                          >
                            <span className="cell-word">Model not available here</span>
                            <span className="cell-speed">
                              {gone.detail.replace(/^model not available here: /, '')}
                            </span>
                          </button>
                        </td>
                      </tr>
                    )
                  return (
                    <tr key={subject}>
                      <th scope="row">{subject}</th>
                      {probes.map((id) => {
                        const plan = at.get(`${id}@${subject}`)
                        if (!plan)
                          return <td key={id} className="cell-none" aria-label="not part of this format" />
                        const cell = run.cells[plan.key]
                        if (!cell)
                          return (
                            <td key={id} className="cell-pending">
                              {run.ended ? 'not run' : '…'}
                            </td>
                          )
                        const cost = cellCost(cell)
                        const label = `${subject}, ${probeById(id)?.label ?? id}: ${WORD[cell.status]} (${headline(cell)})${cost ? `, cost ${cost}` : ''}`
                        return (
                          <td key={id} className={`cell-${cell.status}`}>
                            <button
                              type="button"
                              aria-label={label}
                              aria-pressed={openKey === cell.key}
                              title={headline(cell)}
                              onClick={() => onOpen(cell.key)}
                              disabled={cell.status === 'skipped'}
                            >
                              <span className="cell-word">{WORD[cell.status]}</span>
                              {speed(cell) && <span className="cell-speed">{speed(cell)}</span>}
                              {cost && (
                                <span className="cell-cost" data-testid="check-cell-cost">
                                  {cost}
                                </span>
                              )}
                            </button>
                          </td>
                        )
                      })}
                    </tr>
                  )
                })}
              </tbody>
              {planned.some((p) => run.cells[p.key]?.cost) && (
                <tfoot>
                  <tr className="check-cost-row">
                    <th scope="row">Cost</th>
                    {probes.map((id) => (
                      <td key={id} data-testid="check-column-cost">
                        {billedSumText(
                          planned.filter((p) => p.probeId === id).map((p) => run.cells[p.key]?.cost),
                        )}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        )
      })}
    </div>
  )
}

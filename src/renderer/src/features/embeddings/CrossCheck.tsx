// The cross-format check's table: per input, /v1/embeddings float against base64 and against native
// batchEmbedContents, with the cosine and the largest absolute difference; anything beyond float32 precision
// is flagged. A failed check names the request that failed.
import type { CrossCheckOutcome } from '../../../../shared/ipc/embeddings'
import { sameItems, useEmbeddingsStore } from '../../stores/embeddings'
import { PreviousInputs } from './PreviousInputs'

const cos = (x: number) => x.toFixed(7)
const diff = (x: number) => x.toExponential(2)

export function CrossCheck({ outcome }: { outcome: CrossCheckOutcome }) {
  // The inputs the check was made from: an edit or an import since does not relabel its rows.
  const labels = useEmbeddingsStore((s) => s.checkSent)
  const stale = useEmbeddingsStore((s) => !sameItems(s.checkSent, s.embedDraft.inputs))
  if (outcome.status === 'failed')
    return (
      <div className="error-banner" role="alert" data-testid="cross-check">
        <strong>Cross-format check failed at {outcome.step}.</strong> {outcome.error.message}
      </div>
    )
  const all = outcome.rows.length
  return (
    <section className="emb-check" aria-label="Cross-format check" data-testid="cross-check">
      <h3>Cross-format check · {outcome.model}</h3>
      {stale && <PreviousInputs subject="This check is" />}
      <p role="status" className={outcome.disagreements === 0 ? 'emb-agree' : 'field-error'}>
        {outcome.disagreements === 0
          ? `All ${all} inputs agree within float32 precision across float, base64 and native.`
          : `${outcome.disagreements} of ${all} inputs disagree beyond float32 precision.`}
      </p>
      <table aria-label="Cross-format comparison">
        <thead>
          <tr>
            <th scope="col">Input</th>
            <th scope="col">float vs base64: cosine</th>
            <th scope="col">max |Δ|</th>
            <th scope="col">float vs native: cosine</th>
            <th scope="col">max |Δ|</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {outcome.rows.map((r) => {
            const ok = r.base64.agrees && r.native.agrees
            return (
              <tr key={r.index} data-testid="cross-check-row" data-agrees={ok}>
                <td>{labels[r.index]?.label || `#${r.index + 1}`}</td>
                <td className={`mono${r.base64.agrees ? '' : ' field-error'}`}>{cos(r.base64.cosine)}</td>
                <td className={`mono${r.base64.agrees ? '' : ' field-error'}`}>
                  {diff(r.base64.maxAbsDiff)}
                </td>
                <td className={`mono${r.native.agrees ? '' : ' field-error'}`}>{cos(r.native.cosine)}</td>
                <td className={`mono${r.native.agrees ? '' : ' field-error'}`}>
                  {diff(r.native.maxAbsDiff)}
                </td>
                <td>
                  {ok ? (
                    <span className="emb-agree">agrees</span>
                  ) : (
                    <strong className="field-error">differs</strong>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

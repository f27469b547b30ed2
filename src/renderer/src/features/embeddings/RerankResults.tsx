// The rerank result as a ranked list: rank, the document as the form numbers it (from 1; the response's `index`
// counts from 0 and is in the tooltip), its text and the relevance score as a bar; documents top_n left out are listed greyed below. "Compare with embeddings" ranks the same query and
// documents by embedding cosine under any embedding model and marks how each document's rank moved.
import { useShallow } from 'zustand/react/shallow'
import { EMBEDDING_MODELS } from '../../../../shared/catalog/embeddingModels'
import type { TextItem } from '../../../../shared/embed/requests'
import { sameItems, useEmbeddingsStore, type CompareOutcome } from '../../stores/embeddings'
import { PreviousInputs } from './PreviousInputs'

export function RerankResults({ profileId }: { profileId: string | null }) {
  const s = useEmbeddingsStore(
    useShallow((x) => ({
      outcome: x.rerankOutcome,
      sent: x.rerankSent,
      compare: x.compare,
      compareModel: x.compareModel,
      running: x.running,
      stale: x.rerankQuerySent !== x.rerankDraft.query || !sameItems(x.rerankSent, x.rerankDraft.documents),
    })),
  )
  const { setCompareModel, compareWithEmbeddings } = useEmbeddingsStore.getState()
  const { outcome, sent } = s
  if (!outcome)
    return (
      <section className="emb-results" aria-label="Rerank results">
        <p className="muted">
          Rerank orders the documents by relevance to the query. Then compare that order with plain embedding
          similarity under any embedding model.
        </p>
      </section>
    )
  if (outcome.status === 'failed')
    return (
      <section className="emb-results" aria-label="Rerank results">
        <div className="error-banner" role="alert" data-testid="rerank-error">
          <strong>Rerank failed.</strong> {outcome.error.message}
          <div className="muted small">
            Your query and documents are unchanged; fix the problem and send again.
          </div>
        </div>
      </section>
    )
  if (outcome.status === 'stopped')
    return (
      <section className="emb-results" aria-label="Rerank results">
        <p className="warn-banner" role="status">
          Stopped before the ranking arrived.
        </p>
      </section>
    )

  const returned = new Set(outcome.results.map((r) => r.index))
  const left = sent.map((d, index) => ({ d, index })).filter((x) => !returned.has(x.index))
  const top = Math.max(1e-9, ...outcome.results.map((r) => r.score))
  const text = (index: number, fromResult?: string) => fromResult ?? sent[index]?.text ?? ''
  return (
    <section className="emb-results" aria-label="Rerank results">
      {s.stale && <PreviousInputs subject="This ranking is" />}
      <p className="emb-summary" role="status">
        <strong>
          {outcome.results.length} of {sent.length} documents ranked
        </strong>
        <span className="muted">
          {' · '}
          {outcome.model ? `${outcome.model} · ` : ''}
          {outcome.totalTokens !== null ? `total_tokens ${outcome.totalTokens} · ` : ''}
          {outcome.timing.totalMs} ms
        </span>
      </p>
      <ol className="emb-ranked" aria-label="Ranked documents">
        {outcome.results.map((r, rank) => (
          <li key={r.index} className="emb-ranked-item" data-testid="rerank-result" data-score={r.score}>
            <span className="emb-rank">{rank + 1}</span>
            <span className="emb-doc">
              <span className="muted small" title={`index ${r.index} in the response`}>
                document {r.index + 1}
                {sent[r.index]?.label ? ` · ${sent[r.index]!.label}` : ''}
              </span>
              <span className="emb-doc-text">{text(r.index, r.document)}</span>
              <span className="emb-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(0, Math.min(1, r.score / top)) * 100}%` }} />
              </span>
            </span>
            <span className="mono emb-score" aria-label={`relevance score ${r.score.toFixed(4)}`}>
              {r.score.toFixed(4)}
            </span>
          </li>
        ))}
      </ol>
      {left.length > 0 && (
        <>
          <h3 className="muted small">Not returned (top_n)</h3>
          <ul className="emb-ranked emb-leftout" aria-label="Documents not returned">
            {left.map(({ d, index }) => (
              <li key={index} className="emb-ranked-item muted" data-testid="rerank-left">
                <span className="emb-rank">—</span>
                <span className="emb-doc">
                  <span className="small" title={`index ${index} in the request`}>
                    document {index + 1}
                    {d.label ? ` · ${d.label}` : ''}
                  </span>
                  <span className="emb-doc-text">{d.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="emb-compare-bar">
        <label>
          <span className="muted small">Embedding model</span>
          <input
            aria-label="Embedding model to compare with"
            list="emb-compare-models"
            value={s.compareModel}
            spellCheck={false}
            onChange={(e) => setCompareModel(e.target.value)}
          />
          <datalist id="emb-compare-models">
            {EMBEDDING_MODELS.map((m) => (
              <option key={m.id} value={m.id} />
            ))}
          </datalist>
        </label>
        <button
          type="button"
          disabled={!profileId || s.running !== null || s.compareModel.trim() === ''}
          onClick={() => profileId && void compareWithEmbeddings(profileId)}
        >
          Compare with embeddings
        </button>
      </div>
      {s.compare && (
        <Comparison compare={s.compare} rerank={outcome.results.map((r) => r.index)} docs={sent} />
      )}
    </section>
  )
}

function Comparison({
  compare,
  rerank,
  docs,
}: {
  compare: CompareOutcome
  rerank: number[]
  docs: TextItem[]
}) {
  if (compare.status !== 'done')
    return (
      <p className={compare.status === 'failed' ? 'error-banner' : 'warn-banner'} role="alert">
        Comparison with {compare.model}: {compare.message}
      </p>
    )
  const rerankRank = new Map(rerank.map((index, rank) => [index, rank]))
  const name = (index: number) => docs[index]?.label || `document ${index + 1}`
  return (
    <section className="emb-compare" aria-label="Rerank compared with embeddings">
      <div>
        <h3>Rerank order</h3>
        <ol>
          {rerank.map((index) => (
            <li key={index}>{name(index)}</li>
          ))}
        </ol>
      </div>
      <div>
        <h3>By cosine under {compare.model}</h3>
        <ol>
          {compare.ranking.map((r, rank) => {
            const before = rerankRank.get(r.index)
            const moved = before === undefined ? null : before - rank
            return (
              <li key={r.index} data-testid="compare-row">
                {name(r.index)} <span className="mono small muted">{r.cosine.toFixed(4)}</span>{' '}
                {moved === null ? (
                  <span className="badge" title="Not in the rerank result (top_n)">
                    new
                  </span>
                ) : moved === 0 ? (
                  <span className="muted small" title="Same rank as in the rerank order">
                    =
                  </span>
                ) : (
                  <span
                    className={`badge ${moved > 0 ? 'emb-up' : 'emb-down'}`}
                    title={`Rank ${before! + 1} in the rerank order`}
                  >
                    {moved > 0 ? `▲${moved}` : `▼${-moved}`}
                  </span>
                )}
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}

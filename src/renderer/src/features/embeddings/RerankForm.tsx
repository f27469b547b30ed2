// The Rerank form (endpoint 10): model, query, the documents in the same list editor as Embed inputs, top_n
// and return_documents. Errors show per field once touched or after Send; Ctrl/Cmd+Enter sends.
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { validateRerank } from '../../../../shared/embed/requests'
import { RERANK_MODELS } from '../../../../shared/catalog/embeddingModels'
import { useEmbeddingsStore } from '../../stores/embeddingsStore'
import { TextListEditor } from './TextListEditor'
import { touchOnBlur, visibleIssues } from './issues'
import { CannotSend } from './CannotSend'

export function RerankForm({ profileId }: { profileId: string | null }) {
  const s = useEmbeddingsStore(
    useShallow((x) => ({
      draft: x.rerankDraft,
      touched: x.touched.rerank,
      sendPressed: x.sendPressed.rerank,
      running: x.running,
      rawBody: x.rawBody.rerank,
    })),
  )
  const { updateRerank, touch, rerank, stop } = useEmbeddingsStore.getState()
  const { draft } = s
  const issues = useMemo(() => validateRerank(draft), [draft])
  const shown = visibleIssues(issues, s.touched, s.sendPressed)
  const busy = s.running !== null
  const send = () => {
    if (profileId && !busy) void rerank(profileId)
  }

  return (
    <form
      className="emb-form"
      aria-label="Rerank request"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault()
          send()
        }
      }}
    >
      <div className="emb-fields">
        <label>
          <span className="muted small">Model</span>
          <input
            aria-label="Rerank model"
            list="rerank-model-suggestions"
            spellCheck={false}
            value={draft.model}
            aria-invalid={shown.has('model') || undefined}
            onChange={(e) => updateRerank({ model: e.target.value })}
            onBlur={touchOnBlur(() => touch('rerank', 'model'))}
          />
          <datalist id="rerank-model-suggestions">
            {RERANK_MODELS.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          {shown.has('model') && <span className="field-error">{shown.get('model')}</span>}
        </label>
        <label>
          <span className="muted small">top_n</span>
          <input
            aria-label="top_n"
            inputMode="numeric"
            placeholder={`all (${draft.documents.length})`}
            value={draft.topN}
            aria-invalid={shown.has('topN') || undefined}
            onChange={(e) => updateRerank({ topN: e.target.value })}
            onBlur={touchOnBlur(() => touch('rerank', 'topN'))}
          />
          {shown.has('topN') && <span className="field-error">{shown.get('topN')}</span>}
        </label>
        <label className="check emb-check-label">
          <input
            type="checkbox"
            checked={draft.returnDocuments}
            onChange={(e) => updateRerank({ returnDocuments: e.target.checked })}
          />
          <span>return_documents</span>
        </label>
      </div>
      <label className="emb-query">
        <span className="muted small">Query</span>
        <textarea
          aria-label="Query"
          rows={2}
          value={draft.query}
          aria-invalid={shown.has('query') || undefined}
          onChange={(e) => updateRerank({ query: e.target.value })}
          onBlur={touchOnBlur(() => touch('rerank', 'query'))}
        />
        {shown.has('query') && <span className="field-error">{shown.get('query')}</span>}
      </label>
      <TextListEditor mode="rerank" noun="document" field="documents" issues={shown} />
      {s.rawBody !== null && (
        <p className="warn-banner small">Send uses the request JSON as you edited it, not this form.</p>
      )}
      {s.sendPressed && s.rawBody === null && <CannotSend issues={shown} />}
      <div className="actions">
        {busy ? (
          <button type="button" className="danger" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!profileId}>
            Rerank {draft.documents.length} documents
          </button>
        )}
        {s.running && (
          <span className="muted small" role="status">
            {s.running.kind === 'compare' ? 'Embedding the query and documents…' : 'Reranking…'}
          </span>
        )}
      </div>
    </form>
  )
}

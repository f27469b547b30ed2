// The Rerank form (endpoint 10): model, query, the documents in the same list editor as Embed inputs, top_n
// and return_documents. Errors show per field once touched or after Send; Ctrl/Cmd+Enter sends.
import { useMemo } from 'react'
import { validateRerank } from '../../../../shared/embed/requests'
import { RERANK_MODELS } from '../../../../shared/catalog/embeddingModels'
import { useEmbeddingsStore } from '../../stores/embeddings'
import { TextListEditor } from './TextListEditor'
import { touchOnBlur } from './issues'
import { RequestForm, useFormState } from './RequestForm'

export function RerankForm({ profileId }: { profileId: string | null }) {
  const draft = useEmbeddingsStore((x) => x.rerankDraft)
  const { updateRerank, touch, rerank } = useEmbeddingsStore.getState()
  const issues = useMemo(() => validateRerank(draft), [draft])
  const { shown, busy } = useFormState('rerank', issues)
  const send = () => {
    if (profileId && !busy) void rerank(profileId)
  }

  return (
    <RequestForm
      mode="rerank"
      label="Rerank request"
      issues={issues}
      onSend={send}
      runningText={(kind) => (kind === 'compare' ? 'Embedding the query and documents…' : 'Reranking…')}
      sendButtons={
        <button type="submit" className="primary" disabled={!profileId}>
          Rerank {draft.documents.length} documents
        </button>
      }
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
    </RequestForm>
  )
}

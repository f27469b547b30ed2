// The Embed form: format (endpoint 9, 7 or 8), model with the catalog's dimensions, encoding, dimensions /
// outputDimensionality, task type and API version for the native formats, and the list of inputs. Send
// (Ctrl/Cmd+Enter) and the cross-format check; errors show per field once touched or after Send.
import { useMemo } from 'react'
import {
  EMBED_FORMATS,
  EMBED_FORMAT_LABELS,
  isNativeFormat,
  validateEmbed,
  type EmbedFormat,
} from '../../../../shared/embed/requests'
import {
  EMBEDDING_ENCODINGS,
  EMBEDDING_MODELS,
  NATIVE_EMBEDDING_TASK_TYPES,
  embeddingModel,
} from '../../../../shared/catalog/embeddingModels'
import { NOT_IN_CATALOG } from '../../../../shared/catalog/notInCatalog'
import { useEmbeddingsStore } from '../../stores/embeddings'
import { TextListEditor } from './TextListEditor'
import { touchOnBlur } from './issues'
import { RequestForm, useFormState } from './RequestForm'
import { FormatOptions } from '../../components/selectOptions/SelectOptions'

export function EmbedForm({ profileId }: { profileId: string | null }) {
  const draft = useEmbeddingsStore((x) => x.embedDraft)
  const { updateEmbed, touch, embed, runCrossCheck } = useEmbeddingsStore.getState()
  const native = isNativeFormat(draft.format)
  const issues = useMemo(() => validateEmbed(draft), [draft])
  const { shown, busy } = useFormState('embed', issues)
  const info = draft.model.trim() ? embeddingModel(draft.model, native ? 'native' : 'openai') : null
  const dimsField = native ? 'outputDimensionality' : 'dimensions'

  const send = () => {
    if (profileId && !busy) void embed(profileId)
  }

  return (
    <RequestForm
      mode="embed"
      label="Embed request"
      issues={issues}
      onSend={send}
      runningText={(kind) => (kind === 'check' ? 'Running the cross-format check…' : 'Embedding…')}
      sendButtons={
        <>
          <button type="submit" className="primary" disabled={!profileId}>
            Embed {draft.inputs.length === 1 ? '1 input' : `${draft.inputs.length} inputs`}
          </button>
          <button
            type="button"
            disabled={!profileId}
            title="Embed the same inputs as float and base64 through /v1/embeddings and through batchEmbedContents, and compare the vectors"
            onClick={() => profileId && void runCrossCheck(profileId)}
          >
            Cross-format check
          </button>
        </>
      }
    >
      <div className="emb-fields">
        <label>
          <span className="muted small">Format</span>
          <select
            aria-label="Format"
            value={draft.format}
            onChange={(e) => updateEmbed({ format: e.target.value as EmbedFormat })}
          >
            <FormatOptions values={EMBED_FORMATS} labels={EMBED_FORMAT_LABELS} />
          </select>
        </label>
        <label>
          <span className="muted small">Model</span>
          <input
            aria-label="Model"
            list="emb-model-suggestions"
            spellCheck={false}
            value={draft.model}
            aria-invalid={shown.has('model') || undefined}
            onChange={(e) => updateEmbed({ model: e.target.value })}
            onBlur={touchOnBlur(() => touch('embed', 'model'))}
          />
          <datalist id="emb-model-suggestions">
            {EMBEDDING_MODELS.map((m) => (
              <option key={m.id} value={m.id}>
                {`${m.dimensions} dimensions · ${m.format === 'native' ? 'native' : '/v1/embeddings'}`}
              </option>
            ))}
          </datalist>
          {shown.has('model') ? (
            <span className="field-error">{shown.get('model')}</span>
          ) : (
            info && (
              <span className="muted small" data-testid="model-dimensions">
                {info.dimensions} dimensions
                {info.customDimensions ? `; ${dimsField} may shorten them` : '; fixed size'}
                {EMBEDDING_MODELS.some((m) => m.id === info.id) ? '' : ` (${NOT_IN_CATALOG})`}
              </span>
            )
          )}
        </label>
        {!native && (
          <label>
            <span className="muted small">encoding_format</span>
            <select
              aria-label="Encoding"
              value={draft.encoding}
              onChange={(e) =>
                updateEmbed({ encoding: e.target.value as (typeof EMBEDDING_ENCODINGS)[number] })
              }
            >
              {EMBEDDING_ENCODINGS.map((enc) => (
                <option key={enc} value={enc}>
                  {enc === 'base64' ? 'base64 (little-endian float32)' : 'float'}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span className="muted small">{dimsField}</span>
          <input
            aria-label="Dimensions"
            inputMode="numeric"
            placeholder={info ? `${info.dimensions} (full size)` : 'full size'}
            value={draft.dimensions}
            aria-invalid={shown.has('dimensions') || undefined}
            onChange={(e) => updateEmbed({ dimensions: e.target.value })}
            onBlur={touchOnBlur(() => touch('embed', 'dimensions'))}
          />
          {shown.has('dimensions') && <span className="field-error">{shown.get('dimensions')}</span>}
          {issues
            .filter((i) => i.field === 'dimensions' && i.severity === 'warning')
            .map((i) => (
              <span key={i.rule} className="field-warning small" role="status">
                {i.message}
              </span>
            ))}
        </label>
        {native && (
          <>
            <label>
              <span className="muted small">taskType</span>
              <select
                aria-label="Task type"
                value={draft.taskType}
                onChange={(e) => updateEmbed({ taskType: e.target.value })}
              >
                <option value="">(not sent)</option>
                {NATIVE_EMBEDDING_TASK_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <label>
              <span className="muted small">API version</span>
              <select
                aria-label="API version"
                value={draft.apiVersion}
                onChange={(e) => updateEmbed({ apiVersion: e.target.value as 'v1beta' | 'v1' })}
              >
                <option value="v1beta">v1beta</option>
                <option value="v1">v1</option>
              </select>
            </label>
          </>
        )}
      </div>
      <TextListEditor mode="embed" noun="input" field="inputs" issues={shown} />
      {draft.format === 'embedContent' ? (
        <p className="muted small">embedContent embeds exactly one input.</p>
      ) : (
        <p className="muted small">
          The gateway's spec states no batch limit; a batch it refuses shows the gateway's own error.
        </p>
      )}
    </RequestForm>
  )
}

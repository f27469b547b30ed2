// The one draft every column sends, edited with the Text panel's own parts: its field descriptors drawn by the
// same FieldGrid, its JSON fields with the same checks, its attachments, and the format-neutral draft its builder
// makes. What is format-specific is set per column, never here.
import { useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { TEXT_PARAMS_LAYOUT, type FieldSpec } from '../../../../shared/catalog/textParamFields'
import { columnDraft, dropCarriedTurns, useCompareStore } from '../../stores/compare'
import { thinkingSwitched, variableNames } from '../../stores/form'
import { VariablesTable } from '../../components/variables/VariablesTable'
import { FieldGrid, withUnread, type FieldBinding } from '../../components/draftFields/FieldGrid'
import { JsonTextField } from '../../components/draftFields/JsonTextField'
import { responseFormatProblem, toolsProblem } from '../../components/draftFields/jsonField'
import {
  AttachButton,
  AttachmentList,
  useAttach,
  type AttachTarget,
} from '../../components/attachments/Attachments'
import { mediaCalls } from '../../ipc/mediaCalls'
import { ServerToolPicker } from '../../components/toolRound/ServerToolPicker'
import { useToolRoundServers } from '../../stores/tools'

/** The neutral controls: sampling as the native format shows them (it has all four), and the thinking knob. */
const SAMPLING: readonly FieldSpec[] = TEXT_PARAMS_LAYOUT.native.sampling
const THINKING: readonly FieldSpec[] = [
  ...TEXT_PARAMS_LAYOUT.messages.thinking,
  ...TEXT_PARAMS_LAYOUT.chat.thinking,
  ...TEXT_PARAMS_LAYOUT.native.thinking.filter((f) => f.name === 'include_thoughts'),
]

function useBinding(): FieldBinding {
  const params = useCompareStore((s) => s.shared.params)
  return {
    value(spec) {
      const t = spec.target
      if (t.in === 'params') return params[t.key]
      if (t.in === 'thinking') return params.thinking[t.key]
      return undefined
    },
    change(spec, value) {
      const store = useCompareStore.getState()
      const t = spec.target
      if (t.in === 'params') store.setParams({ [t.key]: value })
      else if (t.in === 'thinking')
        store.setParams({ thinking: { ...store.shared.params.thinking, [t.key]: value } })
    },
    unread(spec, message) {
      const next = withUnread(useCompareStore.getState().unreadFields, spec.name, message)
      if (next) useCompareStore.setState({ unreadFields: next })
    },
  }
}

export function DraftEditor() {
  const s = useCompareStore(
    useShallow((x) => ({
      system: x.shared.system,
      turns: x.shared.messages.length,
      stream: x.shared.stream,
      params: x.shared.params,
      toolsText: x.shared.toolsText,
      responseFormatText: x.shared.responseFormatText,
    })),
  )
  const { setShared, setParams } = useCompareStore.getState()
  const binding = useBinding()
  const toolServers = useToolRoundServers().servers
  return (
    <section className="compare-draft" aria-label="Shared draft">
      <label className="system-prompt">
        <span className="muted small">System prompt</span>
        <textarea
          rows={2}
          value={s.system}
          onChange={(e) => setShared({ system: e.target.value })}
          placeholder="Optional instructions for the model"
        />
      </label>
      {s.turns > 0 && (
        <p className="muted small" data-testid="carried-turns">
          {s.turns} earlier turn{s.turns === 1 ? '' : 's'} carried from the Text panel go before the prompt.{' '}
          <button className="ghost" onClick={() => void dropCarriedTurns()}>
            Drop them
          </button>
        </p>
      )}
      <PromptField />
      <CompareVariables />
      <DraftAttachments />
      <details className="compare-params">
        <summary>Parameters for every column</summary>
        <FieldGrid fields={SAMPLING} binding={binding} />
        <div className="field-grid">
          <label className="field-cell">
            <span className="field-label">
              Stop sequences <span className="muted small">one per line</span>
            </span>
            <textarea
              name="stop_sequences"
              rows={2}
              value={s.params.stopSequences.join('\n')}
              onChange={(e) =>
                setParams({ stopSequences: e.target.value.split('\n').filter((line) => line !== '') })
              }
            />
          </label>
          <label className="field-cell field-check">
            <input
              type="checkbox"
              checked={s.stream}
              onChange={(e) => setShared({ stream: e.target.checked })}
            />{' '}
            Stream
          </label>
          <label className="field-cell field-check">
            <input
              type="checkbox"
              checked={s.params.thinking.enabled}
              onChange={(e) => setParams(thinkingSwitched(s.params, e.target.checked))}
            />{' '}
            Ask for reasoning
          </label>
        </div>
        {s.params.thinking.enabled && <FieldGrid fields={THINKING} binding={binding} />}
        <JsonTextField
          name="tools"
          label="Function tools (JSON array of {name, description, parameters})"
          rows={3}
          value={s.toolsText}
          problem={toolsProblem}
          onChange={(v) => setShared({ toolsText: v })}
        />
        <ServerToolPicker
          servers={toolServers}
          toolsText={s.toolsText}
          onChange={(v) => setShared({ toolsText: v })}
        />
        <label className="field-cell">
          <span className="field-label">Tool choice</span>
          <select
            value={typeof s.params.toolChoice === 'string' ? s.params.toolChoice : 'auto'}
            onChange={(e) => setParams({ toolChoice: e.target.value as 'auto' | 'none' | 'required' })}
          >
            <option value="auto">auto</option>
            <option value="none">none</option>
            <option value="required">required</option>
          </select>
        </label>
        <JsonTextField
          name="response_format"
          label="Structured output (JSON schema of the answer)"
          rows={3}
          value={s.responseFormatText}
          problem={responseFormatProblem}
          onChange={(v) => setShared({ responseFormatText: v })}
        />
      </details>
    </section>
  )
}

/**
 * The attachments of the prompt, imported into main's media store as in the Text panel. The draft goes out in
 * several formats, so any file is let through; each column's loss list says which formats cannot carry it.
 */
function DraftAttachments() {
  const attachments = useCompareStore((s) => s.shared.attachments)
  const [error, setError] = useState<string | null>(null)
  const target = useMemo<AttachTarget>(
    () => ({
      attachments: () => useCompareStore.getState().shared.attachments,
      setAttachments: (next) => useCompareStore.getState().setShared({ attachments: next }),
      setError,
      format: () => null,
      importFile: (file, onProgress) => mediaCalls.importFile(file, onProgress),
    }),
    [],
  )
  const { attach, busy } = useAttach(target)
  return (
    <div
      className="compare-attachments"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault()
      }}
      onDrop={(e) => {
        e.preventDefault()
        if (e.dataTransfer.files.length) void attach(e.dataTransfer.files)
      }}
    >
      <AttachmentList
        attachments={attachments}
        detail
        onChange={(next) => {
          setError(null)
          useCompareStore.getState().setShared({ attachments: next })
        }}
      />
      <AttachButton busy={busy} onFiles={(files) => void attach(files)} />
      {busy && (
        <span className="muted small" role="status">
          {busy}
        </span>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

/** The prompt alone reads the prompt: a keystroke renders this field, not the whole editor. */
function PromptField() {
  const composer = useCompareStore((s) => s.shared.composer)
  return (
    <label>
      <span className="muted small">Prompt</span>
      <textarea
        aria-label="Prompt"
        rows={3}
        value={composer}
        placeholder="One prompt for every column (Ctrl+Enter runs all, Esc stops all)"
        onChange={(e) => useCompareStore.getState().setShared({ composer: e.target.value })}
      />
    </label>
  )
}

/** The values of the variables the shared prompt uses: every column's request is filled with the same. */
function CompareVariables() {
  const shared = useCompareStore((x) => x.shared)
  const first = useCompareStore((x) => x.columns[0])
  const attempted = useCompareStore((x) => x.attempted)
  const names = useMemo(
    () => (first ? variableNames(columnDraft(shared, first).draft) : []),
    // Only the texts name variables; a new value leaves the names as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shared.system, shared.messages, shared.composer, shared.toolsText, first],
  )
  return (
    <VariablesTable
      names={names}
      values={shared.variables ?? {}}
      attempted={attempted}
      onChange={(variables) => useCompareStore.getState().setShared({ variables })}
    />
  )
}

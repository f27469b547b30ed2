// Parameters for the chosen format, drawn from the format's field descriptors (shared/catalog/textParamFields):
// sampling limits, thinking, tools, structured output and the format's own fields. Everything the form does not
// show is still reachable in "Other fields (JSON)", validated against the same schema main uses.
import { ServerToolPicker } from '../../components/toolRound/ServerToolPicker'
import { useToolRoundServers } from '../../stores/tools'
import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import {
  TEXT_PARAMS_LAYOUT,
  readItem,
  readPath,
  writeItem,
  writePath,
  type FieldSpec,
} from '../../../../shared/catalog/textParamFields'
import type { WireFormat } from '../../../../shared/wire'
import { THINKING_SUFFIXES } from '../../../../shared/catalog/textModels'
import { useTextStore } from '../../stores/text'
import { thinkingSwitched } from '../../stores/form'
import { FieldGrid, withUnread, type FieldBinding } from '../../components/draftFields/FieldGrid'
import { JsonTextField } from '../../components/draftFields/JsonTextField'
import { responseFormatProblem, toolsProblem } from '../../components/draftFields/jsonField'
import type { extrasFromText as ExtrasFromText } from '../../components/draftFields/extrasText'

/** Reads and writes each descriptor's target in the text store. */
function useBinding(format: WireFormat): FieldBinding {
  const s = useTextStore(
    useShallow((x) => ({
      params: x.params,
      extras: x.extras[format],
      cacheSystem: x.cacheSystem,
    })),
  )
  return {
    value(spec: FieldSpec) {
      const t = spec.target
      if (t.in === 'params') return s.params[t.key]
      if (t.in === 'thinking') return s.params.thinking[t.key]
      // Messages: off, or the cache_control type the cached system prompt is sent with.
      if (t.in === 'panel') return s.cacheSystem ? (readPath(s.extras, ['systemCache']) ?? 'ephemeral') : ''
      if (t.in === 'extrasItem') return readItem(s.extras, t)
      return readPath(s.extras, t.path)
    },
    change(spec: FieldSpec, value: unknown) {
      const store = useTextStore.getState()
      const t = spec.target
      if (t.in === 'params') store.setParams({ [t.key]: value })
      else if (t.in === 'thinking')
        store.setParams({ thinking: { ...store.params.thinking, [t.key]: value } })
      else if (t.in === 'panel') {
        store.set({ cacheSystem: value !== undefined && value !== '' })
        const type = value === 'persistent' ? 'persistent' : undefined
        store.setExtras(format, writePath(store.extras[format], ['systemCache'], type) as never)
      } else if (t.in === 'extrasItem')
        store.setExtras(format, writeItem(store.extras[format], t, value) as never)
      else store.setExtras(format, writePath(store.extras[format], t.path, value) as never)
    },
    unread(spec: FieldSpec, message: string | null) {
      const next = withUnread(useTextStore.getState().unreadFields, spec.name, message)
      if (next) useTextStore.setState({ unreadFields: next })
    },
  }
}

export function ParametersForm() {
  const s = useTextStore(
    useShallow((x) => ({
      format: x.format,
      params: x.params,
      setParams: x.setParams,
      toolsText: x.toolsText,
      responseFormatText: x.responseFormatText,
      set: x.set,
    })),
  )
  const { format, params, setParams } = s
  const layout = TEXT_PARAMS_LAYOUT[format]
  const binding = useBinding(format)
  const toolServers = useToolRoundServers().servers
  return (
    <div className="params" aria-label="Parameters">
      <FieldGrid fields={layout.sampling} binding={binding} />
      <label className="field-cell">
        <span className="field-label">
          Stop sequences <span className="muted small">one per line</span>
        </span>
        <textarea
          rows={2}
          value={params.stopSequences.join('\n')}
          onChange={(e) =>
            setParams({ stopSequences: e.target.value.split('\n').filter((x) => x.length > 0) })
          }
        />
      </label>
      <fieldset>
        <legend>Thinking</legend>
        <label className="field-check">
          <input
            type="checkbox"
            checked={params.thinking.enabled}
            onChange={(e) => setParams(thinkingSwitched(params, e.target.checked))}
          />
          <span className="field-label">Ask for reasoning</span>
        </label>
        {params.thinking.enabled && <FieldGrid fields={layout.thinking} binding={binding} />}
        <p className="muted small">Model suffixes also pick a variant: {THINKING_SUFFIXES.join(', ')}.</p>
      </fieldset>
      <fieldset>
        <legend>Tools</legend>
        <JsonTextField
          name="tools"
          label={
            <>
              Function definitions (JSON array of <code>{'{name, description, parameters}'}</code>)
            </>
          }
          rows={5}
          value={s.toolsText}
          problem={toolsProblem}
          placeholder='[{"name": "get_weather", "description": "Weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]'
          onChange={(v) => s.set({ toolsText: v })}
        />
        <ServerToolPicker
          servers={toolServers}
          toolsText={s.toolsText}
          onChange={(v) => s.set({ toolsText: v })}
        />
        <div className="field-grid">
          <label className="field-cell">
            <span className="field-label">Tool choice</span>
            <select
              value={typeof params.toolChoice === 'string' ? params.toolChoice : 'named'}
              onChange={(e) =>
                setParams({
                  toolChoice:
                    e.target.value === 'named'
                      ? { name: '' }
                      : (e.target.value as 'auto' | 'none' | 'required'),
                })
              }
            >
              <option value="auto">auto</option>
              <option value="none">none</option>
              <option value="required">{layout.requiredToolChoiceLabel}</option>
              <option value="named">a named function</option>
            </select>
          </label>
          {typeof params.toolChoice === 'object' && (
            <label className="field-cell">
              <span className="field-label">Function name</span>
              <input
                value={params.toolChoice.name}
                onChange={(e) => setParams({ toolChoice: { name: e.target.value } })}
              />
            </label>
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>Structured output</legend>
        <JsonTextField
          name="response_format"
          label={
            <>
              JSON schema of the answer{' '}
              {layout.structuredOutputNote && (
                <span className="muted small">{layout.structuredOutputNote}</span>
              )}
            </>
          }
          rows={4}
          value={s.responseFormatText}
          problem={responseFormatProblem}
          placeholder='{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}'
          onChange={(v) => s.set({ responseFormatText: v })}
        />
      </fieldset>
      <fieldset>
        <legend>{layout.formatFields.legend}</legend>
        <FieldGrid fields={layout.formatFields.fields} binding={binding} />
      </fieldset>
      <ExtrasEditor format={format} />
    </div>
  )
}

/** The extras reader with its schemas (and zod), fetched once when the editor is first opened or typed in. */
let extrasText: Promise<{ extrasFromText: typeof ExtrasFromText }> | null = null
const loadExtrasText = () => (extrasText ??= import('../../components/draftFields/extrasText'))

/**
 * Every field of the format's extras as JSON, checked with the schema main parses with. The check loads with
 * the editor's first opening; what is typed is applied in order once it is there.
 */
function ExtrasEditor({ format }: { format: WireFormat }) {
  const extras = useTextStore((s) => s.extras[format])
  const setExtras = useTextStore((s) => s.setExtras)
  const [text, setText] = useState(() => JSON.stringify(extras, null, 2))
  const [error, setError] = useState<string | null>(null)
  // Resync only when the extras changed elsewhere (the form fields), not while the user types here.
  const [seen, setSeen] = useState(extras)
  if (seen !== extras) {
    setSeen(extras)
    if (!sameJson(text, extras)) {
      setText(JSON.stringify(extras, null, 2))
      setError(null)
    }
  }
  const apply = (value: string) => {
    setText(value)
    // One module promise: each keystroke's check runs after the one before, so the last text wins.
    void loadExtrasText().then(({ extrasFromText }) => {
      const result = extrasFromText(format, value)
      if (!result.ok) return setError(result.message)
      setError(null)
      setExtras(format, result.value as never)
    })
  }
  return (
    <details className="extras-editor" onToggle={(e) => e.currentTarget.open && void loadExtrasText()}>
      <summary>Other fields of this format (JSON)</summary>
      <textarea
        rows={8}
        spellCheck={false}
        className="mono"
        value={text}
        aria-label="Format fields JSON"
        aria-invalid={!!error || undefined}
        onChange={(e) => apply(e.target.value)}
      />
      {error && <span className="field-error">{error}</span>}
    </details>
  )
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text || '{}')) === JSON.stringify(value)
  } catch {
    return false
  }
}

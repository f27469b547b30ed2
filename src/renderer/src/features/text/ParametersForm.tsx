// Parameters for the chosen format, from the spec's tables: the common sampling controls with each format's
// limits, tools, structured output, thinking, and the format's own fields. Everything the form does not show is
// still reachable in "Other fields (JSON)", validated against the same schema main uses.
import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import {
  chatExtrasSchema,
  messagesExtrasSchema,
  nativeExtrasSchema,
  responsesExtrasSchema,
  type WireFormat,
} from '../../../../shared/wire'
import { useTextStore } from '../../stores/textStore'

const EXTRAS_SCHEMA = {
  chat: chatExtrasSchema,
  responses: responsesExtrasSchema,
  messages: messagesExtrasSchema,
  native: nativeExtrasSchema,
}

function NumberField(props: {
  label: string
  value: number | undefined
  onChange(v: number | undefined): void
  min?: number
  max?: number
  step?: number
  hint?: string
  name: string
}) {
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value))
  // Follow changes from outside (a reset, another control) without fighting what the user is typing.
  const [seen, setSeen] = useState(props.value)
  if (seen !== props.value) {
    setSeen(props.value)
    const typed = text.trim() === '' ? undefined : Number(text)
    if (typed !== props.value) setText(props.value === undefined ? '' : String(props.value))
  }
  const n = Number(text)
  const bad =
    text.trim() !== '' &&
    (!Number.isFinite(n) ||
      (props.min !== undefined && n < props.min) ||
      (props.max !== undefined && n > props.max))
  return (
    <label className="param">
      <span>
        {props.label} {props.hint && <span className="muted small">{props.hint}</span>}
      </span>
      <input
        name={props.name}
        inputMode="decimal"
        value={text}
        aria-invalid={bad || undefined}
        placeholder="default"
        onChange={(e) => {
          setText(e.target.value)
          const v = e.target.value.trim()
          props.onChange(v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v))
        }}
      />
      {bad && (
        <span className="field-error">
          {props.label} must be{' '}
          {props.min !== undefined && props.max !== undefined
            ? `between ${props.min} and ${props.max}`
            : `at least ${props.min}`}
        </span>
      )}
    </label>
  )
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
  const tempMax = format === 'messages' ? 1 : 2
  return (
    <div className="params" aria-label="Parameters">
      <div className="param-grid">
        <NumberField
          name="temperature"
          label="Temperature"
          hint={`0–${tempMax}`}
          min={0}
          max={tempMax}
          value={params.temperature}
          onChange={(v) => setParams({ temperature: v })}
        />
        <NumberField
          name="top_p"
          label="Top P"
          hint="0–1"
          min={0}
          max={1}
          value={params.topP}
          onChange={(v) => setParams({ topP: v })}
        />
        {(format === 'messages' || format === 'native') && (
          <NumberField
            name="top_k"
            label="Top K"
            min={1}
            value={params.topK}
            onChange={(v) => setParams({ topK: v })}
          />
        )}
        <NumberField
          name="max_tokens"
          label={
            format === 'responses'
              ? 'Max output tokens'
              : format === 'native'
                ? 'Max output tokens'
                : 'Max tokens'
          }
          hint={format === 'messages' ? 'required, > 0' : undefined}
          min={1}
          value={params.maxTokens}
          onChange={(v) => setParams({ maxTokens: v })}
        />
        <label className="param wide">
          <span>
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
      </div>
      <ThinkingControls />
      <fieldset>
        <legend>Tools</legend>
        <label className="param wide">
          <span>
            Function definitions (JSON array of <code>{'{name, description, parameters}'}</code>)
          </span>
          <textarea
            rows={5}
            spellCheck={false}
            className="mono"
            value={s.toolsText}
            placeholder='[{"name": "get_weather", "description": "Weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]'
            onChange={(e) => s.set({ toolsText: e.target.value })}
          />
        </label>
        <label className="param">
          <span>Tool choice</span>
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
            <option value="required">
              {format === 'messages' ? 'any (required)' : format === 'native' ? 'ANY (required)' : 'required'}
            </option>
            <option value="named">a named function</option>
          </select>
        </label>
        {typeof params.toolChoice === 'object' && (
          <label className="param">
            <span>Function name</span>
            <input
              value={params.toolChoice.name}
              onChange={(e) => setParams({ toolChoice: { name: e.target.value } })}
            />
          </label>
        )}
      </fieldset>
      <fieldset>
        <legend>Structured output</legend>
        <label className="param wide">
          <span>
            JSON schema of the answer{' '}
            {format === 'messages' && (
              <span className="muted small">(sent as a forced tool: the answer arrives as a tool call)</span>
            )}
          </span>
          <textarea
            rows={4}
            spellCheck={false}
            className="mono"
            value={s.responseFormatText}
            placeholder='{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}'
            onChange={(e) => s.set({ responseFormatText: e.target.value })}
          />
        </label>
      </fieldset>
      <FormatFields format={format} />
      <ExtrasEditor format={format} />
    </div>
  )
}

function ThinkingControls() {
  const { format, params, setParams } = useTextStore(
    useShallow((x) => ({ format: x.format, params: x.params, setParams: x.setParams })),
  )
  const t = params.thinking
  const setThinking = (patch: Partial<typeof t>) => setParams({ thinking: { ...t, ...patch } })
  return (
    <fieldset>
      <legend>Thinking</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={t.enabled}
          onChange={(e) => setThinking({ enabled: e.target.checked })}
        />{' '}
        Ask for reasoning
      </label>
      {t.enabled && (
        <div className="param-grid">
          {(format === 'messages' || format === 'native') && (
            <NumberField
              name="budget_tokens"
              label="Budget tokens"
              hint={format === 'messages' ? '> 1024, below max tokens' : undefined}
              min={format === 'messages' ? 1025 : 0}
              value={t.budgetTokens}
              onChange={(v) => setThinking({ budgetTokens: v })}
            />
          )}
          {(format === 'chat' || format === 'responses') && (
            <label className="param">
              <span>Effort</span>
              <select
                value={t.effort ?? ''}
                onChange={(e) => setThinking({ effort: (e.target.value || undefined) as typeof t.effort })}
              >
                <option value="">default</option>
                <option value="low">low</option>
                <option value="medium">medium</option>
                <option value="high">high</option>
              </select>
            </label>
          )}
          {format === 'native' && (
            <label className="check">
              <input
                type="checkbox"
                checked={t.includeThoughts ?? false}
                onChange={(e) => setThinking({ includeThoughts: e.target.checked })}
              />{' '}
              Include thoughts
            </label>
          )}
        </div>
      )}
      <p className="muted small">
        Model suffixes also pick a variant: -thinking, -thinking-&lt;budget&gt;, -thinking-low,
        -thinking-high, -nothinking.
      </p>
    </fieldset>
  )
}

function FormatFields({ format }: { format: WireFormat }) {
  const extras = useTextStore((s) => s.extras)
  const setExtras = useTextStore((s) => s.setExtras)
  if (format === 'chat') {
    const x = extras.chat
    return (
      <fieldset>
        <legend>Chat completions fields</legend>
        <div className="param-grid">
          <label className="check">
            <input
              type="checkbox"
              checked={x.enable_thinking ?? false}
              onChange={(e) => setExtras('chat', { ...x, enable_thinking: e.target.checked || undefined })}
            />{' '}
            enable_thinking <span className="muted small">(stream only)</span>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={x.svc_thinking_to_content ?? false}
              onChange={(e) =>
                setExtras('chat', { ...x, svc_thinking_to_content: e.target.checked || undefined })
              }
            />{' '}
            svc_thinking_to_content
          </label>
          <label className="param">
            <span>thinking.type</span>
            <select
              value={x.thinking?.type ?? ''}
              onChange={(e) =>
                setExtras('chat', {
                  ...x,
                  thinking: e.target.value ? { type: e.target.value as 'enabled' | 'disabled' } : undefined,
                })
              }
            >
              <option value="">not sent</option>
              <option value="enabled">enabled</option>
              <option value="disabled">disabled</option>
            </select>
          </label>
          <label className="param">
            <span>Search tool</span>
            <select
              value={x.vendorSearch ?? ''}
              onChange={(e) =>
                setExtras('chat', {
                  ...x,
                  vendorSearch: (e.target.value || undefined) as typeof x.vendorSearch,
                })
              }
            >
              <option value="">off</option>
              <option value="function">vendorSearch function tool</option>
              <option value="extra_body">extra_body.vendor.tools</option>
            </select>
          </label>
          <label className="param">
            <span>search_parameters.mode</span>
            <select
              value={x.search_parameters?.mode ?? ''}
              onChange={(e) =>
                setExtras('chat', {
                  ...x,
                  search_parameters: e.target.value
                    ? { ...x.search_parameters, mode: e.target.value as 'off' | 'auto' | 'on' }
                    : undefined,
                })
              }
            >
              <option value="">not sent</option>
              <option value="off">off</option>
              <option value="auto">auto</option>
              <option value="on">on</option>
            </select>
          </label>
        </div>
      </fieldset>
    )
  }
  if (format === 'responses') {
    const x = extras.responses
    return (
      <fieldset>
        <legend>Responses fields</legend>
        <div className="param-grid">
          <label className="param">
            <span>previous_response_id</span>
            <input
              value={x.previous_response_id ?? ''}
              onChange={(e) =>
                setExtras('responses', { ...x, previous_response_id: e.target.value || undefined })
              }
            />
          </label>
          <label className="param">
            <span>Reasoning summary</span>
            <select
              value={x.reasoning?.summary ?? ''}
              onChange={(e) =>
                setExtras('responses', {
                  ...x,
                  reasoning: {
                    ...x.reasoning,
                    summary: (e.target.value || undefined) as 'auto' | 'none' | 'detailed' | undefined,
                  },
                })
              }
            >
              <option value="">not sent</option>
              <option value="auto">auto</option>
              <option value="detailed">detailed</option>
              <option value="none">none</option>
            </select>
          </label>
          <label className="param">
            <span>truncation</span>
            <select
              value={x.truncation ?? ''}
              onChange={(e) =>
                setExtras('responses', {
                  ...x,
                  truncation: (e.target.value || undefined) as 'auto' | 'disabled' | undefined,
                })
              }
            >
              <option value="">default (disabled)</option>
              <option value="auto">auto</option>
              <option value="disabled">disabled</option>
            </select>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={x.parallel_tool_calls ?? true}
              onChange={(e) =>
                setExtras('responses', { ...x, parallel_tool_calls: e.target.checked ? undefined : false })
              }
            />{' '}
            parallel_tool_calls
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={!!x.web_search_preview}
              onChange={(e) =>
                setExtras('responses', { ...x, web_search_preview: e.target.checked ? {} : undefined })
              }
            />{' '}
            web_search_preview tool
          </label>
        </div>
      </fieldset>
    )
  }
  if (format === 'messages') {
    const x = extras.messages
    const cacheSystem = useTextStore.getState().cacheSystem
    return (
      <fieldset>
        <legend>Messages fields</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={cacheSystem}
            onChange={(e) => useTextStore.getState().set({ cacheSystem: e.target.checked })}
          />{' '}
          Cache the system prompt (cache_control ephemeral)
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={x.disable_parallel_tool_use ?? false}
            onChange={(e) =>
              setExtras('messages', { ...x, disable_parallel_tool_use: e.target.checked || undefined })
            }
          />{' '}
          disable_parallel_tool_use
        </label>
      </fieldset>
    )
  }
  const x = extras.native
  const modalities = x.generationConfig?.responseModalities ?? []
  return (
    <fieldset>
      <legend>Native fields</legend>
      <div className="param-grid">
        <label className="check">
          <input
            type="checkbox"
            checked={modalities.includes('IMAGE')}
            onChange={(e) =>
              setExtras('native', {
                ...x,
                generationConfig: {
                  ...x.generationConfig,
                  responseModalities: e.target.checked ? ['TEXT', 'IMAGE'] : undefined,
                },
              })
            }
          />{' '}
          Image output (responseModalities IMAGE)
        </label>
        <label className="param">
          <span>Function calling mode</span>
          <select
            value={x.toolConfig?.functionCallingConfig.mode ?? ''}
            onChange={(e) =>
              setExtras('native', {
                ...x,
                toolConfig: e.target.value
                  ? { functionCallingConfig: { mode: e.target.value as 'AUTO' | 'ANY' | 'NONE' } }
                  : undefined,
              })
            }
          >
            <option value="">from tool choice</option>
            <option value="AUTO">AUTO</option>
            <option value="ANY">ANY</option>
            <option value="NONE">NONE</option>
          </select>
        </label>
        <label className="param">
          <span>cachedContent</span>
          <input
            value={x.cachedContent ?? ''}
            onChange={(e) => setExtras('native', { ...x, cachedContent: e.target.value || undefined })}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={x.vendorSearch ?? false}
            onChange={(e) => setExtras('native', { ...x, vendorSearch: e.target.checked || undefined })}
          />{' '}
          vendorSearch tool
        </label>
      </div>
    </fieldset>
  )
}

/** Every field of the format's extras as JSON, checked with the schema main parses with. */
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
    let parsed: unknown
    try {
      parsed = value.trim() ? JSON.parse(value) : {}
    } catch (e) {
      return setError(`not valid JSON (${(e as Error).message})`)
    }
    const result = EXTRAS_SCHEMA[format].safeParse(parsed)
    if (!result.success) {
      return setError(
        result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
      )
    }
    setError(null)
    setExtras(format, result.data as never)
  }
  return (
    <details className="extras-editor">
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

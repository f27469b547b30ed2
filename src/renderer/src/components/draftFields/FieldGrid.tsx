// The one renderer of the parameters form's field descriptors (shared/catalog/textParamFields): a grid whose
// cells hold a label above its control (or a box beside its wrapping text), so labels wrap and never overlap.
// It only draws; reading and writing values is the caller's binding.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import {
  isChecked,
  numberFieldError,
  type FieldSpec,
  type JsonFieldSpec,
  type NumberFieldSpec,
} from '../../../../shared/catalog/textParamFields'
import { jsonFieldProblem } from './jsonField'
import './fieldGrid.css'

export interface FieldBinding {
  value(spec: FieldSpec): unknown
  change(spec: FieldSpec, value: unknown): void
  /** A field's text cannot be read as its value (a number typed "abc"): the message, or null once it can. */
  unread?(spec: FieldSpec, message: string | null): void
}

/** `fields` with `name`'s unread message set (or cleared when null); null when nothing changes. */
export function withUnread(
  fields: Record<string, string>,
  name: string,
  message: string | null,
): Record<string, string> | null {
  if ((fields[name] ?? null) === message) return null
  const { [name]: _was, ...rest } = fields
  return message ? { ...rest, [name]: message } : rest
}

export function FieldGrid({ fields, binding }: { fields: readonly FieldSpec[]; binding: FieldBinding }) {
  return (
    <div className="field-grid">
      {fields.map((spec) => (
        <FieldCell key={spec.name} spec={spec} binding={binding} />
      ))}
    </div>
  )
}

function FieldCell({ spec, binding }: { spec: FieldSpec; binding: FieldBinding }) {
  const value = binding.value(spec)
  switch (spec.kind) {
    case 'number':
      return (
        <NumberCell
          spec={spec}
          value={typeof value === 'number' ? value : undefined}
          onChange={(v) => binding.change(spec, v)}
          onUnread={(message) => binding.unread?.(spec, message)}
        />
      )
    case 'check':
      return (
        <label className="field-cell field-check" data-field={spec.name}>
          <input
            type="checkbox"
            name={spec.name}
            checked={isChecked(spec, value)}
            onChange={(e) => binding.change(spec, e.target.checked ? spec.on : spec.off)}
          />
          <span className="field-label">
            {spec.label} {spec.hint && <span className="muted small">{spec.hint}</span>}
          </span>
        </label>
      )
    case 'select':
      return (
        <label className="field-cell" data-field={spec.name}>
          <FieldLabel spec={spec} />
          <select
            name={spec.name}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => binding.change(spec, e.target.value || undefined)}
          >
            <option value="">{spec.emptyLabel}</option>
            {spec.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label ?? o.value}
              </option>
            ))}
          </select>
        </label>
      )
    case 'text':
      return (
        <TextCell
          name={spec.name}
          label={<FieldLabel spec={spec} />}
          suggestions={spec.suggestions}
          value={typeof value === 'string' ? value : ''}
          onChange={(v) => binding.change(spec, v || undefined)}
        />
      )
    case 'list':
      return (
        <label className="field-cell" data-field={spec.name}>
          <FieldLabel spec={spec} />
          <ListInput
            name={spec.name}
            placeholder={spec.placeholder}
            value={Array.isArray(value) ? value.map(String) : []}
            onChange={(v) => binding.change(spec, v.length ? v : undefined)}
          />
        </label>
      )
    case 'json':
      return <JsonCell spec={spec} value={value} onChange={(v) => binding.change(spec, v)} />
  }
}

function FieldLabel({ spec }: { spec: FieldSpec }) {
  return (
    <span className="field-label">
      {spec.label} {spec.hint && <span className="muted small">{spec.hint}</span>}
    </span>
  )
}

function TextCell(props: {
  name: string
  label: ReactNode
  suggestions: readonly string[] | undefined
  value: string
  onChange(v: string): void
}) {
  const listId = useId()
  return (
    <label className="field-cell" data-field={props.name}>
      {props.label}
      <input
        name={props.name}
        value={props.value}
        list={props.suggestions ? listId : undefined}
        placeholder={props.suggestions ? 'not sent' : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.suggestions && (
        <datalist id={listId}>
          {props.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </label>
  )
}

/** Comma-separated strings; the typed text is kept while it is being typed (a trailing comma, spaces). */
function ListInput(props: {
  name: string
  placeholder: string | undefined
  value: string[]
  onChange(v: string[]): void
}) {
  const [text, setText] = useState(props.value.join(', '))
  const [seen, setSeen] = useState(props.value)
  const parse = (t: string) =>
    t
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
  if (seen !== props.value) {
    setSeen(props.value)
    if (parse(text).join('\u0000') !== props.value.join('\u0000')) setText(props.value.join(', '))
  }
  return (
    <input
      name={props.name}
      value={text}
      placeholder={props.placeholder}
      onChange={(e) => {
        setText(e.target.value)
        props.onChange(parse(e.target.value))
      }}
    />
  )
}

/** JSON typed as text: stored once it parses and holds the field's rule; until then the error names the field. */
function JsonCell(props: { spec: JsonFieldSpec; value: unknown; onChange(v: unknown): void }) {
  const { spec } = props
  const [text, setText] = useState(props.value === undefined ? '' : JSON.stringify(props.value, null, 2))
  const [seen, setSeen] = useState(props.value)
  const problem = jsonFieldProblem(spec.label, text, spec.check)
  if (seen !== props.value) {
    setSeen(props.value)
    // Text that does not hold yet stores nothing: keep it while the user fixes it.
    const typing = problem !== null && props.value === undefined
    const same =
      !problem &&
      JSON.stringify(text.trim() ? JSON.parse(text) : null) === JSON.stringify(props.value ?? null)
    if (!typing && !same) setText(props.value === undefined ? '' : JSON.stringify(props.value, null, 2))
  }
  return (
    <label className="field-cell field-cell-wide" data-field={spec.name}>
      <FieldLabel spec={spec} />
      <textarea
        name={spec.name}
        rows={3}
        spellCheck={false}
        className="mono"
        value={text}
        placeholder={spec.placeholder}
        aria-invalid={!!problem || undefined}
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          // Until the text holds, nothing is sent for this field (the error says why).
          const holds = next.trim() !== '' && !jsonFieldProblem(spec.label, next, spec.check)
          props.onChange(holds ? (JSON.parse(next) as unknown) : undefined)
        }}
      />
      {problem && <span className="field-error">{problem.message}</span>}
    </label>
  )
}

/** The value a number field's text stands for: undefined when empty or not a number of the field's kind. */
function numberOf(spec: NumberFieldSpec, text: string): number | undefined {
  const v = text.trim()
  const n = Number(v)
  return v === '' || !Number.isFinite(n) || (spec.integer && !Number.isInteger(n)) ? undefined : n
}

function NumberCell(props: {
  spec: NumberFieldSpec
  value: number | undefined
  onChange(v: number | undefined): void
  onUnread(message: string | null): void
}) {
  const { spec } = props
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value))
  // Follow changes from outside (a reset, another control) without fighting what the user is typing: text that
  // is not a number ("0,7") stands for no value, so it stays on screen with its error until the user fixes it.
  const [seen, setSeen] = useState(props.value)
  if (seen !== props.value) {
    setSeen(props.value)
    if (numberOf(spec, text) !== props.value) setText(props.value === undefined ? '' : String(props.value))
  }
  const error = numberFieldError(spec, text)
  // A field that leaves the form (another format, thinking turned off) no longer holds Send.
  const onUnread = useRef(props.onUnread)
  useEffect(() => {
    onUnread.current = props.onUnread
  })
  useEffect(() => () => onUnread.current(null), [])
  return (
    <label className="field-cell" data-field={spec.name}>
      <span className="field-label">
        {spec.label} {spec.hint && <span className="muted small">{spec.hint}</span>}
      </span>
      <input
        name={spec.name}
        inputMode="decimal"
        value={text}
        aria-invalid={!!error || undefined}
        placeholder="default"
        onChange={(e) => {
          const next = e.target.value
          setText(next)
          const value = numberOf(spec, next)
          props.onUnread(value === undefined && next.trim() !== '' ? numberFieldError(spec, next) : null)
          props.onChange(value)
        }}
      />
      {error && <span className="field-error">{error}</span>}
    </label>
  )
}

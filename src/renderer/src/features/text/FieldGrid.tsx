// The one renderer of the parameters form's field descriptors (shared/catalog/textParamFields): a grid whose
// cells hold a label above its control (or a box beside its wrapping text), so labels wrap and never overlap.
// It only draws; reading and writing values is the caller's binding.
import { useState } from 'react'
import {
  isChecked,
  numberFieldError,
  type FieldSpec,
  type NumberFieldSpec,
} from '../../../../shared/catalog/textParamFields'

export interface FieldBinding {
  value(spec: FieldSpec): unknown
  change(spec: FieldSpec, value: unknown): void
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
          <span className="field-label">{spec.label}</span>
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
        <label className="field-cell" data-field={spec.name}>
          <span className="field-label">{spec.label}</span>
          <input
            name={spec.name}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => binding.change(spec, e.target.value || undefined)}
          />
        </label>
      )
  }
}

function NumberCell(props: {
  spec: NumberFieldSpec
  value: number | undefined
  onChange(v: number | undefined): void
}) {
  const { spec } = props
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value))
  // Follow changes from outside (a reset, another control) without fighting what the user is typing.
  const [seen, setSeen] = useState(props.value)
  if (seen !== props.value) {
    setSeen(props.value)
    const typed = text.trim() === '' ? undefined : Number(text)
    if (typed !== props.value) setText(props.value === undefined ? '' : String(props.value))
  }
  const error = numberFieldError(spec, text)
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
          setText(e.target.value)
          const v = e.target.value.trim()
          props.onChange(v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v))
        }}
      />
      {error && <span className="field-error">{error}</span>}
    </label>
  )
}

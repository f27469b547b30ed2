// A field whose spec names its values: a select of those values, plus "Other…" with a text box where the spec
// allows any string. A value typed before (or loaded from a saved draft) that is not in the list shows as Other
// with its text kept, so nothing the user wrote is lost.
import { useId, useState } from 'react'
import { FieldError } from './fields'

const OTHER = '\u0000other'

interface Props {
  label: string
  value: string | undefined
  options: readonly { value: string; label: string }[]
  issue?: string
  onChange(value: string): void
}

export function SelectOrOther({ label, value, options, issue, onChange }: Props) {
  const id = useId()
  const known = options.some((o) => o.value === value)
  const [other, setOther] = useState(!known && !!value)
  const showOther = other || (!known && !!value)
  return (
    <div className="images-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={showOther ? OTHER : (value ?? '')}
        aria-invalid={issue && !showOther ? true : undefined}
        onChange={(e) => {
          const next = e.target.value
          setOther(next === OTHER)
          onChange(next === OTHER ? '' : next)
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        <option value={OTHER}>Other…</option>
      </select>
      {showOther && (
        <input
          aria-label={`${label} (other value)`}
          value={value ?? ''}
          aria-invalid={issue ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError message={issue} label={label} />
    </div>
  )
}

// The Images panel's form fields: labelled inputs that mark a touched field and show its issue under it. Issues
// come from the shared validators (as the user types) and from main's refusal (files it checked); a field's issue
// shows once the user touched it or pressed the send button, never before.
import { useId, useMemo, useState } from 'react'
import { imageFormWarnings, validateImageForm } from '../../../../shared/images/bodies'
import type { ImageMode } from '../../../../shared/images/forms'
import { useImagesStore } from '../../stores/images'
import { IssueWords } from '../../components/imageInput/issueWords'

/** The issues to show for a mode, by field. */
export function useIssues(mode: ImageMode): Map<string, string> {
  const form = useImagesStore((s) => s.drafts[mode])
  const files = useImagesStore((s) => s.files)
  const touched = useImagesStore((s) => s.touched[mode])
  const sent = useImagesStore((s) => s.sent[mode])
  const refused = useImagesStore((s) => s.refused[mode])
  return useMemo(() => {
    const dims = (field: string) => {
      const value = fieldValue(form as unknown as Record<string, unknown>, field)
      const image = typeof value === 'string' ? files[value]?.image : undefined
      return image ? { width: image.width, height: image.height } : null
    }
    const out = new Map<string, string>()
    for (const issue of validateImageForm(form, dims)) {
      const root = issue.field.replace(/[[.].*$/, '')
      if (sent || touched[issue.field] || touched[root]) out.set(issue.field, issue.message)
    }
    for (const issue of refused) if (!out.has(issue.field)) out.set(issue.field, issue.message)
    // A limit the app assumed: said, never refusing.
    for (const issue of imageFormWarnings(form))
      if (!out.has(issue.field)) out.set(issue.field, `${WARNING}${issue.message}`)
    return out
  }, [form, files, touched, sent, refused])
}

function fieldValue(form: Record<string, unknown>, path: string): unknown {
  let node: unknown = form
  for (const key of path.split(/[.[\]]/).filter(Boolean)) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined
  }
  return node
}

const WARNING = 'Warning: '

export function FieldError({ message, label }: { message: string | undefined; label?: string }) {
  if (message?.startsWith(WARNING))
    return (
      <p className="warn-banner small" role="status">
        {message}
      </p>
    )
  return message ? (
    <p className="field-error" role="alert">
      <IssueWords label={label} message={message} />
    </p>
  ) : null
}

interface TextProps {
  label: string
  value: string | undefined
  issue?: string
  multiline?: boolean
  placeholder?: string
  onChange(value: string): void
}

export function TextField({ label, value, issue, multiline, placeholder, onChange }: TextProps) {
  const id = useId()
  return (
    <div className="images-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          rows={3}
          value={value ?? ''}
          placeholder={placeholder}
          aria-invalid={issue ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          value={value ?? ''}
          placeholder={placeholder}
          aria-invalid={issue ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError message={issue} label={label} />
    </div>
  )
}

interface NumberProps {
  label: string
  value: number | undefined
  issue?: string
  step?: number
  onChange(value: number | undefined): void
}

export function NumberField({ label, value, issue, step, onChange }: NumberProps) {
  const id = useId()
  return (
    <div className="images-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        step={step ?? 'any'}
        value={value === undefined || Number.isNaN(value) ? '' : value}
        aria-invalid={issue ? true : undefined}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
      <FieldError message={issue} label={label} />
    </div>
  )
}

export function CheckField({
  label,
  value,
  onChange,
}: {
  label: string
  value: boolean | undefined
  onChange(value: boolean): void
}) {
  return (
    <label className="inline">
      <input type="checkbox" checked={value ?? false} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}

export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange(value: T): void
}) {
  // One name per group, so the browser treats the choices as one radio group (arrow keys, one Tab stop).
  const name = useId()
  return (
    <fieldset className="images-choice">
      <legend>{label}</legend>
      {options.map((o) => (
        <label key={o.value} className="inline">
          <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * A string field whose allowed values the spec does not name: the usual values as choices, "not sent", and
 * "Other…" for any value typed (kept as typed).
 */
export function SuggestedField({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string | undefined
  options: readonly string[]
  onChange(value: string): void
}) {
  const id = useId()
  const current = value ?? ''
  const known = current === '' || options.includes(current)
  const [other, setOther] = useState(!known)
  return (
    <div className="images-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={other ? OTHER : current}
        onChange={(e) => {
          const next = e.target.value
          setOther(next === OTHER)
          if (next !== OTHER) onChange(next)
        }}
      >
        <option value="">not sent</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
        <option value={OTHER}>Other…</option>
      </select>
      {other && (
        <input
          aria-label={`${label}, other value`}
          value={current}
          placeholder="as the gateway takes it"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  )
}

const OTHER = '\u0000other'

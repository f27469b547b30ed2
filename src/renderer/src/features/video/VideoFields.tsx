// The one renderer of the video form's field descriptors (shared/video/formFields): each descriptor becomes a
// labelled control bound to one form field, with that field's issue beside it in the label's words (the JSON
// path in small print, as the Images forms say it). It only draws; the caller holds the values and decides which
// issues are visible (touched fields only).
import { cloneElement, useEffect, useId, useState } from 'react'
import {
  takesAnyValue,
  visibleVideoFields,
  type VideoChoiceField,
  type VideoFieldContext,
  type VideoFieldSpec,
} from '../../../../shared/video/formFields'
import { IssueWords } from '../../components/imageInput/issueWords'

export interface VideoFieldsProps {
  fields: readonly VideoFieldSpec[]
  ctx: VideoFieldContext
  values: Readonly<Record<string, unknown>>
  issues: ReadonlyMap<string, string>
  onChange(key: string, value: unknown): void
  /** A field whose typed text cannot be sent yet (a number field's "7.5"), or null once it can. */
  onUnsendable?(key: string, problem: string | null): void
}

export function VideoFields({ fields, ctx, values, issues, onChange, onUnsendable }: VideoFieldsProps) {
  return (
    <>
      {visibleVideoFields(fields, ctx).map((spec) => {
        if (spec.kind === 'note') {
          return (
            <p key={spec.key} className="muted small">
              {spec.text}
            </p>
          )
        }
        const issue = [spec.key, ...(spec.alsoIssues ?? [])].map((k) => issues.get(k)).find(Boolean)
        const value = values[spec.key]
        const set = (v: unknown) => onChange(spec.key, v)
        switch (spec.kind) {
          case 'choice':
            return (
              <Choice
                key={spec.key}
                spec={spec}
                ctx={ctx}
                value={value}
                issue={issue}
                onChange={set}
                onUnsendable={(problem) => onUnsendable?.(spec.key, problem)}
              />
            )
          case 'check':
            return (
              <label key={spec.key} className="inline">
                <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />
                {spec.label}
                {issue && (
                  <span className="field-error">
                    <IssueWords label={spec.label} message={issue} />
                  </span>
                )}
              </label>
            )
          case 'number':
            return (
              <Field key={spec.key} label={spec.label} issue={issue}>
                <input
                  type="number"
                  inputMode="numeric"
                  value={typeof value === 'number' ? value : ''}
                  min={spec.min?.(ctx)}
                  max={spec.max?.(ctx)}
                  onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
                />
              </Field>
            )
          default: {
            const text = typeof value === 'string' ? value : ''
            const write = (v: string) => set(spec.optional && v === '' ? undefined : v)
            const listId = spec.suggestions ? `video-${spec.key}-suggestions` : undefined
            return (
              <Field
                key={spec.key}
                label={spec.label}
                issue={issue}
                after={
                  listId && (
                    <datalist id={listId}>
                      {spec.suggestions!.map((s) => (
                        <option key={s} value={s} />
                      ))}
                    </datalist>
                  )
                }
              >
                {spec.kind === 'textarea' ? (
                  <textarea
                    rows={3}
                    value={text}
                    placeholder={spec.placeholder?.(ctx)}
                    onChange={(e) => write(e.target.value)}
                  />
                ) : (
                  <input
                    type={spec.kind === 'url' ? 'url' : 'text'}
                    value={text}
                    list={listId}
                    placeholder={spec.placeholder?.(ctx)}
                    onChange={(e) => write(e.target.value)}
                  />
                )}
              </Field>
            )
          }
        }
      })}
    </>
  )
}

function Choice({
  spec,
  ctx,
  value,
  issue,
  onChange,
  onUnsendable,
}: {
  spec: VideoChoiceField
  ctx: VideoFieldContext
  value: unknown
  issue: string | undefined
  onChange(v: unknown): void
  onUnsendable(problem: string | null): void
}) {
  const values = spec.values(ctx)
  if (takesAnyValue(spec, ctx))
    return (
      <AnyValue
        spec={spec}
        values={values}
        value={value}
        issue={issue}
        onChange={onChange}
        onUnsendable={onUnsendable}
      />
    )
  return (
    <Field label={spec.label} issue={issue}>
      <select
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => {
          const raw = e.target.value
          if (raw === '') return onChange(spec.fallback)
          onChange(values.find((v) => String(v) === raw))
        }}
      >
        {spec.empty !== undefined && <option value="">{spec.empty}</option>}
        {values.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    </Field>
  )
}

/**
 * A choice whose limit the spec does not state for this model: any value, the app's usual ones offered as
 * suggestions, the rules' warning beside it. The text typed stays as typed; a whole number is sent as one.
 */
function AnyValue({
  spec,
  values,
  value,
  issue,
  onChange,
  onUnsendable,
}: {
  spec: VideoChoiceField
  values: readonly (string | number)[]
  value: unknown
  issue: string | undefined
  onChange(v: unknown): void
  onUnsendable(problem: string | null): void
}) {
  const listId = useId()
  const shown = value === undefined || value === null ? '' : String(value)
  const [text, setText] = useState(shown)
  // A value set elsewhere (a model's defaults) replaces the text; the text's own value does not.
  const [last, setLast] = useState(shown)
  if (shown !== last) {
    setLast(shown)
    setText(shown)
  }
  const numeric = values.every((v) => typeof v === 'number')
  const notWhole = numeric && text.trim() !== '' && !/^\d+$/.test(text.trim())
  const problem = notWhole
    ? `${spec.key} must be a whole number (got ${text.trim().slice(0, 20)}); nothing is sent until it is one`
    : null
  useEffect(() => {
    onUnsendable(problem)
  }, [problem]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => onUnsendable(null), []) // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Field
      label={spec.label}
      issue={problem ?? issue}
      after={
        <datalist id={listId}>
          {values.map((v) => (
            <option key={String(v)} value={String(v)} />
          ))}
        </datalist>
      }
    >
      <input
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        list={listId}
        value={text}
        placeholder={values.map(String).join(', ')}
        onChange={(e) => {
          setText(e.target.value)
          const raw = e.target.value.trim()
          const next =
            raw === '' ? spec.fallback : numeric ? (/^\d+$/.test(raw) ? Number(raw) : undefined) : raw
          setLast(next === undefined || next === null ? '' : String(next))
          onChange(next)
        }}
      />
    </Field>
  )
}

/**
 * A labelled control with its issue. The control is named by `aria-label` (a wrapping label would fold the
 * select's value and the issue text into the name) and described by the issue.
 */
export function Field({
  label,
  issue,
  children,
  after,
}: {
  label: string
  issue?: string | undefined
  children: React.ReactElement
  after?: React.ReactNode
}) {
  const issueId = useId()
  // Only warnings (issuesByField prefixes each with "Warning: ", errors first): said beside the field, not
  // marked invalid.
  const warningOnly = issue !== undefined && issue.startsWith('Warning: ')
  return (
    <label>
      {label}
      {cloneElement(children as React.ReactElement<Record<string, unknown>>, {
        'aria-label': label,
        'aria-invalid': issue && !warningOnly ? true : undefined,
        'aria-describedby': issue ? issueId : undefined,
      })}
      {issue && (
        <span className={warningOnly ? 'field-warning' : 'field-error'} id={issueId}>
          <IssueWords label={label} message={issue} />
        </span>
      )}
      {after}
    </label>
  )
}

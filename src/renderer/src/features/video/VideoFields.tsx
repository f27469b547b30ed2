// The one renderer of the video form's field descriptors (shared/video/formFields): each descriptor becomes a
// labelled control bound to one form field, with that field's issue beside it in the label's words (the JSON
// path in small print, as the Images forms say it). It only draws; the caller holds the values and decides which
// issues are visible (touched fields only).
import { cloneElement, useId } from 'react'
import {
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
}

export function VideoFields({ fields, ctx, values, issues, onChange }: VideoFieldsProps) {
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
            return <Choice key={spec.key} spec={spec} ctx={ctx} value={value} issue={issue} onChange={set} />
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
}: {
  spec: VideoChoiceField
  ctx: VideoFieldContext
  value: unknown
  issue: string | undefined
  onChange(v: unknown): void
}) {
  const values = spec.values(ctx)
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
  return (
    <label>
      {label}
      {cloneElement(children as React.ReactElement<Record<string, unknown>>, {
        'aria-label': label,
        'aria-invalid': issue ? true : undefined,
        'aria-describedby': issue ? issueId : undefined,
      })}
      {issue && (
        <span className="field-error" id={issueId}>
          <IssueWords label={label} message={issue} />
        </span>
      )}
      {after}
    </label>
  )
}

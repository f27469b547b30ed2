// The values of a prompt's `{{name}}` variables, one row per name the prompt uses (in order of first use), in
// the Text and Compare panels. The names still without a value are listed beneath from the start (that is what
// Send would wait for); once Send was pressed they show as errors and their boxes are marked.
import { VARIABLE_VALUE_CHARS } from '../../../../shared/ipc/textConstants'
import './variables.css'

interface Props {
  names: readonly string[]
  values: Readonly<Record<string, string>>
  onChange(values: Record<string, string>): void
  /** Send or Run was pressed: an unset name is an error now. */
  attempted: boolean
}

export function VariablesTable({ names, values, onChange, attempted }: Props) {
  if (names.length === 0) return null
  const unset = names.filter((n) => !values[n])
  return (
    <fieldset className="variables-table" aria-label="Variables">
      <legend className="small">
        Variables <span className="muted">filled into the request; the conversation keeps the names</span>
      </legend>
      <div className="variables-rows">
        {names.map((name) => (
          <label key={name} className="variable-row">
            <code className="variable-name">{`{{${name}}}`}</code>
            <textarea
              rows={1}
              aria-label={`Value of ${name}`}
              aria-invalid={attempted && !values[name] ? true : undefined}
              maxLength={VARIABLE_VALUE_CHARS}
              value={values[name] ?? ''}
              placeholder="value"
              onChange={(e) => onChange({ ...values, [name]: e.target.value })}
            />
          </label>
        ))}
      </div>
      {unset.length > 0 && (
        <p
          className={attempted ? 'field-error' : 'muted small'}
          role={attempted ? 'alert' : undefined}
          data-testid="unset-variables"
        >
          No value yet for {unset.map((n) => `{{${n}}}`).join(', ')}: Send waits for{' '}
          {unset.length === 1 ? 'it' : 'them'}.
        </p>
      )}
    </fieldset>
  )
}

// A JSON text area of the parameters form (Tools, Structured output) that reports, as the user types, what
// is wrong at the field itself: the line and column of a syntax error or the shape rule broken. The text is
// kept as typed; nothing is dropped or rewritten.
import { useId, type ReactNode } from 'react'
import type { JsonFieldProblem } from './jsonField'

export function JsonTextField(props: {
  name: string
  label: ReactNode
  rows: number
  value: string
  placeholder?: string
  problem(text: string): JsonFieldProblem | null
  onChange(value: string): void
}) {
  const errorId = useId()
  const problem = props.problem(props.value)
  return (
    <label className="field-cell">
      <span className="field-label">{props.label}</span>
      <textarea
        name={props.name}
        rows={props.rows}
        spellCheck={false}
        className="mono"
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={!!problem || undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {problem && (
        <span className="field-error" id={errorId} role="status">
          {problem.message}
        </span>
      )}
    </label>
  )
}

// Which of a draft's issues the Embeddings panel shows: a field's error appears once the user touched that
// field or pressed Send, never before (an untouched form is not scolded). Issues come from the shared rules,
// the same ones main enforces.
import type { FocusEvent } from 'react'
import type { DraftIssue } from '../../../../shared/embed/requests'

/** `inputs[3]` belongs to the list field `inputs`; other fields are their own root. */
const rootOf = (field: string): string => field.replace(/\[\d+\]$/, '')

export function visibleIssues(
  issues: readonly DraftIssue[],
  touched: Record<string, boolean>,
  sendPressed: boolean,
): Map<string, string> {
  const shown = new Map<string, string>()
  for (const issue of issues) {
    if (issue.severity !== 'error') continue
    if (!sendPressed && !touched[issue.field] && !touched[rootOf(issue.field)]) continue
    if (!shown.has(issue.field)) shown.set(issue.field, issue.message)
  }
  return shown
}

/**
 * A blur handler that marks a field touched, unless focus is moving to a submit button: showing the field's
 * error then would shift the button away between the press and the release, and the click would be lost
 * (Send shows every error anyway).
 */
export function touchOnBlur(touch: () => void): (e: FocusEvent) => void {
  return (e) => {
    const next = e.relatedTarget as HTMLElement | null
    if (next?.getAttribute('type') === 'submit') return
    touch()
  }
}

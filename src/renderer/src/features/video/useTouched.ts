// Which fields of a form the user has changed since it opened (or since its scope, the model or the
// endpoint, changed), and whether they pressed Submit: a field's issue shows only then, so an untouched
// form opens without red errors. Issue keys map to their top-level field (`images[1]` → `images`).
import { useState } from 'react'

interface Seen {
  scope: string
  values: Record<string, unknown>
  touched: ReadonlySet<string>
  submitted: boolean
}

export interface Touched {
  /** Whether the issue at this key may show: its field was changed, or Submit was pressed. */
  shows(issueKey: string): boolean
  /** Submit was pressed: every issue may show from now on. */
  submit(): void
}

/** The top-level field an issue key names: `images[1]` and `images.1` → `images`, `metadata.content` → `metadata`. */
export function fieldOfIssue(issueKey: string): string {
  return issueKey.split(/[.[]/)[0] ?? issueKey
}

export function useTouched(scope: string, values: Record<string, unknown>): Touched {
  const [seen, setSeen] = useState<Seen>({ scope, values, touched: new Set(), submitted: false })
  if (seen.scope !== scope) {
    setSeen({ scope, values, touched: new Set(), submitted: false })
  } else {
    const keys = new Set([...Object.keys(seen.values), ...Object.keys(values)])
    const changed = [...keys].filter((k) => JSON.stringify(seen.values[k]) !== JSON.stringify(values[k]))
    if (changed.length > 0) setSeen({ ...seen, values, touched: new Set([...seen.touched, ...changed]) })
  }
  return {
    shows: (issueKey) => seen.submitted || seen.touched.has(fieldOfIssue(issueKey)),
    submit: () => setSeen((s) => ({ ...s, submitted: true })),
  }
}

/** Only the issues the user may see now. */
export function visibleIssues(issues: ReadonlyMap<string, string>, touched: Touched): Map<string, string> {
  return new Map([...issues].filter(([key]) => touched.shows(key)))
}

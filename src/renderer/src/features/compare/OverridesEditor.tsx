// A Compare column's own fields of its format, as JSON: checked as typed with the schema main parses them with
// (an error names the field), applied to the column only when they read; a change of format starts them anew.
import { useState } from 'react'
import { FORMAT_LABELS, type WireFormat } from '../../../../shared/wire'
import { EXTRAS_SCHEMA, useCompareStore } from '../../stores/compare'

/** This column's own fields of its format as JSON, checked with the schema main parses with. */
export function OverridesEditor({ columnId }: { columnId: string }) {
  const column = useCompareStore((s) => s.columns.find((c) => c.id === columnId))!
  const [text, setText] = useState(() =>
    Object.keys(column.extras).length ? JSON.stringify(column.extras, null, 2) : '',
  )
  const [error, setError] = useState<string | null>(null)
  const [seenFormat, setSeenFormat] = useState(column.format)
  if (seenFormat !== column.format) {
    setSeenFormat(column.format)
    setText('')
    setError(null)
  }
  const apply = (value: string) => {
    setText(value)
    let parsed: unknown
    try {
      parsed = value.trim() ? JSON.parse(value) : {}
    } catch (e) {
      return setError(`Column fields: not valid JSON (${(e as Error).message})`)
    }
    const result = EXTRAS_SCHEMA[column.format].safeParse(parsed)
    if (!result.success)
      return setError(
        result.error.issues
          .map((i) => `Column fields: ${i.path.join('.') || '(root)'}: ${i.message}`)
          .join('; '),
      )
    setError(null)
    useCompareStore.getState().updateColumn(columnId, { extras: result.data as Record<string, unknown> })
  }
  const set = Object.keys(column.extras).length
  return (
    <details className="compare-overrides">
      <summary className="small">
        {FORMAT_LABELS[column.format]} fields for this column{set ? ` (${set} set)` : ''}
      </summary>
      <textarea
        rows={4}
        spellCheck={false}
        className="mono"
        value={text}
        aria-label="Column fields JSON"
        aria-invalid={!!error || undefined}
        placeholder={PLACEHOLDER[column.format]}
        onChange={(e) => apply(e.target.value)}
      />
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </details>
  )
}

const PLACEHOLDER: Record<WireFormat, string> = {
  chat: '{"reasoning_effort": "high"}',
  responses: '{"reasoning": {"effort": "high", "summary": "auto"}, "functionToolShape": "flat"}',
  messages: '{"thinking": {"type": "enabled", "budget_tokens": 2048}}',
  native: '{"generationConfig": {"thinkingConfig": {"thinkingBudget": 2048, "includeThoughts": true}}}',
}

// When the model calls tools, the user answers each call (or accepts a JSON stub) and continues; the next
// request carries the results in the format's own shape (tool message, function_call_output, tool_result,
// functionResponse).
import { useState } from 'react'
import type { ToolCall } from '../../../../shared/wire'
import { useTextStore } from '../../stores/text'

export function ToolResultsForm({ calls }: { calls: ToolCall[] }) {
  const [values, setValues] = useState<string[]>(() =>
    calls.map((c) => JSON.stringify({ ok: true, tool: c.name }, null, 2)),
  )
  const [errors, setErrors] = useState<(string | null)[]>([])
  const sendToolResults = useTextStore((s) => s.sendToolResults)
  const submit = () => {
    setErrors([])
    void sendToolResults(calls.map((c, i) => ({ callId: c.id, name: c.name, content: values[i] ?? '' })))
  }
  return (
    <form
      className="tool-results"
      aria-label="Tool results"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <h3>The model called {calls.length === 1 ? 'a tool' : `${calls.length} tools`}: answer to continue</h3>
      {calls.map((call, i) => (
        <label key={call.id}>
          <span>
            Result of <code>{call.name}</code> <span className="muted small">{call.id}</span>
          </span>
          <textarea
            rows={4}
            value={values[i]}
            spellCheck={false}
            onChange={(e) => setValues(values.map((v, j) => (j === i ? e.target.value : v)))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault()
                submit()
              }
            }}
          />
          {errors[i] && <span className="field-error">{errors[i]}</span>}
        </label>
      ))}
      <div className="actions">
        <button type="submit" className="primary">
          Send tool results
        </button>
      </div>
    </form>
  )
}

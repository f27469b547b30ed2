// A write-only secret: the value typed here goes to main once and the field is cleared; afterwards the
// renderer knows only whether it is configured and a short hint (`sk-…a1b2`).
import { useState } from 'react'
import type { SecretStatus } from '../../../../shared/ipc/profiles'

interface Props {
  label: string
  status: SecretStatus
  readOnly: boolean
  onSave(value: string | null): Promise<void>
}

export function SecretField({ label, status, readOnly, onSave }: Props) {
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const save = async (next: string | null) => {
    setBusy(true)
    setError(null)
    try {
      await onSave(next)
      setValue('')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="secret-field">
      <span className="secret-label">{label}</span>
      <span className="secret-status" data-testid={`secret-status-${label}`}>
        {status.configured ? (
          <>
            Configured <code>{status.hint}</code>
          </>
        ) : (
          'Not set'
        )}
      </span>
      {!readOnly && (
        <form
          className="secret-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (value.trim()) void save(value)
          }}
        >
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-label={`${label} (write only)`}
            placeholder={status.configured ? 'Type a new value to replace it' : 'Paste the value'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" disabled={busy || !value.trim()}>
            Save {label}
          </button>
          {status.configured && (
            <button type="button" className="ghost" disabled={busy} onClick={() => void save(null)}>
              Clear
            </button>
          )}
        </form>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

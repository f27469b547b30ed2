// A write-only secret: the value typed here goes to main once and the field is cleared; afterwards the
// renderer knows only whether it is configured and a short hint (`sk-…a1b2`).
import { useState } from 'react'
import type { SecretStatus } from '../../../../shared/ipc/profiles'

interface Props {
  label: string
  status: SecretStatus
  readOnly: boolean
  onSave(value: string | null): Promise<void>
  /** A secret given as a file (a PEM private key): chosen, read here, sent once, never shown. */
  file?: { accept: string }
}

export function SecretField({ label, status, readOnly, onSave, file }: Props) {
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
      {!readOnly && file && (
        <div className="secret-form">
          <input
            type="file"
            accept={file.accept}
            aria-label={`${label} file (write only)`}
            disabled={busy}
            onChange={(e) => {
              const chosen = e.target.files?.[0]
              e.target.value = ''
              if (!chosen) return
              if (chosen.size > 64 * 1024)
                return setError(`${chosen.name} is larger than 64 KB; a key file is smaller.`)
              void chosen.text().then((text) => save(text))
            }}
          />
          {status.configured && (
            <button type="button" className="ghost" disabled={busy} onClick={() => void save(null)}>
              Clear
            </button>
          )}
        </div>
      )}
      {!readOnly && !file && (
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

// Edits one profile's fields. Input is checked with the same zod schema main uses, so a bad base URL or
// header is named here, next to its field, before anything is sent; nothing typed is lost on an error.
import { useEffect, useRef, useState } from 'react'
import { useFocusReturn } from '../../components/focus/useFocusReturn'
import {
  profileFieldsSchema,
  type ExtraHeader,
  type ProfileFieldsInput,
  type ProfileView,
} from '../../../../shared/ipc/profiles'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { NetworkFields, networkDraft, networkFields } from './NetworkFields'

interface Props {
  initial: ProfileView | null
  onSave(fields: ProfileFieldsInput): Promise<void>
  onCancel(): void
}

type Errors = Record<string, string>

export function ProfileEditor({ initial, onSave, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '')
  const [baseUrl, setBaseUrl] = useState(initial?.baseUrl ?? '')
  const [consoleBaseUrl, setConsoleBaseUrl] = useState(initial?.consoleBaseUrl ?? '')
  const [nativeAuth, setNativeAuth] = useState<ProfileView['nativeAuth']>(initial?.nativeAuth ?? 'bearer')
  const [timeoutS, setTimeoutS] = useState(String((initial?.timeoutMs ?? 120_000) / 1000))
  // Empty: the app's default stream idle timeout (Settings → Defaults) applies.
  const [idleS, setIdleS] = useState(initial?.idleTimeoutMs ? String(initial.idleTimeoutMs / 1000) : '')
  const [headers, setHeaders] = useState<ExtraHeader[]>(initial?.headers ?? [])
  const [net, setNet] = useState(() => networkDraft(initial))
  const [fileError, setFileError] = useState<string | null>(null)
  // One host per line (or separated by commas): where job results may also come from (S10).
  const [resultHosts, setResultHosts] = useState((initial?.resultHosts ?? []).join('\n'))
  // A copy of the Local simulator follows it (its address and key change each launch) until the user says not.
  const [follows, setFollows] = useState(initial?.followsSimulator === true)
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  useFocusReturn(box, { first: true })
  // A refused save takes the focus to the first field at fault, so its message is read and it can be fixed.
  const [refusedAt, setRefusedAt] = useState(0)
  useEffect(() => {
    if (refusedAt > 0) box.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedAt])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const candidate = {
      name,
      baseUrl,
      consoleBaseUrl,
      nativeAuth,
      headers,
      timeoutMs: Math.round(Number(timeoutS) * 1000),
      idleTimeoutMs: idleS.trim() ? Math.round(Number(idleS) * 1000) : null,
      ...networkFields(net),
      resultHosts: resultHosts
        .split(/[\s,]+/)
        .map((h) => h.trim())
        .filter(Boolean),
      followsSimulator: follows,
    }
    const parsed = profileFieldsSchema.safeParse(candidate)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        // One message per list field (its first bad entry), shown beside the list; a result host's names it.
        const key = issue.path.join('.').replace(/^(proxy\.bypass|retry\.statuses|resultHosts)\.\d+$/, '$1')
        if (key === 'resultHosts' && typeof issue.path[1] === 'number') {
          next[key] ??= `${candidate.resultHosts[issue.path[1]]}: ${issue.message}`
          continue
        }
        next[key] ??= issue.message
      }
      setErrors(next)
      setRefusedAt((n) => n + 1)
      return
    }
    setErrors({})
    setSaving(true)
    setSaveError(null)
    try {
      await onSave(candidate)
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error))
    } finally {
      setSaving(false)
    }
  }

  const field = (key: string) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `err-${key}` } : {}
  const error = (key: string) =>
    errors[key] ? (
      <span className="field-error" id={`err-${key}`} role="alert">
        {errors[key]}
      </span>
    ) : null

  return (
    <form
      ref={box}
      className="profile-editor"
      onSubmit={submit}
      aria-label={initial ? `Edit ${initial.name}` : 'New profile'}
      noValidate
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus {...field('name')} />
        {error('name')}
      </label>
      {initial?.followsSimulator && (
        <label className="check">
          <input type="checkbox" checked={follows} onChange={(e) => setFollows(e.target.checked)} /> Follow
          the Local simulator{' '}
          <span className="muted small">
            (its address and key are the running simulator's, which change with every launch)
          </span>
        </label>
      )}
      <label>
        Base URL (model endpoints)
        <input
          value={baseUrl}
          readOnly={follows}
          onChange={(e) => setBaseUrl(e.target.value)}
          placeholder="https://gateway.example.com"
          spellCheck={false}
          {...field('baseUrl')}
        />
        {error('baseUrl')}
      </label>
      <label>
        Console base URL (task endpoints, optional)
        <input
          value={consoleBaseUrl}
          readOnly={follows}
          onChange={(e) => setConsoleBaseUrl(e.target.value)}
          placeholder="https://console.example.com"
          spellCheck={false}
          {...field('consoleBaseUrl')}
        />
        {error('consoleBaseUrl')}
      </label>
      <div className="row">
        <label>
          Native endpoints send the key as
          <select
            value={nativeAuth}
            onChange={(e) => setNativeAuth(e.target.value as ProfileView['nativeAuth'])}
          >
            <option value="bearer">Authorization: Bearer</option>
            <option value="header">x-vendor-api-key header</option>
            <option value="query">key query parameter</option>
          </select>
        </label>
        <label>
          First byte timeout (s)
          <input
            inputMode="numeric"
            value={timeoutS}
            onChange={(e) => setTimeoutS(e.target.value)}
            {...field('timeoutMs')}
          />
          {error('timeoutMs')}
        </label>
        <label>
          Stream idle timeout (s)
          <input
            inputMode="numeric"
            value={idleS}
            placeholder="app default"
            onChange={(e) => setIdleS(e.target.value)}
            {...field('idleTimeoutMs')}
          />
          {error('idleTimeoutMs')}
        </label>
      </div>
      <NetworkFields draft={net} onChange={setNet} field={field} error={error} onFileError={setFileError} />
      <fieldset>
        <legend>Your headers (sent on every call of this profile)</legend>
        <p className="muted small">
          Write {'{{apiKey}}'} where a key goes (for example <code>api-key: {'{{apiKey}}'}</code>); the key
          stays in the secret store.
        </p>
        {headers.map((h, i) => (
          <div className="header-row" key={i}>
            <input
              aria-label={`Header ${i + 1} name`}
              value={h.name}
              placeholder="x-team"
              onChange={(e) =>
                setHeaders(headers.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
              }
              {...field(`headers.${i}.name`)}
            />
            <input
              aria-label={`Header ${i + 1} value`}
              value={h.value}
              onChange={(e) =>
                setHeaders(headers.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
              }
              {...field(`headers.${i}.value`)}
            />
            <button
              type="button"
              className="ghost"
              onClick={() => setHeaders(headers.filter((_, j) => j !== i))}
            >
              Remove
            </button>
            {error(`headers.${i}.name`)}
            {error(`headers.${i}.value`)}
          </div>
        ))}
        <button
          type="button"
          className="ghost"
          onClick={() => setHeaders([...headers, { name: '', value: '' }])}
        >
          Add header
        </button>
      </fieldset>
      <label>
        Job results may also come from (hosts, one per line)
        <textarea
          rows={2}
          value={resultHosts}
          onChange={(e) => setResultHosts(e.target.value)}
          placeholder="cdn.internal or 10.0.0.5:9000"
          spellCheck={false}
          {...field('resultHosts')}
        />
        <span className="muted small">
          Videos and images a job answers are fetched from this gateway's own address or from public
          addresses. A result on another address of this machine or your network is refused unless its host is
          listed here.
        </span>
        {error('resultHosts')}
      </label>
      <ErrorBanner>{fileError}</ErrorBanner>
      <ErrorBanner>{saveError}</ErrorBanner>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : initial ? 'Save changes' : 'Create profile'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

// Settings for the app itself: the theme (applied at once) and the defaults a user sets once for the Text panel
// (format, a model per format, streaming, the stream idle timeout), the size bound of job results
// (DownloadLimitsForm) and the evals' default judge and embedding model (EvalDefaultsForm). Checked with the same zod schema main uses; a field's error shows once it was touched or
// Save was pressed, and nothing typed is lost on an error.
import { useEffect, useState } from 'react'
import {
  textDefaultsSchema,
  type AppSettings,
  type TextDefaults,
  type Theme,
} from '../../../../shared/ipc/app'
import { FORMAT_LABELS, WIRE_FORMATS, type WireFormat } from '../../../../shared/format'
import { KNOWN_TEXT_MODELS } from '../../../../shared/catalog/textModels'
import { useAppSettingsStore } from '../../stores/settings'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'
import { DownloadLimitsForm } from './DownloadLimitsForm'
import { EvalDefaultsForm } from './EvalDefaultsForm'
import { SaveRow, useSave } from './SaveRow'
import { FormatOptions } from '../../components/selectOptions/SelectOptions'

const THEMES: { id: Theme; label: string }[] = [
  { id: 'system', label: 'System' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
]

interface Draft {
  format: WireFormat
  models: Record<WireFormat, string>
  stream: boolean
  idleS: string
}

const toDraft = (t: TextDefaults): Draft => ({
  format: t.format,
  models: { ...t.models },
  stream: t.stream,
  idleS: String(t.idleTimeoutMs / 1000),
})

export function AppSettingsForm() {
  const settings = useAppSettingsStore((s) => s.settings)
  const loadError = useAppSettingsStore((s) => s.error)
  const load = useAppSettingsStore((s) => s.load)
  useEffect(() => {
    if (!useAppSettingsStore.getState().settings) void load()
  }, [load])

  if (!settings)
    return (
      <section className="app-settings" aria-labelledby="app-settings-title">
        <h2 id="app-settings-title">Appearance and defaults</h2>
        {loadError ? (
          <ErrorBanner what="Could not load the app settings">{loadError}</ErrorBanner>
        ) : (
          <p className="muted">Loading…</p>
        )}
      </section>
    )
  return <Loaded settings={settings} />
}

function Loaded({ settings }: { settings: AppSettings }) {
  const update = useAppSettingsStore((s) => s.update)
  const saveTheme = useAppSettingsStore((s) => s.chooseTheme)
  const [themeError, setThemeError] = useState<string | null>(null)
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings.text))
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const { state, run, clearNote } = useSave()

  const candidate = {
    format: draft.format,
    models: draft.models,
    stream: draft.stream,
    idleTimeoutMs: draft.idleS.trim() === '' ? Number.NaN : Math.round(Number(draft.idleS) * 1000),
  }
  const parsed = textDefaultsSchema.safeParse(candidate)
  const errors = new Map<string, string>()
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.')
      if (!errors.has(key))
        errors.set(
          key,
          key === 'idleTimeoutMs' && issue.code === 'invalid_type'
            ? 'enter a number of seconds'
            : issue.message,
        )
    }
  const shown = (key: string) => (attempted || touched.has(key) ? errors.get(key) : undefined)
  const touch = (key: string) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)))
  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    clearNote()
  }

  const chooseTheme = async (theme: Theme) => {
    setThemeError(null)
    try {
      await saveTheme(theme)
    } catch (error) {
      setThemeError(error instanceof Error ? error.message : String(error))
    }
  }

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (!parsed.success) return
    const text = parsed.data
    await run(async () => {
      const saved = await update({ text })
      setDraft(toDraft(saved.text))
      return 'Saved. The Text panel starts with these when the app next opens.'
    })
  }

  const field = (key: string) => ({
    'aria-invalid': shown(key) ? true : undefined,
    'aria-describedby': shown(key) ? `app-settings-error-${key}` : undefined,
    onBlur: () => touch(key),
  })
  const error = (key: string) =>
    shown(key) && (
      <span className="field-error" id={`app-settings-error-${key}`} role="alert">
        {shown(key)}
      </span>
    )

  return (
    <section className="app-settings" aria-labelledby="app-settings-title">
      <h2 id="app-settings-title">Appearance and defaults</h2>
      <fieldset className="theme-choice">
        <legend>Theme</legend>
        {THEMES.map((t) => (
          <label key={t.id} className="check">
            <input
              type="radio"
              name="theme"
              value={t.id}
              checked={settings.theme === t.id}
              onChange={() => void chooseTheme(t.id)}
            />
            {t.label}
          </label>
        ))}
        {themeError && (
          <span className="field-error" role="alert">
            Could not save the theme: {themeError}
          </span>
        )}
      </fieldset>
      <form className="text-defaults" aria-label="Text defaults" onSubmit={(e) => void save(e)} noValidate>
        <fieldset>
          <legend>Text panel defaults</legend>
          <div className="defaults-grid">
            <label>
              Format
              <select value={draft.format} onChange={(e) => edit({ format: e.target.value as WireFormat })}>
                <FormatOptions />
              </select>
            </label>
            <label>
              Stream idle timeout (s)
              <input
                inputMode="numeric"
                value={draft.idleS}
                onChange={(e) => edit({ idleS: e.target.value })}
                {...field('idleTimeoutMs')}
              />
              {error('idleTimeoutMs')}
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={draft.stream}
                onChange={(e) => edit({ stream: e.target.checked })}
              />
              Stream answers
            </label>
          </div>
          <div className="defaults-grid">
            {WIRE_FORMATS.map((f) => (
              <label key={f}>
                {FORMAT_LABELS[f]} model
                <input
                  list={`default-models-${f}`}
                  value={draft.models[f]}
                  placeholder="the panel's choice"
                  spellCheck={false}
                  onChange={(e) => edit({ models: { ...draft.models, [f]: e.target.value } })}
                  {...field(`models.${f}`)}
                />
                <datalist id={`default-models-${f}`}>
                  {KNOWN_TEXT_MODELS.filter((m) => m.formats.includes(f)).map((m) => (
                    <option key={m.id} value={m.id} />
                  ))}
                </datalist>
                {error(`models.${f}`)}
              </label>
            ))}
          </div>
          <p className="muted small">
            A profile can set its own stream idle timeout; profiles that do not use this one.
          </p>
          <SaveRow state={state} label="Save defaults" failed="Could not save the defaults" />
        </fieldset>
      </form>
      <DownloadLimitsForm bounds={settings.downloads} />
      <EvalDefaultsForm defaults={settings.evals} />
    </section>
  )
}

// The size bound of each kind of job result (a video, one image): a hosted result larger than this is not kept
// and its job fails saying so. Checked with the same zod schema main uses; a field's error shows once it was
// touched or Save was pressed, and nothing typed is lost on an error.
import { useState } from 'react'
import { downloadBoundsSchema, type DownloadBounds } from '../../../../shared/ipc/app'
import { useAppSettingsStore } from '../../stores/settings'
import { SaveRow, useSave } from './SaveRow'

const FIELDS: { key: keyof DownloadBounds; label: string }[] = [
  { key: 'videoMaxMB', label: 'Largest video (MB)' },
  { key: 'imageMaxMB', label: 'Largest image (MB)' },
]

type Draft = Record<keyof DownloadBounds, string>
const toDraft = (b: DownloadBounds): Draft => ({
  videoMaxMB: String(b.videoMaxMB),
  imageMaxMB: String(b.imageMaxMB),
})

export function DownloadLimitsForm({ bounds }: { bounds: DownloadBounds }) {
  const update = useAppSettingsStore((s) => s.update)
  const [draft, setDraft] = useState<Draft>(() => toDraft(bounds))
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const { state, run, clearNote } = useSave()
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
  const parsed = downloadBoundsSchema.safeParse({
    videoMaxMB: number(draft.videoMaxMB),
    imageMaxMB: number(draft.imageMaxMB),
  })
  const errors = new Map<string, string>()
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.')
      if (!errors.has(key))
        errors.set(key, issue.code === 'invalid_type' ? 'enter a whole number of megabytes' : issue.message)
    }
  const shown = (key: string) => (attempted || touched.has(key) ? errors.get(key) : undefined)

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (!parsed.success) return
    const downloads = parsed.data
    await run(async () => {
      const saved = await update({ downloads })
      setDraft(toDraft(saved.downloads))
      return 'Saved. Results fetched from now on keep to these.'
    })
  }

  return (
    <form className="download-limits" aria-label="Downloads" onSubmit={(e) => void save(e)} noValidate>
      <fieldset>
        <legend>Downloads</legend>
        <div className="defaults-grid">
          {FIELDS.map(({ key, label }) => (
            <label key={key}>
              {label}
              <input
                inputMode="numeric"
                value={draft[key]}
                onChange={(e) => {
                  setDraft((d) => ({ ...d, [key]: e.target.value }))
                  clearNote()
                }}
                onBlur={() => setTouched((prev) => new Set(prev).add(key))}
                aria-invalid={shown(key) ? true : undefined}
                aria-describedby={shown(key) ? `download-limits-error-${key}` : undefined}
              />
              {shown(key) && (
                <span className="field-error" id={`download-limits-error-${key}`} role="alert">
                  {shown(key)}
                </span>
              )}
            </label>
          ))}
        </div>
        <p className="muted small">
          A job's result larger than this is not kept: its download stops and the job fails, saying so.
          Results come only from the profile's gateway, public addresses, or hosts the profile allows.
        </p>
        <SaveRow state={state} label="Save download limits" failed="Could not save the download limits" />
      </fieldset>
    </form>
  )
}

// How long the history keeps runs, set by the user: runs older than N days, and the oldest runs past N GB, are
// dropped (0 for no limit); pinned runs and saved cases are always kept. A field's error names the field and the
// rule, shown once the user pressed Save; the history's size is shown beside the setting.
import { useEffect, useState } from 'react'
import { useHistoryStore } from '../../stores/history'
import { formatBytes } from '../../components/inspector/SaveCapture'
import { ErrorBanner } from '../../components/errorBanner/ErrorBanner'

function problems(days: string, gigabytes: string): string[] {
  const out: string[] = []
  const d = Number(days)
  if (days.trim() === '' || !Number.isInteger(d) || d < 0 || d > 36_500)
    out.push('Keep runs for: a whole number of days from 0 (forever) to 36,500')
  const g = Number(gigabytes)
  if (gigabytes.trim() === '' || !Number.isFinite(g) || g < 0 || g > 10_000)
    out.push('Keep the history under: a number of GB from 0 (no limit) to 10,000')
  return out
}

export function RunRetentionForm() {
  const storage = useHistoryStore((s) => s.storage)
  const loadStorage = useHistoryStore((s) => s.loadStorage)
  const setRunRetention = useHistoryStore((s) => s.setRunRetention)
  const notice = useHistoryStore((s) => s.notice)
  const [days, setDays] = useState<string | null>(null)
  const [gigabytes, setGigabytes] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  useEffect(() => {
    void loadStorage()
  }, [loadStorage])
  const kept = storage?.runRetention
  const daysText = days ?? String(kept?.keepDays ?? 0)
  const gbText = gigabytes ?? String(kept?.keepGigabytes ?? 0)
  const errors = tried ? problems(daysText, gbText) : []

  const save = async () => {
    setTried(true)
    setSaved(null)
    if (problems(daysText, gbText).length) return
    const ok = await setRunRetention({ keepDays: Number(daysText), keepGigabytes: Number(gbText) })
    if (ok) {
      setDays(null)
      setGigabytes(null)
      setTried(false)
      setSaved('Saved; runs past the setting were dropped.')
    }
  }

  return (
    <section className="app-settings settings-history" aria-labelledby="settings-history-title">
      <h2 id="settings-history-title">History</h2>
      <p className="muted small">
        Runs past either limit are dropped, the oldest first. Pinned runs and saved cases are always kept. 0
        keeps everything.
      </p>
      <div className="toolbar">
        <label>
          Keep runs for (days)
          <input
            inputMode="numeric"
            aria-label="Keep runs for (days)"
            value={daysText}
            aria-invalid={errors.some((e) => e.startsWith('Keep runs')) ? true : undefined}
            onChange={(e) => setDays(e.target.value)}
          />
        </label>
        <label>
          Keep the history under (GB)
          <input
            inputMode="decimal"
            aria-label="Keep the history under (GB)"
            value={gbText}
            aria-invalid={errors.some((e) => e.startsWith('Keep the history')) ? true : undefined}
            onChange={(e) => setGigabytes(e.target.value)}
          />
        </label>
        <button type="button" onClick={() => void save()}>
          Save
        </button>
      </div>
      {errors.map((e) => (
        <p key={e} className="field-error" role="alert">
          {e}
        </p>
      ))}
      {saved && (
        <p className="small" role="status">
          {saved}
        </p>
      )}
      {notice && <ErrorBanner>{notice}</ErrorBanner>}
      {storage && (
        <p className="small muted" data-testid="settings-history-size">
          Now {storage.runs.toLocaleString()} runs in{' '}
          {formatBytes(storage.databaseBytes + storage.captureBytes)}.
        </p>
      )}
    </section>
  )
}

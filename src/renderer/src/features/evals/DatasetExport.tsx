// The dataset exported as the table shows it (edits included, once every edit sent is answered): CSV or JSONL,
// written by main and saved through the desktop's dialog or downloaded in browser mode. What the file leaves out
// (a row's own graders from a suite) is said beside it.
import { useState } from 'react'
import { downloadMedia } from '../../components/download/download'
import { evalsCalls } from '../../ipc/evalsCalls'
import { useAppStore } from '../../stores/app'
import { editsSettled } from '../../stores/evals'

type Note = { text: string; error: boolean }

export function DatasetExport({ datasetId }: { datasetId: string }) {
  const desktop = useAppStore((x) => x.host)?.host === 'electron'
  const [note, setNote] = useState<Note | null>(null)
  const [busy, setBusy] = useState(false)
  const save = async (format: 'csv' | 'jsonl') => {
    setBusy(true)
    setNote(null)
    try {
      await editsSettled()
      const r = await evalsCalls.exportDataset(datasetId, format)
      const rows = `${r.rows.toLocaleString('en')} row${r.rows === 1 ? '' : 's'}`
      const left = r.gradersLeftOut
        ? `; the own graders of ${r.gradersLeftOut.toLocaleString('en')} row${r.gradersLeftOut === 1 ? '' : 's'} (from the suite) are not in the file`
        : ''
      if (r.url) {
        downloadMedia(r.url, r.name)
        setNote({ text: `Downloading ${r.name} (${rows}${left})`, error: false })
      } else if (r.path) setNote({ text: `Saved ${rows} to ${r.path}${left}`, error: false })
      else setNote({ text: 'Not saved (cancelled).', error: false })
    } catch (error) {
      setNote({ text: `Could not export the dataset: ${(error as Error).message}`, error: true })
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="evals-inline" role="group" aria-label="Export dataset">
      <span className="muted">{desktop ? 'Save dataset as' : 'Download dataset as'}</span>
      {(['csv', 'jsonl'] as const).map((f) => (
        <button
          key={f}
          type="button"
          disabled={busy}
          aria-label={`${desktop ? 'Save' : 'Download'} dataset as ${f.toUpperCase()}`}
          onClick={() => void save(f)}
        >
          {f.toUpperCase()}
        </button>
      ))}
      {busy && <span className="muted">Writing…</span>}
      {note && (
        <span className={note.error ? 'field-error' : 'muted'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </span>
      )}
    </span>
  )
}

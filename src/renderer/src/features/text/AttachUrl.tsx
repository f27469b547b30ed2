// Attaching by URL (an image URL in chat and responses, a file_url in responses, a file URI in native). A URL is
// checked as the user adds it; nothing is fetched by the page. The notes on inputs the chosen format cannot carry
// are InputLossNotes.tsx.
import { useId, useState } from 'react'
import { useTextStore } from '../../stores/text'
import {
  checkAttachUrl,
  COMMON_MIME_TYPES,
  kindOfMime,
  kindsFor,
  mimeFromName,
  type AttachKind,
} from '../../components/attachments/attachKinds'

const KIND_LABEL: Record<AttachKind, string> = { image: 'Image', audio: 'Audio', file: 'File' }

/** "Attach URL…": a URL, how to send it and its MIME type (guessed from the extension), added as an attachment. */
export function AttachUrl({
  disabled,
  onAdd,
  onError,
}: {
  disabled: boolean
  onAdd(url: string, kind: AttachKind, mimeType: string): boolean
  onError(message: string | null): void
}) {
  const format = useTextStore((s) => s.format)
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState('')
  const [kind, setKind] = useState<AttachKind | ''>('')
  const [mime, setMime] = useState('')
  const listId = useId()
  const kinds = kindsFor(format)
  const guessedMime = mimeFromName(url.trim())
  const guessedKind: AttachKind = guessedMime ? kindOfMime(guessedMime) : kinds[0]!
  const close = () => {
    setOpen(false)
    setUrl('')
    setKind('')
    setMime('')
  }
  const add = () => {
    const checked = checkAttachUrl(format, url)
    if (!checked.ok) return onError(checked.message)
    const chosen = kind || guessedKind
    if (onAdd(checked.url, chosen, mime.trim() || guessedMime)) close()
  }
  if (!open)
    return (
      <button className="ghost" disabled={disabled} onClick={() => setOpen(true)}>
        Attach URL…
      </button>
    )
  return (
    <div
      className="attach-url"
      role="group"
      aria-label="Attach a URL"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close()
      }}
    >
      <label className="field-cell attach-url-address">
        <span className="field-label">Attachment URL</span>
        <input
          autoFocus
          value={url}
          placeholder={format === 'native' ? 'https://… or a file URI (gs://…)' : 'https://…'}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
      </label>
      <label className="field-cell">
        <span className="field-label">Send as</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as AttachKind | '')}>
          <option value="">{`${KIND_LABEL[guessedKind]} (from the URL)`}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="field-cell">
        <span className="field-label">
          MIME type {format === 'native' && <span className="muted small">required by native</span>}
        </span>
        <input
          value={mime}
          list={listId}
          placeholder={guessedMime || 'e.g. audio/mpeg'}
          onChange={(e) => setMime(e.target.value)}
        />
        <datalist id={listId}>
          {COMMON_MIME_TYPES.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      <div className="actions">
        <button className="primary" onClick={add}>
          Add
        </button>
        <button className="ghost" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  )
}

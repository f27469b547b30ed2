// Attaching by URL (an image URL in chat and responses, a file_url in responses, a file URI in native) and the
// notes that say, before sending, which inputs of the conversation the chosen format cannot carry (the same
// lossiness list Compare shows). A URL is checked as the user adds it; nothing is fetched by the page.
import { useId, useMemo, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { FORMAT_LABELS } from '../../../../shared/wire'
import { translationLoss } from '../../../../shared/wire/lossiness'
import { useTextStore } from '../../stores/textStore'
import { buildDraft } from '../../stores/textForm'
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

/** Inputs of the conversation the chosen format cannot carry, or carries another way, said before sending. */
export function InputLossNotes() {
  const s = useTextStore(
    useShallow((x) => ({
      format: x.format,
      messages: x.messages,
      attachments: x.attachments,
      // Whether the composer has text (it shifts part indexes), not the text: typing does not recompute this.
      hasText: x.composer.trim() !== '',
    })),
  )
  const notes = useMemo(() => {
    const form = useTextStore.getState()
    const { format, messages, attachments } = s
    const { draft } = buildDraft(
      { ...form, format, messages, attachments, composer: s.hasText ? '.' : '' },
      true,
    )
    // The composer's turn is the last one: name its parts by the attachment they come from.
    const names = new Map<string, string>()
    const last = draft.messages.length - 1
    const offset = s.hasText ? 1 : 0
    if (s.attachments.length > 0)
      s.attachments.forEach((a, j) => names.set(`messages[${last}].parts[${j + offset}]`, a.name))
    return translationLoss(draft, s.format)
      .filter((w) => w.path.startsWith('messages['))
      .map((w) => {
        const part = /^messages\[\d+\]\.parts\[\d+\]/.exec(w.path)?.[0] ?? w.path
        const name = names.get(part)
        return { ...w, text: name ? w.message.replace(`${part}`, `“${name}”`) : w.message }
      })
  }, [s])
  if (notes.length === 0) return null
  return (
    <section className="input-loss" aria-label={`Inputs ${FORMAT_LABELS[s.format]} cannot carry`}>
      <ul className="loss-list">
        {notes.map((w) => (
          <li key={w.path + w.kind} className={`loss-${w.kind}`}>
            <span className="badge">{w.kind === 'dropped' ? 'not sent' : w.kind}</span> {w.text}
          </li>
        ))}
      </ul>
    </section>
  )
}

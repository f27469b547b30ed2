// Attachments for the next user message: files picked or dropped are imported into main's media store in
// chunks (no IPC message nears 256 KB) and referenced as `attachment:<id>`; main turns them into each format's
// own shape when it builds the request (base64 for messages and native, image_url / input_image with detail for
// chat and responses, input_file for responses, inlineData for native audio). A URL is attached as it is, for the
// gateway to fetch. The 50 MB limits are checked before anything is sent. The parts work on a target (the Text
// panel's store by default), so any panel with a draft attaches the same way.
import { useRef, useState } from 'react'
import { FILE_MAX_BYTES, REQUEST_FILES_MAX_BYTES } from '../../../../shared/catalog/textParams'
import type { Attachment } from '../../stores/form'
import type { WireFormat } from '../../../../shared/wire'
import type { ImportedMedia } from '../../../../shared/ipc/media'
import { attachRefusal, kindOfMime, mimeFromName, type AttachKind } from './attachKinds'
import './attachments.css'

/** Where attachments are kept, and what the draft's format allows. */
export interface AttachTarget {
  attachments(): Attachment[]
  setAttachments(attachments: Attachment[]): void
  setError(error: string | null): void
  /** The one format the draft is sent in, or null when it goes out in several (files are then let through and
   * each format's loss analysis says which cannot carry them). */
  format(): WireFormat | null
  /** Imports a file into main's media store, saying its progress. */
  importFile(file: File, onProgress: (sent: number, size: number) => void): Promise<ImportedMedia>
}

const megabytes = (bytes: number): string => `${bytes / (1024 * 1024)} MB`

export function useAttach(target: AttachTarget): {
  attach(files: FileList | File[]): Promise<void>
  /** Attaches a URL (already checked) as the given kind; false when the format cannot carry it. */
  addUrl(url: string, kind: AttachKind, mimeType: string): boolean
  busy: string | null
} {
  const [busy, setBusy] = useState<string | null>(null)
  const setError = target.setError
  const attach = async (files: FileList | File[]) => {
    setError(null)
    const list = [...files]
    const format = target.format()
    const current = target.attachments()
    let total = current.reduce((n, a) => n + a.size, 0)
    for (const file of list) {
      const mimeType = file.type || mimeFromName(file.name)
      const kind = kindOfMime(mimeType)
      const refused = attachRefusal(format, kind, file.name)
      if (refused) {
        setError(refused)
        continue
      }
      if (file.size > FILE_MAX_BYTES) {
        setError(`${file.name}: a file is at most ${megabytes(FILE_MAX_BYTES)} (the spec's limit per file).`)
        continue
      }
      if (total + file.size > REQUEST_FILES_MAX_BYTES) {
        setError(
          `${file.name}: all files in one request are at most ${megabytes(REQUEST_FILES_MAX_BYTES)} together.`,
        )
        continue
      }
      try {
        setBusy(`Attaching ${file.name}… 0%`)
        const media = await target.importFile(file, (sent, size) =>
          setBusy(`Attaching ${file.name}… ${Math.round((sent / size) * 100)}%`),
        )
        total += file.size
        const attachment: Attachment = {
          ref: media.ref,
          url: media.url,
          name: media.name,
          mimeType: media.mimeType || mimeType,
          size: media.size,
          kind,
        }
        target.setAttachments([...target.attachments(), attachment])
      } catch (e) {
        setError(`${file.name}: ${e instanceof Error ? e.message : String(e)}`)
      }
    }
    setBusy(null)
  }
  const addUrl = (url: string, kind: AttachKind, mimeType: string): boolean => {
    setError(null)
    const refused = attachRefusal(target.format(), kind, url)
    if (refused) {
      setError(refused)
      return false
    }
    target.setAttachments([
      ...target.attachments(),
      { ref: url, url: '', name: url, mimeType, size: 0, kind, remote: true },
    ])
    return true
  }
  return { attach, addUrl, busy }
}

/** Thumbnails (or a file icon) with size, the image detail level where it applies, and remove. */
export function AttachmentList({
  attachments,
  detail,
  onChange,
}: {
  attachments: Attachment[]
  /** Whether the image detail level is offered (a format that sends it). */
  detail: boolean
  onChange(attachments: Attachment[]): void
}) {
  if (attachments.length === 0) return null
  const update = (i: number, patch: Partial<Attachment>) =>
    onChange(attachments.map((a, j) => (j === i ? { ...a, ...patch } : a)))
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((a, i) => (
        <li key={`${i}:${a.ref}`} className="attachment">
          {a.kind === 'image' && !a.remote ? (
            <img src={a.url} alt={a.name} />
          ) : (
            <span className="file-icon" aria-hidden="true">
              {a.remote ? '🔗' : a.kind === 'audio' ? '🎵' : '📄'}
            </span>
          )}
          <span className="small attachment-name" title={a.name}>
            {a.remote ? shortUrl(a.name) : a.name}
            <br />
            <span className="muted">
              {a.remote ? `${a.kind} by URL${a.mimeType ? ` · ${a.mimeType}` : ''}` : formatSize(a.size)}
              {!a.remote && a.kind === 'audio' ? ' · audio' : ''}
            </span>
          </span>
          {a.kind === 'image' && detail && (
            <select
              aria-label={`Detail for ${a.name}`}
              value={a.detail ?? 'auto'}
              onChange={(e) => update(i, { detail: e.target.value as Attachment['detail'] })}
            >
              <option value="auto">detail: auto</option>
              <option value="low">detail: low</option>
              <option value="high">detail: high</option>
            </select>
          )}
          <button
            className="ghost small"
            aria-label={`Remove ${a.name}`}
            onClick={() => onChange(attachments.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </li>
      ))}
    </ul>
  )
}

/** A URL short enough for a chip: its host and last path segment. */
function shortUrl(url: string): string {
  try {
    const u = new URL(url)
    const last = u.pathname.split('/').filter(Boolean).pop() ?? ''
    const short = `${u.host}${last ? `/…/${last}` : u.pathname}`
    return short.length > 48 ? `${short.slice(0, 47)}…` : short
  } catch {
    return url.length > 48 ? `${url.slice(0, 47)}…` : url
  }
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** "Attach…": a hidden file picker (several files) behind a button, off while an import runs. */
export function AttachButton({ busy, onFiles }: { busy: string | null; onFiles(files: FileList): void }) {
  const picker = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        aria-label="Attach files"
        onChange={(e) => {
          if (e.target.files?.length) onFiles(e.target.files)
          e.target.value = ''
        }}
      />
      <button className="ghost" disabled={!!busy} onClick={() => picker.current?.click()}>
        Attach…
      </button>
    </>
  )
}

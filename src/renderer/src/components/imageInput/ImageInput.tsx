// One image slot of a video form: drop a file or pick one (JPEG/PNG, judged by its bytes; over 20 MB is main's warning), see its
// thumbnail, pixel size and role, or paste an image URL. Files are imported into main in chunks; the form keeps only the
// `attachment:` reference. Family A's exact size is checked here too, so the mismatch shows before any request.
import { useRef, useState } from 'react'
import { VIDEO_IMAGE_TYPES } from '../../../../shared/ipc/video'
import { MEDIA_IMPORT_MAX_BYTES, type ImportedMedia } from '../../../../shared/ipc/media'
import { IssueWords } from './issueWords'
import './imageInput.css'

interface Props {
  label: string
  value: string
  image: ImportedMedia | undefined
  /** Family A: the frame size the image must match (`720x1280`). */
  exactSize?: string
  issue?: string
  onChange(value: string): void
  onImported(media: ImportedMedia): void
  /** Imports the picked file into main's media store, saying its progress. */
  importFile(file: File, onProgress: (sent: number, size: number) => void): Promise<ImportedMedia>
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`
/** A file size as a person reads it: KB under 0.1 MB (so a small image never shows as "0.0 MB"). */
export const fileSize = (n: number): string =>
  n < 0.1 * 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : mb(n)

/** Whether the file's first bytes are a PNG or JPEG signature (its name and type can say anything). */
export async function looksLikeImage(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer())
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff
  return png || jpeg
}

/** What is wrong with a file before it is sent anywhere, or null. */
export function checkImageFile(file: { name: string; type: string; size: number }): string | null {
  if (!(VIDEO_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name}: images must be JPEG or PNG (this file is ${file.type || 'of an unknown type'})`
  }
  // Only what cannot be imported at all; the 20 MB the app assumes for video images is a warning at send.
  if (file.size > MEDIA_IMPORT_MAX_BYTES)
    return `${file.name}: files are at most ${mb(MEDIA_IMPORT_MAX_BYTES)} (this one is ${fileSize(file.size)})`
  if (file.size === 0) return `${file.name} is empty`
  return null
}

export function ImageInput({
  label,
  value,
  image,
  exactSize,
  issue,
  onChange,
  onImported,
  importFile,
}: Props) {
  const picker = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const isRef = value.startsWith('attachment:')
  const sizeMismatch =
    exactSize && image?.image && `${image.image.width}x${image.image.height}` !== exactSize
      ? `must be exactly ${exactSize} pixels to match size (this image is ${image.image.width}x${image.image.height})`
      : null

  const take = async (file: File | undefined) => {
    if (!file) return
    const wrong =
      checkImageFile(file) ??
      ((await looksLikeImage(file))
        ? null
        : `${file.name}: this file is not a JPEG or PNG image (its contents are not an image, whatever its name says)`)
    setProblem(wrong)
    if (wrong) return
    setBusy('Importing…')
    try {
      const media = await importFile(file, (sent, size) =>
        setBusy(`Importing… ${Math.round((sent / size) * 100)}%`),
      )
      onImported(media)
      onChange(media.ref)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(null)
    }
  }

  const message = problem ?? (sizeMismatch ? `${label}: ${sizeMismatch}` : issue)
  return (
    <div className="video-image" role="group" aria-label={label}>
      <div className="video-image-label">{label}</div>
      <div
        className={`video-drop${over ? ' over' : ''}`}
        data-testid={`drop-${label}`}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault()
          setOver(false)
          void take(e.dataTransfer.files[0])
        }}
      >
        {isRef && image ? (
          <figure className="video-thumb">
            <img src={image.url} alt={`${label}: ${image.name}`} />
            <figcaption className="small">
              {image.name} ·{' '}
              {image.image
                ? `${image.image.width}×${image.image.height} ${image.image.format.toUpperCase()}`
                : image.mimeType}{' '}
              · {fileSize(image.size)}
            </figcaption>
          </figure>
        ) : (
          <p className="muted small">{busy ?? 'Drop a JPEG or PNG here, or'}</p>
        )}
        <div className="video-row">
          <button type="button" onClick={() => picker.current?.click()} disabled={busy !== null}>
            {isRef ? 'Replace…' : 'Choose file…'}
          </button>
          {value && (
            <button type="button" className="ghost" onClick={() => onChange('')}>
              Remove
            </button>
          )}
        </div>
        <input
          ref={picker}
          type="file"
          hidden
          accept={VIDEO_IMAGE_TYPES.join(',')}
          aria-label={`${label} file`}
          onChange={(e) => {
            void take(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
      {!isRef && (
        <label className="small">
          or an image URL
          <input
            type="url"
            value={value}
            placeholder="https://…"
            maxLength={8192}
            aria-invalid={message ? true : undefined}
            onChange={(e) => onChange(e.target.value.trim())}
          />
        </label>
      )}
      {message && (
        <p className="field-error" role="alert">
          {message === issue ? <IssueWords label={label} message={message} /> : message}
        </p>
      )}
    </div>
  )
}

// What an attachment is (image, audio or another file) and whether the chosen wire format can carry it, for
// files picked from disk and for URLs alike. The rules follow the spec: chat and messages take images only,
// responses takes images and files (input_image, input_file), native takes images and audio inline or by URI.
import { FORMAT_LABELS, type WireFormat } from '../../../../shared/wire'

export type AttachKind = 'image' | 'audio' | 'file'

const EXTENSION_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
}

/** MIME types offered for a URL attachment (the field also takes any other). */
export const COMMON_MIME_TYPES = [...new Set(Object.values(EXTENSION_MIME))]

/** The MIME type a file name or URL path suggests by its extension, or '' when it suggests none. */
export function mimeFromName(name: string): string {
  const path = name.split(/[?#]/)[0] ?? ''
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
  return (ext && EXTENSION_MIME[ext]) ?? ''
}

/** Images the formats read (PNG, JPEG, GIF, WebP), audio of any type, anything else a file. */
export function kindOfMime(mime: string): AttachKind {
  if (/^image\/(png|jpeg|gif|webp)$/.test(mime)) return 'image'
  if (mime.startsWith('audio/')) return 'audio'
  return 'file'
}

/** The kinds a format can carry, the first being the default for a URL whose type is unknown. */
export function kindsFor(format: WireFormat | null): AttachKind[] {
  if (format === 'chat' || format === 'messages') return ['image']
  if (format === 'native') return ['image', 'audio', 'file']
  return ['image', 'file', 'audio']
}

/** Why `format` cannot carry this attachment (in words naming it), or null when it can. */
export function attachRefusal(format: WireFormat | null, kind: AttachKind, name: string): string | null {
  if (format === null || kindsFor(format).includes(kind)) return null
  const where =
    kind === 'audio'
      ? 'audio goes through the Native format'
      : 'files (PDF and others) go through the Responses or Native format'
  return `${name}: ${FORMAT_LABELS[format]} takes images only; ${where}.`
}

/** The URL typed in "Attachment URL", checked for the format: http(s) everywhere, other file URIs in native. */
export function checkAttachUrl(
  format: WireFormat | null,
  text: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const url = text.trim()
  if (!url) return { ok: false, message: 'Attachment URL: type the URL of an image or file.' }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { ok: false, message: `Attachment URL: "${url.slice(0, 60)}" is not a URL (it needs https://…).` }
  }
  const scheme = parsed.protocol.replace(/:$/, '')
  if ((scheme === 'http' || scheme === 'https') && parsed.host) return { ok: true, url }
  if (format === 'native' && !['javascript', 'data', 'file', 'blob', 'attachment'].includes(scheme))
    return { ok: true, url }
  return {
    ok: false,
    message:
      format === 'native'
        ? `Attachment URL: ${scheme}: is not a file URI the gateway can fetch; use https://… or a file URI such as gs://…`
        : `Attachment URL: must start with http:// or https:// (${scheme}: URLs are not sent).`,
  }
}

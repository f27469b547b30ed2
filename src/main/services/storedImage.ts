// An image the user imported into the media store and a form references as `attachment:<id>` (a video first
// frame, a try-on photo): read only as far as its header, and checked to be still stored, a PNG or JPEG by its
// bytes (not its name), and within the form's size limit. Invariant: a problem is one issue naming the form
// field and the rule, never an exception.
import { open } from 'node:fs/promises'
import { MEDIA_REF_PREFIX, mediaIdOfRef } from '../../shared/ipc/media'
import type { ValidationIssue } from '../../shared/ipc/video'
import { imageDimensions, type ImageInfo } from '../../shared/video/images'
import type { MediaStore } from './mediaStore'

// Enough of a file to read any PNG or JPEG header (EXIF can push a JPEG frame header to ~64 KB).
const HEADER_BYTES = 96 * 1024

export interface StoredImage {
  mediaId: string
  path: string
  name: string
  mimeType: 'image/png' | 'image/jpeg'
  size: number
  /** The first bytes of the file (see HEADER_BYTES). */
  header: Uint8Array
  info: ImageInfo
}

/** The first bytes of a file: enough for any PNG or JPEG header. */
export async function readHeader(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const buf = Buffer.alloc(HEADER_BYTES)
    const { bytesRead } = await handle.read(buf, 0, HEADER_BYTES, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * Reads an imported image's header and checks it; null when `ref` is no media reference (a URL, a data URL), or
 * (with an issue pushed) when the file cannot be sent.
 */
export async function loadStoredImage(
  media: MediaStore,
  field: string,
  ref: string,
  maxBytes: number,
  issues: ValidationIssue[],
): Promise<StoredImage | null> {
  if (!ref.trim().startsWith(MEDIA_REF_PREFIX)) return null
  const id = mediaIdOfRef(ref)
  const info = id ? await media.info(id) : null
  const path = id && info ? await media.path(id) : null
  if (!id || !info || !path) {
    issues.push({
      field,
      rule: 'required',
      message: `${field}: the imported image is no longer stored; add the file again`,
    })
    return null
  }
  const header = await readHeader(path)
  const dims = imageDimensions(header)
  if (!dims || (dims.format !== 'png' && dims.format !== 'jpeg')) {
    issues.push({
      field,
      rule: 'format',
      message: `${field} must be a PNG or JPEG image (${info.name} is ${dims?.format ?? (info.mimeType || 'not an image')})`,
    })
    return null
  }
  if (info.size > maxBytes) {
    issues.push({
      field,
      rule: 'range',
      message: `${field}: images are at most ${mb(maxBytes)} (${info.name} is ${mb(info.size)})`,
    })
    return null
  }
  return {
    mediaId: id,
    path,
    name: info.name,
    mimeType: dims.format === 'png' ? 'image/png' : 'image/jpeg',
    size: info.size,
    header,
    info: dims,
  }
}

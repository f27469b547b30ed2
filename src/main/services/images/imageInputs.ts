// The images a console image task sends: files imported into the media store (`attachment:<id>`) are checked
// (still stored, PNG or JPEG by their header, at most 20 MB) and inlined as a data URL or bare Base64 where the
// body takes them; URLs and data URLs pass as typed. Invariant: a problem is an issue naming the form field.
import { open, readFile } from 'node:fs/promises'
import { mediaIdOfRef } from '../../../shared/ipc/media'
import type { ValidationIssue } from '../../../shared/ipc/video'
import type { Dimensions } from '../../../shared/images/bodies'
import { CONSOLE_IMAGE_MAX_BYTES, type LocalImageAs } from '../../../shared/images/forms'
import { imageDimensions, inlineImageInfo } from '../../../shared/video/images'
import type { MediaStore } from '../mediaStore'

const HEADER_BYTES = 96 * 1024

export interface StoredInput {
  mediaId: string
  path: string
  name: string
  mimeType: 'image/png' | 'image/jpeg'
  size: number
  dims: Dimensions
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

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** Reads an imported file's header and checks it; null (with an issue) when it cannot be sent. */
export async function loadStoredImage(
  media: MediaStore,
  field: string,
  ref: string,
  issues: ValidationIssue[],
): Promise<StoredInput | null> {
  const id = mediaIdOfRef(ref)
  if (!id) return null
  const info = await media.info(id)
  const path = info ? await media.path(id) : null
  if (!info || !path) {
    issues.push({ field, rule: 'required', message: `${field}: the file is no longer stored; add it again` })
    return null
  }
  const dims = imageDimensions(await readHeader(path))
  if (!dims || (dims.format !== 'png' && dims.format !== 'jpeg')) {
    issues.push({
      field,
      rule: 'format',
      message: `${field} must be a PNG or JPEG image (${info.name} is ${dims?.format ?? (info.mimeType || 'not an image')})`,
    })
    return null
  }
  if (info.size > CONSOLE_IMAGE_MAX_BYTES) {
    issues.push({
      field,
      rule: 'range',
      message: `${field}: images are at most ${mb(CONSOLE_IMAGE_MAX_BYTES)} (${info.name} is ${mb(info.size)})`,
    })
    return null
  }
  return {
    mediaId: id,
    path,
    name: info.name,
    mimeType: dims.format === 'png' ? 'image/png' : 'image/jpeg',
    size: info.size,
    dims: { width: dims.width, height: dims.height },
  }
}

/** Loads every imported image of a form; answers the stored files by field, and the size of inline data URLs. */
export async function loadInputs(
  media: MediaStore,
  fields: { field: string; value: string }[],
  issues: ValidationIssue[],
): Promise<{ files: Map<string, StoredInput>; dims: (field: string) => Dimensions | null }> {
  const files = new Map<string, StoredInput>()
  const inline = new Map<string, Dimensions>()
  for (const { field, value } of fields) {
    const file = await loadStoredImage(media, field, value, issues)
    if (file) files.set(field, file)
    else if (value.startsWith('data:')) {
      const info = inlineImageInfo(value)
      if (info && info.width > 0) inline.set(field, { width: info.width, height: info.height })
    }
  }
  return { files, dims: (field) => files.get(field)?.dims ?? inline.get(field) ?? null }
}

/** The file's bytes as the body carries them. */
export async function inlineFile(file: StoredInput, as: LocalImageAs): Promise<string> {
  const base64 = (await readFile(file.path)).toString('base64')
  return as === 'base64' ? base64 : `data:${file.mimeType};base64,${base64}`
}

/** What a preview shows in place of a file's bytes. */
export const placeholderOf = (file: StoredInput, as: LocalImageAs): string =>
  `${as === 'base64' ? '' : `data:${file.mimeType};base64,`}<${file.name}: ${file.size} bytes, inlined when sent>`

// The images a console image task sends: files imported into the media store (`attachment:<id>`) are checked
// (still stored, PNG or JPEG by their header, at most 20 MB) and inlined as a data URL or bare Base64 where the
// body takes them; URLs and data URLs pass as typed. Invariant: a problem is an issue naming the form field.
import { readFile } from 'node:fs/promises'
import type { ValidationIssue } from '../../../shared/ipc/video'
import type { Dimensions } from '../../../shared/images/bodies'
import { CONSOLE_IMAGE_MAX_BYTES, type LocalImageAs } from '../../../shared/images/forms'
import { inlineImageInfo } from '../../../shared/video/images'
import type { MediaStore } from '../mediaStore'
import { loadStoredImage, type StoredImage } from '../storedImage'

/** An imported image as a console image task sends it. */
export type StoredInput = StoredImage & { dims: Dimensions }

async function loadInput(
  media: MediaStore,
  field: string,
  ref: string,
  issues: ValidationIssue[],
): Promise<StoredInput | null> {
  const file = await loadStoredImage(media, field, ref, CONSOLE_IMAGE_MAX_BYTES, issues)
  return file && { ...file, dims: { width: file.info.width, height: file.info.height } }
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
    const file = await loadInput(media, field, value, issues)
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

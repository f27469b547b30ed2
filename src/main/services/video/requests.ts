// Turns a job request from the renderer into the exact submit call (endpoint 11 or 14): imported images
// (`attachment:<id>`) are checked (stored, JPEG/PNG, size) and inlined as data URLs, and the shared rules run on a
// probe body whose images are only their headers, so validation never decodes a whole image in main. Every
// refusal names the field and the rule (R8); warnings (limits the app assumed, a model outside the catalog)
// refuse too unless the user sent anyway (`force`). The display body shows images as short placeholders.
import { readFile } from 'node:fs/promises'
import { VIDEO_IMAGE_MAX_BYTES, type ValidationIssue, type VideoJobRequest } from '../../../shared/ipc/video'
import { MEDIA_IMPORT_MAX_BYTES, MEDIA_REF_PREFIX } from '../../../shared/ipc/media'
import { findVideoModel, type VideoFamily } from '../../../shared/catalog/videoModels'
import { checkConsoleVideo, consolePath } from '../../../shared/catalog/consoleTasks'
import { buildVideoBody } from '../../../shared/video/build'
import type { VideoForm } from '../../../shared/video/forms'
import type { ImageInfo } from '../../../shared/video/images'
import { validateVideoForm, videoModelForForm } from '../../../shared/video/validate'
import type { MediaStore } from '../mediaStore'
import { loadStoredImage, mb, type StoredImage } from '../storedImage'
import { taskIdInUrl } from '../../../shared/taskId'

export const VIDEO_SUBMIT_PATH = '/v1/video/generations'
export const videoQueryPath = (taskId: string): string => `${VIDEO_SUBMIT_PATH}/${taskIdInUrl(taskId)}`
export const videoDownloadPath = (taskId: string): string =>
  `${VIDEO_SUBMIT_PATH}/download?id=${taskIdInUrl(taskId)}`
export const consoleQueryPath = (taskId: string): string =>
  `${consolePath('videoQuery')}?taskId=${taskIdInUrl(taskId)}`

/** What a job shows about its request, family-neutral. */
export interface JobSummary {
  family: VideoFamily | 'console'
  model: string
  mode: string
  prompt: string
  durationSeconds: number
  resolution: string | null
  aspectRatio: string | null
  imageCount: number
  audio: boolean
  sampleCount: number
}

export interface PreparedRequest {
  kind: 'model' | 'console'
  path: string
  /** The body to send (images inlined); built only when `inline` was asked. */
  body: Record<string, unknown> | null
  /** The body with images as placeholders, for previews and code export. */
  displayBody: Record<string, unknown>
  summary: JobSummary
}

export type PrepareResult = { ok: true; value: PreparedRequest } | { ok: false; issues: ValidationIssue[] }

/** The image fields of a form, by their form field names, in order. */
function imageFields(form: VideoForm): { field: string; value: string; set: (v: string) => void }[] {
  const out: { field: string; value: string; set: (v: string) => void }[] = []
  const add = (field: string, value: string | undefined, set: (v: string) => void) => {
    if (value !== undefined && value.trim() !== '') out.push({ field, value, set })
  }
  switch (form.family) {
    case 'A':
      add('input_reference', form.input_reference, (v) => (form.input_reference = v))
      break
    case 'B':
      add('image', form.image, (v) => (form.image = v))
      add('lastFrame', form.lastFrame, (v) => (form.lastFrame = v))
      break
    case 'C':
      add('image', form.image, (v) => (form.image = v))
      break
    case 'D':
      form.images.forEach((value, i) => add(`images[${i}]`, value, (v) => (form.images[i] = v)))
      break
  }
  return out
}

const dataUrlOf = (mime: string, bytes: Uint8Array): string =>
  `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
const placeholder = (file: StoredImage): string =>
  `data:${file.mimeType};base64,<${file.name}: ${file.size} bytes, inlined when sent>`

/**
 * Validates a job request and builds its submit body. With `inline`, imported images are read whole into the
 * body; without it (previews), nothing larger than an image header is read.
 */
export async function prepareVideoRequest(
  request: VideoJobRequest,
  media: MediaStore,
  { inline, force = false }: { inline: boolean; force?: boolean },
): Promise<PrepareResult> {
  if (request.kind === 'console') return prepareConsole(request.form)
  // A model outside the catalog is shaped by its chosen family's stand-in row; whether it may be sent is the
  // form validator's rule (a warning), written once there.
  const model = videoModelForForm(request.model, request.form)
  const issues: ValidationIssue[] = []
  const warnings: ValidationIssue[] = []
  const probe = structuredClone(request.form)
  const display = structuredClone(request.form)
  const full = structuredClone(request.form)
  const files = new Map<string, StoredImage>()
  const probeFields = imageFields(probe)
  const displayFields = imageFields(display)
  const fullFields = imageFields(full)
  let familyAInfo: ImageInfo | undefined
  for (let i = 0; i < probeFields.length; i++) {
    const { field, value } = probeFields[i]!
    if (!value.trim().startsWith(MEDIA_REF_PREFIX)) continue
    const file =
      files.get(value) ?? (await loadStoredImage(media, field, value, MEDIA_IMPORT_MAX_BYTES, issues))
    if (!file) continue
    // The spec gives video images no bound: the app's cap is an assumption, said and sendable anyway.
    if (!files.has(value) && file.size > VIDEO_IMAGE_MAX_BYTES)
      warnings.push({
        field,
        rule: 'range',
        message: `${field}: ${file.name} is ${mb(file.size)}, over the ${mb(VIDEO_IMAGE_MAX_BYTES)} the app assumed for video images: the spec gives no bound; the gateway decides`,
        severity: 'warning',
      })
    files.set(value, file)
    probeFields[i]!.set(dataUrlOf(file.mimeType, file.header))
    displayFields[i]!.set(placeholder(file))
    if (field === 'input_reference') familyAInfo = file.info
  }
  if (issues.length > 0) return { ok: false, issues }

  const checked = validateVideoForm(
    findVideoModel(request.model) ?? request.model,
    probe,
    familyAInfo ? { imageInfo: familyAInfo } : {},
  )
  const found = [...warnings, ...(checked.ok ? [] : checked.issues)]
  // Warnings (limits the app assumed, a model outside the catalog) are sent only when the user said so.
  const sendable = checked.ok ? checked : (checked.anyway ?? null)
  if (!sendable || (found.length > 0 && !force)) return { ok: false, issues: found }
  let body: Record<string, unknown> | null = null
  if (inline) {
    for (const entry of fullFields) {
      const file = files.get(entry.value)
      if (file) entry.set(dataUrlOf(file.mimeType, await readFile(file.path)))
    }
    body = buildVideoBody(model, full)
  }
  const r = sendable.request
  return {
    ok: true,
    value: {
      kind: 'model',
      path: VIDEO_SUBMIT_PATH,
      body,
      displayBody: buildVideoBody(model, display),
      summary: {
        family: model.family,
        model: model.id,
        mode: r.mode,
        prompt: r.prompt,
        durationSeconds: r.durationSeconds,
        resolution: r.resolution ?? null,
        aspectRatio: r.aspectRatio ?? null,
        imageCount: r.imageCount,
        audio: r.audio,
        sampleCount: r.sampleCount,
      },
    },
  }
}

function prepareConsole(form: Extract<VideoJobRequest, { kind: 'console' }>['form']): PrepareResult {
  // The spec declares duration a string ("a usage sends a number"); the declared type is sent.
  const body: Record<string, unknown> = {
    model: form.model,
    prompt: form.prompt,
    duration: String(form.duration),
    aspect_ratio: form.aspect_ratio,
  }
  if (form.resolution) body.resolution = form.resolution
  if (form.return_url !== undefined) body.return_url = form.return_url
  if (form.req_key) body.req_key = form.req_key
  const checked = checkConsoleVideo(body)
  if (!checked.ok) return { ok: false, issues: checked.issues }
  return {
    ok: true,
    value: {
      kind: 'console',
      path: consolePath('videoSubmit'),
      body,
      displayBody: body,
      summary: {
        family: 'console',
        model: form.model,
        mode: 'text',
        prompt: form.prompt,
        durationSeconds: form.duration,
        resolution: form.resolution || null,
        aspectRatio: form.aspect_ratio || null,
        imageCount: 0,
        audio: false,
        sampleCount: 1,
      },
    },
  }
}

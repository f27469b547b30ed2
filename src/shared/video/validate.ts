// Form validation for the Video panel and main's job service: build the family body, then run the shared
// body rules (rules.ts) on it, and report issues under the form's field names. Only what a body cannot show
// (family D's chosen mode against its image count, a form of the wrong family) is checked on the form itself.
import { VIDEO_MODE_LABELS, findVideoModel, standInVideoModel, type VideoModel } from '../catalog/videoModels'
import { buildVideoBody, type VideoBody } from './build'
import { assumedLimit, notInCatalogIssue } from './rawCheck'
import { familyDImageCount, type VideoForm } from './forms'
import type { ImageInfo } from './images'
import {
  analyzeVideoBody,
  resolveVideoModel,
  summarizeVideoBody,
  type VideoIssue,
  type VideoRequestSummary,
} from './rules'

export type VideoFormResult =
  | { ok: true; body: VideoBody; request: VideoRequestSummary }
  | {
      ok: false
      issues: VideoIssue[]
      /** Present when every issue is a warning: what "Send anyway" sends. */
      anyway?: { body: VideoBody; request: VideoRequestSummary }
    }

/** Whether a result's issues are warnings only (a limit the app assumed, a model outside the catalog). */
export const onlyWarnings = (issues: readonly { severity?: 'error' | 'warning' | undefined }[]): boolean =>
  issues.length > 0 && issues.every((i) => i.severity === 'warning')

/**
 * The row a form for `id` is built with: the catalog's, or for an id outside it the stand-in row of the family
 * the user chose to send.
 */
export const videoModelForForm = (id: string, form: Pick<VideoForm, 'family'>): VideoModel =>
  findVideoModel(id) ?? standInVideoModel(id, form.family)

export interface VideoFormOptions {
  /** Decoded size of family A's input_reference when it is a URL or a file the caller has read. */
  imageInfo?: ImageInfo
}

// Family D's wire fields live inside the text item and metadata.content; the form has plain fields.
const FAMILY_D_FIELDS: Record<string, string> = {
  '--ratio': 'ratio',
  '--dur': 'duration',
  '--rs': 'resolution',
  '--wm': 'watermark',
  '--cf': 'cameraFixed',
}

/** The form field an issue about a wire field belongs to. */
export function formFieldOf(form: VideoForm, wireField: string): string {
  if (form.family !== 'D') return wireField
  if (/^metadata\.content\[\d+\]\.text$/.test(wireField)) return 'prompt'
  return FAMILY_D_FIELDS[wireField] ?? (wireField.startsWith('metadata') ? 'images' : wireField)
}

function formIssues(model: VideoModel, form: VideoForm): VideoIssue[] {
  if (form.family !== model.family) {
    return [
      {
        field: 'model',
        rule: 'oneOf',
        message: `model ${model.id} is a family ${model.family} model; this form is for family ${form.family}`,
      },
    ]
  }
  if (form.family === 'A') {
    // The builder turns width and height into size; the user typed width and height, so say those.
    if (form.size !== undefined || form.width === undefined || form.height === undefined) return []
    const size = `${form.width}x${form.height}`
    if (model.sizes.includes(size)) return []
    return [
      {
        field: 'width',
        rule: 'oneOf',
        message: `width x height must be one of ${model.sizes.join(', ')} for ${model.id} (got ${size})`,
      },
    ]
  }
  if (form.family !== 'D') return []
  const issues: VideoIssue[] = []
  if (!model.modes.includes(form.mode)) {
    const supported = model.modes.map((m) => VIDEO_MODE_LABELS[m]).join(', ')
    issues.push({
      field: 'mode',
      rule: 'mode',
      message: `mode: ${model.id} does not support ${VIDEO_MODE_LABELS[form.mode]} (supported: ${supported})`,
    })
  }
  const [min, max] = familyDImageCount(model, form.mode)
  const n = form.images.filter((s) => s.trim() !== '').length
  if (form.mode === 'text' && n > 0) {
    issues.push({ field: 'images', rule: 'forbidden', message: 'images: text-to-video takes no images' })
  } else if (n > max && form.mode === 'reference' && model.assumed.includes('maxReferenceImages')) {
    // The spec states no reference-image cap for this model: the app's cap is a warning, sendable anyway.
    issues.push({
      field: 'images',
      rule: 'count',
      message: `images: ${VIDEO_MODE_LABELS[form.mode]} needs ${min} to ${max} images (got ${n}): the spec does not state this limit for ${model.id}; the app assumed it`,
      severity: 'warning',
    })
  } else if (n < min || n > max) {
    const want = min === max ? `exactly ${min}` : `${min} to ${max}`
    issues.push({
      field: 'images',
      rule: 'count',
      message: `images: ${VIDEO_MODE_LABELS[form.mode]} needs ${want} image${max === 1 ? '' : 's'} (got ${n})`,
    })
  }
  return issues
}

/**
 * Validates a video form for a model and builds the endpoint 11 body.
 * Every issue names the form field and the spec rule it broke.
 */
export function validateVideoForm(
  modelOrId: VideoModel | string,
  form: VideoForm,
  opts: VideoFormOptions = {},
): VideoFormResult {
  const model = resolveVideoModel(modelOrId)
  if (!model) {
    // Outside the catalog: the body of the family the user chose, with the one note; the gateway decides.
    const id = String(modelOrId)
    const note = notInCatalogIssue(id) ?? {
      field: 'model',
      rule: 'required' as const,
      message: 'model: choose a model or type its id',
    }
    const standIn = standInVideoModel(id, form.family)
    const body = buildVideoBody(standIn, form)
    const issues: VideoIssue[] = [note]
    return onlyWarnings(issues)
      ? { ok: false, issues, anyway: { body, request: summarizeVideoBody(body, standIn, opts) } }
      : { ok: false, issues }
  }
  const early = formIssues(model, form)
  if (early.some((i) => i.field === 'model')) return { ok: false, issues: early }
  const body = buildVideoBody(model, form)
  const analysis = analyzeVideoBody(body, opts.imageInfo ? { imageInfo: opts.imageInfo } : {})
  // One cause, one message: a form-level issue already explains the body's complaint about the same thing
  // (family D's mode and images; family A's width and height, which became size).
  const explained = new Set(
    early.flatMap((i) =>
      i.field === 'mode' ? ['mode', 'images'] : i.field === 'width' ? ['width', 'size'] : [i.field],
    ),
  )
  // A limit the catalog row marks as assumed (the spec is silent) is a warning the user may send anyway;
  // a limit the spec states stays an error with the spec's words.
  const fromBody = analysis.issues
    .map((i): VideoIssue => {
      const assumed = assumedLimit(model.assumed, i.field, i.rule)
      return {
        ...i,
        field: formFieldOf(form, i.field),
        ...(assumed
          ? {
              message: `${i.message}: the spec does not state this limit for ${model.id}; the app assumed it`,
              severity: 'warning' as const,
            }
          : {}),
      }
    })
    .filter((i) => !explained.has(i.field))
  const issues = [...early, ...fromBody]
  if (issues.length > 0 && onlyWarnings(issues))
    return { ok: false, issues, anyway: { body, request: summarizeVideoBody(body, model, opts) } }
  if (issues.length > 0 || !analysis.request) return { ok: false, issues }
  return { ok: true, body, request: analysis.request }
}

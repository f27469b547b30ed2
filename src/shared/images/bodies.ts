// Body builders and validators of the console image tasks (spec 16–19), shared by the Images panel (errors as the
// user types) and main (refusal before sending). Invariant: every issue names the form field and its rule, and a
// body is built only from a form without issues; images go through `image(field, ref)`, so main inlines files
// while previews show placeholders.
import { BATCH_IMAGE_MAX_N, BATCH_IMAGE_PREFIX, TRY_ON_PREFIX } from '../catalog/consoleTasks'
import type { AdvancedForm, BatchForm, EasyForm, ImageForm, TryOnForm } from './forms'

export interface ImageIssue {
  field: string
  rule: 'required' | 'type' | 'range' | 'format' | 'match'
  message: string
}

export interface Dimensions {
  width: number
  height: number
}

/** What the validator may know of an image field (a local file's size); URLs are not fetched. */
export type DimensionsOf = (field: string) => Dimensions | null

type Json = Record<string, unknown>

const blank = (v: string | undefined): boolean => v === undefined || v.trim() === ''

class Issues {
  readonly list: ImageIssue[] = []
  add(field: string, rule: ImageIssue['rule'], message: string): void {
    this.list.push({ field, rule, message })
  }
  required(field: string, value: string | undefined, what = field): void {
    if (blank(value)) this.add(field, 'required', `${what} is required`)
  }
  integer(field: string, value: number | undefined, min: number, max = Infinity): void {
    if (value === undefined) return
    if (Number.isNaN(value)) this.add(field, 'required', `${field} is required`)
    else if (!Number.isInteger(value))
      this.add(field, 'type', `${field} must be a whole number (got ${value})`)
    else if (value < min || value > max) {
      const range = max === Infinity ? `at least ${min}` : `from ${min} to ${max}`
      this.add(field, 'range', `${field} must be ${range} (got ${value})`)
    }
  }
  between(field: string, value: number | undefined, min: number, max: number): void {
    if (value !== undefined && (value < min || value > max))
      this.add(field, 'range', `${field} must be from ${min} to ${max} (got ${value})`)
  }
  jsonObject(field: string, text: string | undefined): void {
    if (blank(text)) return
    const parsed = parseObject(text!)
    if (parsed === null) this.add(field, 'format', `${field} must be a JSON object, e.g. {"key": "value"}`)
  }
}

function parseObject(text: string): Json | null {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null
  } catch {
    return null
  }
}

const isImageRef = (v: string): boolean =>
  /^https?:\/\/\S+$/i.test(v) || /^data:image\//i.test(v) || /^attachment:[a-f0-9]{32}$/.test(v)

function imageField(issues: Issues, field: string, value: string | undefined, required: boolean): void {
  if (blank(value)) {
    if (required) issues.add(field, 'required', `${field} is required: a URL or a file`)
    return
  }
  if (!isImageRef(value!.trim()))
    issues.add(field, 'format', `${field} must be an http(s) URL, a data URL or a file`)
}

function validateBatch(f: BatchForm, issues: Issues): void {
  issues.required('model', f.model)
  issues.required('prompt', f.prompt)
  // No upper bound here: the spec states none; above BATCH_IMAGE_MAX_N is a warning (imageFormWarnings).
  issues.integer('n', f.n, 1)
  issues.required('size', f.size)
  issues.integer('temperature', f.temperature, 0)
  imageField(issues, 'image', f.image, false)
  issues.jsonObject('promptOptions', f.promptOptions)
  issues.jsonObject('sequentialImageGenerationOptions', f.sequentialImageGenerationOptions)
}

function validateEasy(f: EasyForm, issues: Issues): void {
  issues.required('size', f.size)
  if (f.parts.length === 0) issues.add('parts', 'required', 'parts needs at least one text or image')
  f.parts.forEach((p, i) => {
    if (blank(p.text) && blank(p.image))
      issues.add(`parts[${i}]`, 'required', `parts[${i}] needs a text or an image`)
    imageField(issues, `parts[${i}].image`, p.image, false)
  })
}

const ADVANCED_PAIRS = [
  ['productImage', 'productMask'],
  ['templateImage', 'templateMask'],
] as const

function validateAdvanced(f: AdvancedForm, issues: Issues, dims: DimensionsOf): void {
  for (const [image, mask] of ADVANCED_PAIRS) {
    imageField(issues, image, f[image], true)
    imageField(issues, mask, f[mask], true)
    const a = dims(image)
    const b = dims(mask)
    if (a && b && (a.width !== b.width || a.height !== b.height)) {
      issues.add(
        mask,
        'match',
        `${mask} must be the size of ${image} (${a.width}×${a.height}; the mask is ${b.width}×${b.height})`,
      )
    }
  }
}

function validateTryOn(f: TryOnForm, issues: Issues): void {
  imageField(issues, 'person', f.person, true)
  if (f.garments.length === 0) issues.add('garments', 'required', 'garments needs at least one image')
  if (f.bodyForm === 'plain' && f.garments.length > 1)
    issues.add('garments', 'range', 'the plain body form (imageUrl, clothingUrl) carries one garment')
  f.garments.forEach((g, i) => {
    issues.required(`garments[${i}].type`, g.type)
    imageField(issues, `garments[${i}].image`, g.image, true)
  })
  const c = f.inference_config
  issues.integer('inference_config.seed', c.seed, -1)
  issues.integer('inference_config.num_steps', c.num_steps, 1)
  issues.integer('inference_config.max_process_side_length', c.max_process_side_length, 1)
  issues.between('inference_config.p_bbox_iou_ratio', c.p_bbox_iou_ratio, 0, 1)
  issues.between('inference_config.p_bbox_expand_ratio', c.p_bbox_expand_ratio, 0, 10)
  issues.integer('logoInfo.position', f.logoInfo.position, 0)
  issues.integer('logoInfo.language', f.logoInfo.language, 0)
  issues.between('logoInfo.opacity', f.logoInfo.opacity, 0, 1)
}

/** Every issue of a form, under the form's field names. */
/**
 * Limits the app assumed where the spec is silent: shown as warnings, never refusing (the gateway decides).
 * Batch `n` above BATCH_IMAGE_MAX_N is the one today.
 */
export function imageFormWarnings(form: ImageForm): ImageIssue[] {
  if (form.mode !== 'batch' || !Number.isInteger(form.n) || form.n <= BATCH_IMAGE_MAX_N) return []
  return [
    {
      field: 'n',
      rule: 'range',
      message: `n: ${form.n} images is above ${BATCH_IMAGE_MAX_N}, a limit this app assumed (the spec gives no maximum); the gateway decides`,
    },
  ]
}

export function validateImageForm(form: ImageForm, dims: DimensionsOf = () => null): ImageIssue[] {
  const issues = new Issues()
  switch (form.mode) {
    case 'batch':
      validateBatch(form, issues)
      break
    case 'easy':
      validateEasy(form, issues)
      break
    case 'advanced':
      validateAdvanced(form, issues, dims)
      break
    case 'try-on':
      validateTryOn(form, issues)
  }
  return issues.list
}

/** Turns an image field's value into what the body carries (main inlines files; previews show placeholders). */
export type ImageValue = (field: string, ref: string) => string

/** Drops undefined and blank-string values. */
function defined(entries: [string, unknown][]): Json {
  return Object.fromEntries(
    entries.filter(([, v]) => v !== undefined && !(typeof v === 'string' && v.trim() === '')),
  )
}

function prefixed(prefix: string, body: Json): Json {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [`${prefix}.${k}`, v]))
}

export function buildBatchBody(f: BatchForm, image: ImageValue): Json {
  const body = defined([
    ['model', f.model.trim()],
    ['prompt', f.prompt],
    ['n', f.n],
    ['size', f.size.trim()],
    ['temperature', f.temperature],
    ['watermark', f.watermark],
    ['image', blank(f.image) ? undefined : image('image', f.image!.trim())],
    ['promptOptions', blank(f.promptOptions) ? undefined : parseObject(f.promptOptions!)],
    ['optimizePrompt', f.optimizePrompt],
    ['quality', f.quality],
    ['responseFormat', f.responseFormat],
    ['score', f.score],
    ['sequentialImageGeneration', f.sequentialImageGeneration],
    [
      'sequentialImageGenerationOptions',
      blank(f.sequentialImageGenerationOptions)
        ? undefined
        : parseObject(f.sequentialImageGenerationOptions!),
    ],
  ])
  return f.bodyForm === 'prefixed' ? prefixed(BATCH_IMAGE_PREFIX, body) : body
}

export function buildEasyBody(f: EasyForm, image: ImageValue): Json {
  const parts = f.parts.map((p, i) =>
    defined([
      ['text', p.text],
      ['image', blank(p.image) ? undefined : image(`parts[${i}].image`, p.image!.trim())],
    ]),
  )
  return { size: f.size.trim(), contents: [{ parts }] }
}

export function buildAdvancedBody(f: AdvancedForm, image: ImageValue): Json {
  return {
    productImageUrl: image('productImage', f.productImage.trim()),
    productMaskUrl: image('productMask', f.productMask.trim()),
    templateImageUrl: image('templateImage', f.templateImage.trim()),
    templateMaskUrl: image('templateMask', f.templateMask.trim()),
  }
}

export function buildTryOnBody(f: TryOnForm, image: ImageValue): Json {
  const person = image('person', f.person.trim())
  const garments = f.garments.map((g, i) => ({
    type: g.type.trim(),
    url: image(`garments[${i}].image`, g.image.trim()),
  }))
  if (f.bodyForm === 'plain') return { imageUrl: person, clothingUrl: garments[0]?.url ?? '' }
  const config = defined(Object.entries(f.inference_config))
  const logo = defined(Object.entries(f.logoInfo))
  const body = defined([
    ['model.url', person],
    ['garment.data', garments],
    ['req_key', f.req_key],
    ['return_url', f.return_url],
    ...Object.entries(config).map(([k, v]): [string, unknown] => [`inference_config.${k}`, v]),
    ...Object.entries(logo).map(([k, v]): [string, unknown] => [`logoInfo.${k}`, v]),
  ])
  return prefixed(TRY_ON_PREFIX, body)
}

export function buildImageBody(form: ImageForm, image: ImageValue): Json {
  switch (form.mode) {
    case 'batch':
      return buildBatchBody(form, image)
    case 'easy':
      return buildEasyBody(form, image)
    case 'advanced':
      return buildAdvancedBody(form, image)
    case 'try-on':
      return buildTryOnBody(form, image)
  }
}

/** The image fields of a form that hold a value, by form field name. */
export function imageFieldsOf(form: ImageForm): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = []
  const add = (field: string, value: string | undefined) => {
    if (!blank(value)) out.push({ field, value: value!.trim() })
  }
  switch (form.mode) {
    case 'batch':
      add('image', form.image)
      break
    case 'easy':
      form.parts.forEach((p, i) => add(`parts[${i}].image`, p.image))
      break
    case 'advanced':
      add('productImage', form.productImage)
      add('productMask', form.productMask)
      add('templateImage', form.templateImage)
      add('templateMask', form.templateMask)
      break
    case 'try-on':
      add('person', form.person)
      form.garments.forEach((g, i) => add(`garments[${i}].image`, g.image))
  }
  return out
}

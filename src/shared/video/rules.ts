// The video body rules of spec endpoint 11, applied to a raw submitted body. The simulator answers 400 with
// these issues and the app runs the same function on the body its builder made, so each rule exists once.
// Invariant: allowed values come from the catalog rows, never from literals here; every issue names the wire
// field and the rule it broke.
import {
  FAMILY_A_REFERENCE_FORMATS,
  FAMILY_A_VIDEO_ID_PREFIX,
  FAMILY_D_FLAGS,
  FAMILY_D_ROLES,
  REFERENCE_CITATION_PATTERN,
  VIDEO_MODELS,
  VIDEO_MODE_LABELS,
  acceptsLastFrame,
  findVideoModel,
  listValues,
  supportsMode,
  type FamilyDFlag,
  type FamilyDRole,
  type VideoMode,
  type VideoModel,
} from '../catalog/videoModels'
import { inlineImageInfo, parseImageReference, type ImageInfo } from './images'

export type VideoRule =
  | 'required'
  | 'type'
  | 'oneOf'
  | 'range'
  | 'prefix'
  | 'format'
  | 'dimensions'
  | 'mode'
  | 'forbidden'
  | 'requires'
  | 'conflict'
  | 'count'
  | 'roles'
  | 'citation'
  | 'duplicate'

export interface VideoIssue {
  /** Wire field (`durationSeconds`, `metadata.content[1].role`, `--dur`). */
  field: string
  rule: VideoRule
  /** Names the field and the rule, e.g. "durationSeconds must be one of 4, 6, 8 for famB-… (got 5)". */
  message: string
}

/** What a valid body asks for, family-neutral: the job record's request summary and the simulator's input. */
export interface VideoRequestSummary {
  model: VideoModel
  mode: VideoMode
  /** Prompt text (family D: the text item without its flags). */
  prompt: string
  durationSeconds: number
  /** Resolution token, or family A's size `WxH`. */
  resolution: string | undefined
  aspectRatio: string | undefined
  imageCount: number
  seed: number | undefined
  sampleCount: number
  /** Whether the result carries audio, per the model's audio rule and the request's toggle. */
  audio: boolean
  watermark: boolean | undefined
}

export interface VideoBodyOptions {
  /**
   * Decoded size of family A's `input_reference` when the caller knows it (a URL it fetched, a file it read).
   * Inline references (data URL, Base64) are measured here from their header without it.
   */
  imageInfo?: ImageInfo
}

export interface VideoBodyAnalysis {
  issues: VideoIssue[]
  /** Present when there are no issues. */
  request: VideoRequestSummary | undefined
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v)))

/** Collects issues for one body; each check reads one field and reports under its wire name. */
class Checker {
  readonly issues: VideoIssue[] = []
  constructor(
    readonly body: Json,
    readonly model: VideoModel,
  ) {}

  add(field: string, rule: VideoRule, message: string): void {
    this.issues.push({ field, rule, message })
  }

  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null
  }

  string(field: string, required: boolean): string | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) {
      if (required) this.add(field, 'required', `${field} is required for ${this.model.id}`)
      return undefined
    }
    if (typeof v !== 'string') {
      this.add(field, 'type', `${field} must be a string (got ${show(v)})`)
      return undefined
    }
    if (required && v.trim() === '') {
      this.add(field, 'required', `${field} must not be empty for ${this.model.id}`)
      return undefined
    }
    return v
  }

  boolean(field: string): boolean | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'boolean') {
      this.add(field, 'type', `${field} must be true or false (got ${show(v)})`)
      return undefined
    }
    return v
  }

  integer(field: string): number | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      this.add(field, 'type', `${field} must be an integer (got ${show(v)})`)
      return undefined
    }
    return v
  }

  oneOf<T extends string | number>(
    field: string,
    value: T | undefined,
    allowed: readonly T[],
    what: string,
  ): T | undefined {
    if (value === undefined) return undefined
    if (!allowed.includes(value)) {
      this.add(
        field,
        'oneOf',
        `${field} must be one of ${listValues(allowed)} for ${this.model.id} (${what}; got ${show(value)})`,
      )
      return undefined
    }
    return value
  }

  /** An image field: http(s) URL, data URL or Base64 (spec: "URL or Base64"). */
  imageRef(field: string, value: unknown, required: boolean): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.add(field, 'required', `${field} is required for ${this.model.id}`)
      return undefined
    }
    if (typeof value !== 'string' || parseImageReference(value).kind === 'invalid') {
      this.add(field, 'format', `${field} must be an http(s) URL, a data URL or Base64 image data`)
      return undefined
    }
    return value
  }
}

function unknownModelMessage(model: unknown): string {
  const ids = VIDEO_MODELS.map((m) => m.id).join(', ')
  return model === undefined
    ? `model is required: one of ${ids}`
    : `model must be one of the video models ${ids} (got ${show(model)})`
}

/** Resolves a model id or row; undefined when it is not a video model. */
export const resolveVideoModel = (m: VideoModel | string): VideoModel | undefined =>
  typeof m === 'string' ? findVideoModel(m) : m

// ---------- family A ----------

function checkFamilyA(c: Checker, opts: VideoBodyOptions): Omit<VideoRequestSummary, 'model'> {
  const { model, body } = c
  const prompt = c.string('prompt', true) ?? ''

  let seconds: number | undefined = model.defaultDuration
  const rawSeconds = body.seconds
  if (rawSeconds !== undefined && rawSeconds !== null) {
    if (typeof rawSeconds === 'string' && /^\d+$/.test(rawSeconds.trim())) seconds = Number(rawSeconds)
    else if (typeof rawSeconds === 'number' && Number.isInteger(rawSeconds)) seconds = rawSeconds
    else {
      c.add(
        'seconds',
        'type',
        `seconds must be a whole number of seconds, as a string or an integer (got ${show(rawSeconds)})`,
      )
      seconds = undefined
    }
    c.oneOf('seconds', seconds, model.durations, 'family A durations in seconds')
  }

  const size = c.string('size', false)
  c.oneOf('size', size, model.sizes, 'family A sizes')
  let derived: string | undefined
  if (c.has('width') || c.has('height')) {
    const w = c.integer('width')
    const h = c.integer('height')
    if (!c.has('width') || !c.has('height')) {
      c.add(
        c.has('width') ? 'height' : 'width',
        'requires',
        'width and height must be given together (they are converted into size)',
      )
    } else if (w !== undefined && h !== undefined) {
      derived = `${w}x${h}`
      if (size !== undefined && size !== derived) {
        c.add(
          'size',
          'conflict',
          `size ${show(size)} contradicts width x height ${derived}; give one of them`,
        )
      } else if (size === undefined && !model.sizes.includes(derived)) {
        c.add(
          'width',
          'oneOf',
          `width x height must be one of ${listValues(model.sizes)} for ${model.id} (got ${derived})`,
        )
      }
    }
  }
  const effectiveSize = size ?? derived ?? model.defaultSize

  const ref = c.imageRef('input_reference', body.input_reference, false)
  if (ref !== undefined) {
    const info = opts.imageInfo ?? inlineImageInfo(ref)
    if (parseImageReference(ref).kind === 'inline' && !info) {
      c.add(
        'input_reference',
        'format',
        'input_reference must be a JPEG or PNG image (the data is no image this can read)',
      )
    } else if (info) {
      if (!info.format || !(FAMILY_A_REFERENCE_FORMATS as readonly string[]).includes(info.format)) {
        c.add(
          'input_reference',
          'format',
          `input_reference must be a JPEG or PNG image (got ${info.format ?? 'an unknown format'})`,
        )
      } else if (info.width > 0 && `${info.width}x${info.height}` !== effectiveSize) {
        c.add(
          'input_reference',
          'dimensions',
          `input_reference must be exactly ${effectiveSize} pixels to match size (the image is ${info.width}x${info.height})`,
        )
      }
    }
  }

  const remix = c.string('remix_from_video_id', false)
  if (remix !== undefined && !remix.startsWith(FAMILY_A_VIDEO_ID_PREFIX)) {
    c.add(
      'remix_from_video_id',
      'prefix',
      `remix_from_video_id must start with "${FAMILY_A_VIDEO_ID_PREFIX}" (got ${show(remix)})`,
    )
  }
  if (remix !== undefined && ref !== undefined) {
    c.add(
      'remix_from_video_id',
      'conflict',
      'remix_from_video_id and input_reference cannot be combined: a remix starts from the earlier video',
    )
  }

  return {
    mode: remix !== undefined ? 'remix' : ref !== undefined ? 'firstFrame' : 'text',
    prompt,
    durationSeconds: seconds ?? model.defaultDuration,
    resolution: effectiveSize,
    aspectRatio: undefined,
    imageCount: ref !== undefined ? 1 : 0,
    seed: undefined,
    sampleCount: 1,
    audio: false,
    watermark: undefined,
  }
}

// ---------- family B ----------

function checkFamilyB(c: Checker): Omit<VideoRequestSummary, 'model'> {
  const { model, body } = c
  const prompt = c.string('prompt', true) ?? ''
  const duration = c.oneOf(
    'durationSeconds',
    c.integer('durationSeconds'),
    model.durations,
    'family B durations in seconds',
  )
  const aspect = c.oneOf(
    'aspectRatio',
    c.string('aspectRatio', false),
    model.aspectRatios,
    'family B aspect ratios',
  )
  const resolution = c.oneOf(
    'resolution',
    c.string('resolution', false),
    model.resolutions,
    'family B resolutions',
  )
  const image = c.imageRef('image', body.image, false)
  const last = c.imageRef('lastFrame', body.lastFrame, false)
  if (c.has('lastFrame') && !acceptsLastFrame(model)) {
    c.add(
      'lastFrame',
      'mode',
      `lastFrame (first+last frame) is accepted by the 3.1 models only; ${model.id} does not take it`,
    )
  } else if (c.has('lastFrame') && !c.has('image')) {
    c.add('lastFrame', 'requires', 'lastFrame requires image (the first frame)')
  }
  const generateAudio = c.boolean('generateAudio')
  let sampleCount = model.sampleCount?.default ?? 1
  const rawCount = c.integer('sampleCount')
  if (rawCount !== undefined && model.sampleCount) {
    const { min, max } = model.sampleCount
    if (rawCount < min || rawCount > max)
      c.add('sampleCount', 'range', `sampleCount must be an integer from ${min} to ${max} (got ${rawCount})`)
    else sampleCount = rawCount
  }
  const seed = c.integer('seed')
  c.string('personGeneration', false)
  c.boolean('addWatermark')
  return {
    mode: last !== undefined ? 'firstLast' : image !== undefined ? 'firstFrame' : 'text',
    prompt,
    durationSeconds: duration ?? model.defaultDuration,
    resolution: resolution ?? model.defaultResolution,
    aspectRatio: aspect ?? model.defaultAspectRatio,
    imageCount: (image !== undefined ? 1 : 0) + (last !== undefined ? 1 : 0),
    seed,
    sampleCount,
    audio: model.audio === 'always' || (model.audio === 'toggle' && generateAudio === true),
    watermark: c.body.addWatermark === true ? true : undefined,
  }
}

// ---------- family C ----------

function checkFamilyC(c: Checker): Omit<VideoRequestSummary, 'model'> {
  const { model, body } = c
  const i2v = supportsMode(model, 'firstFrame')
  const prompt = c.string('prompt', !i2v) ?? ''
  const duration = c.oneOf(
    'duration',
    c.integer('duration'),
    model.durations,
    'family C durations in seconds',
  )
  const resolution = c.oneOf(
    'resolution',
    c.string('resolution', false),
    model.resolutions,
    'family C resolutions',
  )
  // The i2v video follows its image, so an aspect ratio there is ignored rather than refused.
  const aspect =
    model.aspectRatios.length > 0
      ? c.oneOf('aspect_ratio', c.string('aspect_ratio', false), model.aspectRatios, 'aspect ratios')
      : undefined
  let image: string | undefined
  if (i2v) image = c.imageRef('image', body.image, true)
  else if (c.has('image'))
    c.add(
      'image',
      'forbidden',
      `image is not accepted by ${model.id} (text-to-video only; use famC-2.5-i2v-preview)`,
    )
  c.boolean('smart_rewrite')
  const generateAudio = c.boolean('generate_audio')
  const audioUrl = c.string('audio_url', false)
  if (audioUrl !== undefined && !/^(https?:\/\/\S+|data:audio\/)/i.test(audioUrl.trim())) {
    c.add('audio_url', 'format', `audio_url must be an http(s) URL of an audio file (got ${show(audioUrl)})`)
  }
  const seed = c.integer('seed')
  return {
    mode: i2v ? 'firstFrame' : 'text',
    prompt,
    durationSeconds: duration ?? model.defaultDuration,
    resolution: resolution ?? model.defaultResolution,
    aspectRatio: aspect ?? model.defaultAspectRatio,
    imageCount: image !== undefined ? 1 : 0,
    seed,
    sampleCount: 1,
    audio: generateAudio === true || audioUrl !== undefined,
    watermark: undefined,
  }
}

// ---------- family D ----------

export interface FamilyDText {
  /** The prompt with the flags taken out. */
  prompt: string
  flags: Partial<Record<FamilyDFlag, string>>
  /** Flags that appear more than once, or with no value. */
  duplicates: FamilyDFlag[]
  missingValue: FamilyDFlag[]
}

const FLAG_PATTERN = new RegExp(`(^|\\s)--(${FAMILY_D_FLAGS.join('|')})(?=\\s|$)(?:\\s+(?!--)(\\S+))?`, 'g')

/** Splits family D's text item into the prompt and its `--ratio --dur --rs --wm --cf` flags. */
export function parseFamilyDText(text: string): FamilyDText {
  const flags: Partial<Record<FamilyDFlag, string>> = {}
  const duplicates: FamilyDFlag[] = []
  const missingValue: FamilyDFlag[] = []
  const prompt = text
    .replace(FLAG_PATTERN, (_m, lead: string, name: FamilyDFlag, value: string | undefined) => {
      if (flags[name] !== undefined || missingValue.includes(name)) duplicates.push(name)
      if (value === undefined) missingValue.push(name)
      else flags[name] = value
      return lead
    })
    .replace(/\s+/g, ' ')
    .trim()
  return { prompt, flags, duplicates, missingValue }
}

/** Writes family D's text item: the prompt followed by the flags in catalog order. */
export function formatFamilyDText(prompt: string, flags: Partial<Record<FamilyDFlag, string>>): string {
  const parts = [prompt.trim()]
  for (const name of FAMILY_D_FLAGS) {
    const v = flags[name]
    if (v !== undefined) parts.push(`--${name} ${v}`)
  }
  return parts.filter((p) => p !== '').join(' ')
}

/** The image numbers a prompt cites as [图n], in order of appearance. */
export const citedImages = (prompt: string): number[] =>
  [...prompt.matchAll(REFERENCE_CITATION_PATTERN)].map((m) => Number(m[1]))

const FLAG_LABEL: Record<FamilyDFlag, string> = {
  ratio: 'aspect ratio',
  dur: 'duration in seconds',
  rs: 'resolution',
  wm: 'watermark',
  cf: 'camera fixed',
}

function checkFamilyD(c: Checker): Omit<VideoRequestSummary, 'model'> {
  const { model, body } = c
  if (c.has('prompt')) {
    c.add(
      'prompt',
      'forbidden',
      "prompt is not used by family D: put the prompt in metadata.content's text item",
    )
  }
  const metadata = body.metadata
  const content = isObject(metadata) ? metadata.content : undefined
  if (!isObject(metadata))
    c.add('metadata', 'required', 'metadata is required for family D: { content: [ {type: text, text}, … ] }')
  else if (!Array.isArray(content) || content.length === 0) {
    c.add(
      'metadata.content',
      'required',
      'metadata.content must be a non-empty array of text and image_url items',
    )
  }
  const items = Array.isArray(content) ? content : []

  const texts: { text: string; at: string }[] = []
  const images: { role: FamilyDRole | undefined }[] = []
  items.forEach((item, i) => {
    const at = `metadata.content[${i}]`
    if (!isObject(item)) return c.add(at, 'type', `${at} must be an object {type, …}`)
    if (item.type === 'text') {
      if (typeof item.text !== 'string') return c.add(`${at}.text`, 'type', `${at}.text must be a string`)
      texts.push({ text: item.text, at: `${at}.text` })
    } else if (item.type === 'image_url') {
      const url = isObject(item.image_url) ? item.image_url.url : undefined
      c.imageRef(`${at}.image_url.url`, url, true)
      const role = item.role
      if (role === undefined || role === null) {
        c.add(`${at}.role`, 'required', `${at}.role is required: one of ${listValues(FAMILY_D_ROLES)}`)
        images.push({ role: undefined })
      } else if (typeof role !== 'string' || !(FAMILY_D_ROLES as readonly string[]).includes(role)) {
        c.add(
          `${at}.role`,
          'oneOf',
          `${at}.role must be one of ${listValues(FAMILY_D_ROLES)} (got ${show(role)})`,
        )
        images.push({ role: undefined })
      } else images.push({ role: role as FamilyDRole })
    } else {
      c.add(`${at}.type`, 'oneOf', `${at}.type must be one of text, image_url (got ${show(item.type)})`)
    }
  })

  if (isObject(metadata) && items.length > 0 && texts.length === 0) {
    c.add(
      'metadata.content',
      'required',
      'metadata.content needs one text item carrying the prompt and its flags',
    )
  }
  if (texts.length > 1)
    c.add(
      'metadata.content',
      'count',
      `metadata.content must have exactly one text item (got ${texts.length})`,
    )
  const parsed = parseFamilyDText(texts[0]?.text ?? '')
  const textAt = texts[0]?.at ?? 'metadata.content[0].text'
  for (const f of parsed.duplicates)
    c.add(`--${f}`, 'duplicate', `--${f} appears more than once in the text item`)
  for (const f of parsed.missingValue) c.add(`--${f}`, 'required', `--${f} needs a value (${FLAG_LABEL[f]})`)

  const { flags } = parsed
  const ratio = c.oneOf('--ratio', flags.ratio, model.aspectRatios, FLAG_LABEL.ratio)
  let duration: number | undefined
  if (flags.dur !== undefined) {
    if (!/^\d+$/.test(flags.dur))
      c.add('--dur', 'type', `--dur must be a whole number of seconds (got ${show(flags.dur)})`)
    else duration = c.oneOf('--dur', Number(flags.dur), model.durations, FLAG_LABEL.dur)
  }
  const resolution = c.oneOf('--rs', flags.rs, model.resolutions, FLAG_LABEL.rs)
  for (const f of ['wm', 'cf'] as const) {
    const v = flags[f]
    if (v !== undefined && v !== 'true' && v !== 'false') {
      c.add(`--${f}`, 'oneOf', `--${f} must be true or false (${FLAG_LABEL[f]}; got ${show(v)})`)
    }
  }

  // The mode follows from the image roles (spec: family D body).
  const roles = images.map((im) => im.role)
  let mode: VideoMode | undefined = 'text'
  if (roles.length > 0) {
    const refs = roles.filter((r) => r === 'reference_image').length
    const firsts = roles.filter((r) => r === 'first_frame').length
    const lasts = roles.filter((r) => r === 'last_frame').length
    if (roles.includes(undefined)) mode = undefined
    else if (refs === roles.length) mode = 'reference'
    else if (refs > 0) {
      mode = undefined
      c.add(
        'metadata.content',
        'roles',
        'metadata.content: reference_image items cannot be mixed with first_frame or last_frame items',
      )
    } else if (lasts > 0) {
      mode = 'firstLast'
      if (!(roles.length === 2 && firsts === 1 && lasts === 1)) {
        mode = undefined
        c.add(
          'metadata.content',
          'count',
          `metadata.content: first+last frame needs exactly two images with roles first_frame and last_frame (got ${roles.length}: ${roles.join(', ')})`,
        )
      }
    } else if (firsts === 1) mode = 'firstFrame'
    else {
      mode = undefined
      c.add(
        'metadata.content',
        'count',
        `metadata.content: first-frame mode is a single image item (got ${firsts} first_frame images)`,
      )
    }
  }

  if (mode !== undefined && !supportsMode(model, mode)) {
    const supported = model.modes.map((m) => VIDEO_MODE_LABELS[m]).join(', ')
    if (!supportsMode(model, 'firstFrame') && !supportsMode(model, 'reference') && roles.length > 0) {
      c.add(
        'metadata.content',
        'forbidden',
        `metadata.content: ${model.id} takes no image input (${supported} only)`,
      )
    } else {
      c.add(
        'metadata.content',
        'mode',
        `metadata.content: ${model.id} does not support ${VIDEO_MODE_LABELS[mode]} (supported: ${supported})`,
      )
    }
  }
  if (mode === 'text' && parsed.prompt === '' && texts.length > 0) {
    c.add(textAt, 'required', `the prompt (${textAt}, before the flags) is required for text-to-video`)
  }
  if (mode === 'reference') {
    const max = model.maxReferenceImages ?? Infinity
    if (roles.length > max) {
      c.add(
        'metadata.content',
        'count',
        `metadata.content: reference mode takes at most ${max} images (got ${roles.length})`,
      )
    }
    const bad = citedImages(parsed.prompt).filter((n) => n < 1 || n > roles.length)
    if (bad.length > 0) {
      c.add(
        textAt,
        'citation',
        `the prompt (${textAt}) cites ${bad.map((n) => `[图${n}]`).join(', ')} but only ${roles.length} reference image(s) are given ([图1]…[图${roles.length}], in order)`,
      )
    }
  }

  return {
    mode: mode ?? 'text',
    prompt: parsed.prompt,
    durationSeconds: duration ?? model.defaultDuration,
    resolution: resolution ?? model.defaultResolution,
    aspectRatio: ratio ?? model.defaultAspectRatio,
    imageCount: images.length,
    seed: undefined,
    sampleCount: 1,
    audio: model.audio === 'always',
    watermark: flags.wm === 'true',
  }
}

/**
 * Checks a raw video submit body (endpoint 11) against its model's rules and summarises what it asks for.
 * The simulator answers 400 with these issues; the app runs it on the body it built.
 */
export function analyzeVideoBody(body: unknown, opts: VideoBodyOptions = {}): VideoBodyAnalysis {
  if (!isObject(body)) {
    return {
      issues: [{ field: 'body', rule: 'type', message: 'The body must be a JSON object' }],
      request: undefined,
    }
  }
  const model = typeof body.model === 'string' ? findVideoModel(body.model) : undefined
  if (!model) {
    return {
      issues: [
        {
          field: 'model',
          rule: body.model === undefined ? 'required' : 'oneOf',
          message: unknownModelMessage(body.model),
        },
      ],
      request: undefined,
    }
  }
  const c = new Checker(body, model)
  const summary =
    model.family === 'A'
      ? checkFamilyA(c, opts)
      : model.family === 'B'
        ? checkFamilyB(c)
        : model.family === 'C'
          ? checkFamilyC(c)
          : checkFamilyD(c)
  return { issues: c.issues, request: c.issues.length === 0 ? { model, ...summary } : undefined }
}

/** The issues of a raw video submit body; empty when the body is valid. */
export const parseVideoBody = (body: unknown, opts: VideoBodyOptions = {}): VideoIssue[] =>
  analyzeVideoBody(body, opts).issues

/** One line for an HTTP 400 or a form banner: every issue's message joined. */
export const describeVideoIssues = (issues: readonly VideoIssue[]): string =>
  issues.map((i) => i.message).join('; ')

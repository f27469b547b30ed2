// The console task endpoints (spec 14-20) as data plus their required-field rules: paths, the `{code, msg,
// data}` envelope's success code, the field prefixes, and one check per submit body that the simulator answers
// with and the app runs before sending. Invariant: each check accepts every field form the spec mentions
// (prefixed, nested under the prefix, plain) and reports issues under the spec's field names.

/** Path prefix of every console endpoint on `{console_base_url}`. */
export const CONSOLE_API_PREFIX = '/prod-api/svc/v4/api/'

export const CONSOLE_PATHS = {
  videoSubmit: 'svcVideoCompletions',
  videoQuery: 'svcVideoQuery',
  batchImage: 'batchImageGenerationSubmit',
  photoShootEasy: 'photoShootEasyModeSubmit',
  photoShootAdvanced: 'photoShootAdvancedModeSubmit',
  tryOn: 'dressing2Submitv4',
  photoShootQuery: 'photoShootQuery',
} as const

export type ConsoleEndpoint = keyof typeof CONSOLE_PATHS

export const consolePath = (endpoint: ConsoleEndpoint): string =>
  `${CONSOLE_API_PREFIX}${CONSOLE_PATHS[endpoint]}`

/** Envelope `code` on success. */
export const CONSOLE_SUCCESS_CODE = 200

/** Console video `duration` values (declared as strings; a usage sends a number). */
export const CONSOLE_VIDEO_DURATIONS = [3, 5, 8, 10, 12] as const

/**
 * Product-scene query statuses. The spec shows `SUCCESS` only; `RUNNING` and `FAILED` are the simulator's
 * values for the other states, so a client treats any other value as still running.
 */
export const PHOTO_SHOOT_STATUS = { running: 'RUNNING', success: 'SUCCESS', failed: 'FAILED' } as const

export const BATCH_IMAGE_PREFIX = 'batchImageGenerationDTO'
export const TRY_ON_PREFIX = 'cVDressingV4DTO'

/** Most images one batch request may ask for: not shown by the spec; a bound the simulator enforces. */
export const BATCH_IMAGE_MAX_N = 16

export interface ConsoleIssue {
  field: string
  rule: 'required' | 'type' | 'oneOf' | 'range'
  message: string
}

export type ConsoleCheck<T> = { ok: true; value: T } | { ok: false; issues: ConsoleIssue[] }

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function setPath(target: Json, path: string, value: unknown): void {
  // `a.b[0].c` → ['a', 'b', 0, 'c']
  const keys = path
    .split('.')
    .flatMap((part) =>
      [...part.matchAll(/([^[\]]+)|\[(\d+)\]/g)].map((m) =>
        m[2] !== undefined ? Number(m[2]) : (m[1] ?? ''),
      ),
    )
  let node: Json | unknown[] = target
  keys.forEach((key, i) => {
    const last = i === keys.length - 1
    const slot = (node as Record<string | number, unknown>)[key]
    if (last) {
      ;(node as Record<string | number, unknown>)[key] =
        isObject(slot) && isObject(value) ? { ...slot, ...value } : value
      return
    }
    if (typeof slot !== 'object' || slot === null) {
      ;(node as Record<string | number, unknown>)[key] = typeof keys[i + 1] === 'number' ? [] : {}
    }
    node = (node as Record<string | number, unknown>)[key] as Json | unknown[]
  })
}

/**
 * Reads a body whose fields may carry a prefix (`batchImageGenerationDTO.model`), sit nested under it
 * (`{batchImageGenerationDTO: {model}}`) or come plain (`model`), dotted paths included (`model.url`).
 * Returns one nested object without the prefix.
 */
export function unprefixFields(body: Json, prefix: string): Json {
  const out: Json = {}
  for (const [key, value] of Object.entries(body)) {
    if (key === prefix && isObject(value)) {
      for (const [k, v] of Object.entries(value)) setPath(out, k, v)
    } else if (key.startsWith(`${prefix}.`)) setPath(out, key.slice(prefix.length + 1), value)
    else setPath(out, key, value)
  }
  return out
}

class Fields {
  readonly issues: ConsoleIssue[] = []
  constructor(
    readonly body: Json,
    readonly label: (field: string) => string = (f) => f,
  ) {}

  add(field: string, rule: ConsoleIssue['rule'], message: string): void {
    this.issues.push({ field: this.label(field), rule, message })
  }

  string(field: string, required = true): string | undefined {
    const v = this.body[field]
    if (v === undefined || v === null || v === '') {
      if (required) this.add(field, 'required', `${this.label(field)} is required`)
      return undefined
    }
    if (typeof v !== 'string') {
      this.add(field, 'type', `${this.label(field)} must be a string`)
      return undefined
    }
    return v
  }

  number(field: string, required = true): number | undefined {
    const v = this.body[field]
    if (v === undefined || v === null || v === '') {
      if (required) this.add(field, 'required', `${this.label(field)} is required`)
      return undefined
    }
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      this.add(field, 'type', `${this.label(field)} must be a number`)
      return undefined
    }
    return n
  }

  boolean(field: string, required = true): boolean | undefined {
    const v = this.body[field]
    if (v === undefined || v === null) {
      if (required) this.add(field, 'required', `${this.label(field)} is required`)
      return undefined
    }
    if (v === 'true' || v === 'false') return v === 'true'
    if (typeof v !== 'boolean') {
      this.add(field, 'type', `${this.label(field)} must be true or false`)
      return undefined
    }
    return v
  }

  result<T>(value: T): ConsoleCheck<T> {
    return this.issues.length > 0 ? { ok: false, issues: this.issues } : { ok: true, value }
  }
}

const notObject = <T>(): ConsoleCheck<T> => ({
  ok: false,
  issues: [{ field: 'body', rule: 'type', message: 'The body must be a JSON object' }],
})

export interface ConsoleVideoRequest {
  model: string
  prompt: string
  duration: number
  aspect_ratio: string
  resolution: string | undefined
  return_url: boolean | undefined
  req_key: string | undefined
}

/** Endpoint 14: model, prompt, duration (3|5|8|10|12, string or number) and aspect_ratio are required. */
export function checkConsoleVideo(body: unknown): ConsoleCheck<ConsoleVideoRequest> {
  if (!isObject(body)) return notObject()
  const f = new Fields(body)
  const model = f.string('model')
  const prompt = f.string('prompt')
  const duration = f.number('duration')
  if (duration !== undefined && !(CONSOLE_VIDEO_DURATIONS as readonly number[]).includes(duration)) {
    f.add(
      'duration',
      'oneOf',
      `duration must be one of ${CONSOLE_VIDEO_DURATIONS.join(', ')} (got ${String(body.duration)})`,
    )
  }
  const aspect = f.string('aspect_ratio')
  const resolution = f.string('resolution', false)
  const returnUrl = f.boolean('return_url', false)
  const reqKey = f.string('req_key', false)
  return f.result({
    model: model ?? '',
    prompt: prompt ?? '',
    duration: duration ?? 0,
    aspect_ratio: aspect ?? '',
    resolution,
    return_url: returnUrl,
    req_key: reqKey,
  })
}

export interface BatchImageRequest {
  model: string
  prompt: string
  n: number
  size: string
  temperature: number
  watermark: boolean
  image: string | undefined
}

/** Endpoint 16, prefixed or plain: model, prompt, n, size, temperature and watermark are required. */
export function checkBatchImage(body: unknown): ConsoleCheck<BatchImageRequest> {
  if (!isObject(body)) return notObject()
  const f = new Fields(unprefixFields(body, BATCH_IMAGE_PREFIX), (k) => `${BATCH_IMAGE_PREFIX}.${k}`)
  const model = f.string('model')
  const prompt = f.string('prompt')
  const n = f.number('n')
  if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > BATCH_IMAGE_MAX_N)) {
    f.add(
      'n',
      'range',
      `${BATCH_IMAGE_PREFIX}.n must be an integer from 1 to ${BATCH_IMAGE_MAX_N} (got ${n})`,
    )
  }
  const size = f.string('size')
  const temperature = f.number('temperature')
  const watermark = f.boolean('watermark')
  const image = f.string('image', false)
  return f.result({
    model: model ?? '',
    prompt: prompt ?? '',
    n: n ?? 1,
    size: size ?? '',
    temperature: temperature ?? 0,
    watermark: watermark ?? false,
    image,
  })
}

export interface EasyModePart {
  text: string | undefined
  image: string | undefined
}

export interface EasyModeRequest {
  size: string
  parts: EasyModePart[]
}

/** Endpoint 17: size and contents[].parts[] (each part a text or an image) are required. */
export function checkPhotoShootEasy(body: unknown): ConsoleCheck<EasyModeRequest> {
  if (!isObject(body)) return notObject()
  const f = new Fields(body)
  const size = f.string('size')
  const parts: EasyModePart[] = []
  const contents = body.contents
  if (!Array.isArray(contents) || contents.length === 0) {
    f.add('contents', 'required', 'contents is required: a non-empty array of {parts}')
  } else {
    contents.forEach((c, i) => {
      const p = isObject(c) ? c.parts : undefined
      if (!Array.isArray(p) || p.length === 0) {
        f.add(
          `contents[${i}].parts`,
          'required',
          `contents[${i}].parts is required: a non-empty array of {text, image}`,
        )
        return
      }
      p.forEach((part, j) => {
        const at = `contents[${i}].parts[${j}]`
        const text =
          isObject(part) && typeof part.text === 'string' && part.text !== '' ? part.text : undefined
        const image =
          isObject(part) && typeof part.image === 'string' && part.image !== '' ? part.image : undefined
        if (text === undefined && image === undefined)
          f.add(at, 'required', `${at} needs text or image (a string)`)
        else parts.push({ text, image })
      })
    })
  }
  return f.result({ size: size ?? '', parts })
}

export interface AdvancedModeRequest {
  productImageUrl: string
  productMaskUrl: string
  templateImageUrl: string
  templateMaskUrl: string
}

const ADVANCED_FIELDS = ['productImageUrl', 'productMaskUrl', 'templateImageUrl', 'templateMaskUrl'] as const

/** Endpoint 18: the four image and mask URLs are required strings. */
export function checkPhotoShootAdvanced(body: unknown): ConsoleCheck<AdvancedModeRequest> {
  if (!isObject(body)) return notObject()
  const f = new Fields(body)
  const [productImageUrl = '', productMaskUrl = '', templateImageUrl = '', templateMaskUrl = ''] =
    ADVANCED_FIELDS.map((k) => f.string(k))
  return f.result({ productImageUrl, productMaskUrl, templateImageUrl, templateMaskUrl })
}

export interface TryOnRequest {
  /** Which field form the body used. */
  form: 'prefixed' | 'plain'
  /** Person (model) image URL. */
  personUrl: string
  garments: { type: string; url: string }[]
}

/**
 * Endpoint 19: `cVDressingV4DTO.model.url` and `cVDressingV4DTO.garment.data[]` of {type, url} (prefixed,
 * nested or plain), or the other usage's `imageUrl` and `clothingUrl`.
 */
export function checkTryOn(body: unknown): ConsoleCheck<TryOnRequest> {
  if (!isObject(body)) return notObject()
  const plain = 'imageUrl' in body || 'clothingUrl' in body
  if (plain) {
    const f = new Fields(body)
    const personUrl = f.string('imageUrl')
    const clothingUrl = f.string('clothingUrl')
    return f.result({
      form: 'plain' as const,
      personUrl: personUrl ?? '',
      garments: [{ type: 'image', url: clothingUrl ?? '' }],
    })
  }
  const fields = unprefixFields(body, TRY_ON_PREFIX)
  const f = new Fields(fields, (k) => `${TRY_ON_PREFIX}.${k}`)
  const model = fields.model
  let personUrl: string | undefined
  if (isObject(model)) {
    const person = new Fields(model, (k) => `${TRY_ON_PREFIX}.model.${k}`)
    personUrl = person.string('url')
    f.issues.push(...person.issues)
  } else {
    f.add(
      'model.url',
      'required',
      `${TRY_ON_PREFIX}.model.url is required (or send imageUrl and clothingUrl)`,
    )
  }
  const garment = fields.garment
  const data = isObject(garment) ? garment.data : undefined
  const garments: { type: string; url: string }[] = []
  if (!Array.isArray(data) || data.length === 0) {
    f.add(
      'garment.data',
      'required',
      `${TRY_ON_PREFIX}.garment.data is required: a non-empty array of {type, url}`,
    )
  } else {
    data.forEach((g, i) => {
      const at = `${TRY_ON_PREFIX}.garment.data[${i}]`
      const type = isObject(g) && typeof g.type === 'string' && g.type !== '' ? g.type : undefined
      const url = isObject(g) && typeof g.url === 'string' && g.url !== '' ? g.url : undefined
      if (type === undefined)
        f.issues.push({
          field: `${at}.type`,
          rule: 'required',
          message: `${at}.type is required (e.g. image)`,
        })
      if (url === undefined)
        f.issues.push({ field: `${at}.url`, rule: 'required', message: `${at}.url is required` })
      if (type !== undefined && url !== undefined) garments.push({ type, url })
    })
  }
  return f.result({ form: 'prefixed' as const, personUrl: personUrl ?? '', garments })
}

/** One line for an envelope `msg`: every issue's message joined. */
export const describeConsoleIssues = (issues: readonly ConsoleIssue[]): string =>
  issues.map((i) => i.message).join('; ')

/**
 * Values offered for batch images' free string fields (16). The spec names no allowed values for them; these are
 * the ones image APIs behind such gateways take (`quality` from OpenAI's image models, `responseFormat` and the
 * Seedream fields), offered as choices beside "Other…" for anything else the gateway takes.
 */
export const BATCH_IMAGE_CHOICES = {
  quality: ['auto', 'low', 'medium', 'high', 'standard', 'hd'],
  responseFormat: ['url', 'b64_json'],
  optimizePrompt: ['standard', 'fast'],
  sequentialImageGeneration: ['auto', 'disabled'],
} as const

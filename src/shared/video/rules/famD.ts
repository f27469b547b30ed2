// Family D's body rules (endpoint 11): the prompt and its --flags live in metadata.content's one text item,
// image roles decide the mode, and reference prompts cite images as [图n]. Parsing and writing the text item
// live here too, so the builder and the rules read flags the same way.
import {
  FAMILY_D_FLAGS,
  FAMILY_D_ROLES,
  REFERENCE_CITATION_PATTERN,
  VIDEO_MODE_LABELS,
  listValues,
  supportsMode,
  type FamilyDFlag,
  type FamilyDRole,
  type VideoMode,
} from '../../catalog/videoModels'
import { isObject, show, type Checker, type FamilySummary } from './checker'

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

export function checkFamilyD(c: Checker): FamilySummary {
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
    // A value outside the list is reported and still summarised as sent (a warning may be sent anyway).
    else duration = c.oneOf('--dur', Number(flags.dur), model.durations, FLAG_LABEL.dur) ?? Number(flags.dur)
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

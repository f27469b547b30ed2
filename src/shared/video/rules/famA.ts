// Family A's body rules (endpoint 11): seconds, size or width x height, an input_reference whose pixel size
// equals size, and a remix that starts from an earlier video id. Allowed values come from the catalog row.
import { FAMILY_A_REFERENCE_FORMATS, FAMILY_A_VIDEO_ID_PREFIX, listValues } from '../../catalog/videoModels'
import { inlineImageInfo, parseImageReference } from '../images'
import { show, type Checker, type FamilySummary, type VideoBodyOptions } from './checker'

export function checkFamilyA(c: Checker, opts: VideoBodyOptions): FamilySummary {
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

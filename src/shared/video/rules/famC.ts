// Family C's body rules (endpoint 11): the i2v model requires an image and the t2v model refuses one;
// duration, resolution and aspect_ratio come from the catalog row; audio_url must be an audio URL.
import { supportsMode } from '../../catalog/videoModels'
import { show, type Checker, type FamilySummary } from './checker'

export function checkFamilyC(c: Checker): FamilySummary {
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

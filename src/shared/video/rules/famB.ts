// Family B's body rules (endpoint 11): durationSeconds, aspectRatio, resolution, first and last frame (the
// last frame for the models that accept it), audio toggle and sampleCount bounds from the catalog row.
import { acceptsLastFrame } from '../../catalog/videoModels'
import type { Checker, FamilySummary } from './checker'

export function checkFamilyB(c: Checker): FamilySummary {
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

// Per-family video form types and their defaults. A form holds what the user chose; field names of families
// A-C equal the wire names of endpoint 11 so a validation issue names the same field in the form and on the
// wire. Family D's form is structured (mode, flags, images) and the builder turns it into metadata.content.
import {
  findVideoModel,
  type FamilyDRole,
  type VideoFamily,
  type VideoMode,
  type VideoModel,
} from '../catalog/videoModels'

export interface FamilyAForm {
  family: 'A'
  prompt: string
  /** 4, 8 or 12 (the wire accepts a string or an integer). */
  seconds?: number | string
  /** `WxH`; when absent, `width` and `height` are converted into it. */
  size?: string
  width?: number
  height?: number
  /** First frame: URL or Base64 (data URL) JPEG/PNG whose pixel size equals `size`. */
  input_reference?: string
  /** Remix an earlier video: its id, starting with `video_`. */
  remix_from_video_id?: string
}

export interface FamilyBForm {
  family: 'B'
  prompt: string
  durationSeconds?: number
  aspectRatio?: string
  resolution?: string
  /** First frame. */
  image?: string
  /** Last frame (3.1 models, with `image`). */
  lastFrame?: string
  generateAudio?: boolean
  sampleCount?: number
  seed?: number
  personGeneration?: string
  addWatermark?: boolean
}

export interface FamilyCForm {
  family: 'C'
  prompt: string
  duration?: number
  resolution?: string
  /** Text-to-video only. */
  aspect_ratio?: string
  /** Required by the i2v model, refused by the t2v model. */
  image?: string
  smart_rewrite?: boolean
  generate_audio?: boolean
  audio_url?: string
  seed?: number
}

/** Family D modes; `remix` does not exist there. */
export type FamilyDMode = Exclude<VideoMode, 'remix'>

export interface FamilyDForm {
  family: 'D'
  mode: FamilyDMode
  /** Prompt text without flags; in reference mode it may cite images as [图1], [图2]... */
  prompt: string
  /** --ratio */
  ratio?: string
  /** --dur, seconds */
  duration?: number
  /** --rs */
  resolution?: string
  /** --wm */
  watermark?: boolean
  /** --cf (meaning not shown by the spec; the real service's "camera fixed") */
  cameraFixed?: boolean
  /** Images in order: firstFrame [first], firstLast [first, last], reference [ref1, ref2, ...]. */
  images: string[]
}

export type VideoForm = FamilyAForm | FamilyBForm | FamilyCForm | FamilyDForm

/** The roles family D gives its images in each mode, in order. */
export function familyDRoles(mode: FamilyDMode, count: number): FamilyDRole[] {
  if (mode === 'firstFrame') return ['first_frame']
  if (mode === 'firstLast') return ['first_frame', 'last_frame']
  if (mode === 'reference') return Array.from({ length: count }, () => 'reference_image' as const)
  return []
}

/** How many images a family D mode takes: [min, max]. */
export function familyDImageCount(model: VideoModel, mode: FamilyDMode): [number, number] {
  if (mode === 'firstFrame') return [1, 1]
  if (mode === 'firstLast') return [2, 2]
  if (mode === 'reference') return [1, model.maxReferenceImages ?? 4]
  return [0, 0]
}

/** A form pre-filled with the spec's defaults for the model and the first mode it offers. */
export function defaultVideoForm(modelOrId: VideoModel | string): VideoForm {
  const model = typeof modelOrId === 'string' ? findVideoModel(modelOrId) : modelOrId
  if (!model) throw new Error(`Unknown video model: ${String(modelOrId)}`)
  const family: VideoFamily = model.family
  switch (family) {
    case 'A':
      return { family, prompt: '', seconds: model.defaultDuration, size: model.defaultSize }
    case 'B':
      return {
        family,
        prompt: '',
        durationSeconds: model.defaultDuration,
        aspectRatio: model.defaultAspectRatio,
        resolution: model.defaultResolution,
        sampleCount: model.sampleCount?.default,
        ...(model.audio === 'toggle' ? { generateAudio: false } : {}),
      }
    case 'C':
      return {
        family,
        prompt: '',
        duration: model.defaultDuration,
        resolution: model.defaultResolution,
        ...(model.defaultAspectRatio ? { aspect_ratio: model.defaultAspectRatio } : {}),
      }
    case 'D': {
      const mode = (model.modes[0] ?? 'text') as FamilyDMode
      return {
        family,
        mode,
        prompt: '',
        ratio: model.defaultAspectRatio,
        duration: model.defaultDuration,
        resolution: model.defaultResolution,
        watermark: false,
        cameraFixed: false,
        images: [],
      }
    }
  }
}

// The video model catalog (spec endpoint 11 and the Limits table) as data: one row per model with its family,
// modes, allowed values and defaults. Forms, validation (src/shared/video), request building and the simulator
// all read these rows, so each rule of the spec is written here once. Where the spec is silent a row says so in
// `assumed`, and the value is the real service's documented one.

export type VideoFamily = 'A' | 'B' | 'C' | 'D'

/**
 * Generation modes: text only, first frame (image-to-video), first+last frame, reference images (family D),
 * remix of an earlier video (family A).
 */
export type VideoMode = 'text' | 'firstFrame' | 'firstLast' | 'reference' | 'remix'

/**
 * Audio: `toggle` = a boolean field asks for it; `always` = audio is always included (field ignored);
 * `silent` = never; `unspecified` = the spec says nothing about audio for this model.
 */
export type VideoAudio = 'toggle' | 'always' | 'silent' | 'unspecified'

export interface IntRange {
  readonly min: number
  readonly max: number
  readonly default: number
}

export interface VideoModel {
  readonly id: string
  readonly family: VideoFamily
  /** Short human label for pickers. */
  readonly label: string
  readonly modes: readonly VideoMode[]
  readonly audio: VideoAudio
  /** Allowed durations in whole seconds. */
  readonly durations: readonly number[]
  readonly defaultDuration: number
  /** Resolution tokens (`720p`); empty for family A, whose frame is set by `sizes`. */
  readonly resolutions: readonly string[]
  readonly defaultResolution: string | undefined
  /** Family A frame sizes `WxH`. */
  readonly sizes: readonly string[]
  readonly defaultSize: string | undefined
  /** Aspect ratios; empty when the model takes none (family A uses size, family C i2v follows its image). */
  readonly aspectRatios: readonly string[]
  readonly defaultAspectRatio: string | undefined
  /** Family B `sampleCount`. */
  readonly sampleCount: IntRange | undefined
  /** Family D reference mode: most images one request may carry. */
  readonly maxReferenceImages: number | undefined
  /** Fields whose values the spec leaves open; the row uses the real service's values for them. */
  readonly assumed: readonly string[]
}

/** Generic `aspect_ratio` values of endpoint 11; `adaptive` only for some models. */
export const GENERIC_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive'] as const
export const GENERIC_DEFAULT_DURATION = 5

/** Video task statuses (spec: States and transitions). `submitted` is only ever the submit response's. */
export const VIDEO_STATUSES = ['submitted', 'queued', 'in_progress', 'succeeded', 'failed'] as const
export type VideoStatus = (typeof VIDEO_STATUSES)[number]

/** Recommended polling interval (spec: every 3 to 5 seconds). */
export const VIDEO_POLL_INTERVAL_MS = { min: 3000, max: 5000 } as const

/** Family A: `remix_from_video_id` and every family A task id start with this. */
export const FAMILY_A_VIDEO_ID_PREFIX = 'video_'
/** Family A `input_reference` formats. */
export const FAMILY_A_REFERENCE_FORMATS = ['png', 'jpeg'] as const

/** Family B `personGeneration`: values are not shown by the spec; these are the real service's. */
export const FAMILY_B_PERSON_GENERATION = ['allow_adult', 'allow_all', 'dont_allow'] as const

/** Family D image roles (spec: endpoint 11, family D body). */
export const FAMILY_D_ROLES = ['first_frame', 'last_frame', 'reference_image'] as const
export type FamilyDRole = (typeof FAMILY_D_ROLES)[number]

/** Family D flags carried in the text item, in the order the builder writes them. */
export const FAMILY_D_FLAGS = ['ratio', 'dur', 'rs', 'wm', 'cf'] as const
export type FamilyDFlag = (typeof FAMILY_D_FLAGS)[number]

/** How family D's reference mode cites the n-th image (1-based) inside the prompt. */
export const referenceCitation = (n: number): string => `[图${n}]`
/** Matches every citation in a prompt; group 1 is the number. */
export const REFERENCE_CITATION_PATTERN = /\[图(\d+)\]/g

export const VIDEO_MODE_LABELS: Record<VideoMode, string> = {
  text: 'text-to-video',
  firstFrame: 'first frame (image-to-video)',
  firstLast: 'first+last frame',
  reference: 'reference images',
  remix: 'remix (video-to-video)',
}

export const VIDEO_FAMILY_LABELS: Record<VideoFamily, string> = {
  A: 'Family A',
  B: 'Family B',
  C: 'Family C',
  D: 'Family D',
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

const base = {
  audio: 'unspecified',
  resolutions: [],
  defaultResolution: undefined,
  sizes: [],
  defaultSize: undefined,
  aspectRatios: [],
  defaultAspectRatio: undefined,
  sampleCount: undefined,
  maxReferenceImages: undefined,
  assumed: [],
} as const satisfies Partial<VideoModel>

const familyB = (id: string, label: string, v31: boolean, fast: boolean): VideoModel => ({
  ...base,
  id,
  family: 'B',
  label,
  modes: v31 ? ['text', 'firstFrame', 'firstLast'] : ['text', 'firstFrame'],
  // Fast models ignore generateAudio and always include audio (spec: family B fields).
  audio: fast ? 'always' : 'toggle',
  durations: [4, 6, 8],
  defaultDuration: 4,
  resolutions: ['720p', '1080p'],
  defaultResolution: '1080p',
  aspectRatios: ['16:9', '9:16'],
  defaultAspectRatio: '16:9',
  sampleCount: { min: 1, max: 4, default: 1 },
  assumed: ['seed', 'personGeneration', 'addWatermark'],
})

// Family C: generic `aspect_ratio` applies to text-to-video; the spec lists no `adaptive` for it.
const familyC = (id: string, label: string, i2v: boolean): VideoModel => ({
  ...base,
  id,
  family: 'C',
  label,
  modes: i2v ? ['firstFrame'] : ['text'],
  audio: 'toggle',
  durations: [5, 10],
  defaultDuration: 5,
  resolutions: ['480p', '720p', '1080p'],
  defaultResolution: '720p',
  aspectRatios: i2v ? [] : GENERIC_ASPECT_RATIOS.filter((r) => r !== 'adaptive'),
  defaultAspectRatio: i2v ? undefined : '16:9',
  assumed: i2v ? [] : ['aspect_ratio'],
})

// Family D 1.0 models: the spec gives no durations or resolutions; 5|10 s and 480p/720p/1080p are the real
// service's values at these releases.
const familyD10 = (id: string, label: string, modes: VideoMode[], adaptive: boolean): VideoModel => ({
  ...base,
  id,
  family: 'D',
  label,
  modes,
  audio: 'silent',
  durations: [5, 10],
  defaultDuration: GENERIC_DEFAULT_DURATION,
  resolutions: ['480p', '720p', '1080p'],
  defaultResolution: '720p',
  aspectRatios: adaptive ? GENERIC_ASPECT_RATIOS : GENERIC_ASPECT_RATIOS.filter((r) => r !== 'adaptive'),
  defaultAspectRatio: '16:9',
  maxReferenceImages: modes.includes('reference') ? 4 : undefined,
  assumed: modes.includes('reference')
    ? ['durations', 'resolutions', 'maxReferenceImages']
    : ['durations', 'resolutions'],
})

const familyD15 = (id: string, label: string, audio: boolean): VideoModel => ({
  ...base,
  id,
  family: 'D',
  label,
  modes: ['text', 'firstFrame', 'firstLast'],
  audio: audio ? 'always' : 'silent',
  durations: range(4, 12),
  defaultDuration: GENERIC_DEFAULT_DURATION,
  resolutions: ['480p', '720p'],
  defaultResolution: '720p',
  aspectRatios: GENERIC_ASPECT_RATIOS,
  defaultAspectRatio: '16:9',
})

/** Every video model of the spec's table, in table order. */
export const VIDEO_MODELS: readonly VideoModel[] = [
  {
    ...base,
    id: 'famA-2',
    family: 'A',
    label: 'famA 2',
    modes: ['text', 'firstFrame', 'remix'],
    durations: [4, 8, 12],
    defaultDuration: 4,
    sizes: ['720x1280', '1280x720'],
    defaultSize: '720x1280',
  },
  familyB('famB-3.0-fast-generate-001', 'famB 3.0 fast', false, true),
  familyB('famB-3.1-fast-generate-preview', 'famB 3.1 fast (preview)', true, true),
  familyB('famB-3.0-generate-preview', 'famB 3.0 (preview)', false, false),
  familyB('famB-3.1-generate-preview', 'famB 3.1 (preview)', true, false),
  familyC('famC-2.5-t2v-preview', 'famC 2.5 text-to-video', false),
  familyC('famC-2.5-i2v-preview', 'famC 2.5 image-to-video', true),
  familyD10('famD-1-0-lite-t2v-250428', 'famD 1.0 lite t2v', ['text'], false),
  familyD10('famD-1-0-lite-i2v-250428', 'famD 1.0 lite i2v', ['firstFrame', 'firstLast', 'reference'], true),
  familyD10('famD-1-0-pro-250528', 'famD 1.0 pro', ['text', 'firstFrame'], true),
  familyD15('famD-1-5-pro-251215', 'famD 1.5 pro (audio)', true),
  familyD15('famD-1-5-pro-251215-noAudio', 'famD 1.5 pro (silent)', false),
]

const byId = new Map(VIDEO_MODELS.map((m) => [m.id, m]))

/** The catalog row of a video model id, or undefined when the id is not a video model. */
export const findVideoModel = (id: string): VideoModel | undefined => byId.get(id)

export const videoModelsOfFamily = (family: VideoFamily): VideoModel[] =>
  VIDEO_MODELS.filter((m) => m.family === family)

/**
 * The row the forms use for a model id outside the catalog whose body the user sends as `family`'s: every
 * mode and value the family's rows know, the first row's defaults. It only shapes the form and the body; the
 * app judges nothing of such a model (the gateway decides).
 */
export function standInVideoModel(id: string, family: VideoFamily): VideoModel {
  const rows = videoModelsOfFamily(family)
  const first = rows[0]!
  const union = <T>(pick: (m: VideoModel) => readonly T[]): T[] => [...new Set(rows.flatMap(pick))]
  const caps = rows.map((m) => m.maxReferenceImages ?? 0)
  return {
    ...first,
    id,
    label: id,
    modes: union((m) => m.modes),
    audio: rows.some((m) => m.audio === 'toggle') ? 'toggle' : first.audio,
    durations: union((m) => m.durations),
    resolutions: union((m) => m.resolutions),
    sizes: union((m) => m.sizes),
    aspectRatios: union((m) => m.aspectRatios),
    maxReferenceImages: Math.max(...caps) || undefined,
    assumed: [],
  }
}

export const supportsMode = (model: VideoModel, mode: VideoMode): boolean => model.modes.includes(mode)

/** Family B `lastFrame` exists on the 3.1 models only: exactly the rows that offer first+last frame. */
export const acceptsLastFrame = (model: VideoModel): boolean => supportsMode(model, 'firstLast')

/** Lists allowed values for messages: `4, 6, 8`. */
export const listValues = (values: readonly (string | number)[]): string => values.join(', ')

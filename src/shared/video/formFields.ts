// The video job form as data: for each family (and the console endpoint), which fields it shows, their labels
// and the values they offer, read from the model's catalog row. One form component draws these descriptors.
// Invariant: a field's `key` is its form field name (families A-C: the wire name), so an issue reported
// under that name lands on the field; no allowed value is written here that the catalog row already holds.
import { CONSOLE_VIDEO_DURATIONS } from '../catalog/consoleTasks'
import {
  FAMILY_B_PERSON_GENERATION,
  type VideoFamily,
  type VideoMode,
  type VideoModel,
} from '../catalog/videoModels'

/** The model and mode a field is drawn for; console fields get no model. */
export interface VideoFieldContext {
  model: VideoModel | undefined
  mode: VideoMode | undefined
}

type Values = readonly (string | number)[]

interface FieldBase {
  /** The form field written, and the field an issue names. */
  readonly key: string
  readonly label: string
  /** Further issue fields shown at this field (family A's width, which the builder turns into size). */
  readonly alsoIssues?: readonly string[]
  /** Drawn only when this holds. */
  readonly when?: (ctx: VideoFieldContext) => boolean
}

export interface VideoChoiceField extends FieldBase {
  readonly kind: 'choice'
  readonly values: (ctx: VideoFieldContext) => Values
  /** A first option that removes the field ("not sent"). */
  readonly empty?: string
  /** The value written when the empty option is chosen on a required field. */
  readonly fallback?: string | number
  /**
   * The catalog row's `assumed` key of these values: when the row marks it (the spec states no such limit),
   * the field takes any value, with the row's values as suggestions, and the rules warn instead of refusing.
   */
  readonly assumed?: string
}

export interface VideoNumberField extends FieldBase {
  readonly kind: 'number'
  readonly min?: (ctx: VideoFieldContext) => number | undefined
  readonly max?: (ctx: VideoFieldContext) => number | undefined
}

export interface VideoTextField extends FieldBase {
  readonly kind: 'text' | 'textarea' | 'url'
  readonly placeholder?: (ctx: VideoFieldContext) => string | undefined
  /** Suggestions the user may pick or ignore (a datalist). */
  readonly suggestions?: readonly string[]
  /** An emptied optional field is removed rather than sent as "". */
  readonly optional?: boolean
}

export interface VideoCheckField extends FieldBase {
  readonly kind: 'check'
}

/** A line of text drawn among the fields (what a model always does, so no control is offered). */
export interface VideoNote {
  readonly kind: 'note'
  readonly key: string
  readonly text: string
  readonly when?: (ctx: VideoFieldContext) => boolean
}

export type VideoFieldSpec =
  VideoChoiceField | VideoNumberField | VideoTextField | VideoCheckField | VideoNote

const rowValues =
  (pick: (m: VideoModel) => Values) =>
  ({ model }: VideoFieldContext): Values =>
    model ? pick(model) : []

const durations = rowValues((m) => m.durations)
const resolutions = rowValues((m) => m.resolutions)
const aspectRatios = rowValues((m) => m.aspectRatios)
const inMode =
  (mode: VideoMode) =>
  (ctx: VideoFieldContext): boolean =>
    ctx.mode === mode

const prompt: VideoTextField = {
  kind: 'textarea',
  key: 'prompt',
  label: 'Prompt',
  placeholder: ({ mode }) => (mode === 'reference' ? 'Cite images as [图1], [图2]…' : 'Describe the scene'),
}
const seed: VideoNumberField = { kind: 'number', key: 'seed', label: 'Seed' }

/** Each family's fields, in the order drawn; image pickers follow them (shared/video/formModes). */
export const VIDEO_FORM_FIELDS: Record<VideoFamily, readonly VideoFieldSpec[]> = {
  A: [
    prompt,
    { kind: 'choice', key: 'seconds', label: 'Seconds', values: durations },
    {
      kind: 'choice',
      key: 'size',
      label: 'Size',
      values: rowValues((m) => m.sizes),
      alsoIssues: ['width'],
    },
    {
      kind: 'text',
      key: 'remix_from_video_id',
      label: 'Remix from video id (remix_from_video_id)',
      placeholder: () => 'video_…',
      when: inMode('remix'),
    },
  ],
  B: [
    prompt,
    { kind: 'choice', key: 'durationSeconds', label: 'Duration (durationSeconds)', values: durations },
    { kind: 'choice', key: 'aspectRatio', label: 'Aspect ratio', values: aspectRatios },
    { kind: 'choice', key: 'resolution', label: 'Resolution', values: resolutions },
    {
      kind: 'number',
      key: 'sampleCount',
      label: 'Samples (sampleCount)',
      min: ({ model }) => model?.sampleCount?.min,
      max: ({ model }) => model?.sampleCount?.max,
    },
    seed,
    {
      kind: 'choice',
      key: 'personGeneration',
      label: 'Person generation',
      values: () => FAMILY_B_PERSON_GENERATION,
      empty: '(not sent)',
    },
    {
      kind: 'check',
      key: 'generateAudio',
      label: 'Generate audio',
      when: ({ model }) => model?.audio === 'toggle',
    },
    {
      kind: 'note',
      key: 'audio-always',
      text: 'This fast model always includes audio.',
      when: ({ model }) => model?.audio !== 'toggle',
    },
    { kind: 'check', key: 'addWatermark', label: 'Add watermark' },
  ],
  C: [
    prompt,
    { kind: 'choice', key: 'duration', label: 'Duration', values: durations },
    { kind: 'choice', key: 'resolution', label: 'Resolution', values: resolutions },
    {
      kind: 'choice',
      key: 'aspect_ratio',
      label: 'Aspect ratio',
      values: aspectRatios,
      assumed: 'aspect_ratio',
      when: ({ model }) => (model?.aspectRatios.length ?? 0) > 0,
    },
    seed,
    {
      kind: 'url',
      key: 'audio_url',
      label: 'Audio URL (audio_url)',
      placeholder: () => 'https://…',
      optional: true,
    },
    { kind: 'check', key: 'smart_rewrite', label: 'Smart rewrite (prompt expansion)' },
    { kind: 'check', key: 'generate_audio', label: 'Generate audio' },
  ],
  D: [
    prompt,
    { kind: 'choice', key: 'ratio', label: 'Ratio (--ratio)', values: aspectRatios, assumed: 'aspect_ratio' },
    { kind: 'choice', key: 'duration', label: 'Duration (--dur)', values: durations, assumed: 'durations' },
    {
      kind: 'choice',
      key: 'resolution',
      label: 'Resolution (--rs)',
      values: resolutions,
      assumed: 'resolutions',
    },
    { kind: 'check', key: 'watermark', label: 'Watermark (--wm)' },
    { kind: 'check', key: 'cameraFixed', label: 'Camera fixed (--cf)' },
    {
      kind: 'note',
      key: 'audio-always',
      text: "This model's video includes audio.",
      when: ({ model }) => model?.audio === 'always',
    },
  ],
}

/** The console video endpoint's fields (endpoint 14). */
export const CONSOLE_VIDEO_FIELDS: readonly VideoFieldSpec[] = [
  {
    kind: 'text',
    key: 'model',
    label: 'Model (console)',
    placeholder: () => "the console's model name",
  },
  { kind: 'textarea', key: 'prompt', label: 'Prompt' },
  {
    kind: 'choice',
    key: 'duration',
    label: 'Duration',
    values: () => CONSOLE_VIDEO_DURATIONS,
    fallback: 5,
  },
  {
    kind: 'text',
    key: 'aspect_ratio',
    label: 'Aspect ratio',
    // The spec does not list the console's ratios: these are suggestions, any value can be typed.
    suggestions: ['16:9', '9:16', '1:1', '4:3', '3:4'],
  },
  {
    kind: 'text',
    key: 'resolution',
    label: 'Resolution (optional)',
    placeholder: () => 'e.g. 720p',
    optional: true,
  },
  { kind: 'text', key: 'req_key', label: 'Request key (req_key, optional)', optional: true },
  { kind: 'check', key: 'return_url', label: 'Return a video URL (return_url)' },
]

/** The fields drawn for a model and mode, in order. */
export const visibleVideoFields = (
  fields: readonly VideoFieldSpec[],
  ctx: VideoFieldContext,
): VideoFieldSpec[] => fields.filter((f) => f.when?.(ctx) ?? true)

/** Whether a choice field takes any value here: its limit is one the app assumed for this model. */
export const takesAnyValue = (spec: VideoChoiceField, ctx: VideoFieldContext): boolean =>
  spec.assumed !== undefined && (ctx.model?.assumed.includes(spec.assumed) ?? false)

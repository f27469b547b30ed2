// The console image task forms (spec 16–19) as the Images panel holds them: one form per mode, with images as
// an http(s) URL, a data URL or `attachment:<mediaId>` (a file imported into main). Pure data and defaults; the
// zod schemas here are the IPC contract's, the friendly per-field rules live in bodies.ts.
import { z } from 'zod'

/** Field forms of endpoints 16 and 19: the spec declares prefixed names; one usage sends them plain. */
export const BODY_FORMS = ['prefixed', 'plain'] as const

/** How a local file goes where the spec asks for an image URL: a data URL, or bare Base64. */
export const LOCAL_IMAGE_AS = ['dataUrl', 'base64'] as const
export type LocalImageAs = (typeof LOCAL_IMAGE_AS)[number]

/** Largest image a console task takes (not shown by the spec; base64 grows by a third). */
export const CONSOLE_IMAGE_MAX_BYTES = 20 * 1024 * 1024

const imageRef = z
  .string()
  .trim()
  .max(8192, 'at most 8,192 characters: drop or pick the file instead of pasting Base64')
const short = z.string().trim().max(200)
const jsonText = z.string().max(20_000)
const num = z.number().min(-1e12).max(1e12)

export const batchFormSchema = z.object({
  mode: z.literal('batch'),
  model: short,
  prompt: z.string().max(20_000),
  n: num,
  size: short,
  temperature: num,
  watermark: z.boolean(),
  image: imageRef.optional(),
  /** A JSON object, as typed. */
  promptOptions: jsonText.optional(),
  optimizePrompt: short.optional(),
  quality: short.optional(),
  responseFormat: short.optional(),
  score: num.optional(),
  sequentialImageGeneration: short.optional(),
  /** A JSON object, as typed. */
  sequentialImageGenerationOptions: jsonText.optional(),
  bodyForm: z.enum(BODY_FORMS),
})
export type BatchForm = z.infer<typeof batchFormSchema>

export const easyFormSchema = z.object({
  mode: z.literal('easy'),
  size: short,
  parts: z.array(z.object({ text: z.string().max(20_000).optional(), image: imageRef.optional() })).max(10),
})
export type EasyForm = z.infer<typeof easyFormSchema>

export const advancedFormSchema = z.object({
  mode: z.literal('advanced'),
  productImage: imageRef,
  productMask: imageRef,
  templateImage: imageRef,
  templateMask: imageRef,
  localImageAs: z.enum(LOCAL_IMAGE_AS),
})
export type AdvancedForm = z.infer<typeof advancedFormSchema>

export const INFERENCE_FLAGS = [
  'do_sr',
  'keep_head',
  'keep_hand',
  'keep_foot',
  'keep_upper',
  'keep_lower',
] as const

export const tryOnFormSchema = z.object({
  mode: z.literal('try-on'),
  person: imageRef,
  garments: z.array(z.object({ type: short, image: imageRef })).max(5),
  req_key: short.optional(),
  return_url: z.boolean().optional(),
  inference_config: z.object({
    do_sr: z.boolean().optional(),
    seed: num.optional(),
    keep_head: z.boolean().optional(),
    keep_hand: z.boolean().optional(),
    keep_foot: z.boolean().optional(),
    keep_upper: z.boolean().optional(),
    keep_lower: z.boolean().optional(),
    num_steps: num.optional(),
    tight_mask: short.optional(),
    p_bbox_iou_ratio: num.optional(),
    p_bbox_expand_ratio: num.optional(),
    max_process_side_length: num.optional(),
  }),
  logoInfo: z.object({
    add_logo: z.boolean().optional(),
    position: num.optional(),
    language: num.optional(),
    opacity: num.optional(),
  }),
  bodyForm: z.enum(BODY_FORMS),
  localImageAs: z.enum(LOCAL_IMAGE_AS),
})
export type TryOnForm = z.infer<typeof tryOnFormSchema>

export const imageFormSchema = z.discriminatedUnion('mode', [
  batchFormSchema,
  easyFormSchema,
  advancedFormSchema,
  tryOnFormSchema,
])
export type ImageForm = z.infer<typeof imageFormSchema>
export type ImageMode = ImageForm['mode']

export const defaultBatchForm = (): BatchForm => ({
  mode: 'batch',
  model: 'svc-image-1',
  prompt: '',
  n: 4,
  size: '1024x1024',
  temperature: 1,
  watermark: false,
  bodyForm: 'prefixed',
})

export const defaultEasyForm = (): EasyForm => ({
  mode: 'easy',
  size: '1024x1024',
  parts: [{ text: '' }, { image: '' }],
})

export const defaultAdvancedForm = (): AdvancedForm => ({
  mode: 'advanced',
  productImage: '',
  productMask: '',
  templateImage: '',
  templateMask: '',
  localImageAs: 'dataUrl',
})

/** Try-on defaults: the spec gives types only; these are the values a first run needs. */
export const defaultTryOnForm = (): TryOnForm => ({
  mode: 'try-on',
  person: '',
  garments: [{ type: 'image', image: '' }],
  return_url: true,
  inference_config: {
    do_sr: false,
    keep_head: true,
    keep_hand: true,
    keep_foot: true,
    keep_upper: false,
    keep_lower: false,
    num_steps: 30,
    tight_mask: 'auto',
    p_bbox_iou_ratio: 0.3,
    p_bbox_expand_ratio: 1.2,
    max_process_side_length: 1920,
  },
  logoInfo: { add_logo: false, position: 0, language: 0, opacity: 0.3 },
  bodyForm: 'prefixed',
  localImageAs: 'dataUrl',
})

/** One draft per form mode (the Images panel keeps each mode's form as typed). */
export type ImageDrafts = { [M in ImageMode]: Extract<ImageForm, { mode: M }> }

/** Each form mode's schema and starting form: the panel's drafts and its saved state are built from these. */
export const IMAGE_FORMS: {
  [M in ImageMode]: { schema: z.ZodType<ImageDrafts[M]>; create: () => ImageDrafts[M] }
} = {
  batch: { schema: batchFormSchema, create: defaultBatchForm },
  easy: { schema: easyFormSchema, create: defaultEasyForm },
  advanced: { schema: advancedFormSchema, create: defaultAdvancedForm },
  'try-on': { schema: tryOnFormSchema, create: defaultTryOnForm },
}

/** A value per form mode, made by `value` (each mode its own). */
export const perImageMode = <T>(value: (mode: ImageMode) => T): Record<ImageMode, T> =>
  Object.fromEntries(Object.keys(IMAGE_FORMS).map((m) => [m, value(m as ImageMode)])) as Record<ImageMode, T>

/** Every mode's starting form. */
export const defaultImageDrafts = (): ImageDrafts =>
  perImageMode((m) => IMAGE_FORMS[m].create()) as ImageDrafts

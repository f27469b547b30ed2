// The video domain: jobs on the model endpoints (11-13) and the console (14-15), their forms, and the video job
// view (listed, cancelled, retried through the jobs domain, jobs.ts). Invariant (M1): every message stays under 256 KB: images travel as `attachment:<mediaId>`
// references (imported through the media domain), results as media URLs, lists in pages.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { codeSnippetsSchema } from './exchange'
import { VIDEO_JOB_KINDS } from '../catalog/jobKinds'
import { jobLifeSchema, validationIssueSchema, type JobStatus } from './jobLife'
import { rawCheckSchema, rawVideoRequestSchema } from './rawRequest'
import { MAX_REFERENCE_SLOTS } from '../video/formModes'

/**
 * The image size the app assumes a video job takes. The spec gives no bound for video images, so a larger one is
 * a warning the user may send anyway; 20 MB keeps a request (base64 grows by a third) inside what gateways accept.
 */
export const VIDEO_IMAGE_MAX_BYTES = 20 * 1024 * 1024
/** Image formats the video forms take (family A's rule, applied to every family's uploads). */
export const VIDEO_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const

const id = z.string().min(1).max(100)
const prompt = z.string().max(20_000, 'prompt: at most 20,000 characters')
/** An image field: an http(s) URL, a short data URL, or `attachment:<mediaId>`; big files are imported. */
const imageRef = z
  .string()
  .max(8192, 'at most 8,192 characters: drop or pick the file instead of pasting Base64')
const int = z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000)

export const familyAFormSchema = z.object({
  family: z.literal('A'),
  prompt,
  seconds: z.union([int, z.string().max(10)]).optional(),
  size: z.string().max(20).optional(),
  width: int.optional(),
  height: int.optional(),
  input_reference: imageRef.optional(),
  remix_from_video_id: z.string().max(200).optional(),
})

export const familyBFormSchema = z.object({
  family: z.literal('B'),
  prompt,
  durationSeconds: int.optional(),
  aspectRatio: z.string().max(20).optional(),
  resolution: z.string().max(20).optional(),
  image: imageRef.optional(),
  lastFrame: imageRef.optional(),
  generateAudio: z.boolean().optional(),
  sampleCount: int.optional(),
  seed: int.optional(),
  personGeneration: z.string().max(40).optional(),
  addWatermark: z.boolean().optional(),
})

export const familyCFormSchema = z.object({
  family: z.literal('C'),
  prompt,
  duration: int.optional(),
  resolution: z.string().max(20).optional(),
  aspect_ratio: z.string().max(20).optional(),
  image: imageRef.optional(),
  smart_rewrite: z.boolean().optional(),
  generate_audio: z.boolean().optional(),
  audio_url: z.string().max(4096).optional(),
  seed: int.optional(),
})

export const familyDFormSchema = z.object({
  family: z.literal('D'),
  mode: z.enum(['text', 'firstFrame', 'firstLast', 'reference']),
  prompt,
  ratio: z.string().max(20).optional(),
  duration: int.optional(),
  resolution: z.string().max(20).optional(),
  watermark: z.boolean().optional(),
  cameraFixed: z.boolean().optional(),
  images: z.array(imageRef).max(MAX_REFERENCE_SLOTS),
})

export const videoFormSchema = z.discriminatedUnion('family', [
  familyAFormSchema,
  familyBFormSchema,
  familyCFormSchema,
  familyDFormSchema,
])

/** Endpoint 14's fields as the form holds them (model and aspect ratio values are not shown by the spec). */
export const consoleVideoFormSchema = z.object({
  model: z.string().trim().max(200),
  prompt,
  duration: z.number().int(),
  aspect_ratio: z.string().trim().max(20),
  resolution: z.string().trim().max(20).optional(),
  return_url: z.boolean().optional(),
  req_key: z.string().max(200).optional(),
})
export type ConsoleVideoForm = z.infer<typeof consoleVideoFormSchema>

export const videoJobRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('model'),
    profileId: id,
    /** A catalog id, or any other id: its body is the form's family's (the gateway decides). */
    model: z.string().max(100),
    form: videoFormSchema,
    /** Send anyway: warnings (limits the app assumed, a model outside the catalog) do not refuse it; errors do. */
    force: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('console'), profileId: id, form: consoleVideoFormSchema }),
])
export type VideoJobRequest = z.infer<typeof videoJobRequestSchema>

/** Job life schemas live in jobLife.ts; re-exported for the video code that names them from here. */
export {
  ACTIVE_JOB_STATUSES,
  type ValidationIssue,
} from './jobLife'
export type VideoJobStatus = JobStatus

/** A job's fetched video as stored in the media store (the ledger keeps this; the view adds its URL). */
export const storedVideoResultSchema = z.object({
  mediaId: z.string(),
  mimeType: z.string(),
  bytes: z.number(),
  /** A file name for "Save as…". */
  name: z.string(),
  source: z.enum(['download', 'data', 'hosted']),
  fetchedAt: z.number(),
})

export const videoJobSchema = jobLifeSchema.extend({
  task: z.enum(VIDEO_JOB_KINDS),
  kind: z.enum(['model', 'console']),
  model: z.string(),
  /** 'unknown': an adopted task whose id does not tell (family A ids begin with `video_`). */
  family: z.enum(['A', 'B', 'C', 'D', 'console', 'unknown']),
  mode: z.string(),
  /** The prompt, cut to 500 characters for lists. */
  prompt: z.string(),
  summary: z.object({
    durationSeconds: z.number(),
    resolution: z.string().nullable(),
    aspectRatio: z.string().nullable(),
    imageCount: z.number(),
    audio: z.boolean(),
    sampleCount: z.number(),
  }),
  result: storedVideoResultSchema
    .extend({
      /** `media://<id>` or `/media/<id>`: the only way the renderer reaches the bytes. */
      url: z.string(),
    })
    .nullable(),
})
export type VideoJob = z.infer<typeof videoJobSchema>

const codeSchema = codeSnippetsSchema

export const videoPreviewSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  /** Pretty JSON; imported images appear as a short placeholder. */
  body: z.string(),
  code: codeSchema,
  issues: z.array(validationIssueSchema),
})
export type VideoPreview = z.infer<typeof videoPreviewSchema>

const jobId = z.object({ jobId: id })

export const videoCommands = {
  /**
   * Validates, sends endpoint 11 or 14, persists the job and starts polling; refusals name field and rule.
   * Warnings refuse too unless `force` (Send anyway); errors always do.
   */
  'video.submitJob': defineCommand(videoJobRequestSchema, z.object({ job: videoJobSchema })),
  /** The request a submit would send (masked), its code export, and the validation issues. */
  'video.previewRequest': defineCommand(videoJobRequestSchema, videoPreviewSchema),
  /** Whether the Video panel is on screen in the calling window (desktop notifications only when it is not). */
  'video.setPanelVisible': defineCommand(z.object({ visible: z.boolean() }), z.object({ ok: z.boolean() })),
  /** The issues of an edited request JSON (11 or 14), by JSON path, errors and warnings; sends nothing. */
  'video.checkRawRequest': defineCommand(rawVideoRequestSchema, rawCheckSchema),
  /** Sends an edited request JSON byte for byte as a job; errors refuse it unless `force` (Send anyway). */
  'video.submitRawRequest': defineCommand(rawVideoRequestSchema, z.object({ job: videoJobSchema })),
  /** Electron: a save dialog, then a copy. Browser mode answers VIDEO_SAVE_UNAVAILABLE (use the download link). */
  'video.saveResult': defineCommand(jobId, z.object({ saved: z.boolean(), path: z.string().nullable() })),
}

export const videoEvents = {
  /** Browser mode's notification: the renderer shows a toast (and a web notification if already granted). */
  'video.notified': defineEvent(z.object({ jobId: z.string(), title: z.string(), body: z.string() })),
}

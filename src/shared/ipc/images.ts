// The images domain: console image tasks (spec 16–20) as jobs: batch images and easy-mode photo-shoots answer at
// once, advanced-mode photo-shoots and try-ons are polled through endpoint 20; every result image is fetched
// once into the media store. Invariant (M1): images travel as `attachment:<mediaId>` references and media URLs.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import { jobLifeSchema, validationIssueSchema } from './video'
import { imageFormSchema } from '../images/forms'
import { taskLookupRequestSchema, taskLookupSchema, waitLimitSchema } from './taskLookup'
import { rawCheckSchema, rawImageRequestSchema } from './rawRequest'

const id = z.string().min(1).max(100)

export const IMAGE_TASK_KINDS = ['batch-images', 'photo-shoot', 'try-on'] as const
export type ImageTaskKind = (typeof IMAGE_TASK_KINDS)[number]

export const imageJobRequestSchema = z.object({ profileId: id, form: imageFormSchema })
export type ImageJobRequest = z.infer<typeof imageJobRequestSchema>

/** One result image as stored in the media store. */
export const storedImageSchema = z.object({
  mediaId: z.string(),
  mimeType: z.string(),
  bytes: z.number(),
  name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
})
export type StoredImage = z.infer<typeof storedImageSchema>

export const imageJobSchema = jobLifeSchema.extend({
  task: z.enum(IMAGE_TASK_KINDS),
  mode: z.enum(['batch', 'easy', 'advanced', 'try-on']),
  /** The prompt or a short description, for lists. */
  title: z.string(),
  /** Images the gateway returned (known once it answered). */
  expected: z.number().nullable(),
  results: z.array(storedImageSchema.extend({ url: z.string() })),
  /** The input shown as "before" (try-on's model photo, the product image), when it is a stored file. */
  before: z.string().nullable(),
})
export type ImageJob = z.infer<typeof imageJobSchema>

const jobId = z.object({ jobId: id })
const jobPage = z.object({ jobs: z.array(imageJobSchema), total: z.number() })

export const imagesCommands = {
  /** Validates (issues name the field and rule), sends 16–19, persists the job, polls 20 when there is a task. */
  'images.submitJob': defineCommand(imageJobRequestSchema, z.object({ job: imageJobSchema })),
  /** The issues a submit would refuse with, including what only main knows (stored files, their sizes). */
  'images.checkRequest': defineCommand(
    imageJobRequestSchema,
    z.object({ issues: z.array(validationIssueSchema) }),
  ),
  /** Subscribes the calling window to `images.jobChanged` / `images.jobRemoved`; answers the first page. */
  'images.watchJobs': defineCommand(
    z.object({ limit: z.number().int().min(1).max(200).default(100) }),
    jobPage,
  ),
  'images.cancelJob': defineCommand(jobId, z.object({ job: imageJobSchema })),
  /** Resumes polling or fetching for the same task, or submits the same request again as a new job. */
  'images.retryJob': defineCommand(jobId, z.object({ job: imageJobSchema, resubmitted: z.boolean() })),
  /** Removes the job and its stored images. */
  'images.deleteJob': defineCommand(jobId, z.object({ deleted: z.boolean() })),
  /** The issues of an edited request JSON (16–19), by JSON path, errors and warnings; sends nothing. */
  'images.checkRawRequest': defineCommand(rawImageRequestSchema, rawCheckSchema),
  /** Sends an edited request JSON byte for byte as a job; errors refuse it unless `force` (Send anyway). */
  'images.submitRawRequest': defineCommand(rawImageRequestSchema, z.object({ job: imageJobSchema })),
  /** One GET of endpoint 20 for a task id from elsewhere; the answer as it is. Adds nothing. */
  'images.lookupTask': defineCommand(taskLookupRequestSchema, taskLookupSchema),
  /** Checks the task id with endpoint 20, then follows it like a submitted job (the record says adopted). */
  'images.adoptTask': defineCommand(taskLookupRequestSchema, z.object({ job: imageJobSchema })),
  /** A job that outlived the polling limit is polled again, the limit counting from now. */
  'images.keepWaiting': defineCommand(jobId, z.object({ job: imageJobSchema })),
  /** The polling limit of console image jobs, in minutes (default 30). */
  'images.getWaitLimit': defineCommand(z.object({}), waitLimitSchema),
  'images.setWaitLimit': defineCommand(waitLimitSchema, waitLimitSchema),
  'images.getExchange': defineCommand(
    z.object({ jobId: id, which: z.enum(['submit', 'poll', 'result']) }),
    z.object({ exchange: exchangeSchema.nullable() }),
  ),
}

export const imagesEvents = {
  'images.jobChanged': defineEvent(z.object({ job: imageJobSchema })),
  'images.jobRemoved': defineEvent(z.object({ jobId: z.string() })),
}

// The images domain: console image tasks (spec 16–20) as jobs: batch images and easy-mode photo-shoots answer
// at once, advanced-mode photo-shoots and try-ons are polled through endpoint 20; every result image is fetched
// once into the media store. Listing, cancel, retry and lookups are the jobs domain's (jobs.ts). Invariant (M1): images travel as `attachment:<mediaId>` references and media URLs.
import { z } from 'zod'
import { defineCommand } from './define'
import { jobLifeSchema, validationIssueSchema } from './jobLife'
import { imageFormSchema } from '../images/forms'
import { IMAGE_FORM_MODES, IMAGE_JOB_KINDS } from '../catalog/jobKinds'
import { rawCheckSchema, rawImageRequestSchema } from './rawRequest'

const id = z.string().min(1).max(100)

/** The image job kinds (registry: catalog/jobKinds.ts). */
export const IMAGE_TASK_KINDS = IMAGE_JOB_KINDS

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

export const imageJobSchema = jobLifeSchema.extend({
  task: z.enum(IMAGE_TASK_KINDS),
  mode: z.enum(IMAGE_FORM_MODES),
  /** The prompt or a short description, for lists. */
  title: z.string(),
  /** Images the gateway returned (known once it answered). */
  expected: z.number().nullable(),
  results: z.array(storedImageSchema.extend({ url: z.string() })),
  /** The input shown as "before" (try-on's model photo, the product image), when it is a stored file. */
  before: z.string().nullable(),
})
export type ImageJob = z.infer<typeof imageJobSchema>

export const imagesCommands = {
  /** Validates (issues name the field and rule), sends 16–19, persists the job, polls 20 when there is a task. */
  'images.submitJob': defineCommand(imageJobRequestSchema, z.object({ job: imageJobSchema })),
  /** The issues a submit would refuse with, including what only main knows (stored files, their sizes). */
  'images.checkRequest': defineCommand(
    imageJobRequestSchema,
    z.object({ issues: z.array(validationIssueSchema) }),
  ),
  /** The issues of an edited request JSON (16–19), by JSON path, errors and warnings; sends nothing. */
  'images.checkRawRequest': defineCommand(rawImageRequestSchema, rawCheckSchema),
  /** Sends an edited request JSON byte for byte as a job; errors refuse it unless `force` (Send anyway). */
  'images.submitRawRequest': defineCommand(rawImageRequestSchema, z.object({ job: imageJobSchema })),
}

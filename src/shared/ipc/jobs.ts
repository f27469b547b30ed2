// The jobs domain: every asynchronous job of every kind (registry: catalog/jobKinds.ts) through one surface —
// list and watch, one job, cancel / retry / delete, its exchanges, looking up and adopting a task by its id, Keep
// waiting, and the polling limit per panel — with one pair of events. A job view is the union of the domains'
// views on the common life (jobLife.ts), told apart by `task`. Invariant (M1): lists travel in pages.
import { z } from 'zod'
import { JOB_PANELS, type ImageJobKind, type JobKind, type VideoJobKind } from '../catalog/jobKinds'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import { imageJobSchema, type ImageJob } from './images'
import { taskLookupRequestSchema, taskLookupSchema, waitLimitSchema } from './taskLookup'
import { videoJobSchema, type VideoJob } from './video'

export const jobViewSchema = z.discriminatedUnion('task', [videoJobSchema, imageJobSchema])
export type JobView = z.infer<typeof jobViewSchema>

export const jobPanelSchema = z.enum(JOB_PANELS)

const VIDEO_TASKS: readonly JobKind[] = videoJobSchema.shape.task.options
const IMAGE_TASKS: readonly JobKind[] = imageJobSchema.shape.task.options

export const isVideoJob = (job: JobView): job is VideoJob & { task: VideoJobKind } =>
  VIDEO_TASKS.includes(job.task)
export const isImageJob = (job: JobView): job is ImageJob & { task: ImageJobKind } =>
  IMAGE_TASKS.includes(job.task)

const id = z.string().min(1).max(100)
const jobId = z.object({ jobId: id })
const pageLimit = z.number().int().min(1).max(200)
const jobPage = z.object({ jobs: z.array(jobViewSchema), total: z.number() })

export const jobsCommands = {
  /** A page of one panel's jobs, newest first. */
  'jobs.listJobs': defineCommand(
    z.object({
      panel: jobPanelSchema,
      offset: z.number().int().min(0).default(0),
      limit: pageLimit.default(50),
    }),
    jobPage,
  ),
  /** Subscribes the calling window to `jobs.jobChanged` / `jobs.jobRemoved`; answers each panel's first page. */
  'jobs.watchJobs': defineCommand(
    z.object({ pages: z.object({ video: pageLimit, images: pageLimit }) }),
    z.object({ jobs: z.array(jobViewSchema), totals: z.object({ video: z.number(), images: z.number() }) }),
  ),
  'jobs.getJob': defineCommand(jobId, z.object({ job: jobViewSchema })),
  /** Stops polling (the gateway task may keep running). */
  'jobs.cancelJob': defineCommand(jobId, z.object({ job: jobViewSchema })),
  /** Resumes polling or fetching for the same task, or submits the same request again as a new job. */
  'jobs.retryJob': defineCommand(jobId, z.object({ job: jobViewSchema, resubmitted: z.boolean() })),
  /** Removes the job and its stored results. */
  'jobs.deleteJob': defineCommand(jobId, z.object({ deleted: z.boolean() })),
  /** One recorded exchange of a job (bounded snapshot), for the inspector. */
  'jobs.getExchange': defineCommand(
    z.object({ jobId: id, which: z.enum(['submit', 'poll', 'result']) }),
    z.object({ exchange: exchangeSchema.nullable() }),
  ),
  /** One GET of the lookup kind's endpoint (12, 13, 15 or 20) for a task id from elsewhere; adds nothing. */
  'jobs.lookupTask': defineCommand(taskLookupRequestSchema, taskLookupSchema),
  /** Checks the task id with its query, then follows it like a submitted job (the record says adopted). */
  'jobs.adoptTask': defineCommand(taskLookupRequestSchema, z.object({ job: jobViewSchema })),
  /** A job that outlived the polling limit is polled again, the limit counting from now. */
  'jobs.keepWaiting': defineCommand(jobId, z.object({ job: jobViewSchema })),
  /** The polling limit of a panel's jobs, in minutes (defaults in catalog/jobKinds.ts). */
  'jobs.getWaitLimit': defineCommand(z.object({ panel: jobPanelSchema }), waitLimitSchema),
  'jobs.setWaitLimit': defineCommand(waitLimitSchema.extend({ panel: jobPanelSchema }), waitLimitSchema),
}

export const jobsEvents = {
  'jobs.jobChanged': defineEvent(z.object({ job: jobViewSchema })),
  'jobs.jobRemoved': defineEvent(z.object({ jobId: z.string() })),
}

// The jobs domain: every asynchronous job of every kind (registry: catalog/jobKinds.ts) through one surface —
// list and watch, one job, cancel / retry / delete, its exchanges, looking up and adopting a task by its id, Keep
// waiting, and the polling limit per panel — with one pair of events. A job view is the union of the domains'
// views on the common life (jobLife.ts), told apart by `task`. Invariant (M1): lists travel in pages.
import { z } from 'zod'
import { JOB_PANELS, type ImageJobKind, type JobKind, type VideoJobKind } from '../catalog/jobKinds'
import { defineCommand, defineEvent } from './define'
import { codeSnippetsSchema, exchangeSchema } from './exchange'
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

/** One exchange of a job as the details list shows it; the exchange itself is read with `jobs.getExchange`. */
export const jobExchangeEntrySchema = z.object({
  which: z.enum(['submit', 'poll', 'result']),
  /** Its position among the kept entries of `which` (0 for the submit). */
  index: z.number(),
  /** The number of the query or fetch, from 1 (queries left out before it are counted in `dropped`). */
  n: z.number(),
  /** Later queries that answered exactly the same, folded into this entry (its exchange is the newest). */
  repeats: z.number(),
  firstAt: z.number(),
  lastAt: z.number(),
  method: z.string(),
  url: z.string(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  /** What the answer said: the envelope's `code` and `msg`, a status, a task id, an error (shortened). */
  facts: z.array(z.object({ field: z.string(), value: z.string() })),
})
export type JobExchangeEntry = z.infer<typeof jobExchangeEntrySchema>

export const jobExchangeListSchema = z.object({
  entries: z.array(jobExchangeEntrySchema),
  /** Queries and fetches made, and those no longer kept (the oldest after the first give way). */
  polls: z.object({ seen: z.number(), dropped: z.number() }),
  results: z.object({ seen: z.number(), dropped: z.number() }),
})
export type JobExchangeList = z.infer<typeof jobExchangeListSchema>

/** How a job was made, and the request it sent, for its details. */
export const jobDetailsSchema = z.object({
  job: jobViewSchema,
  /** From the panel's form, from its edited request JSON, or adopted by its task id (no request). */
  source: z.enum(['form', 'raw', 'adopted']),
  /** The form (pretty JSON; picked files as `attachment:` references), or the edited JSON exactly as sent. */
  request: z.string().nullable(),
  method: z.enum(['GET', 'POST']),
  /** The submit URL with any key masked. */
  url: z.string().nullable(),
  code: codeSnippetsSchema.nullable(),
  /** Why there is no code export, when there is none. */
  codeNote: z.string().nullable(),
})
export type JobDetails = z.infer<typeof jobDetailsSchema>

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
  /** The job's request as made (form or edited JSON) and its code export. */
  'jobs.getJobDetails': defineCommand(jobId, jobDetailsSchema),
  /** Every kept exchange of the job (submit, each query, each result fetch), with what each answer said. */
  'jobs.listExchanges': defineCommand(jobId, jobExchangeListSchema),
  /**
   * One recorded exchange of a job (bounded snapshot), for the inspector: the latest of `which`, or the entry
   * at `index` of `jobs.listExchanges`.
   */
  'jobs.getExchange': defineCommand(
    z.object({
      jobId: id,
      which: z.enum(['submit', 'poll', 'result']),
      index: z.number().int().min(0).max(1000).optional(),
    }),
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

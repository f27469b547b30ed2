// The life of a job, whatever its kind (video, console images): its statuses, its error, the fields every job
// view carries, and the validation issue a refused submit names. Domain contracts extend `jobLifeSchema`; the
// task engine reads only these. Invariant: this module names no domain, so no domain imports another.
import { z } from 'zod'
import { billedCostSchema } from '../cost/billed'

export const jobStatusSchema = z.enum([
  /** Sent, no answer yet. */
  'submitting',
  'submitted',
  'queued',
  'in_progress',
  /** The task succeeded; its result is being fetched. */
  'downloading',
  'succeeded',
  'failed',
  /** Polling stopped by the user; the task may still run at the gateway. */
  'cancelled',
  /** The gateway answered a status the spec does not name (shown verbatim in `remoteStatus`); still polled. */
  'unknown',
])
export type JobStatus = z.infer<typeof jobStatusSchema>

export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = [
  'submitting',
  'submitted',
  'queued',
  'in_progress',
  'downloading',
  'unknown',
]

export const jobErrorSchema = z.object({
  /** submit: the gateway refused the job; task: generation failed; poll: querying failed; result: the result
   * could not be fetched; local: the app could not continue (interrupted, profile gone). */
  stage: z.enum(['submit', 'task', 'poll', 'result', 'local']),
  /** The task's `error.code` as text, `HTTP_<status>`, or an app code such as RESULT_URL_EXPIRED. */
  code: z.string(),
  message: z.string(),
  httpStatus: z.number().nullable(),
})
export type JobError = z.infer<typeof jobErrorSchema>

/** What every job shows of its life cycle, whatever its kind (video, console image tasks). */
export const jobLifeSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  taskId: z.string().nullable(),
  status: jobStatusSchema,
  /** The last status the gateway reported. */
  remoteStatus: z.string().nullable(),
  createdAt: z.number(),
  submittedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  updatedAt: z.number(),
  /** When the next query is due (absent while nothing is scheduled). */
  nextPollAt: z.number().nullable(),
  polls: z.number(),
  /** A transient problem the job is riding out (429, 5xx, a dropped connection): shown, retried. */
  notice: z.string().nullable(),
  error: jobErrorSchema.nullable(),
  /** Download progress while `downloading`. */
  progress: z.object({ bytes: z.number(), total: z.number().nullable() }).nullable(),
  /** Completed result downloads (R7: one per job). */
  resultFetches: z.number(),
  /** Tracked by its task id ("Track a task id…"): the app did not submit it and has no request for it. */
  adopted: z.boolean().optional(),
  /** The polling limit counts from here (the submit, or the last "Keep waiting"). */
  waitFrom: z.number().nullable().optional(),
  /** Polling stopped here because the task outlived the polling limit; the user keeps waiting or stops. */
  overdueAt: z.number().nullable().optional(),
  /**
   * What the job billed, settled as it ended: its seconds of video or its images at the profile's prices, "no
   * price", or "failed before billing" (never $0). Absent while it runs and for a cancelled job.
   */
  cost: billedCostSchema.nullable().optional(),
})

export const validationIssueSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
  /** 'warning': a limit the app assumed (the spec is silent); the user may send anyway. */
  severity: z.enum(['error', 'warning']).optional(),
})
export type ValidationIssue = z.infer<typeof validationIssueSchema>

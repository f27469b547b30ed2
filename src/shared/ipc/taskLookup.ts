// Looking up a task the app did not submit (a script's, a colleague's, a log's) and adopting it into the job
// ledger, and the polling limit per job kind: the schemas the video and images domains share for these routes.
// Invariant (M1): a lookup's answer crosses IPC bounded: long strings elided, the raw text capped.
import { z } from 'zod'
import { exchangeSchema } from './exchange'
import { MAX_WAIT_MINUTES, TASK_LOOKUP_KINDS } from '../catalog/taskStatuses'
import { taskIdProblem } from '../taskId'

export const taskLookupKindSchema = z.enum(TASK_LOOKUP_KINDS)

export const taskLookupRequestSchema = z.object({
  profileId: z.string().min(1).max(100),
  kind: taskLookupKindSchema,
  taskId: z
    .string()
    .trim()
    .superRefine((id, ctx) => {
      const problem = taskIdProblem(id)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
})
export type TaskLookupRequest = z.infer<typeof taskLookupRequestSchema>

/** Largest raw answer text shown; longer answers are cut with a note. */
export const LOOKUP_RAW_MAX_CHARS = 64 * 1024

export const taskLookupSchema = z.object({
  kind: taskLookupKindSchema,
  taskId: z.string(),
  /** The request as sent, key masked. */
  method: z.literal('GET'),
  url: z.string(),
  /** Null when no answer came (network error, timeout). */
  httpStatus: z.number().nullable(),
  /** The gateway answered with a task (2xx and, on the console, envelope code 200). */
  found: z.boolean(),
  /** The status as answered, verbatim. */
  status: z.string().nullable(),
  /** Whether the spec (or the app's documented assumption) names that status. */
  statusNamed: z.boolean(),
  /** The gateway's own error or message, in words. */
  message: z.string().nullable(),
  /** The answer's scalar fields by dotted path (long strings elided). */
  fields: z.array(z.tuple([z.string(), z.string()])).max(200),
  /** The answer as JSON (pretty, long strings elided) or as text when it is not JSON. */
  raw: z.string(),
  exchange: exchangeSchema.nullable(),
  /** A job of this profile already follows this task id. */
  trackedJobId: z.string().nullable(),
})
export type TaskLookup = z.infer<typeof taskLookupSchema>

export const waitLimitSchema = z.object({
  minutes: z
    .number()
    .int('Give up after: whole minutes')
    .min(1, 'Give up after: at least 1 minute')
    .max(MAX_WAIT_MINUTES, `Give up after: at most ${MAX_WAIT_MINUTES} minutes (7 days)`),
})

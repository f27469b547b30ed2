// A video job as the ledger stores it: the job view without its live fields, plus the request it was made from
// and the engine's bookkeeping. Kinds `video` (model endpoints 11–13) and `console-video` (14–15).
import { z } from 'zod'
import { VIDEO_JOB_KINDS } from '../../../shared/catalog/jobKinds'
import { jobErrorSchema } from '../../../shared/ipc/jobLife'
import { storedVideoResultSchema, videoJobRequestSchema, videoJobSchema } from '../../../shared/ipc/video'

export const VIDEO_TASK_KINDS = VIDEO_JOB_KINDS

export const jobRecordSchema = videoJobSchema
  .omit({ result: true, nextPollAt: true, notice: true, progress: true })
  .extend({
    task: z.enum(VIDEO_TASK_KINDS),
    /** Null for an adopted job: the app never had its request. */
    request: videoJobRequestSchema.nullable(),
    error: jobErrorSchema.nullable(),
    result: storedVideoResultSchema.nullable(),
    /** Failed attempts to fetch the result since the task succeeded (bounded). */
    resultAttempts: z.number(),
    /** Sent as edited request JSON: the text as sent, so Retry sends it again (at most 200 KB). */
    raw: z.object({ kind: z.enum(['model', 'console']), body: z.string() }).optional(),
  })
export type JobRecord = z.infer<typeof jobRecordSchema>

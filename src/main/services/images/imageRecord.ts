// A console image job as the ledger stores it: the job view without its live fields, plus the request it was
// made from, the result URLs the gateway answered (fetched once each into `results`) and the engine's bookkeeping.
// Kinds `batch-images` (16), `photo-shoot-easy` (17), `photo-shoot` (18 → 20) and `try-on` (19 → 20).
import { z } from 'zod'
import {
  IMAGE_TASK_KINDS,
  imageJobRequestSchema,
  imageJobSchema,
  storedImageSchema,
} from '../../../shared/ipc/images'
import { jobErrorSchema } from '../../../shared/ipc/jobLife'
import { IMAGE_ENDPOINTS } from '../../../shared/ipc/rawRequest'

const recordSchema = imageJobSchema
  .omit({ results: true, nextPollAt: true, notice: true, progress: true, before: true })
  .extend({
    task: z.enum(IMAGE_TASK_KINDS),
    /** Null for an adopted job: the app never had its request. */
    request: imageJobRequestSchema.nullable(),
    error: jobErrorSchema.nullable(),
    /** The result URLs the gateway answered with; `results[i]` is the stored copy of `answerUrls[i]`. */
    answerUrls: z.array(z.string()),
    results: z.array(storedImageSchema),
    /** The stored input shown as "before" (an imported file), if any. */
    beforeMediaId: z.string().nullable(),
    resultAttempts: z.number(),
    /** Sent as edited request JSON: the text as sent, so Retry sends it again (at most 200 KB). */
    raw: z.object({ endpoint: z.enum(IMAGE_ENDPOINTS), body: z.string() }).optional(),
  })

/** An easy-mode photo-shoot saved before it was a kind of its own was `photo-shoot` with mode `easy`. */
const earlierKind = (value: unknown): unknown =>
  typeof value === 'object' &&
  value !== null &&
  (value as { task?: unknown }).task === 'photo-shoot' &&
  (value as { mode?: unknown }).mode === 'easy'
    ? { ...value, task: 'photo-shoot-easy' }
    : value

export const imageRecordSchema = z.preprocess(earlierKind, recordSchema)
export type ImageRecord = z.infer<typeof recordSchema>

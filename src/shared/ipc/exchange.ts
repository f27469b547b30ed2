// The redacted record of one HTTP exchange with the gateway, as the Inspector shows it: request line,
// headers (secrets masked), body; status, headers; body or SSE frames with arrival times. Built in main only.
import { z } from 'zod'

export const headerPairSchema = z.tuple([z.string(), z.string()])

export const sseFrameSchema = z.object({
  /** ms since the request started. */
  t: z.number(),
  event: z.string().optional(),
  data: z.string(),
})
export type SseFrame = z.infer<typeof sseFrameSchema>

export const exchangeSchema = z.object({
  id: z.string(),
  startedAt: z.number(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(headerPairSchema),
    body: z.string().nullable(),
  }),
  response: z
    .object({
      status: z.number(),
      statusText: z.string(),
      headers: z.array(headerPairSchema),
      body: z.string().nullable(),
      /** True when the recorded body or frame list was cut to keep the record small. */
      truncated: z.boolean(),
      frames: z.array(sseFrameSchema),
    })
    .nullable(),
  timings: z.object({
    headersMs: z.number().nullable(),
    firstByteMs: z.number().nullable(),
    endMs: z.number().nullable(),
  }),
  attempts: z.number(),
  error: z.string().nullable(),
})
export type Exchange = z.infer<typeof exchangeSchema>

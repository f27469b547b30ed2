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

/** Who set a request header: the app by itself, or the profile (the user's own, which override the app's). */
export const headerSourceSchema = z.enum(['app', 'profile'])
export type HeaderSource = z.infer<typeof headerSourceSchema>

/** One retry before the first byte: why, and how long the app waited before the next attempt. */
export const retryRecordSchema = z.object({
  /** ms since the request started, when the attempt failed. */
  t: z.number(),
  attempt: z.number(),
  /** `HTTP 429`, `connection refused`… */
  reason: z.string(),
  waitMs: z.number(),
  /** The wait came from the server (Retry-After / retry-after-ms), not the app's backoff. */
  serverAsked: z.boolean(),
})
export type RetryRecord = z.infer<typeof retryRecordSchema>

export const exchangeSchema = z.object({
  id: z.string(),
  startedAt: z.number(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(headerPairSchema),
    body: z.string().nullable(),
    /** Who set each header (absent in records made before the app said so). */
    sources: z.record(z.string(), headerSourceSchema).optional(),
    /** The app's own headers this profile removed. */
    removed: z.array(z.string()).optional(),
    /** The way the call went: `direct`, or the proxy (never its credentials) and why. */
    route: z.string().optional(),
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
    /** When the HTTP client wrote the request (the last attempt's); absent in records made before it was kept. */
    writtenMs: z.number().optional(),
    headersMs: z.number().nullable(),
    firstByteMs: z.number().nullable(),
    endMs: z.number().nullable(),
  }),
  attempts: z.number(),
  /** Each retry with its reason and wait (absent: none, or a record made before retries were kept). */
  retries: z.array(retryRecordSchema).optional(),
  error: z.string().nullable(),
})
export type Exchange = z.infer<typeof exchangeSchema>

/** A request as code: curl, TypeScript (fetch) and Python (httpx), the key as an environment variable. */
export const codeSnippetsSchema = z.object({ curl: z.string(), typescript: z.string(), python: z.string() })

/**
 * An exchange while its answer streams, as its window is told once the response headers are in: the request as
 * sent, the status line and headers, the times known so far and the attempts. The body follows as frames.
 */
export const liveExchangeSchema = exchangeSchema.pick({ id: true, startedAt: true, request: true }).extend({
  response: exchangeSchema.shape.response
    .unwrap()
    .pick({ status: true, statusText: true, headers: true })
    .nullable()
    .optional(),
  timings: exchangeSchema.shape.timings.optional(),
  attempts: z.number().optional(),
})
export type LiveExchange = z.infer<typeof liveExchangeSchema>

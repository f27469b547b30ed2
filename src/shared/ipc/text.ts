// The text domain: one run = one request in one wire format, streamed or not. Results arrive as events keyed
// by run id: coalesced stream events, then exactly one `text.runEnded`. Text never rides in runEnded (it came
// in the events), and images arrive as media URLs, so no message nears the 256 KB IPC bound (M1).
// Attachments in a draft are media references `attachment:<mediaId>` (see media.ts), resolved when main builds.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema } from './exchange'
import {
  draftSchema,
  streamEventSchema,
  finishSchema,
  toolCallSchema,
  usageSchema,
  wireErrorSchema,
} from '../wire'
import { WIRE_FORMATS } from '../format'

export const wireFormatSchema = z.enum(WIRE_FORMATS)

const runRequestSchema = z.object({
  profileId: z.string().min(1).max(100),
  format: wireFormatSchema,
  draft: draftSchema,
  /** The exact body to send instead of one built from the draft (the raw JSON editor). */
  rawBody: z.string().max(200_000).optional(),
})
export type RunRequest = z.input<typeof runRequestSchema>

/** A stream event as it crosses IPC: images are media URLs, never base64. */
export const runEventSchema = z.union([
  streamEventSchema.refine((e) => e.type !== 'image', 'images cross IPC as media URLs'),
  z.object({ type: z.literal('image'), mimeType: z.string(), url: z.string() }),
])
export type RunEvent = z.infer<typeof runEventSchema>

export const runStatusSchema = z.enum(['done', 'error', 'aborted', 'incomplete'])
export type RunStatus = z.infer<typeof runStatusSchema>

export const runSummarySchema = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  toolCalls: z.array(toolCallSchema),
  images: z.array(z.object({ mimeType: z.string(), url: z.string() })),
  usage: usageSchema.optional(),
  stopReason: z.string().nullable(),
  finish: finishSchema.nullable(),
  warnings: z.array(z.string()),
})
export type RunSummary = z.infer<typeof runSummarySchema>

export const runTimingsSchema = z.object({
  /** Request start to the first content event, ms. */
  ttftMs: z.number().nullable(),
  totalMs: z.number(),
  outputTokens: z.number().nullable(),
  /** Output tokens per second after the first token. */
  tokensPerSecond: z.number().nullable(),
})
export type RunTimings = z.infer<typeof runTimingsSchema>

export const textEvents = {
  'text.runEvents': defineEvent(z.object({ runId: z.string(), events: z.array(runEventSchema) })),
  'text.runEnded': defineEvent(
    z.object({
      runId: z.string(),
      status: runStatusSchema,
      summary: runSummarySchema,
      error: wireErrorSchema.extend({ hint: z.string().optional() }).optional(),
      timings: runTimingsSchema,
      exchange: exchangeSchema.nullable(),
    }),
  ),
}

export const requestPreviewSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  body: z.string(),
  code: z.object({ curl: z.string(), typescript: z.string(), python: z.string() }),
  issues: z.array(
    z.object({
      field: z.string(),
      rule: z.string(),
      message: z.string(),
      severity: z.enum(['error', 'warning']),
    }),
  ),
})
export type RequestPreview = z.infer<typeof requestPreviewSchema>

export const textCommands = {
  /** Starts a run; results come as text.runEvents / text.runEnded for the returned id. */
  'text.startRun': defineCommand(runRequestSchema, z.object({ runId: z.string() })),
  /** Stops a run: closes the upstream socket; nothing arrives after the terminal `aborted`. */
  'text.stopRun': defineCommand(z.object({ runId: z.string().max(100) }), z.object({ stopped: z.boolean() })),
  /** The exact request a run would send (masked), its code export, and validation issues. */
  'text.previewRequest': defineCommand(runRequestSchema, requestPreviewSchema),
  /** Messages format: the server's count_tokens; other formats: a local estimate. */
  'text.countTokens': defineCommand(
    runRequestSchema.omit({ rawBody: true }),
    z.object({
      inputTokens: z.number(),
      source: z.enum(['server', 'estimate']),
      exchange: exchangeSchema.nullable(),
    }),
  ),
  /** A page of a recorded exchange's SSE frames (the snapshot in runEnded holds only the latest ones). */
  'text.getFrames': defineCommand(
    z.object({
      exchangeId: z.string().max(100),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(500),
    }),
    z.object({ total: z.number(), frames: exchangeSchema.shape.response.unwrap().shape.frames }),
  ),
  /** Saves the raw body of a captured stream (for `npm run replay`) and returns a link to it. */
  'text.saveCapture': defineCommand(
    z.object({ exchangeId: z.string().max(100) }),
    z.object({ url: z.string(), name: z.string(), bytes: z.number() }),
  ),
}

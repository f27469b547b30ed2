// The text domain: one run = one request in one wire format, streamed or not. The caller names the run (so its
// events always find it) and references a conversation main keeps by id and revision, uploaded as deltas in
// bounded pieces (`text.putTurns`) or, when small, carried by the run's start itself. Results arrive as events
// keyed by run id: coalesced stream events, then exactly one `text.runEnded`, whatever fails. No message nears
// the 256 KB IPC bound (M1): text never rides in runEnded and images are media URLs. Attachments are references
// `attachment:<mediaId>`, resolved in main.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema, sseFrameSchema } from './exchange'
import {
  draftSchema,
  streamEventSchema,
  finishSchema,
  toolCallSchema,
  usageSchema,
  wireErrorSchema,
} from '../wire'
import { answerExtrasShape } from '../wire/answerExtras'
import { WIRE_FORMATS } from '../format'

export const wireFormatSchema = z.enum(WIRE_FORMATS)

/** Characters of turns JSON one `text.putTurns` piece may carry: at most ~192 KB even in 3-byte UTF-8 (M1). */
export const TURNS_PIECE_CHARS = 64 * 1024

export const conversationRefSchema = z.object({
  id: z.string().min(1).max(100),
  revision: z.number().int().min(0),
})
export type ConversationRef = z.infer<typeof conversationRefSchema>

/** Characters of turns JSON a `text.startRun` may carry inline: at most ~96 KB even in 3-byte UTF-8 (M1). */
export const INLINE_TURNS_CHARS = 32 * 1024

/**
 * A conversation's change carried by the request that needs it (one round trip instead of a text.putTurns
 * first): the first `keep` turns of revision `baseRevision` stay and the JSON array `piece` follows them.
 */
export const conversationDeltaSchema = z.object({
  id: z.string().min(1).max(100),
  baseRevision: z.number().int().min(0),
  keep: z.number().int().min(0),
  piece: z.string().max(INLINE_TURNS_CHARS),
})
export type ConversationDelta = z.infer<typeof conversationDeltaSchema>

const runRequestSchema = z.object({
  /** The caller's id for the run, so events that arrive before the answer to startRun still find it. */
  runId: z
    .string()
    .regex(/^[\w-]{8,100}$/)
    .optional(),
  profileId: z.string().min(1).max(100),
  format: wireFormatSchema,
  /** The request settings; its messages are used only when no conversation is referenced. */
  draft: draftSchema,
  /** The conversation main keeps (see text.putTurns): its turns become the draft's messages. */
  conversation: conversationRefSchema.optional(),
  /** The exact body to send instead of one built from the draft (the raw JSON editor). */
  rawBody: z.string().max(200_000).optional(),
  /** Send anyway: skip validation so the gateway judges the request itself. */
  force: z.boolean().optional(),
})
export type RunRequest = z.input<typeof runRequestSchema>

/** A run's request: its conversation referenced, or changed on the way when the change is small. */
const startRunSchema = runRequestSchema.extend({
  conversation: z.union([conversationRefSchema, conversationDeltaSchema]).optional(),
})
export type StartRunRequest = z.input<typeof startRunSchema>

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
  /** The model's refusal, shown as such rather than as the answer. */
  refusal: z.string().optional(),
  toolCalls: z.array(toolCallSchema),
  images: z.array(z.object({ mimeType: z.string(), url: z.string() })),
  usage: usageSchema.optional(),
  stopReason: z.string().nullable(),
  finish: finishSchema.nullable(),
  warnings: z.array(z.string()),
  /** What the answer carried beside its text: citations, search queries, safety, model version, fingerprint. */
  ...answerExtrasShape,
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

const issueSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
})

/** Why a run failed: the wire error, or a failure before the first byte named by its cause and what to do. */
export const runErrorSchema = wireErrorSchema.extend({
  /** What to do about it ("add one in Settings"). */
  hint: z.string().optional(),
  /** Validation failures in main: the fields at fault. */
  issues: z.array(issueSchema).optional(),
})
export type RunError = z.infer<typeof runErrorSchema>

export const textEvents = {
  'text.runEvents': defineEvent(
    z.object({
      runId: z.string(),
      events: z.array(runEventSchema),
      /** Once, when the request is sent: the request record (masked), so the Inspector shows it before the answer. */
      exchange: exchangeSchema.pick({ id: true, startedAt: true, request: true }).optional(),
      /** Only while a window watches the run's frames (text.watchFrames): the count and the newest few, elided. */
      frames: z.object({ total: z.number(), recent: z.array(sseFrameSchema) }).optional(),
    }),
  ),
  'text.runEnded': defineEvent(
    z.object({
      runId: z.string(),
      status: runStatusSchema,
      summary: runSummarySchema,
      error: runErrorSchema.optional(),
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
  /** Code export, when the body is small enough to carry (the renderer can build it from the body too). */
  code: z.object({ curl: z.string(), typescript: z.string(), python: z.string() }).optional(),
  /** The profile the request goes to, as the header shows it. */
  profile: z.object({ id: z.string(), name: z.string(), baseUrl: z.string() }).optional(),
  issues: z.array(issueSchema),
})
export type RequestPreview = z.infer<typeof requestPreviewSchema>

export const textCommands = {
  /**
   * Uploads turns of a conversation main keeps: the first `keep` turns of revision `baseRevision` stay, and the
   * JSON array of new turns arrives in pieces of at most TURNS_PIECE_CHARS; the last piece (`done`) applies it
   * and answers the new revision. A new conversation starts at revision 0.
   */
  'text.putTurns': defineCommand(
    z.object({
      conversationId: z.string().min(1).max(100),
      baseRevision: z.number().int().min(0),
      keep: z.number().int().min(0),
      piece: z.string().max(TURNS_PIECE_CHARS),
      done: z.boolean(),
    }),
    z.object({ revision: z.number(), turns: z.number() }),
  ),
  /**
   * Starts a run; results come as text.runEvents / text.runEnded for the returned id. A conversation delta is
   * applied first; one main cannot apply (TEXT_CONVERSATION_STALE / _UNKNOWN) refuses the start, so nothing runs.
   */
  'text.startRun': defineCommand(startRunSchema, z.object({ runId: z.string() })),
  /** Stops a run: closes the upstream socket; nothing arrives after the terminal `aborted`. */
  'text.stopRun': defineCommand(z.object({ runId: z.string().max(100) }), z.object({ stopped: z.boolean() })),
  /** The exact request a run would send (masked), its code export, and validation issues. */
  'text.previewRequest': defineCommand(runRequestSchema, requestPreviewSchema),
  /** Messages format: the server's count_tokens; other formats: a local estimate. */
  'text.countTokens': defineCommand(
    runRequestSchema.omit({ rawBody: true, runId: true, force: true }),
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
  /** Starts or stops carrying a running run's new SSE frames within its coalesced text.runEvents (P2). */
  'text.watchFrames': defineCommand(
    z.object({ runId: z.string().max(100), watch: z.boolean() }),
    z.object({ watching: z.boolean() }),
  ),
  /** Saves the raw body of a captured stream (for `npm run replay`) and returns a link to it. */
  'text.saveCapture': defineCommand(
    z.object({ exchangeId: z.string().max(100) }),
    z.object({ url: z.string(), name: z.string(), bytes: z.number() }),
  ),
}

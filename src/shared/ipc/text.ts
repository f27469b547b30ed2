// The text domain: one run = one request in one wire format, streamed or not. The caller names the run (so its
// events always find it) and references a conversation main owns by id: main is the only place its turns change
// (text.editConversation, the edit a run's start carries, and the answer main appends when a run is done), and
// answers each change as a view the renderer shows as it is. Results arrive as events keyed by run id: coalesced
// stream events, then exactly one `text.runEnded`, whatever fails, and the exchange it recorded after it
// (`text.runExchange`). No message nears the 256 KB IPC bound (M1):
// turns travel inline only up to 32 K characters of JSON, larger ones in 64 K pieces (text.putTurns in,
// text.readTurns out), text never rides in runEnded and images are media URLs. Attachments are references
// `attachment:<mediaId>`, resolved in main.
import { z } from 'zod'
import { headerSourceSchema } from './exchange'
import { defineCommand, defineEvent } from './define'
import { exchangeSchema, liveExchangeSchema, sseFrameSchema } from './exchange'
import { runCostSchema } from '../cost/runCost'
import {
  draftMessageSchema,
  draftSchema,
  streamEventSchema,
  finishSchema,
  toolCallSchema,
  usageSchema,
  wireErrorSchema,
} from '../wire'
import { answerExtrasShape } from '../wire/answerExtras'
import { WIRE_FORMATS } from '../format'
import { VARIABLE_NAME } from '../evals/template'
import { INLINE_TURNS_CHARS, TURNS_PIECE_CHARS, VARIABLE_VALUE_CHARS } from './textConstants'

export {
  COMPARE_PANEL_CONVERSATION_ID,
  INLINE_TURNS_CHARS,
  TEXT_PANEL_CONVERSATION_ID,
  TURNS_PIECE_CHARS,
} from './textConstants'

export const wireFormatSchema = z.enum(WIRE_FORMATS)

export const conversationIdSchema = z.string().min(1).max(100)

/** A conversation main owns; without a revision, its turns as they are now. */
export const conversationRefSchema = z.object({
  id: conversationIdSchema,
  revision: z.number().int().min(0).optional(),
})
export type ConversationRef = z.infer<typeof conversationRefSchema>

/** A turn index within a conversation. */
const turnIndexSchema = z.number().int().min(0).max(100_000)

/**
 * The changes main makes to a conversation on the renderer's command. `add` appends whole turns (a typed turn,
 * the user's turn of a Send, tool results, a kept partial answer); `regenerate` drops the turns after the last
 * user turn; `resend` replaces a turn's text and drops every turn after it; `rewrite` replaces a turn's text
 * (any role's) and keeps the turns after it, marking it edited; `showAnswer` shows another version of an answer
 * (Regenerate keeps the earlier ones); `clear` answers a token `undoClear`
 * takes to bring the conversation back exactly as it was (turns added since give way); `load` replaces every turn (History's open and
 * rerun, Continue in Text, a draft applied from edited JSON, the workspace restored after a reload). Turns
 * larger than INLINE_TURNS_CHARS of JSON go by text.putTurns instead.
 */
export const conversationEditSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), turns: z.array(draftMessageSchema).max(1000) }),
  z.object({ type: z.literal('regenerate') }),
  z.object({ type: z.literal('resend'), index: turnIndexSchema, text: z.string() }),
  z.object({ type: z.literal('remove'), index: turnIndexSchema }),
  z.object({ type: z.literal('rewrite'), index: turnIndexSchema, text: z.string() }),
  z.object({
    type: z.literal('showAnswer'),
    index: turnIndexSchema,
    version: z.number().int().min(0).max(100),
  }),
  z.object({ type: z.literal('clear') }),
  z.object({ type: z.literal('undoClear'), token: z.string().min(1).max(100) }),
  z.object({ type: z.literal('load'), turns: z.array(draftMessageSchema).max(10_000) }),
])
export type ConversationEdit = z.infer<typeof conversationEditSchema>

/** An edit that names its conversation, bounded so the message stays far under 256 KB (M1). */
const editInputSchema = z
  .object({ conversationId: conversationIdSchema, edit: conversationEditSchema })
  .refine((e) => JSON.stringify(e.edit).length <= INLINE_TURNS_CHARS + 1024, {
    message: `edit: more than ${INLINE_TURNS_CHARS} characters of turns; send them with text.putTurns`,
  })

/**
 * A conversation as main holds it after a change: its first `keep` turns are those of `baseRevision`, followed
 * by `tail`. A tail too large to carry (over INLINE_TURNS_CHARS of JSON) is left out and read with
 * text.readTurns. A view on another base than the renderer's reads every turn anew.
 */
export const conversationViewSchema = z.object({
  conversationId: z.string(),
  revision: z.number(),
  baseRevision: z.number(),
  keep: z.number(),
  tail: z.array(draftMessageSchema).optional(),
  /** The answer turn a run appended (its index), so the run's view can point at it. */
  answer: z.object({ runId: z.string(), index: z.number() }).optional(),
  /**
   * That answer's turn when the tail is too large to carry: with its text left out, the text's length and
   * digest, for the window that streamed it to fill in from its own run (shared/ipc/answerText.ts).
   */
  answerSkeleton: z
    .object({
      turn: draftMessageSchema,
      /** The index of the text part in `turn.parts` (its text is ''). */
      textPart: z.number().int().min(0),
      chars: z.number().int().min(0),
      digest: z.string().max(32),
    })
    .optional(),
  /** After `clear`: what undoClear takes. */
  undoToken: z.string().optional(),
})
export type ConversationView = z.infer<typeof conversationViewSchema>

/**
 * "Continue from this response" (responses format): the run sends `previous_response_id` and only the turns
 * after the first `turns`, which must still end with the response's answer turn `lastTurnId`; otherwise the
 * whole conversation goes as usual.
 */
export const continueFromSchema = z.object({
  responseId: z.string().min(1).max(200),
  turns: z.number().int().min(1),
  lastTurnId: z.string().max(100).optional(),
})
export type ContinueFrom = z.infer<typeof continueFromSchema>

/** The longest all variable values together may be (M1: far under 256 KB). */
const VARIABLES_TOTAL_CHARS = 64_000

/**
 * Values for the `{{name}}` variables a draft uses (its system prompt, turns and tool descriptions): main fills
 * them into the request it sends, so the preview, the Inspector and History show the filled text. A name the
 * draft uses with no value here holds the request (unless sent anyway, which sends it as written).
 */
export const variablesSchema = z
  .record(
    z.string().max(200).regex(VARIABLE_NAME, 'a variable name is letters, digits, _ and dots'),
    z.string().max(VARIABLE_VALUE_CHARS),
  )
  .refine((v) => Object.keys(v).length <= 200, { message: 'variables: at most 200' })
  .refine((v) => Object.values(v).reduce((n, x) => n + x.length, 0) <= VARIABLES_TOTAL_CHARS, {
    message: `variables: more than ${VARIABLES_TOTAL_CHARS} characters of values in all`,
  })

const runRequestSchema = z.object({
  /** The caller's id for the run, so events that arrive before the answer to startRun still find it. */
  runId: z
    .string()
    .regex(/^[\w-]{8,100}$/)
    .optional(),
  profileId: z.string().min(1).max(100),
  format: wireFormatSchema,
  /** The request settings; with a conversation, its messages follow the conversation's turns (the composer). */
  draft: draftSchema,
  /** The conversation main owns: its turns come first in the draft's messages. */
  conversation: conversationRefSchema.optional(),
  /**
   * Turns that follow the conversation's and come before the draft's messages: a prompt too large to ride in
   * the draft (over INLINE_TURNS_CHARS of JSON), uploaded in pieces into a conversation of its own (Compare).
   */
  prompt: conversationRefSchema.optional(),
  /** Continue from an earlier response instead of sending the turns it already holds (responses format). */
  continueFrom: continueFromSchema.optional(),
  /** The exact body to send instead of one built from the draft (the raw JSON editor). */
  rawBody: z.string().max(200_000).optional(),
  /** Values for the draft's `{{variables}}` (see variablesSchema); without it the draft goes as written. */
  variables: variablesSchema.optional(),
  /** Send anyway: skip validation so the gateway judges the request itself. */
  force: z.boolean().optional(),
})
export type RunRequest = z.input<typeof runRequestSchema>

/**
 * A run's request: its conversation referenced, changed first by `edit` (the Send's user turn, regenerate,
 * resend), and the answer kept as its next turn when the run is done (`keepAnswer`, the Text panel).
 */
const startRunSchema = runRequestSchema
  .extend({
    edit: conversationEditSchema.optional(),
    keepAnswer: z.boolean().optional(),
    /**
     * Continue the partial answer the conversation ends with (a turn marked `partial`): the request sends the
     * conversation with it last, so the model goes on from it, and what arrives grows that turn in place.
     */
    continueAnswer: z.boolean().optional(),
  })
  .refine((r) => r.edit === undefined || JSON.stringify(r.edit).length <= INLINE_TURNS_CHARS + 1024, {
    message: `edit: more than ${INLINE_TURNS_CHARS} characters of turns; send them with text.putTurns`,
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
  /**
   * What the answer cost, computed in main from the usage it reported and the profile's prices (an estimate
   * from the local tokenizer when it reported none); absent when it can be neither reported nor estimated.
   */
  cost: runCostSchema.optional(),
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
      /**
       * Once, when the response headers are in: the request record (masked), the status line, headers and times so
       * far, so the Inspector shows them while the answer streams.
       */
      exchange: liveExchangeSchema.optional(),
      /** Once, with the first batch after it: when the body's first byte arrived (ms since the request started). */
      firstByteMs: z.number().optional(),
      /** Only while a window watches the run's frames (text.watchFrames): the count and the newest few, elided. */
      frames: z.object({ total: z.number(), recent: z.array(sseFrameSchema) }).optional(),
    }),
  ),
  /** Main changed a conversation on its own (a run's answer appended); sent before that run's runEnded. */
  'text.conversationChanged': defineEvent(conversationViewSchema),
  'text.runEnded': defineEvent(
    z.object({
      runId: z.string(),
      status: runStatusSchema,
      summary: runSummarySchema,
      error: runErrorSchema.optional(),
      timings: runTimingsSchema,
      /**
       * The run's recorded exchange follows as text.runExchange (a run that failed before its request went out
       * has none). It rides apart so the end, a few hundred bytes, is not held back by a record of 100 KB and more.
       */
      exchangeFollows: z.boolean(),
    }),
  ),
  /** Right after a run's runEnded when that says so: the exchange it recorded, for the Inspector. */
  'text.runExchange': defineEvent(z.object({ runId: z.string(), exchange: exchangeSchema })),
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
  /** Who sets each header (the app by itself, or the profile), and the app's own the profile removed. */
  sources: z.record(z.string(), headerSourceSchema).optional(),
  removed: z.array(z.string()).optional(),
})
export type RequestPreview = z.infer<typeof requestPreviewSchema>

export const textCommands = {
  /**
   * Changes a conversation main owns (see conversationEditSchema) and answers the view of it now. The one
   * place besides a run's start and end where turns change.
   */
  'text.editConversation': defineCommand(editInputSchema, conversationViewSchema),
  /**
   * The Text panel's open conversation (or, with `panel: 'compare'`, the Compare panel's carried turns) as main
   * holds it (saved in the data folder, read back at start): its view from the first turn, whose tail is left out (read with text.readTurns) when too large for one message.
   */
  'text.openConversation': defineCommand(
    z.object({ panel: z.enum(['text', 'compare']).optional() }),
    conversationViewSchema,
  ),
  /**
   * Turns too large for one message, in pieces of at most TURNS_PIECE_CHARS of JSON: the first `keep` turns of
   * revision `baseRevision` stay and the pieces follow them; the last piece (`done`) applies it and answers the
   * view. A new conversation starts at revision 0.
   */
  'text.putTurns': defineCommand(
    z.object({
      conversationId: conversationIdSchema,
      baseRevision: z.number().int().min(0),
      keep: z.number().int().min(0),
      piece: z.string().max(TURNS_PIECE_CHARS),
      done: z.boolean(),
    }),
    conversationViewSchema,
  ),
  /** A piece of the JSON of a conversation's turns from turn `from` (a view whose tail was too large). */
  'text.readTurns': defineCommand(
    z.object({
      conversationId: conversationIdSchema,
      revision: z.number().int().min(0),
      from: z.number().int().min(0),
      offset: z.number().int().min(0),
    }),
    z.object({ piece: z.string(), done: z.boolean() }),
  ),
  /**
   * Starts a run; results come as text.runEvents / text.runEnded for the returned id. The edit it carries is
   * applied first and answered as the conversation's view; one main cannot apply refuses the start.
   */
  'text.startRun': defineCommand(
    startRunSchema,
    z.object({ runId: z.string(), conversation: conversationViewSchema.optional() }),
  ),
  /** Stops a run: closes the upstream socket; nothing arrives after the terminal `aborted`. */
  'text.stopRun': defineCommand(z.object({ runId: z.string().max(100) }), z.object({ stopped: z.boolean() })),
  /** The exact request a run would send (masked), its code export, and validation issues. */
  'text.previewRequest': defineCommand(runRequestSchema, requestPreviewSchema),
  /**
   * Messages format: the server's count_tokens; other formats, and any format with `local` (the count kept in
   * view as the user types): a local estimate, with no request sent.
   */
  'text.countTokens': defineCommand(
    runRequestSchema.omit({ runId: true, force: true }).extend({ local: z.boolean().optional() }),
    z.object({
      inputTokens: z.number(),
      source: z.enum(['server', 'estimate']),
      exchange: exchangeSchema.nullable(),
    }),
  ),
  /** A page of a recorded exchange's SSE frames (the snapshot in runExchange holds only the latest ones). */
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

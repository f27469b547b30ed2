// The common models every format folds into: stream events (what a folder yields per SSE frame) and the
// completion (a whole answer, parsed from a non-streamed body or folded from events by runFold). Usage events
// carry the full usage known so far, so consumers replace the previous value rather than add to it.
import { parse as parsePartialJson } from 'partial-json'
import { z } from 'zod'
import { answerExtrasShape } from './answerExtras'

export const FINISHES = ['stop', 'length', 'tool_calls', 'content_filter', 'refusal', 'other'] as const
export const finishSchema = z.enum(FINISHES)
export type Finish = z.infer<typeof finishSchema>

export const usageSchema = z.object({
  input: z.number().optional(),
  output: z.number().optional(),
  reasoning: z.number().optional(),
  cachedRead: z.number().optional(),
  cacheCreation: z.number().optional(),
  total: z.number().optional(),
  /** Every other numeric usage field the answer carried, by its dotted name (answerExtras.usageDetails). */
  details: z.record(z.string(), z.number()).optional(),
})
export type Usage = z.infer<typeof usageSchema>

export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The arguments exactly as the model produced them (a JSON string, possibly invalid). */
  arguments: z.string(),
  /** Present when `arguments` parses as JSON. */
  parsedArguments: z.unknown().optional(),
  /** Native thoughtSignature that must travel back with the call. */
  signature: z.string().optional(),
  /**
   * The arguments were cut off (the output hit its token limit mid-call): `parsedArguments` holds what could
   * be recovered from the partial JSON, `arguments` the raw string as received.
   */
  truncated: z.boolean().optional(),
})
export type ToolCall = z.infer<typeof toolCallSchema>

export const imageOutputSchema = z.object({ mimeType: z.string(), data: z.string() })
export type ImageOutput = z.infer<typeof imageOutputSchema>

export const wireErrorSchema = z.object({
  status: z.number().optional(),
  /** The format's error type (`invalid_request_error`, `overloaded_error`, `INVALID_ARGUMENT`, …). */
  errorType: z.string().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  message: z.string(),
  /** The raw error body or frame data as received. */
  raw: z.unknown(),
})
export type WireError = z.infer<typeof wireErrorSchema>

export const streamEventSchema = z.discriminatedUnion('type', [
  /** The answer's id and model, and what it carries beside its text (citations, safety, versions). */
  z.object({
    type: z.literal('meta'),
    id: z.string().optional(),
    model: z.string().optional(),
    ...answerExtrasShape,
  }),
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({ type: z.literal('reasoning'), delta: z.string() }),
  /** The model declined: refusal text, kept apart from the answer text (chat `delta.refusal`). */
  z.object({ type: z.literal('refusal'), delta: z.string() }),
  /** Closes the current reasoning block with its signature (messages signature_delta, native thoughtSignature). */
  z.object({ type: z.literal('reasoningSignature'), signature: z.string() }),
  z.object({
    type: z.literal('toolCallStart'),
    index: z.number(),
    id: z.string(),
    name: z.string(),
    signature: z.string().optional(),
  }),
  z.object({ type: z.literal('toolCallDelta'), index: z.number(), argumentsDelta: z.string() }),
  z.object({
    type: z.literal('toolCallEnd'),
    index: z.number(),
    arguments: z.string(),
    parsedArguments: z.unknown().optional(),
    /** The arguments were cut off; `parsedArguments` is what the partial JSON yields. */
    truncated: z.boolean().optional(),
  }),
  z.object({ type: z.literal('image'), mimeType: z.string(), data: z.string() }),
  z.object({ type: z.literal('usage'), usage: usageSchema }),
  z.object({ type: z.literal('finish'), stopReason: z.string().nullable(), finish: finishSchema }),
  z.object({ type: z.literal('error'), ...wireErrorSchema.shape }),
  /** A frame that could not be read (malformed JSON); it is skipped and the stream goes on. */
  z.object({ type: z.literal('warning'), message: z.string(), raw: z.string() }),
  /** The stream ended before the format's terminal event (R3). */
  z.object({ type: z.literal('incomplete'), message: z.string() }),
])
export type StreamEvent = z.infer<typeof streamEventSchema>
export type StreamEventOf<T extends StreamEvent['type']> = Extract<StreamEvent, { type: T }>

export const reasoningBlockSchema = z.object({ text: z.string(), signature: z.string().optional() })
export type ReasoningBlock = z.infer<typeof reasoningBlockSchema>

export const completionSchema = z.object({
  /** Response id (responses: the `previous_response_id` for the next turn). */
  id: z.string().optional(),
  model: z.string().optional(),
  text: z.string(),
  /** The model's refusal, when it declined (never part of `text`). */
  refusal: z.string().optional(),
  reasoning: z.string(),
  /** Reasoning split at signatures, for replaying signed thinking blocks (messages). */
  reasoningBlocks: z.array(reasoningBlockSchema),
  toolCalls: z.array(toolCallSchema),
  images: z.array(imageOutputSchema),
  usage: usageSchema.optional(),
  /** The format's raw stop reason (`stop`, `end_turn`, `STOP`, `completed`, `max_output_tokens`, …). */
  stopReason: z.string().nullable(),
  finish: finishSchema.nullable(),
  /** Set when a stream failed; the partial output above is kept. */
  error: wireErrorSchema.optional(),
  /** Set when a stream closed before its terminal event. */
  incomplete: z.boolean().optional(),
  ...answerExtrasShape,
  warnings: z.array(z.string()),
})
export type Completion = z.infer<typeof completionSchema>

/** What every folder implements: frames in, events out; `end()` marks a truncated stream incomplete. */
export interface SseFrame {
  event?: string
  data: string
}

export type FolderStatus = 'open' | 'complete' | 'error' | 'incomplete'

export interface StreamFolder {
  push(frame: SseFrame): StreamEvent[]
  /** Call once when the body ends; yields `incomplete` unless the terminal event (or an error) was seen. */
  end(): StreamEvent[]
  /** `complete` once the format's terminal event was seen, `error` after an error event. */
  readonly status: FolderStatus
  /**
   * Nothing more will be folded: the stream's last event was seen (chat `[DONE]`, responses
   * `response.completed`, messages `message_stop`), an error, or the end. A folder can be `complete` and not
   * yet closed (chat after `finish_reason`, native after `finishReason`): a usage chunk may still follow, so a
   * reader keeps reading until `closed` or the end of the body.
   */
  readonly closed: boolean
}

export function emptyCompletion(): Completion {
  return {
    text: '',
    reasoning: '',
    reasoningBlocks: [],
    toolCalls: [],
    images: [],
    stopReason: null,
    finish: null,
    warnings: [],
  }
}

/** Parses a tool call's arguments; `undefined` when they are not valid JSON. An empty string counts as `{}`. */
export function parseArguments(args: string): unknown {
  if (args.trim() === '') return {}
  try {
    return JSON.parse(args) as unknown
  } catch {
    return undefined
  }
}

/**
 * Recovers what a cut-off JSON text holds (`{"city": "Par` gives `{city: "Par"}`), as the official SDKs do
 * for tool input streamed up to a token limit; `undefined` when not even a prefix of JSON.
 */
export function parsePartialArguments(args: string): unknown {
  try {
    return parsePartialJson(args) as unknown
  } catch {
    return undefined
  }
}

/** A `toolCallEnd` event with `parsedArguments` only when the arguments parse. */
export function toolCallEnd(index: number, args: string): StreamEventOf<'toolCallEnd'> {
  const parsed = parseArguments(args)
  return parsed === undefined
    ? { type: 'toolCallEnd', index, arguments: args }
    : { type: 'toolCallEnd', index, arguments: args, parsedArguments: parsed }
}

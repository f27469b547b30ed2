// The format-neutral draft of a text request: what the Text panel edits and the adapters build from.
// The schema checks types only; ranges and per-format rules live in validate.ts because they differ by
// format. Per-format `extras` hold fields that exist in one format only and are placed verbatim by its adapter;
// their schemas are loose, so a key the app does not know is kept and sent at the top of the body (extraFields.ts).
import { z } from 'zod'
import { storedCostSchema } from '../cost/storedCost'
import { ANSWER_VERSIONS_MAX } from './answerBound'
import {
  CACHE_CONTROL_TYPES,
  CHAT_REASONING_EFFORTS,
  DRAFT_ROLES,
  FUNCTION_CALLING_MODES,
  IMAGE_DETAILS,
  RESPONSES_REASONING_EFFORTS,
  RESPONSES_REASONING_SUMMARIES,
  RESPONSES_TRUNCATION,
  RESPONSE_MODALITIES,
  SEARCH_CONTEXT_SIZES,
  SEARCH_MODES,
  THINKING_LEVELS,
} from '../catalog/textParams'

const jsonObject = z.record(z.string(), z.unknown())

export const cacheControlSchema = z.object({ type: z.enum(CACHE_CONTROL_TYPES) })
export type CacheControl = z.infer<typeof cacheControlSchema>

export const textPartSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  cacheControl: cacheControlSchema.optional(),
})

/** An image: base64 `data` with its `mimeType`, or a `url` (http(s) or a data URL). */
export const imagePartSchema = z
  .object({
    type: z.literal('image'),
    mimeType: z.string().optional(),
    data: z.string().optional(),
    url: z.string().optional(),
    detail: z.enum(IMAGE_DETAILS).optional(),
    cacheControl: cacheControlSchema.optional(),
  })
  .superRefine((part, ctx) => {
    if ((part.data === undefined) === (part.url === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'an image has exactly one of data or url', path: ['data'] })
    }
    if (part.data !== undefined && !part.mimeType) {
      ctx.addIssue({
        code: 'custom',
        message: 'an image with base64 data needs its mimeType',
        path: ['mimeType'],
      })
    }
  })

/** A file input (responses format only): a data URL or a hosted URL. */
export const filePartSchema = z
  .object({
    type: z.literal('file'),
    filename: z.string().optional(),
    mimeType: z.string().optional(),
    dataUrl: z.string().optional(),
    url: z.string().optional(),
  })
  .superRefine((part, ctx) => {
    if ((part.dataUrl === undefined) === (part.url === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'a file has exactly one of dataUrl or url', path: ['dataUrl'] })
    }
  })

/** A tool call made by the model, on an assistant turn. `signature` is native's thoughtSignature. */
export const toolCallPartSchema = z.object({
  type: z.literal('toolCall'),
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
  signature: z.string().optional(),
})

/** The result of a tool call, on a tool turn. */
export const toolResultPartSchema = z.object({
  type: z.literal('toolResult'),
  callId: z.string(),
  name: z.string(),
  content: z.string(),
  isError: z.boolean().optional(),
  /** How the app got it (not sent): typed, run on a tool server, a canned result, denied, or stopped. */
  origin: z.enum(['typed', 'ran', 'canned', 'denied', 'stopped']).optional(),
})

/** Reasoning returned by the model, kept on assistant turns so messages can replay signed thinking blocks. */
export const reasoningPartSchema = z.object({
  type: z.literal('reasoning'),
  text: z.string(),
  signature: z.string().optional(),
})

export const draftPartSchema = z.discriminatedUnion('type', [
  textPartSchema,
  imagePartSchema,
  filePartSchema,
  toolCallPartSchema,
  toolResultPartSchema,
  reasoningPartSchema,
])
export type DraftPart = z.infer<typeof draftPartSchema>
export type TextPart = z.infer<typeof textPartSchema>
export type ImagePart = z.infer<typeof imagePartSchema>
export type FilePart = z.infer<typeof filePartSchema>
export type ToolCallPart = z.infer<typeof toolCallPartSchema>
export type ToolResultPart = z.infer<typeof toolResultPartSchema>

export const draftRoleSchema = z.enum(DRAFT_ROLES)

/** How an answer kept in a conversation before it finished came to stop (see `DraftMessage.partial`). */
export const PARTIAL_ENDS = ['interrupted', 'stopped', 'failed', 'incomplete'] as const
export type PartialEnd = (typeof PARTIAL_ENDS)[number]

/** One version of an answer: its own parts and marks. */
export const answerVersionSchema = z.object({
  id: z.string().optional(),
  parts: z.array(draftPartSchema),
  partial: z.enum(PARTIAL_ENDS).optional(),
  cost: storedCostSchema.optional(),
  edited: z.boolean().optional(),
})
export type AnswerVersion = z.infer<typeof answerVersionSchema>

export const draftMessageSchema = z.object({
  /** Optional stable id for the UI; adapters ignore it. */
  id: z.string().optional(),
  role: draftRoleSchema,
  parts: z.array(draftPartSchema),
  /**
   * An assistant turn that holds only what arrived before its run stopped (the app or the page went away, Stop,
   * a failure, a cut stream): shown marked, with Continue and Regenerate. Its text is sent like any turn's; the
   * mark is the playground's and never sent (see `sendableTurns`).
   */
  partial: z.enum(PARTIAL_ENDS).optional(),
  /** What an answer turn cost when it was made (main prices it); adapters ignore it. */
  cost: storedCostSchema.optional(),
  /** The user rewrote this turn's text (the playground's mark, never sent). */
  edited: z.boolean().optional(),
  /**
   * An answer's other versions (Regenerate keeps the earlier ones): the turn shows and sends one; the others wait
   * here in order, the shown one's place among them at `alternateAt` (see answerVersions.ts). Never sent.
   */
  alternates: z
    .array(answerVersionSchema)
    .max(ANSWER_VERSIONS_MAX - 1)
    .optional(),
  alternateAt: z
    .number()
    .int()
    .min(0)
    .max(ANSWER_VERSIONS_MAX - 1)
    .optional(),
})
export type DraftMessage = z.infer<typeof draftMessageSchema>

export const systemBlockSchema = z.object({ text: z.string(), cacheControl: cacheControlSchema.optional() })
export type SystemBlock = z.infer<typeof systemBlockSchema>

export const toolDefinitionSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  /** JSON schema of the arguments (an object schema). */
  parameters: jsonObject.optional(),
})
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.object({ name: z.string() }),
])
export type ToolChoice = z.infer<typeof toolChoiceSchema>

export const responseFormatSchema = z.object({ name: z.string(), schema: jsonObject })

/**
 * The neutral thinking knob. Adapters map it: chat `reasoning_effort`, responses `reasoning{effort, summary}`,
 * messages `thinking{type: enabled, budget_tokens}`, native `generationConfig.thinkingConfig`.
 * Per-format extras, when set, win over this mapping.
 */
export const thinkingSchema = z.object({
  enabled: z.boolean(),
  budgetTokens: z.number().int().optional(),
  effort: z.enum(CHAT_REASONING_EFFORTS).optional(),
  includeThoughts: z.boolean().optional(),
})
export type Thinking = z.infer<typeof thinkingSchema>

const approximateLocation = z.looseObject({
  type: z.literal('approximate').optional(),
  timezone: z.string().optional(),
  country: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
})

export const chatExtrasSchema = z.looseObject({
  thinking: z.object({ type: z.enum(['enabled', 'disabled']) }).optional(),
  enable_thinking: z.boolean().optional(),
  svc_thinking_to_content: z.boolean().optional(),
  /** Sent as `extra_body.vendor.thinking_config` (requires stream). */
  thinking_config: z
    .looseObject({ thinking_budget: z.number().int().optional(), include_thoughts: z.boolean().optional() })
    .optional(),
  /** Sent as `generationConfig.thinkingConfig.thinkingLevel`. */
  thinkingLevel: z.enum(THINKING_LEVELS).optional(),
  reasoning_effort: z.enum(CHAT_REASONING_EFFORTS).optional(),
  web_search_options: z
    .looseObject({
      search_context_size: z.enum(SEARCH_CONTEXT_SIZES).optional(),
      user_location: z.looseObject({ approximate: approximateLocation.optional() }).optional(),
    })
    .optional(),
  search_parameters: z
    .looseObject({ mode: z.enum(SEARCH_MODES).optional(), return_citations: z.boolean().optional() })
    .optional(),
  parameters: z
    .looseObject({
      enable_search: z.boolean().optional(),
      search_options: z
        .looseObject({ region: z.string().optional(), recency_days: z.number().int().optional() })
        .optional(),
      incremental_output: z.boolean().optional(),
      asr_options: z.looseObject({ language: z.string().optional() }).optional(),
      temperature: z.number().optional(),
      top_p: z.number().optional(),
    })
    .optional(),
  /** The search tool: a `vendorSearch` function in `tools`, or `extra_body.vendor.tools: [{vendorSearch: {}}]`. */
  vendorSearch: z.enum(['function', 'extra_body']).optional(),
  /** false: no `stream_options.include_usage` on a stream (the app adds it otherwise: not in the spec). */
  streamUsage: z.literal(false).optional(),
  /** false: no `user_location.type: approximate` beside the location (the app adds it otherwise). */
  locationType: z.literal(false).optional(),
})
export type ChatExtras = z.infer<typeof chatExtrasSchema>

const responsesToolChoiceSchema = z.union([
  z.object({ type: z.literal('function'), name: z.string() }),
  z.object({ type: z.enum(['web_search_preview', 'file_search']) }),
])

export const responsesExtrasSchema = z.looseObject({
  reasoning: z
    .looseObject({
      effort: z.enum(RESPONSES_REASONING_EFFORTS).optional(),
      summary: z.enum(RESPONSES_REASONING_SUMMARIES).optional(),
    })
    .optional(),
  previous_response_id: z.string().optional(),
  truncation: z.enum(RESPONSES_TRUNCATION).optional(),
  parallel_tool_calls: z.boolean().optional(),
  max_tool_calls: z.number().int().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  user: z.string().optional(),
  /** Adds `{type: web_search_preview, ...}` to `tools`. */
  web_search_preview: z
    .looseObject({
      search_context_size: z.enum(SEARCH_CONTEXT_SIZES).optional(),
      user_location: approximateLocation.optional(),
    })
    .optional(),
  /** Adds `{type: file_search, ...}` to `tools`. */
  file_search: z
    .looseObject({
      vector_store_ids: z.array(z.string()).optional(),
      max_num_results: z.number().int().optional(),
    })
    .optional(),
  /** Overrides the neutral toolChoice (for hosted tools, or a named function). */
  tool_choice: responsesToolChoiceSchema.optional(),
  /**
   * Shape of function tools and a named tool_choice. `spec` (default) follows the gateway spec:
   * `{type: function, function: {name, ...}}`; `flat` is the upstream shape `{type: function, name, ...}`.
   */
  functionToolShape: z.enum(['spec', 'flat']).optional(),
  /** Appended as `?api-version=` (one usage of the responses format). */
  apiVersion: z.string().optional(),
  /** false: no `user_location.type: approximate` in the web search tool (the app adds it otherwise). */
  locationType: z.literal(false).optional(),
})
export type ResponsesExtras = z.infer<typeof responsesExtrasSchema>

export const messagesExtrasSchema = z.looseObject({
  thinking: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('enabled'), budget_tokens: z.number().int() }),
      z.object({ type: z.literal('disabled') }),
    ])
    .optional(),
  disable_parallel_tool_use: z.boolean().optional(),
  metadata: z.looseObject({ user_id: z.string().optional() }).optional(),
  /** The Text panel's cached system prompt: its cache_control type (written into systemBlocks, never sent). */
  systemCache: z.enum(CACHE_CONTROL_TYPES).optional(),
  /** Adds the web search server tool to `tools` (its own fields, such as `max_uses`, spread into it). */
  web_search: z.looseObject({ max_uses: z.number().int().optional() }).optional(),
  /** cache_control on the last block of the last message: the conversation so far is cached (never sent itself). */
  cacheLastTurn: z.enum(CACHE_CONTROL_TYPES).optional(),
})
export type MessagesExtras = z.infer<typeof messagesExtrasSchema>

export const nativeExtrasSchema = z.looseObject({
  generationConfig: z
    .looseObject({
      responseMimeType: z.string().optional(),
      responseModalities: z.array(z.enum(RESPONSE_MODALITIES)).optional(),
      thinkingConfig: z
        .looseObject({
          includeThoughts: z.boolean().optional(),
          thinkingBudget: z.number().int().optional(),
          thinkingLevel: z.enum(THINKING_LEVELS).optional(),
        })
        .optional(),
      imageConfig: z
        .looseObject({
          aspectRatio: z.string().optional(),
          imageSize: z.string().optional(),
          imageOutputOptions: z.looseObject({ mimeType: z.string().optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
  safetySettings: z.array(z.object({ category: z.string(), threshold: z.string() })).optional(),
  toolConfig: z
    .object({
      functionCallingConfig: z.object({
        mode: z.enum(FUNCTION_CALLING_MODES),
        allowedFunctionNames: z.array(z.string()).optional(),
      }),
    })
    .optional(),
  cachedContent: z.string().optional(),
  /** Adds `{vendorSearch: {}}` as its own element of `tools`. */
  vendorSearch: z.boolean().optional(),
  /** Path prefix; the gateway serves both. */
  apiVersion: z.enum(['v1beta', 'v1']).optional(),
})
export type NativeExtras = z.infer<typeof nativeExtrasSchema>

export const draftExtrasSchema = z.object({
  chat: chatExtrasSchema.optional(),
  responses: responsesExtrasSchema.optional(),
  messages: messagesExtrasSchema.optional(),
  native: nativeExtrasSchema.optional(),
})
export type DraftExtras = z.infer<typeof draftExtrasSchema>

export const draftSchema = z.object({
  model: z.string(),
  stream: z.boolean().optional(),
  /** The system prompt (chat `system` message, responses `instructions`, messages `system`, native `systemInstruction`). */
  system: z.string().optional(),
  /** Messages format: the `system` array with `cache_control`; other formats join the texts. */
  systemBlocks: z.array(systemBlockSchema).optional(),
  messages: z.array(draftMessageSchema),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().int().optional(),
  maxTokens: z.number().int().optional(),
  stopSequences: z.array(z.string()).optional(),
  tools: z.array(toolDefinitionSchema).optional(),
  toolChoice: toolChoiceSchema.optional(),
  responseFormat: responseFormatSchema.optional(),
  thinking: thinkingSchema.optional(),
  extras: draftExtrasSchema.optional(),
})
export type Draft = z.infer<typeof draftSchema>

/** The system prompt as one string: `system`, else the joined `systemBlocks`. */
export function systemText(draft: Draft): string | undefined {
  if (draft.system !== undefined && draft.system !== '') return draft.system
  const blocks = draft.systemBlocks ?? []
  if (blocks.length === 0) return draft.system
  return blocks.map((b) => b.text).join('\n\n')
}

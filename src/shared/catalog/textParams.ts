// Spec limits and enumerations of the text-generation parameters, as data: validation, forms and the
// draft schema read them from here so each rule of the spec's Limits table is written once.
import type { WireFormat } from '../format'

export interface NumberRange {
  readonly min: number
  readonly max: number
}

/** temperature: 0-2 for chat completions, responses and native; 0-1 for messages (spec: Limits). */
export const TEMPERATURE_RANGE: Record<WireFormat, NumberRange> = {
  chat: { min: 0, max: 2 },
  responses: { min: 0, max: 2 },
  messages: { min: 0, max: 1 },
  native: { min: 0, max: 2 },
}

/** top_p: 0-1 in every format. */
export const TOP_P_RANGE: NumberRange = { min: 0, max: 1 }

/** messages `thinking.budget_tokens` must be greater than this. */
export const THINKING_BUDGET_EXCLUSIVE_MIN = 1024

/** File input on responses: one file at most 50 MB, all files of one request at most 50 MB (MiB here). */
export const FILE_MAX_BYTES = 50 * 1024 * 1024
export const REQUEST_FILES_MAX_BYTES = 50 * 1024 * 1024

/** Roles a draft message may carry. `system`/`developer` turns exist only in some formats. */
export const DRAFT_ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const
export type DraftRole = (typeof DRAFT_ROLES)[number]

/**
 * Roles valid per format. `tool` turns are always accepted: each adapter maps them to its own shape
 * (chat `tool` message, responses `function_call_output`, messages `tool_result`, native `functionResponse`).
 */
export const ROLES_BY_FORMAT: Record<WireFormat, readonly DraftRole[]> = {
  chat: ['system', 'user', 'assistant', 'tool'],
  responses: ['system', 'developer', 'user', 'assistant', 'tool'],
  messages: ['user', 'assistant', 'tool'],
  native: ['user', 'assistant', 'tool'],
}

export const CACHE_CONTROL_TYPES = ['ephemeral', 'persistent'] as const
export const IMAGE_DETAILS = ['auto', 'low', 'high'] as const
export const CHAT_REASONING_EFFORTS = ['low', 'medium', 'high'] as const
export const RESPONSES_REASONING_EFFORTS = ['none', 'low', 'medium', 'high'] as const
export const RESPONSES_REASONING_SUMMARIES = ['auto', 'none', 'detailed'] as const
export const RESPONSES_TRUNCATION = ['auto', 'disabled'] as const
export const SEARCH_CONTEXT_SIZES = ['low', 'medium', 'high'] as const
export const SEARCH_MODES = ['off', 'auto', 'on'] as const
export const THINKING_LEVELS = ['LOW', 'HIGH'] as const
export const FUNCTION_CALLING_MODES = ['AUTO', 'ANY', 'NONE'] as const
export const RESPONSE_MODALITIES = ['TEXT', 'IMAGE', 'AUDIO'] as const

/** Default `budget_tokens` per neutral effort when the draft names an effort but no budget (messages). */
export const THINKING_BUDGET_BY_EFFORT = { low: 2048, medium: 4096, high: 8192 } as const

/** The budget a thinking request carries in a format that takes tokens: the one set, else its effort's (medium). */
export function thinkingBudget(t: {
  budgetTokens?: number | undefined
  effort?: keyof typeof THINKING_BUDGET_BY_EFFORT | undefined
}): number {
  return t.budgetTokens ?? THINKING_BUDGET_BY_EFFORT[t.effort ?? 'medium']
}

/** Native safety settings: the spec shows `HARM_CATEGORY_HARASSMENT` / `OFF`; the rest are that API's own names. */
export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
] as const
export const SAFETY_THRESHOLDS = [
  'OFF',
  'BLOCK_NONE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_LOW_AND_ABOVE',
] as const
/** Native `responseMimeType` values offered (the spec names `text/plain`; the field takes any). */
export const RESPONSE_MIME_TYPES = ['text/plain', 'application/json', 'text/x.enum'] as const
/** MIME types under which native applies a `responseSchema`. */
export const SCHEMA_MIME_TYPES = ['application/json', 'text/x.enum'] as const
/** Suggestions for native `imageConfig` (the spec names the fields, not their values: any text is sent). */
export const IMAGE_ASPECT_RATIOS = [
  '1:1',
  '2:3',
  '3:2',
  '3:4',
  '4:3',
  '4:5',
  '5:4',
  '9:16',
  '16:9',
  '21:9',
] as const
export const IMAGE_SIZES = ['1K', '2K', '4K'] as const
export const IMAGE_OUTPUT_MIME_TYPES = ['image/png', 'image/jpeg'] as const
/** The messages format's web search tool (the spec says "web search tools" without their shape). */
export const MESSAGES_WEB_SEARCH_TOOL = { type: 'web_search_20250305', name: 'web_search' } as const

// The schemas of the app's and the Text panel's saved state, checked by main: a state is refused when saved
// (workspace.putPanel) unless it reads back, and read back field by field (a field that does not read falls to
// its default) or answered as null when damaged or older (workspace.getPanel). The renderer trusts main's
// answer, so its first load needs no schema.
import { z } from 'zod'
import { WIRE_FORMATS } from '../format'
import { draftExtrasSchema, draftMessageSchema, thinkingSchema, toolChoiceSchema } from '../wire/draft'
import { LAST_END_RAW_CHARS, LAST_END_TEXT_CHARS, type WorkspacePanel } from './panels'
import { TEXT_FORM_DEFAULTS } from './textDefaults'
import { variablesSchema } from '../ipc/text'

const attachmentSchema = z.object({
  ref: z.string(),
  url: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  kind: z.enum(['image', 'file', 'audio']),
  /** A URL sent as it is (the ref is the URL); without the flag it would be read as a media reference. */
  remote: z.boolean().optional(),
  detail: z.enum(['auto', 'low', 'high']).optional(),
})

const paramsSchema = z.object({
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  maxTokens: z.number().optional(),
  stopSequences: z.array(z.string()),
  toolChoice: toolChoiceSchema,
  thinking: thinkingSchema,
})

/**
 * The panel's last run when it ended without becoming a turn (it failed, was stopped or was cut short): shown
 * again after a reload while the conversation is as it was then, as it was shown before. It is kept once: the
 * state holds what names it and its error's headline; its text and raw error body are read back from History,
 * which records every run. (`text` and `error.raw` are only in states saved before that, and read as a fallback.)
 */
export const lastRunEndSchema = z.object({
  runId: z.string().max(200),
  status: z.enum(['error', 'aborted', 'incomplete']),
  format: z.enum(WIRE_FORMATS),
  model: z.string().max(1000),
  /** How many turns the conversation had when the run ended. */
  turns: z.number().int().min(0),
  /** Older states only: the start of the text that had arrived. */
  text: z.string().max(LAST_END_TEXT_CHARS).optional(),
  /** How many characters had arrived. */
  chars: z.number().int().min(0),
  error: z
    .object({
      message: z.string().max(10_000),
      status: z.number().optional(),
      errorType: z.string().max(1000).optional(),
      code: z.union([z.string().max(1000), z.number()]).optional(),
      hint: z.string().max(10_000).optional(),
      /** Older states only: the start of the raw error body. */
      raw: z
        .string()
        .max(LAST_END_RAW_CHARS + 200)
        .optional(),
    })
    .optional(),
})
export type LastRunEnd = z.infer<typeof lastRunEndSchema>

// A field that does not read back falls to its default; the rest of the panel still comes back.
export const textPanelStateSchema = z.object({
  format: z.enum(WIRE_FORMATS).catch(TEXT_FORM_DEFAULTS.format),
  model: z.string().catch(TEXT_FORM_DEFAULTS.model),
  stream: z.boolean().catch(TEXT_FORM_DEFAULTS.stream),
  system: z.string().catch(''),
  cacheSystem: z.boolean().catch(false),
  /** Only in a state saved before main kept the conversation (see restore); never saved again. */
  messages: z.array(draftMessageSchema).optional().catch(undefined),
  /** How many turns the conversation had: a conversation is the user's work (see holdsWork). */
  conversationTurns: z.number().catch(0),
  composer: z.string().catch(''),
  attachments: z.array(attachmentSchema).catch([]),
  attachmentUrls: z.record(z.string(), z.string()).catch({}),
  params: paramsSchema.catch(TEXT_FORM_DEFAULTS.params),
  toolsText: z.string().catch(''),
  responseFormatText: z.string().catch(''),
  extras: z
    .object({
      chat: draftExtrasSchema.shape.chat.unwrap(),
      responses: draftExtrasSchema.shape.responses.unwrap(),
      messages: draftExtrasSchema.shape.messages.unwrap(),
      native: draftExtrasSchema.shape.native.unwrap(),
    })
    .catch({ chat: {}, responses: {}, messages: {}, native: {} }),
  rawBody: z.string().nullable().catch(null),
  /** The values of the prompt's `{{variables}}` (bounded like a request's; see variablesSchema). */
  variables: variablesSchema.catch({}),
  lastEnd: lastRunEndSchema.nullable().catch(null),
  /** The month (`2026-11`) "Send anyway" was said past the monthly budget in this conversation. */
  budgetAsked: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable()
    .catch(null),
})
export type TextPanelState = z.infer<typeof textPanelStateSchema>

export const appPanelStateSchema = z.object({
  // A panel id that no longer exists opens the first panel (the shell falls back to it).
  panel: z.string().max(40).catch('text'),
  tabs: z.record(z.string().max(100), z.string().max(100)).catch({}),
})
export type AppPanelState = z.infer<typeof appPanelStateSchema>

/** The panels whose state main checks; the others are checked by their own panel when it loads. */
const CHECKED: Partial<Record<WorkspacePanel, z.ZodType>> = {
  text: textPanelStateSchema,
  app: appPanelStateSchema,
}

/** Why a state `text` for `panel` cannot be kept, or null when it can (or main does not check that panel). */
export function panelStateIssue(panel: WorkspacePanel, text: string): string | null {
  const schema = CHECKED[panel]
  if (!schema) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return `the ${panel} panel's state is not JSON`
  }
  const checked = schema.safeParse(parsed)
  if (checked.success) return null
  const issue = checked.error.issues[0]
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  return `the ${panel} panel's state does not read back${where}: ${issue?.message ?? 'invalid'}`
}

/**
 * A saved state as the panel may trust it: for a checked panel, read back field by field (as JSON text), or
 * null when it is damaged or of an older shape; other panels' states as they were saved.
 */
export function readPanelState(panel: WorkspacePanel, text: string | null): string | null {
  const schema = CHECKED[panel]
  if (text === null || !schema) return text
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  const checked = schema.safeParse(parsed)
  return checked.success ? JSON.stringify(checked.data) : null
}

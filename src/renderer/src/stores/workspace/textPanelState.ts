// What the Text panel keeps across a reload, a crash or a restart: the half-typed message and its attachments
// (by media reference: no file is uploaded again), edited request JSON and every form field. The conversation
// is main's, saved by main: the panel opens it from there. Runs are not kept (a finished answer is already a
// turn; a run cut by a restart is History's "interrupted").
import { z } from 'zod'
import {
  draftExtrasSchema,
  draftMessageSchema,
  thinkingSchema,
  toolChoiceSchema,
  WIRE_FORMATS,
} from '../../../../shared/wire'
import { DEFAULT_FORM } from '../textForm'
import { useTextStore } from '../textStore'
import { markTextSettled } from '../textWork'
import { adoptOlderTurns, openShown } from '../textConversation'
import type { PanelPersistence } from './persistPanel'

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

// A field that does not read back falls to its default; the rest of the panel still comes back.
const textStateSchema = z.object({
  format: z.enum(WIRE_FORMATS).catch(DEFAULT_FORM.format),
  model: z.string().catch(DEFAULT_FORM.model),
  stream: z.boolean().catch(DEFAULT_FORM.stream),
  system: z.string().catch(''),
  cacheSystem: z.boolean().catch(false),
  /** Only in a state saved before main kept the conversation (see restore); never saved again. */
  messages: z.array(draftMessageSchema).optional().catch(undefined),
  /** How many turns the conversation had: a conversation is the user's work (see holdsWork). */
  conversationTurns: z.number().catch(0),
  composer: z.string().catch(''),
  attachments: z.array(attachmentSchema).catch([]),
  attachmentUrls: z.record(z.string(), z.string()).catch({}),
  params: paramsSchema.catch(DEFAULT_FORM.params),
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
})
export type TextPanelState = z.infer<typeof textStateSchema>

function snapshot(): TextPanelState {
  const s = useTextStore.getState()
  return {
    format: s.format,
    model: s.model,
    stream: s.stream,
    system: s.system,
    cacheSystem: s.cacheSystem,
    conversationTurns: s.messages.length,
    composer: s.composer,
    attachments: s.attachments,
    attachmentUrls: s.attachmentUrls,
    params: s.params,
    toolsText: s.toolsText,
    responseFormatText: s.responseFormatText,
    extras: s.extras,
    rawBody: s.rawBody,
  }
}

/** Shows the conversation main kept; turns brought back are not new work (replacing them does not ask). */
export function openTextConversation(): Promise<void> {
  return openShown().then(markTextSettled, () => undefined)
}

export const textPanelPersistence: PanelPersistence<TextPanelState> = {
  panel: 'text',
  schema: textStateSchema as z.ZodType<TextPanelState>,
  snapshot,
  restore(saved) {
    const { messages, conversationTurns: _turns, ...form } = saved
    useTextStore.setState({ ...form, issues: [], touched: {}, attempted: false })
    // Main owns and saves the conversation (opened at start); an older state's turns are loaded into it once.
    // Turns brought back were the user's before: replacing them still asks when the draft holds new work.
    if (messages?.length) void adoptOlderTurns(messages).then(markTextSettled, () => undefined)
  },
  subscribe: (onChange) =>
    useTextStore.subscribe((next, prev) => {
      const a = next as unknown as Record<string, unknown>
      const b = prev as unknown as Record<string, unknown>
      if (KEPT.some((k) => a[k] !== b[k])) onChange()
    }),
  // Only a conversation or a draft makes the saved format and model win over Settings' starting defaults.
  holdsWork: (saved) =>
    (saved.messages?.length ?? 0) > 0 ||
    saved.conversationTurns > 0 ||
    saved.composer.trim() !== '' ||
    saved.system.trim() !== '' ||
    saved.attachments.length > 0 ||
    saved.rawBody !== null ||
    saved.toolsText.trim() !== '' ||
    saved.responseFormatText.trim() !== '',
}

// `messages` is not saved, but a change of it changes `conversationTurns`.
const KEPT = [...Object.keys(textStateSchema.shape), 'messages']

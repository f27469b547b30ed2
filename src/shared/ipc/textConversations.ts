// The Text panel's conversations, several and named, as main keeps them (conversationLibrary.ts): each holds its
// turns and the panel's form for it (format, model, profile, parameters and the draft being typed, as the Text
// panel's saved state), and one of them is open. Every route that opens a conversation takes the form of the one
// being left (`leaving`), so nothing typed there is lost, and answers the view of the one opened with its form.
// Turns travel as conversation views (bounded, M1); a form is a panel state of at most MAX_WORKSPACE_STATE
// characters, checked by main as workspace.putPanel checks it.
import { z } from 'zod'
import { defineCommand } from './define'
import { MAX_WORKSPACE_STATE } from '../workspace/panels'
import { conversationViewSchema } from './text'

/** A Text conversation's id: `conv-…` (the first one, kept from before there were several, `text-panel`). */
export const textConversationIdSchema = z.string().regex(/^[\w-]{1,100}$/, 'a conversation id')

/** The panel's form for a conversation, as the Text panel's saved state (JSON text). */
const settingsSchema = z.string().max(MAX_WORKSPACE_STATE)

/** The conversation being left and its form as it is now. */
const leavingSchema = z.object({ id: textConversationIdSchema, settings: settingsSchema }).optional()

export const conversationEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The user named it (else the title follows its first message). */
  named: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  turns: z.number(),
  /** Characters kept on disk for it. */
  chars: z.number(),
})
export type ConversationEntry = z.infer<typeof conversationEntrySchema>

/** What the library holds against its bounds. */
export const conversationBoundsSchema = z.object({
  count: z.number(),
  maxCount: z.number(),
  chars: z.number(),
  maxChars: z.number(),
})
export type ConversationBounds = z.infer<typeof conversationBoundsSchema>

/** A conversation opened: its view, its form (null: none kept yet) and its entry. */
export const openedConversationSchema = z.object({
  view: conversationViewSchema,
  settings: z.string().nullable(),
  entry: conversationEntrySchema,
})
export type OpenedConversation = z.infer<typeof openedConversationSchema>

export const textConversationCommands = {
  /** The conversations, newest first, those matching `query` (words in the name or the text) when given. */
  'text.listConversations': defineCommand(
    z.object({ query: z.string().max(200).optional() }),
    z.object({
      entries: z.array(conversationEntrySchema),
      activeId: z.string(),
      bounds: conversationBoundsSchema,
    }),
  ),
  /**
   * Opens a conversation (without an id: the one open when the app last stopped, at start) after keeping the form
   * of the one being left; answers it from its first turn (a tail too large is read with text.readTurns).
   */
  'text.openConversation': defineCommand(
    z.object({ id: textConversationIdSchema.optional(), leaving: leavingSchema }),
    openedConversationSchema,
  ),
  /**
   * Starts a conversation and opens it: empty, or a copy of another's turns (all of them: Duplicate; the first
   * `turns`: Branch from here), with the form given (else the one being left's, its draft cleared).
   */
  'text.createConversation': defineCommand(
    z.object({
      title: z.string().trim().max(200).optional(),
      from: z
        .object({ id: textConversationIdSchema, turns: z.number().int().min(0).max(100_000).optional() })
        .optional(),
      settings: settingsSchema.optional(),
      leaving: leavingSchema,
    }),
    openedConversationSchema,
  ),
  'text.renameConversation': defineCommand(
    z.object({ id: textConversationIdSchema, title: z.string().trim().min(1, 'a name').max(200) }),
    conversationEntrySchema,
  ),
  /**
   * Deletes a conversation, with a token that brings it back (text.restoreConversation) while the app runs;
   * deleting the open one opens the newest other (a new empty one when none is left) and answers it.
   */
  'text.deleteConversation': defineCommand(
    z.object({ id: textConversationIdSchema, leaving: leavingSchema }),
    z.object({ undoToken: z.string(), opened: openedConversationSchema.optional() }),
  ),
  'text.restoreConversation': defineCommand(
    z.object({ undoToken: z.string().min(1).max(100) }),
    conversationEntrySchema,
  ),
}

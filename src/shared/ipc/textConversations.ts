// The Text panel's conversations, several and named, as main keeps them (conversationLibrary.ts): each holds its
// turns and the panel's form for it (format, model, parameters and the draft being typed, as the Text panel's
// saved state, and the profile it goes to), and one of them is open. Every route that opens another conversation
// takes the form of the one being left (`leaving`), so nothing typed there is lost, and answers the view of the
// one opened with its form. Turns travel as conversation views (bounded, M1); a form's state is a panel state of
// at most MAX_WORKSPACE_STATE characters, checked by main as workspace.putPanel checks it.
import { z } from 'zod'
import { defineCommand } from './define'
import { MAX_WORKSPACE_STATE } from '../workspace/panels'
import { conversationViewSchema } from './text'

/** A Text conversation's id: `conv-…` (the first one, kept from before there were several, `text-panel`). */
const conversationIdSchema = z.string().regex(/^[\w-]{1,100}$/, 'a conversation id')

/** The panel's form for a conversation: the Text panel's saved state (JSON text) and the profile it uses. */
export const conversationFormSchema = z.object({
  state: z.string().max(MAX_WORKSPACE_STATE),
  profileId: z.string().max(100).nullable(),
})
export type ConversationForm = z.infer<typeof conversationFormSchema>

/** The conversation being left and its form as it is now. */
const leavingSchema = z.object({ id: conversationIdSchema, form: conversationFormSchema }).optional()

export const conversationEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The user named it (else the title follows its first message). */
  named: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  turns: z.number(),
  /** Characters of JSON its turns hold. */
  chars: z.number(),
})
export type ConversationEntry = z.infer<typeof conversationEntrySchema>

/** What the conversations hold against their bounds. */
const conversationBoundsSchema = z.object({
  count: z.number(),
  maxCount: z.number(),
})

/** A conversation opened: its view, its form (null: none kept yet) and its entry. */
const openedConversationSchema = z.object({
  view: conversationViewSchema,
  form: conversationFormSchema.nullable(),
  entry: conversationEntrySchema,
})
export type OpenedConversation = z.infer<typeof openedConversationSchema>

export const textConversationCommands = {
  /** The conversations, most recently changed first; with `query`, those whose name or text hold every word. */
  'text.listConversations': defineCommand(
    z.object({ query: z.string().max(200).optional() }),
    z.object({
      entries: z.array(conversationEntrySchema),
      activeId: z.string(),
      bounds: conversationBoundsSchema,
    }),
  ),
  /** Opens another conversation after keeping the form of the one being left; answers it from its first turn. */
  'text.switchConversation': defineCommand(
    z.object({ id: conversationIdSchema, leaving: leavingSchema }),
    openedConversationSchema,
  ),
  /**
   * Starts a conversation and opens it: empty, or a copy of another's turns (all of them: Duplicate; the first
   * `turns`: Branch from here), with the form given (else the source's; none for an empty one).
   */
  'text.createConversation': defineCommand(
    z.object({
      title: z.string().trim().min(1).max(200).optional(),
      from: z
        .object({ id: conversationIdSchema, turns: z.number().int().min(0).max(100_000).optional() })
        .optional(),
      form: conversationFormSchema.optional(),
      leaving: leavingSchema,
    }),
    openedConversationSchema,
  ),
  'text.renameConversation': defineCommand(
    z.object({ id: conversationIdSchema, title: z.string().trim().min(1, 'a name').max(200) }),
    conversationEntrySchema,
  ),
  /**
   * Deletes a conversation, with a token that brings it back (text.restoreConversation) while the app runs;
   * deleting the open one opens the most recent other (a new empty one when none is left) and answers it.
   */
  'text.deleteConversation': defineCommand(
    z.object({ id: conversationIdSchema, leaving: leavingSchema }),
    z.object({ undoToken: z.string(), opened: openedConversationSchema.optional() }),
  ),
  'text.restoreConversation': defineCommand(
    z.object({ undoToken: z.string().min(1).max(100) }),
    conversationEntrySchema,
  ),
}

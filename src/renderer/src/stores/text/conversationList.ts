// The Text panel's conversations as a list: main keeps them (their turns, their form, their names, the one open);
// this store shows the list and says what to do. Opening, starting, copying or deleting a conversation hands main
// the form of the one being left (nothing typed there is lost) and shows the one opened with its own form. None of
// it happens while an answer streams: the run's conversation stays on screen until it ends or is stopped.
import { create } from 'zustand'
import type { ConversationEntry, OpenedConversation } from '../../../../shared/ipc/textConversations'
import { client } from '../../ipc/client'
import { offerUndo } from '../app'
import { textConversation, useTextStore } from './textStore'
import { currentRun, NO_RUN_SHOWN } from './textState'
import { applyTextForm, shownHoldsWork, textForm, withChangesSince } from './textPanelState'

interface ConversationListState {
  entries: ConversationEntry[]
  activeId: string | null
  /** The search typed; the entries are those that match it. */
  query: string
  count: number
  maxCount: number
  /** Why the last action was refused, in words (shown until the next action). */
  error: string | null
}

export const useConversationList = create<ConversationListState>(() => ({
  entries: [],
  activeId: null,
  query: '',
  count: 0,
  maxCount: 0,
  error: null,
}))

const BUSY = 'An answer is streaming in this conversation: stop it or let it end first.'

let listed = 0

/** Reads the list again (for the search typed); an older answer never replaces a newer one. */
export async function refreshConversations(): Promise<void> {
  const asked = ++listed
  const query = useConversationList.getState().query.trim()
  const result = await client.call('text.listConversations', query ? { query } : {})
  if (asked !== listed) return
  if (!result.ok) return useConversationList.setState({ error: result.error.message })
  const { entries, activeId, bounds } = result.value
  useConversationList.setState({ entries, activeId, count: bounds.count, maxCount: bounds.maxCount })
}

/** Every conversation (the command palette's list), without touching the drawer's search. */
export async function allConversations(): Promise<ConversationEntry[]> {
  const result = await client.call('text.listConversations', {})
  return result.ok ? result.value.entries : []
}

/** Why the last conversation action was refused, in words (null when it was not). */
export function conversationError(): string | null {
  return useConversationList.getState().error
}

export function searchConversations(query: string): void {
  useConversationList.setState({ query })
  void refreshConversations()
}

/** The title of the conversation shown, as the list has it. */
export function shownTitle(s: ConversationListState): string | null {
  return s.entries.find((e) => e.id === textConversation.conversationId)?.title ?? null
}

function running(): boolean {
  return currentRun(useTextStore.getState())?.status === 'running'
}

/**
 * Runs one action that opens a conversation: refused in words while an answer streams; main's answer (the
 * conversation opened with its form) is shown in the order of the panel's other commands.
 */
async function opening(
  act: (leaving: {
    id: string
    form: ReturnType<typeof textForm>
  }) => Promise<OpenedConversation | undefined>,
): Promise<boolean> {
  if (running()) {
    useConversationList.setState({ error: BUSY })
    return false
  }
  useConversationList.setState({ error: null })
  // The form as the user asked: what they change while main answers is kept over the opened one's form.
  const atClick = textForm()
  try {
    await textConversation.afterCommands(async () => {
      const opened = await act({ id: textConversation.conversationId, form: textForm() })
      if (!opened) return
      await textConversation.showOther(opened.view)
      applyTextForm(withChangesSince(atClick, opened.form))
    })
    return true
  } catch (error) {
    useConversationList.setState({ error: error instanceof Error ? error.message : String(error) })
    return false
  } finally {
    await refreshConversations()
  }
}

export function openConversation(id: string): Promise<boolean> {
  if (id === textConversation.conversationId) return Promise.resolve(true)
  return opening((leaving) => client.invoke('text.switchConversation', { id, leaving }))
}

/**
 * The form a conversation made from the one on screen starts with: its fields, with `changes`; a budget question
 * answered there is not answered in the new conversation.
 */
function formFor(form: ReturnType<typeof textForm>, changes: Record<string, unknown> = {}) {
  const state = { ...JSON.parse(form.state), budgetAsked: null, ...changes }
  return { state: JSON.stringify(state), profileId: form.profileId }
}

/**
 * A new, empty conversation with the form of the one being left, its draft emptied. When the one shown is already
 * new (no turn, nothing typed), it is that conversation: no second empty one piles up in the list.
 */
export function newConversation(): Promise<boolean> {
  if (!running() && !shownHoldsWork()) {
    // As a new conversation would: nothing said about an earlier Send stays on screen.
    useTextStore.setState({ ...NO_RUN_SHOWN, runs: useTextStore.getState().runs })
    useConversationList.setState({ error: null })
    return Promise.resolve(true)
  }
  return opening((leaving) => {
    const form = formFor(leaving.form, { composer: '', attachments: [], rawBody: null, lastEnd: null })
    return client.invoke('text.createConversation', { form, leaving })
  })
}

/**
 * A copy of a conversation (all its turns, or the first `turns`: Branch from here), opened. The open one's form
 * is copied as it is on screen.
 */
export function copyConversation(id: string, title: string, turns?: number): Promise<boolean> {
  return opening((leaving) =>
    client.invoke('text.createConversation', {
      title: title.slice(0, 200),
      from: turns === undefined ? { id } : { id, turns },
      ...(id === leaving.id ? { form: formFor(leaving.form) } : {}),
      leaving,
    }),
  )
}

/** "Branch from here": a new conversation with the turns of the one shown up to turn `turns`, opened. */
export function branchFrom(turns: number): Promise<boolean> {
  const title = shownTitle(useConversationList.getState()) ?? 'Conversation'
  return copyConversation(textConversation.conversationId, `${title} (branch)`, turns)
}

export async function renameConversation(id: string, title: string): Promise<boolean> {
  const result = await client.call('text.renameConversation', { id, title })
  useConversationList.setState({ error: result.ok ? null : result.error.message })
  await refreshConversations()
  return result.ok
}

/** Deletes a conversation at once, with Undo for a few seconds (it comes back in the list, not opened). */
export async function deleteConversation(entry: ConversationEntry): Promise<void> {
  let token: string | null = null
  const shown = entry.id === textConversation.conversationId
  const done = shown
    ? await opening(async (leaving) => {
        const result = await client.invoke('text.deleteConversation', { id: entry.id, leaving })
        token = result.undoToken
        return result.opened
      })
    : await client.call('text.deleteConversation', { id: entry.id }).then(async (result) => {
        if (result.ok) token = result.value.undoToken
        else useConversationList.setState({ error: result.error.message })
        await refreshConversations()
        return result.ok
      })
  if (!done || !token) return
  const undoToken: string = token
  offerUndo(`Deleted “${entry.title}”.`, () => {
    void client.call('text.restoreConversation', { undoToken }).then(async (result) => {
      useConversationList.setState({ error: result.ok ? null : result.error.message })
      await refreshConversations()
    })
  })
}

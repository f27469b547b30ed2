// The Compare panel's carried turns, as main owns them (`compare-panel`, saved by main between sessions like the
// Text panel's conversation): the store's `shared.messages` is a read-only view of them, replaced from main's
// answers only. They change by command: loaded when a conversation is opened in Compare (from Text or History),
// cleared with Undo, and an older saved panel state's turns adopted once. Commands go one at a time, and a column's
// request waits for them, so what runs is what the panel shows. Each column's request references them by id and
// carries only the prompt turn: inline when small, else uploaded in pieces (M1) into a conversation of this
// window's own, so the carried turns never travel again.
import { COMPARE_PANEL_CONVERSATION_ID, INLINE_TURNS_CHARS } from '../../../../shared/ipc/textConstants'
import type { ConversationRef, ConversationView } from '../../../../shared/ipc/text'
import type { Draft, DraftMessage } from '../../../../shared/wire'
import { client } from '../../ipc/client'
import { offerUndo } from '../app'
import { loadConversation, readTurns } from '../runs'
import { columnDraft, type CompareColumn, type SharedDraft } from './compareForm'
import { useCompareStore } from './compareStore'

let commands: Promise<unknown> = Promise.resolve()
let opened: Promise<void> | null = null
/** The revision of the turns shown. */
let shown = -1

function afterCommands<T>(call: () => Promise<T>): Promise<T> {
  const next = commands.then(call)
  commands = next.catch(() => undefined)
  return next
}

/** Shows main's view of the carried turns (its tail, else read in pieces); an older view is ignored. */
async function show(view: ConversationView): Promise<void> {
  if (view.conversationId !== COMPARE_PANEL_CONVERSATION_ID || view.revision <= shown) return
  const messages =
    view.keep === 0 && view.tail ? view.tail : await readTurns(view.conversationId, view.revision, 0)
  shown = view.revision
  useCompareStore.setState((s) => ({ shared: { ...s.shared, messages } }))
}

/** Says what failed with the carried turns, among the panel's issues (the turns shown stay main's). */
function failed(what: string, error: unknown): void {
  const message = `Carried turns: ${what} (${error instanceof Error ? error.message : String(error)})`
  useCompareStore.setState((s) => ({ issues: [...s.issues, { field: 'messages', message }] }))
}

/** Shows the carried turns main kept (once per page; later calls wait for that one). */
export function openCompareTurns(): Promise<void> {
  opened ??= afterCommands(async () => {
    await show(await client.invoke('text.openConversation', { panel: 'compare' }))
  }).catch((error: unknown) => failed('main could not answer them', error))
  return opened
}

/** Turns a panel state saved before main kept them: loaded once, into carried turns that are empty. */
export async function adoptOlderCompareTurns(turns: DraftMessage[]): Promise<void> {
  await openCompareTurns()
  if (turns.length === 0) return
  await afterCommands(async () => {
    if (useCompareStore.getState().shared.messages.length === 0)
      await show(await loadConversation(COMPARE_PANEL_CONVERSATION_ID, turns))
  })
}

/**
 * Makes a conversation opened in Compare the panel's: the draft and the columns at once, its turns by command to
 * main (a run started meanwhile waits for them).
 */
export function openInCompareDraft(shared: SharedDraft, columns: CompareColumn[]): Promise<void> {
  const current = useCompareStore.getState().shared.messages
  useCompareStore.setState({
    shared: { ...shared, messages: current },
    columns,
    issues: [],
    touched: {},
    attempted: false,
  })
  return afterCommands(async () => {
    await show(await loadConversation(COMPARE_PANEL_CONVERSATION_ID, shared.messages))
  }).catch((error: unknown) => failed('they could not be kept', error))
}

/** Drops the carried turns, with Undo for a few seconds (main brings them back exactly as they were). */
export async function dropCarriedTurns(): Promise<void> {
  const count = useCompareStore.getState().shared.messages.length
  try {
    const view = await afterCommands(async () => {
      const cleared = await client.invoke('text.editConversation', {
        conversationId: COMPARE_PANEL_CONVERSATION_ID,
        edit: { type: 'clear' },
      })
      await show(cleared)
      return cleared
    })
    const token = view.undoToken
    if (!token || count === 0) return
    offerUndo(`Carried turns dropped (${count} turn${count === 1 ? '' : 's'}).`, () => {
      void afterCommands(async () => {
        await show(
          await client.invoke('text.editConversation', {
            conversationId: COMPARE_PANEL_CONVERSATION_ID,
            edit: { type: 'undoClear', token },
          }),
        )
      }).catch((error: unknown) => failed('they could not be brought back', error))
    })
  } catch (error) {
    failed('they could not be dropped', error)
  }
}

/** A prompt too large for the request, uploaded once per prompt (by identity) into this window's conversation. */
const promptConversationId = `compare-prompt-${crypto.randomUUID()}`
let uploaded: {
  composer: string
  attachments: SharedDraft['attachments']
  ref: Promise<ConversationRef>
} | null = null

/**
 * What a column's request carries of the conversation: the carried turns by reference, and the prompt turn in its
 * draft (or, when over INLINE_TURNS_CHARS of JSON, by reference to it uploaded in pieces). Waits for the commands
 * on their way, so the turns main sends are the ones shown.
 */
export async function columnRequest(
  shared: SharedDraft,
  column: CompareColumn,
): Promise<{ draft: Draft; conversation: ConversationRef; prompt?: ConversationRef }> {
  await afterCommands(() => Promise.resolve())
  const { draft } = columnDraft({ ...shared, messages: [] }, column)
  const conversation = { id: COMPARE_PANEL_CONVERSATION_ID }
  if (JSON.stringify(draft.messages).length <= INLINE_TURNS_CHARS) return { draft, conversation }
  if (!uploaded || uploaded.composer !== shared.composer || uploaded.attachments !== shared.attachments) {
    // One upload at a time, in order: pieces of two prompts never mix.
    const before = uploaded?.ref.catch(() => undefined) ?? Promise.resolve()
    const ref = before
      .then(() => loadConversation(promptConversationId, draft.messages))
      .then((view) => ({ id: view.conversationId, revision: view.revision }))
    const upload = { composer: shared.composer, attachments: shared.attachments, ref }
    uploaded = upload
    // A load that failed is tried again by the next request.
    ref.catch(() => {
      if (uploaded === upload) uploaded = null
    })
  }
  return { draft: { ...draft, messages: [] }, conversation, prompt: await uploaded.ref }
}

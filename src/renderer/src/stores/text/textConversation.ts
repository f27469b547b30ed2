// The Text panel's read-only view of the conversation main owns: every change is a command to main (an edit, or
// the edit a run's start carries), and the turns shown (`messages` in the text store) are replaced from main's
// answers and `text.conversationChanged` events only, never changed here. Commands go one at a time and views
// apply in order, each on the one before; a view on another base reads every turn anew, and turns too large for
// their view are read after the ones kept, in bounded pieces (a long answer this window streamed is filled in
// from its own run instead, when main's length and digest of its text match). An edit too large for one message
// goes as turns in pieces (text.putTurns), so no message nears 256 KB (M1).
// Main also keeps the conversation between sessions: at start the panel opens it (text.openConversation). One
// view per conversation shown: it is handed the store it shows its turns in, and imports no store.
import type { ConversationEdit, ConversationView } from '../../../../shared/ipc/text'
import { INLINE_TURNS_CHARS } from '../../../../shared/ipc/textConstants'
import type { DraftMessage } from '../../../../shared/wire'
import { client } from '../../ipc/client'
import { loadConversation, putTurns, readTurns, type RunView } from '../runs'
import { fillAnswer } from '../../../../shared/ipc/answerText'
import { rewrittenTurn } from '../../../../shared/wire/answerVersions'

/** The store a view shows its turns in (`messages`), as far as the view reads and replaces them. */
export interface TurnsStore {
  getState(): { messages: DraftMessage[] }
  setState(patch: { messages: DraftMessage[] }): void
}

/** A run's text as received so far, by run id (a long answer's turn is filled in from it). */
export type RunText = (runId: string) => Pick<RunView, 'text' | 'textDigest'> | undefined

/** A read-only view of one conversation main owns, and the commands that change it. */
export interface ShownConversation {
  /** The conversation shown now (the Text panel opens another from its list: showOther). */
  readonly conversationId: string
  /** The revision of the turns shown. */
  shownRevision(): number
  /** Main no longer holds the conversation shown: its turns are loaded anew, as a new run of revisions. */
  reloadShown(): Promise<void>
  /** Shows the conversation as main kept it (once per page; later calls wait for that one). */
  openShown(): Promise<void>
  /** Turns a workspace saved before main kept the conversation: loaded once, into an empty conversation. */
  adoptOlderTurns(turns: DraftMessage[]): Promise<void>
  /** Shows another conversation, from the view main answered when it opened it (its first turn on). */
  showOther(view: ConversationView): Promise<void>
  /** Runs `call` once every earlier command has been answered and its view shown. */
  afterCommands<T>(call: () => Promise<T>): Promise<T>
  /** Shows a view main answered or announced; resolves once the store shows it (or a newer one). */
  showView(view: ConversationView): Promise<void>
  /** Asks main for an edit and shows the conversation it answers (clear's undo token rides in the view). */
  editConversation(edit: ConversationEdit): Promise<ConversationView>
  /** An edit too large for one message, sent in pieces against the revision shown. */
  putLarge(edit: ConversationEdit): Promise<ConversationView>
  /** Main appended a run's answer: the index of that turn, taken once by the run's end. */
  takeAnswerIndex(runId: string): number | undefined
  /** Waits until every view announced so far is shown. */
  viewsShown(): Promise<void>
}

/** Whether an edit fits in one message; larger ones go as turns in pieces. */
export function editFits(edit: ConversationEdit): boolean {
  return JSON.stringify(edit).length <= INLINE_TURNS_CHARS
}

function resent(turn: DraftMessage | undefined, text: string): DraftMessage {
  if (!turn) return { role: 'user', parts: [{ type: 'text', text }] }
  return rewrittenTurn(turn, text)
}

/**
 * The view of `conversationId` shown in `store`: commands go one at a time and views apply in order, each on the
 * one before; main's `text.conversationChanged` for this conversation is shown as it comes.
 */
export function createShownConversation(
  conversationId: string,
  store: TurnsStore,
  runAsReceived: RunText,
): ShownConversation {
  /** The conversation shown, and the revision of the turns the store shows. */
  let shownId = conversationId
  let revision = 0
  let commands: Promise<unknown> = Promise.resolve()
  let views: Promise<unknown> = Promise.resolve()
  let opened: Promise<void> | null = null
  /** Main appended a run's answer: the index of that turn, by run id, until the run's end takes it. */
  const answers = new Map<string, number>()

  async function reloadShown(): Promise<void> {
    await viewsShown()
    const view = await loadConversation(shownId, store.getState().messages)
    // The turns shown are exactly the ones loaded: only the revision they are at changes.
    revision = view.revision
  }

  function openShown(): Promise<void> {
    opened ??= afterCommands(async () => {
      // The conversation open when the app last stopped, which may be another than the first one.
      const view = await client.invoke('text.openConversation', {})
      await (view.conversationId === shownId ? showView(view) : showOther(view))
    })
    return opened
  }

  async function adoptOlderTurns(turns: DraftMessage[]): Promise<void> {
    await openShown()
    if (turns.length > 0 && store.getState().messages.length === 0)
      await editConversation({ type: 'load', turns })
  }

  function afterCommands<T>(call: () => Promise<T>): Promise<T> {
    const next = commands.then(call)
    commands = next.catch(() => undefined)
    return next
  }

  function showView(view: ConversationView): Promise<void> {
    const next = views.then(() => apply(view))
    views = next.catch(() => undefined)
    return next
  }

  function showOther(view: ConversationView): Promise<void> {
    const next = views.then(() => {
      shownId = view.conversationId
      revision = -1
      answers.clear()
      store.setState({ messages: [] })
      return apply(view)
    })
    views = next.catch(() => undefined)
    return next
  }

  async function apply(view: ConversationView): Promise<void> {
    if (view.conversationId !== shownId || view.revision <= revision) return
    const shown = store.getState().messages
    // On the revision shown, the turns the view keeps are already here and only the ones after them are new (in
    // the view, or read when too large for it); on another base every turn is read anew.
    const onShown = view.keep === 0 || (view.baseRevision === revision && view.keep <= shown.length)
    const turns = onShown
      ? [
          ...shown.slice(0, view.keep),
          ...(view.tail ?? answerFromRun(view) ?? (await readShownTurns(view.revision, view.keep))),
        ]
      : await readShownTurns(view.revision, 0)
    revision = view.revision
    store.setState({ messages: turns })
  }

  /**
   * A long answer's turn, its text filled in from the run that streamed it when that text is the one main kept
   * (same length and digest); null when it is not, and the turn is read from main instead.
   */
  function answerFromRun(view: ConversationView): DraftMessage[] | null {
    const skeleton = view.answerSkeleton
    if (!skeleton || !view.answer) return null
    // Main appended the answer once the run's last text was sent: the run has it once what is queued is folded.
    const run = runAsReceived(view.answer.runId)
    const turn = run ? fillAnswer(skeleton, run.text, run.textDigest) : null
    return turn ? [turn] : null
  }

  /** The turns of `at` from `from` on, read in pieces; a newer revision by then is shown by its own view. */
  function readShownTurns(at: number, from: number): Promise<DraftMessage[]> {
    return readTurns(shownId, at, from)
  }

  function editConversation(edit: ConversationEdit): Promise<ConversationView> {
    return afterCommands(async () => {
      const view = editFits(edit)
        ? await client.invoke('text.editConversation', { conversationId: shownId, edit })
        : await putLarge(edit)
      await showView(view)
      return view
    })
  }

  /**
   * An edit too large for one message, as the turns it leaves after the ones it keeps, sent in pieces against the
   * revision shown (main refuses them if the conversation moved on meanwhile).
   */
  function putLarge(edit: ConversationEdit): Promise<ConversationView> {
    const shown = store.getState().messages
    if (edit.type === 'load') return loadConversation(shownId, edit.turns)
    if (edit.type === 'add') return putTurns(shownId, revision, shown.length, edit.turns)
    if (edit.type === 'resend')
      return putTurns(shownId, revision, edit.index, [resent(shown[edit.index], edit.text)])
    if (edit.type === 'rewrite')
      return putTurns(shownId, revision, edit.index, [
        resent(shown[edit.index], edit.text),
        ...shown.slice(edit.index + 1),
      ])
    return client.invoke('text.editConversation', { conversationId: shownId, edit })
  }

  function takeAnswerIndex(runId: string): number | undefined {
    const index = answers.get(runId)
    answers.delete(runId)
    return index
  }

  function viewsShown(): Promise<void> {
    return views.then(() => undefined)
  }

  client.on('text.conversationChanged', (view) => {
    if (view.conversationId !== shownId) return
    if (view.answer) answers.set(view.answer.runId, view.answer.index)
    void showView(view)
  })

  return {
    get conversationId() {
      return shownId
    },
    shownRevision: () => revision,
    reloadShown,
    openShown,
    adoptOlderTurns,
    showOther,
    afterCommands,
    showView,
    editConversation,
    putLarge,
    takeAnswerIndex,
    viewsShown,
  }
}

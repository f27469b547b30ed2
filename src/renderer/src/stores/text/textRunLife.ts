// A Text panel run's life in the renderer: named and registered as the panel's (ipc/textRuns) before main hears of
// it, so its events always find it and only it; its start carries the conversation's edit (the Send's user turn,
// regenerate, resend), its events are folded at the stream pace, and it ends in a state the user sees even when
// main never answers. Handed the store and the conversation view it works on; it imports neither.
import type { StoreApi } from 'zustand'
import type { Draft } from '../../../../shared/wire'
import type { ContinueFrom, ConversationEdit } from '../../../../shared/ipc/text'
import { IpcCallError } from '../../../../shared/ipc/client'
import { client } from '../../ipc/client'
import { textRuns, type RunOwner } from '../../ipc/textRuns'
import { profilesLoaded } from '../profiles'
import {
  createStreamFolds,
  endRun,
  endRunLocally,
  newRun,
  withExchange,
  type RunEnded,
  type RunView,
} from '../runs'
import { editFits, type ShownConversation } from './textConversation'
import { requestVariables } from '../form'
import { currentRun, profileOf, type TextState } from './textState'

export type StartOptions = {
  force?: boolean
  rawBody?: string | null
  continueFrom?: ContinueFrom
  /** Continue the partial answer the conversation ends with (it grows in place). */
  continueAnswer?: boolean
}

export interface TextRunLife {
  /**
   * Starts a run of `draft`'s settings on the conversation main owns, changed first by `edit`. The run exists (and
   * shows) from the first moment; whatever fails after that ends it with the cause on screen, and Stop ends it in
   * any state.
   */
  start(draft: Draft, edit: ConversationEdit, options?: StartOptions): Promise<void>
  /** Stops the run shown; one main does not know of ends here, so nothing waits forever. */
  stop(): Promise<void>
  /** A run with every event received so far folded in (the stream pace may be holding the latest back). */
  runAsReceived(runId: string): RunView | undefined
  /** Whether the reader has the end of the run shown in view (folded at the stream pace, else a few times a second). */
  setAnswerEndSeen(seen: boolean): void
}

const newRunId = () => `run-${crypto.randomUUID()}`

/** A turn's text, its text parts joined. */
function textOf(turn: { parts: readonly { type: string; text?: string }[] }): string {
  return turn.parts.map((p) => (p.type === 'text' ? (p.text ?? '') : '')).join('')
}

export function createTextRunLife(store: StoreApi<TextState>, conversation: ShownConversation): TextRunLife {
  function updateRun(runId: string, change: (run: RunView) => RunView): void {
    const s = store.getState()
    const run = s.runs[runId]
    if (!run) return
    const next = change(run)
    if (next !== run) store.setState({ runs: { ...s.runs, [runId]: next } })
  }

  /** How much of a continuing run's text is the partial answer it goes on from, by run id. */
  const seeds = new Map<string, number>()

  /**
   * A continuation main did not put in place of the partial answer (nothing arrived, the conversation moved on,
   * or it ended here): its card shows only what it brought, below the partial answer still there.
   */
  function withoutSeed(run: RunView): RunView {
    const seed = seeds.get(run.runId)
    if (seed === undefined) return run
    seeds.delete(run.runId)
    return { ...run, text: run.text.slice(seed), continues: undefined }
  }

  /** Edited JSON sent by runs still going: a refused one comes back to the editor to be corrected. */
  const rawSent = new Map<string, string>()
  function restoreRawBody(runId: string, failed: boolean): void {
    const raw = rawSent.get(runId)
    rawSent.delete(runId)
    if (failed && raw !== undefined && store.getState().rawBody === null) store.setState({ rawBody: raw })
  }

  async function start(draft: Draft, edit: ConversationEdit, options: StartOptions = {}): Promise<void> {
    const s = store.getState()
    const runId = newRunId()
    if (options.rawBody != null) rawSent.set(runId, options.rawBody)
    // Older finished runs leave with the new one: the panel shows one run; runs still going stay until they end.
    const runs = Object.fromEntries(Object.entries(s.runs).filter(([, r]) => r.status === 'running'))
    const run = newRun(runId, s.format, draft.model)
    // A continued answer shows in place of the partial one, its text going on from there.
    const partial = options.continueAnswer ? s.messages.length - 1 : -1
    const seed = partial >= 0 ? textOf(s.messages[partial]!) : ''
    if (seed) seeds.set(runId, seed.length)
    store.setState({
      runs: { ...runs, [runId]: partial >= 0 ? { ...run, text: seed, continues: partial } : run },
      currentRunId: runId,
      issues: [],
      pendingToolCalls: [],
    })
    const fail = (message: string, errorType = 'TEXT_RUN_FAILED') => {
      textRuns.release(runId)
      restoreRawBody(runId, true)
      settleFolds(runId)
      updateRun(runId, (r) => withoutSeed(endRunLocally(r, 'error', { message, errorType, raw: null })))
    }
    // A Send pressed while the app starts waits for the profile list rather than finding no profile chosen.
    if (!profileOf(store.getState())) await profilesLoaded()
    const profileId = profileOf(store.getState())
    try {
      await conversation.afterCommands(async () => {
        // The edit is main's to make even when the run cannot start: the user's turn is kept either way.
        // An edit too large for one message goes in pieces first; a small one rides in the start (one trip).
        const carried = editFits(edit)
          ? edit
          : (await conversation.showView(await conversation.putLarge(edit)), undefined)
        if (!profileId) {
          if (carried) await conversation.showView(await editOnly(carried))
          return fail('No connection profile is chosen: add or choose one in Settings.')
        }
        // Stopped before main heard of it: only the edit is made.
        if (store.getState().runs[runId]?.status !== 'running') {
          if (carried) await conversation.showView(await editOnly(carried))
          return
        }
        const { messages: _turns, ...settings } = draft
        const startRun = (revision: number | undefined) =>
          textRuns.start(
            {
              runId,
              profileId,
              format: s.format,
              draft: { ...settings, messages: [] },
              conversation: {
                id: conversation.conversationId,
                ...(revision !== undefined ? { revision } : {}),
              },
              ...(carried ? { edit: carried } : {}),
              keepAnswer: true,
              ...(options.continueAnswer ? { continueAnswer: true } : {}),
              ...(options.continueFrom ? { continueFrom: options.continueFrom } : {}),
              ...(options.rawBody != null ? { rawBody: options.rawBody } : {}),
              ...(options.force ? { force: true } : {}),
              ...requestVariables(draft, s.variables, editTexts(edit)),
            },
            owner,
          )
        let answer: Awaited<ReturnType<typeof startRun>>
        try {
          answer = await startRun(conversation.shownRevision())
        } catch (error) {
          const code = (error as { code?: string }).code
          if (code !== 'TEXT_CONVERSATION_UNKNOWN' && code !== 'TEXT_CONVERSATION_STALE') throw error
          // Main no longer holds the turns shown: they are loaded anew and the same run starts once more. A view
          // on its way (stale) is main's newer truth, so the run then takes main's newest turns.
          if (code === 'TEXT_CONVERSATION_UNKNOWN') await conversation.reloadShown()
          else await conversation.viewsShown()
          answer = await startRun(undefined)
        }
        if (answer.conversation) await conversation.showView(answer.conversation)
      })
    } catch (error) {
      fail(
        error instanceof Error ? error.message : String(error),
        error instanceof IpcCallError ? error.code : undefined,
      )
    }
  }

  function editOnly(edit: ConversationEdit) {
    return client.invoke('text.editConversation', { conversationId: conversation.conversationId, edit })
  }

  async function stop(): Promise<void> {
    const run = currentRun(store.getState())
    if (run?.status !== 'running') return
    const result = await textRuns.stop(run.runId)
    // Main has no such run going (it ended, or never started): the run ends here, so nothing waits forever.
    if (!result.ok || !result.value.stopped) {
      textRuns.release(run.runId)
      settleFolds(run.runId)
      updateRun(run.runId, (r) => withoutSeed(endRunLocally(r, 'aborted')))
    }
  }

  /**
   * A streaming run's events reach the store at the shared stream pace (streamFolds), each fold in one update, on
   * a timer: the frame that draws it is a task of its own, so a long answer's render and its frame are not one.
   */
  const folds = createStreamFolds(store, { onFrame: false })

  /** The run ends: what arrived before its end is folded first (it belongs to its final text), then no more. */
  function settleFolds(runId: string): void {
    try {
      folds.foldAllNow()
    } catch {
      // A batch that cannot be folded is dropped rather than keep the run from ending (its caller ends it next).
    }
    folds.forget(runId)
  }

  function onRunEnded(payload: RunEnded): void {
    settleFolds(payload.runId)
    const s = store.getState()
    const run = s.runs[payload.runId]
    const answerIndex = conversation.takeAnswerIndex(payload.runId)
    if (!run || run.status !== 'running') return
    restoreRawBody(run.runId, payload.status === 'error')
    const ended = answerIndex === undefined ? withoutSeed(endRun(run, payload)) : endRun(run, payload)
    seeds.delete(run.runId)
    if (payload.status !== 'done' || s.currentRunId !== payload.runId)
      return store.setState({ runs: { ...s.runs, [run.runId]: ended } })
    // Main made the finished answer the next turn (text.conversationChanged came first): the run points at it.
    if (answerIndex !== undefined) ended.turnIndex = answerIndex
    store.setState({
      runs: { ...store.getState().runs, [run.runId]: ended },
      pendingToolCalls: ended.toolCalls,
    })
  }

  /** The Text panel owns the runs it starts: their events and their end come here only (ipc/textRuns). */
  const owner: RunOwner = {
    events: ({ runId, events }) => folds.queue(runId, events),
    // The answer's turn is shown before the run ends, so the panel never shows the answer twice or not at all.
    ended: (payload) => void conversation.viewsShown().then(() => onRunEnded(payload)),
    // After the end, in the order they came (the same wait as the end's).
    exchanged: ({ runId, exchange }) =>
      void conversation.viewsShown().then(() => updateRun(runId, (run) => withExchange(run, exchange))),
  }

  return {
    start,
    stop,
    runAsReceived(runId) {
      folds.foldAllNow()
      return store.getState().runs[runId]
    },
    setAnswerEndSeen(seen) {
      const runId = store.getState().currentRunId
      if (runId) folds.setEndSeen(runId, seen)
    },
  }
}

/** The texts an edit brings into the conversation (a new turn, a turn sent again): their variables count too. */
function editTexts(edit: ConversationEdit): string[] {
  if (edit.type === 'resend') return [edit.text]
  if (edit.type !== 'add') return []
  return edit.turns.flatMap((t) => t.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])))
}

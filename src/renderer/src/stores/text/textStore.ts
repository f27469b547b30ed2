// The Text panel's state: the draft being composed, parameters per format, a read-only view of the conversation
// main owns (`messages`, replaced only from main's views: textConversation), and its runs keyed by run id (folded
// by the one shared run fold). A run is named and registered as this store's (ipc/textRuns) before main hears of
// it, so its events always find it and only it; its start carries the conversation's edit (the Send's user turn,
// regenerate, resend), main appends the answer when it is done, and it ends in a state the user sees even when
// main never answers. Nothing typed is lost: a refused send keeps the composer text.
import { create } from 'zustand'
import {
  appendToolResults,
  type Draft,
  type DraftExtras,
  type DraftMessage,
  type ToolCall,
  type WireFormat,
} from '../../../../shared/wire'
import type { ContinueFrom, ConversationEdit } from '../../../../shared/ipc/text'
import { IpcCallError } from '../../../../shared/ipc/client'
import { jsonSyntaxError } from '../../../../shared/jsonSyntax'
import { client } from '../../ipc/client'
import { textRuns, type RunOwner } from '../../ipc/textRuns'
import { profilesLoaded, useProfilesStore } from '../profiles/profilesStore'
import {
  afterCommands,
  editConversation,
  editFits,
  putLarge,
  reloadShown,
  showView,
  shownRevision,
  takeAnswerIndex,
  textConversationId,
  viewsShown,
} from './textConversation'
import {
  buildDraft,
  DEFAULT_FORM,
  formFromDraft,
  localId,
  sentTurns,
  touch,
  withoutIssuesOf,
  type Issue,
  type TextForm,
  type TextParams,
} from '../form/textForm'
import { endRun, endRunLocally, newRun, withExchange, type RunEnded, type RunView } from '../runs/runFold'
import { clearContinuation, takeContinuation } from './responseContinuation'
import { loadRequestReaders, requestReaders } from '../form/requestReaders'
import { draftValidation, loadDraftValidation } from '../form/draftValidation'
import { createStreamFolds } from '../runs/streamFolds'
import type { LastRunEnd } from '../../../../shared/workspace/panelStates'

export type { RunView } from '../runs/runFold'
export { keepPartialAnswer } from './textPartial'
export type { Attachment, Issue, TextParams } from '../form/textForm'
export { issueField, issueShown } from '../form/textForm'

export interface TextState extends TextForm {
  profileId: string | null
  /** Thumbnail URLs of attachments already sent, by reference, for showing them in the conversation. */
  attachmentUrls: Record<string, string>
  /** The exact body the user edited in the raw view; sent as written while set. */
  rawBody: string | null
  /** Runs by id: the panel's current one, and any still going. */
  runs: Record<string, RunView>
  /** The run the panel shows (the latest). */
  currentRunId: string | null
  /** Why the last Send was refused (cleared when the cause goes). */
  issues: Issue[]
  /** Inputs the user has changed (by draft field: messages, model, temperature, …); their errors show. */
  touched: Record<string, true>
  /** Send was pressed: every error shows from now on. */
  attempted: boolean
  /** A file that could not be attached, and why. */
  attachError: string | null
  pendingToolCalls: ToolCall[]

  set(patch: Partial<TextState>): void
  setParams(patch: Partial<TextParams>): void
  setExtras<F extends WireFormat>(format: F, extras: NonNullable<DraftExtras[F]>): void
  /** The draft as it would be sent (with the composer as a new user turn when `withComposer`). */
  draft(withComposer: boolean): { draft: Draft; issues: Issue[] }
  /** Sends the composer; `force` sends despite errors the gateway should judge itself. */
  send(options?: { force?: boolean }): Promise<void>
  stop(): Promise<void>
  sendToolResults(
    results: { callId: string; name: string; content: string; isError?: boolean }[],
  ): Promise<void>
  regenerate(): Promise<void>
  resendFrom(index: number, text: string): Promise<void>
  removeMessage(index: number): Promise<void>
  /** Loads a draft (parsed from edited request JSON) back into the form; the raw body is dropped. */
  applyDraft(draft: Draft): Promise<void>
  /** Adds the composer text as a turn of the given role without sending (to build a conversation by hand). */
  addTurn(role: 'user' | 'assistant'): Promise<void>
  /** Clears the conversation; answers the token that brings its turns back (undoClear). */
  clearConversation(): Promise<string | undefined>
}

/** The run the panel shows. */
export const currentRun = (s: Pick<TextState, 'runs' | 'currentRunId'>): RunView | null =>
  s.currentRunId ? (s.runs[s.currentRunId] ?? null) : null

export const useTextStore = create<TextState>((set, get) => ({
  ...DEFAULT_FORM,
  profileId: null,
  attachmentUrls: {},
  rawBody: null,
  runs: {},
  currentRunId: null,
  issues: [],
  touched: {},
  attempted: false,
  attachError: null,
  pendingToolCalls: [],

  set: (patch) => {
    const s = get()
    const keys = Object.keys(patch)
    set({ ...patch, touched: touch(s.touched, keys), issues: withoutIssuesOf(s.issues, keys) })
  },
  setParams: (patch) => {
    const s = get()
    const keys = Object.keys(patch)
    set({
      params: { ...s.params, ...patch },
      touched: touch(s.touched, keys),
      issues: withoutIssuesOf(s.issues, keys),
    })
  },
  setExtras: (format, extras) => {
    const s = get()
    set({ extras: { ...s.extras, [format]: extras }, touched: touch(s.touched, ['extras']) })
  },

  draft(withComposer) {
    return buildDraft(get(), withComposer)
  },

  async send(options = {}) {
    // Edited JSON is read back by its format's parser, fetched on first need (if that fails, the conversation
    // shows the form's turns, as for a body it cannot read). Every send waits on the same fetch, so they still
    // run in the order pressed and the one running turns the others away.
    const readers =
      get().rawBody !== null ? (requestReaders() ?? (await loadRequestReaders().catch(() => null))) : null
    // The draft's rules likewise (already here once the page was idle); without them main still judges the draft.
    const validateDraft =
      get().rawBody === null ? (draftValidation() ?? (await loadDraftValidation().catch(() => null))) : null
    const s = get()
    if (currentRun(s)?.status === 'running') return
    set({ attempted: true })
    const { draft, issues } = s.draft(true)
    if (s.rawBody !== null) {
      // The JSON is sent exactly as written: only its syntax can stop it; the gateway judges the rest.
      const syntax = jsonSyntaxError(s.rawBody)
      if (syntax)
        return set({ issues: [{ field: 'Request JSON', message: `Request JSON: ${syntax.message}` }] })
    } else {
      if (draft.messages.length === 0)
        issues.push({ field: 'messages', message: 'Message: write a message first', forceable: true })
      for (const i of validateDraft?.(s.format, draft) ?? [])
        if (i.severity === 'error' && !(i.field === 'messages' && draft.messages.length === 0))
          issues.push({ field: i.field, message: i.message, severity: 'error', forceable: true })
      for (const i of issues) if (i.field === 'model') i.forceable = true
      const blocking = issues.filter((i) => !(options.force && i.forceable))
      if (blocking.length) return set({ issues })
    }
    const sentUrls = Object.fromEntries(s.attachments.map((a) => [a.ref, a.url]))
    // Edited JSON: the conversation becomes the turns that body carried, and the notice ends with this send.
    const rawBody = s.rawBody
    const edit: ConversationEdit =
      rawBody !== null
        ? {
            type: 'load',
            turns: (readers && sentTurns(readers, s.format, rawBody, draft)) ?? draft.messages,
          }
        : { type: 'add', turns: draft.messages.slice(s.messages.length) }
    set({
      composer: '',
      attachments: [],
      attachError: null,
      attachmentUrls: { ...get().attachmentUrls, ...sentUrls },
      rawBody: null,
    })
    // "Continue from this response": main sends only the turns after it, with previous_response_id, while the
    // conversation stays whole. Edited JSON is sent as written.
    const continueFrom = rawBody === null ? takeContinuation(s.format) : (clearContinuation(), undefined)
    await start(draft, edit, { force: options.force === true, rawBody, continueFrom })
  },

  async stop() {
    const run = currentRun(get())
    if (run?.status !== 'running') return
    const result = await textRuns.stop(run.runId)
    // Main has no such run going (it ended, or never started): the run ends here, so nothing waits forever.
    if (!result.ok || !result.value.stopped) {
      textRuns.release(run.runId)
      settleFolds(run.runId)
      updateRun(run.runId, (r) => endRunLocally(r, 'aborted'))
    }
  },

  async sendToolResults(results) {
    const s = get()
    const { draft } = s.draft(false)
    const turns = appendToolResults({ ...draft, messages: [] }, results).messages
    set({ pendingToolCalls: [] })
    await start(draft, { type: 'add', turns })
  },

  async regenerate() {
    const { draft } = get().draft(false)
    await start(draft, { type: 'regenerate' })
  },

  async resendFrom(index, text) {
    if (!get().messages[index]) return
    const { draft } = get().draft(false)
    await start(draft, { type: 'resend', index, text })
  },

  async applyDraft(draft) {
    const { messages, ...form } = formFromDraft(draft, get())
    set({ ...form, rawBody: null, issues: [] })
    await editConversation({ type: 'load', turns: messages })
  },

  async addTurn(role) {
    const s = get()
    if (!s.composer.trim())
      return set({ issues: [{ field: 'messages', message: 'Message: write the turn text first' }] })
    const turn: DraftMessage = { id: localId(), role, parts: [{ type: 'text', text: s.composer }] }
    set({ composer: '', issues: [] })
    await editConversation({ type: 'add', turns: [turn] })
  },

  async removeMessage(index) {
    await editConversation({ type: 'remove', index })
  },

  async clearConversation() {
    clearContinuation()
    const s = get()
    const runs = Object.fromEntries(Object.entries(s.runs).filter(([, r]) => r.status === 'running'))
    set({
      runs,
      currentRunId: null,
      pendingToolCalls: [],
      issues: [],
      touched: {},
      attempted: false,
      attachError: null,
    })
    return (await editConversation({ type: 'clear' })).undoToken
  },
}))

/**
 * Sends `call` with the reference to the conversation once every edit before it has been answered, so a
 * preview or a token count sees the turns the panel shows.
 */
export function withConversation<T>(call: (conversation: { id: string }) => Promise<T>): Promise<T> {
  return afterCommands(() => call({ id: textConversationId() }))
}

/** The profile the next request goes to: the one picked in the panel, else the active one. */
export function profileInUse(): string | null {
  return useTextStore.getState().profileId ?? useProfilesStore.getState().activeId
}

function updateRun(runId: string, change: (run: RunView) => RunView): void {
  const s = useTextStore.getState()
  const run = s.runs[runId]
  if (!run) return
  const next = change(run)
  if (next !== run) useTextStore.setState({ runs: { ...s.runs, [runId]: next } })
}

const newRunId = () => `run-${crypto.randomUUID()}`
type StartOptions = { force?: boolean; rawBody?: string | null; continueFrom?: ContinueFrom }
/** Edited JSON sent by runs still going: a refused one comes back to the editor to be corrected. */
const rawSent = new Map<string, string>()
function restoreRawBody(runId: string, failed: boolean): void {
  const raw = rawSent.get(runId)
  rawSent.delete(runId)
  if (failed && raw !== undefined && useTextStore.getState().rawBody === null)
    useTextStore.setState({ rawBody: raw })
}

/**
 * Starts a run of `draft`'s settings on the conversation main owns, changed first by `edit`. The run exists (and
 * shows) from the first moment; whatever fails after that ends it with the cause on screen, and Stop ends it in
 * any state.
 */
async function start(draft: Draft, edit: ConversationEdit, options: StartOptions = {}): Promise<void> {
  const s = useTextStore.getState()
  const runId = newRunId()
  if (options.rawBody != null) rawSent.set(runId, options.rawBody)
  // Older finished runs leave with the new one: the panel shows one run; runs still going stay until they end.
  const runs = Object.fromEntries(Object.entries(s.runs).filter(([, r]) => r.status === 'running'))
  useTextStore.setState({
    runs: { ...runs, [runId]: newRun(runId, s.format, draft.model) },
    currentRunId: runId,
    issues: [],
    pendingToolCalls: [],
  })
  const fail = (message: string, errorType = 'TEXT_RUN_FAILED') => {
    textRuns.release(runId)
    restoreRawBody(runId, true)
    settleFolds(runId)
    updateRun(runId, (r) => endRunLocally(r, 'error', { message, errorType, raw: null }))
  }
  // A Send pressed while the app starts waits for the profile list rather than finding no profile chosen.
  if (!profileInUse()) await profilesLoaded()
  const profileId = profileInUse()
  try {
    await afterCommands(async () => {
      // The edit is main's to make even when the run cannot start: the user's turn is kept either way.
      // An edit too large for one message goes in pieces first; a small one rides in the start (one trip).
      const carried = editFits(edit) ? edit : (await showView(await putLarge(edit)), undefined)
      if (!profileId) {
        if (carried) await showView(await editOnly(carried))
        return fail('No connection profile is chosen: add or choose one in Settings.')
      }
      // Stopped before main heard of it: only the edit is made.
      if (useTextStore.getState().runs[runId]?.status !== 'running') {
        if (carried) await showView(await editOnly(carried))
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
            conversation: { id: textConversationId(), ...(revision !== undefined ? { revision } : {}) },
            ...(carried ? { edit: carried } : {}),
            keepAnswer: true,
            ...(options.continueFrom ? { continueFrom: options.continueFrom } : {}),
            ...(options.rawBody != null ? { rawBody: options.rawBody } : {}),
            ...(options.force ? { force: true } : {}),
          },
          textRunOwner,
        )
      let answer: Awaited<ReturnType<typeof startRun>>
      try {
        answer = await startRun(shownRevision())
      } catch (error) {
        const code = (error as { code?: string }).code
        if (code !== 'TEXT_CONVERSATION_UNKNOWN' && code !== 'TEXT_CONVERSATION_STALE') throw error
        // Main no longer holds the turns shown: they are loaded anew and the same run starts once more. A view
        // on its way (stale) is main's newer truth, so the run then takes main's newest turns.
        if (code === 'TEXT_CONVERSATION_UNKNOWN') await reloadShown()
        else await viewsShown()
        answer = await startRun(undefined)
      }
      if (answer.conversation) await showView(answer.conversation)
    })
  } catch (error) {
    fail(
      error instanceof Error ? error.message : String(error),
      error instanceof IpcCallError ? error.code : undefined,
    )
  }
}

function editOnly(edit: ConversationEdit) {
  return client.invoke('text.editConversation', { conversationId: textConversationId(), edit })
}

/**
 * A streaming run's events reach the store at the shared stream pace (streamFolds), each fold in one update, on
 * a timer: the frame that draws it is a task of its own, so a long answer's render and its frame are not one.
 */
const folds = createStreamFolds(useTextStore, { onFrame: false })

/**
 * Shows again the run a reload left (see workspace/textPanelState), as it was shown: only while the panel shows
 * no run and the conversation is as long as it was when the run ended.
 */
export function showLastEnd(end: LastRunEnd): void {
  const s = useTextStore.getState()
  if (s.currentRunId !== null || s.messages.length !== end.turns) return
  const error = end.error && { ...end.error, raw: end.error.raw ?? null }
  const run: RunView = {
    ...newRun(end.runId, end.format, end.model),
    status: end.status,
    text: end.text,
    exchange: null,
    restored: { chars: end.chars },
    ...(error ? { error } : {}),
  }
  useTextStore.setState({ runs: { ...s.runs, [run.runId]: run }, currentRunId: run.runId })
}

/** A run with every event received so far folded in (the stream pace may be holding the latest back). */
export function runAsReceived(runId: string): RunView | undefined {
  folds.foldAllNow()
  return useTextStore.getState().runs[runId]
}

/**
 * Whether the reader has the end of the conversation in view: the current run's answer then moves at the stream
 * pace, and while they read higher up it is folded only a few times a second (only the scrollbar would move).
 */
export function setAnswerEndSeen(seen: boolean): void {
  const runId = useTextStore.getState().currentRunId
  if (runId) folds.setEndSeen(runId, seen)
}

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
  const s = useTextStore.getState()
  const run = s.runs[payload.runId]
  const answerIndex = takeAnswerIndex(payload.runId)
  if (!run || run.status !== 'running') return
  restoreRawBody(run.runId, payload.status === 'error')
  const ended = endRun(run, payload)
  if (payload.status !== 'done' || s.currentRunId !== payload.runId)
    return useTextStore.setState({ runs: { ...s.runs, [run.runId]: ended } })
  // Main made the finished answer the next turn (text.conversationChanged came first): the run points at it.
  if (answerIndex !== undefined) ended.turnIndex = answerIndex
  useTextStore.setState({
    runs: { ...useTextStore.getState().runs, [run.runId]: ended },
    pendingToolCalls: ended.toolCalls,
  })
}

/** The Text panel owns the runs it starts: their events and their end come here only (ipc/textRuns). */
const textRunOwner: RunOwner = {
  events: ({ runId, events }) => folds.queue(runId, events),
  // The answer's turn is shown before the run ends, so the panel never shows the answer twice or not at all.
  ended: (payload) => void viewsShown().then(() => onRunEnded(payload)),
  // After the end, in the order they came (the same wait as the end's).
  exchanged: ({ runId, exchange }) =>
    void viewsShown().then(() => updateRun(runId, (run) => withExchange(run, exchange))),
}

// The Text panel's state: the conversation being composed, parameters per format, and its runs keyed by run id
// (folded by the one shared run fold). A run is named and registered as this store's (ipc/textRuns) before main
// hears of it, so its events always find it and only it; it references the conversation main keeps
// (conversationMirror), a small change of it carried by the start itself, and ends in a state the user sees even
// when main never answers. The conversation grows by whole turns (appendAssistantTurn / appendToolResults),
// so every format continues in its own shape. Nothing typed is lost: a refused send keeps the composer text.
import { create } from 'zustand'
import {
  appendAssistantTurn,
  appendToolResults,
  type Draft,
  type DraftExtras,
  type DraftMessage,
  type ToolCall,
  type WireFormat,
} from '../../../shared/wire'
import { INLINE_TURNS_CHARS, type ConversationRef, type RunEvent } from '../../../shared/ipc/text'
import { IpcCallError } from '../../../shared/ipc/client'
import { jsonSyntaxError } from '../../../shared/jsonSyntax'
import { client } from '../ipc/client'
import { textRuns, type RunOwner } from '../ipc/textRuns'
import { useProfilesStore } from './profilesStore'
import { ConversationMirror } from './conversationMirror'
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
} from './textForm'
import {
  endRun,
  endRunLocally,
  foldRunEvents,
  newRun,
  runCompletion,
  type RunEnded,
  type RunView,
} from './runFold'
import { clearContinuation, continued } from './responseContinuation'
import { loadRequestReaders, requestReaders } from './requestReaders'
import { draftValidation, loadDraftValidation } from './draftValidation'

export type { RunView } from './runFold'
export { keepPartialAnswer } from './textPartial'
export type { Attachment, Issue, TextParams } from './textForm'
export { issueField, issueShown } from './textForm'

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
  removeMessage(index: number): void
  /** Loads a draft (parsed from edited request JSON) back into the form; the raw body is dropped. */
  applyDraft(draft: Draft): void
  /** Adds the composer text as a turn of the given role without sending (to build a conversation by hand). */
  addTurn(role: 'user' | 'assistant'): void
  clearConversation(): void
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
    // Edited JSON: the conversation shows the turns that body carried, and the notice ends with this send.
    const rawBody = s.rawBody
    const sent =
      rawBody !== null
        ? { ...draft, messages: (readers && sentTurns(readers, s.format, rawBody, draft)) ?? draft.messages }
        : draft
    set({
      messages: sent.messages,
      composer: '',
      attachments: [],
      attachError: null,
      attachmentUrls: { ...get().attachmentUrls, ...sentUrls },
      rawBody: null,
    })
    // "Continue from this response": the request carries only the new turns and previous_response_id, while
    // the conversation here stays whole. Edited JSON is sent as written.
    await start(rawBody === null ? continued(s.format, sent) : sent, {
      force: options.force === true,
      rawBody,
    })
  },

  async stop() {
    const run = currentRun(get())
    if (run?.status !== 'running') return
    const result = await textRuns.stop(run.runId)
    // Main has no such run going (it ended, or never started): the run ends here, so nothing waits forever.
    if (!result.ok || !result.value.stopped) {
      textRuns.release(run.runId)
      updateRun(run.runId, (r) => endRunLocally(r, 'aborted'))
    }
  },

  async sendToolResults(results) {
    const s = get()
    const { draft } = s.draft(false)
    const next = appendToolResults(draft, results)
    set({ messages: next.messages, pendingToolCalls: [] })
    await start(next)
  },

  async regenerate() {
    const s = get()
    const messages = [...s.messages]
    while (messages.length && messages[messages.length - 1]!.role !== 'user') messages.pop()
    set({ messages })
    const { draft } = get().draft(false)
    await start(draft)
  },

  async resendFrom(index, text) {
    const s = get()
    const target = s.messages[index]
    if (!target) return
    const edited: DraftMessage = {
      ...target,
      parts: [{ type: 'text', text }, ...target.parts.filter((p) => p.type !== 'text')],
    }
    set({ messages: [...s.messages.slice(0, index), edited] })
    const { draft } = get().draft(false)
    await start(draft)
  },

  applyDraft(draft) {
    set({ ...formFromDraft(draft, get()), rawBody: null, issues: [] })
  },

  addTurn(role) {
    const s = get()
    if (!s.composer.trim())
      return set({ issues: [{ field: 'messages', message: 'Message: write the turn text first' }] })
    set({
      messages: [...s.messages, { id: localId(), role, parts: [{ type: 'text', text: s.composer }] }],
      composer: '',
      issues: [],
    })
  },

  removeMessage(index) {
    set({ messages: get().messages.filter((_, i) => i !== index) })
  },

  clearConversation() {
    clearContinuation()
    const s = get()
    const runs = Object.fromEntries(Object.entries(s.runs).filter(([, r]) => r.status === 'running'))
    set({
      messages: [],
      runs,
      currentRunId: null,
      pendingToolCalls: [],
      issues: [],
      touched: {},
      attempted: false,
      attachError: null,
    })
  },
}))

const mirror = new ConversationMirror((input) => client.invoke('text.putTurns', input))

/**
 * Uploads what main lacks of these turns, then sends `call` with the reference to them before any other upload
 * can move main past that revision (a preview, a token count and a run may all be on their way at once).
 */
export function withConversation<T>(
  turns: readonly DraftMessage[],
  call: (conversation: ConversationRef) => Promise<T>,
): Promise<T> {
  return mirror.request(turns, call)
}

/** Called with the code of any error main answered for a request that referenced the conversation. */
export function conversationFailed(code: string | undefined): void {
  if (ConversationMirror.isResync(code)) mirror.forget()
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
type StartOptions = { force?: boolean; rawBody?: string | null }
/** Edited JSON sent by runs still going: a refused one comes back to the editor to be corrected. */
const rawSent = new Map<string, string>()
function restoreRawBody(runId: string, failed: boolean): void {
  const raw = rawSent.get(runId)
  rawSent.delete(runId)
  if (failed && raw !== undefined && useTextStore.getState().rawBody === null)
    useTextStore.setState({ rawBody: raw })
}

/**
 * Starts a run of `draft`. The run exists (and shows) from the first moment; whatever fails after that ends it
 * with the cause on screen, and Stop ends it in any state.
 */
async function start(draft: Draft, options: StartOptions = {}): Promise<void> {
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
    updateRun(runId, (r) => endRunLocally(r, 'error', { message, errorType, raw: null }))
  }
  const profileId = profileInUse()
  if (!profileId) return fail('No connection profile is chosen: add or choose one in Settings.')
  try {
    const { messages, ...settings } = draft
    // A small change of the conversation rides in the start itself (one round trip); edited JSON takes the room.
    const inlineChars = options.rawBody != null ? 0 : INLINE_TURNS_CHARS
    await mirror.carry(messages, inlineChars, async (conversation, unsent) => {
      // Stopped while the conversation was uploading: nothing was asked of main.
      if (useTextStore.getState().runs[runId]?.status !== 'running') return unsent()
      await textRuns.start(
        {
          runId,
          profileId,
          format: s.format,
          draft: { ...settings, messages: [] },
          conversation,
          ...(options.rawBody != null ? { rawBody: options.rawBody } : {}),
          ...(options.force ? { force: true } : {}),
        },
        textRunOwner,
      )
    })
  } catch (error) {
    fail(
      error instanceof Error ? error.message : String(error),
      error instanceof IpcCallError ? error.code : undefined,
    )
  }
}

function applyEvents(runId: string, events: RunEvent[]): void {
  updateRun(runId, (run) => foldRunEvents(run, events))
}

function onRunEnded(payload: RunEnded): void {
  const s = useTextStore.getState()
  const run = s.runs[payload.runId]
  if (!run || run.status !== 'running') return
  restoreRawBody(run.runId, payload.status === 'error')
  const ended = endRun(run, payload)
  conversationFailed(payload.error?.errorType)
  if (payload.status !== 'done' || s.currentRunId !== payload.runId)
    return useTextStore.setState({ runs: { ...s.runs, [run.runId]: ended } })
  // A finished answer becomes the next assistant turn, in the shape its format continues with.
  const { draft } = s.draft(false)
  const next = appendAssistantTurn(draft, runCompletion(ended))
  ended.turnIndex = next.messages.length - 1
  useTextStore.setState({
    runs: { ...s.runs, [run.runId]: ended },
    messages: next.messages,
    pendingToolCalls: ended.toolCalls,
  })
}

/** The Text panel owns the runs it starts: their events and their end come here only (ipc/textRuns). */
const textRunOwner: RunOwner = {
  events: ({ runId, events }) => applyEvents(runId, events),
  ended: (payload) => onRunEnded(payload),
}

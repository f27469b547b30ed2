// The Text panel's store: the draft being composed, parameters per format, a read-only view of the conversation
// main owns (`messages`, replaced only from main's views: the shown conversation below), and its runs keyed by
// run id (folded by the one shared run fold; each run's life is textRunLife's). Nothing typed is lost: a refused
// send keeps the composer text.
import { create } from 'zustand'
import { appendToolResults, type DraftMessage } from '../../../../shared/wire'
import type { ConversationEdit } from '../../../../shared/ipc/text'
import { TEXT_PANEL_CONVERSATION_ID } from '../../../../shared/ipc/textConstants'
import { jsonSyntaxError } from '../../../../shared/jsonSyntax'
import { checkRawBody, rawBodyUnsendable } from '../../../../shared/wire/rawBodyCheck'
import {
  buildDraft,
  DEFAULT_FORM,
  draftValidation,
  formFromDraft,
  loadDraftValidation,
  loadRequestReaders,
  localId,
  requestReaders,
  requestVariables,
  sentTurns,
  touch,
  withoutIssuesOf,
} from '../form'
import { askChoice } from '../app'
import { textCalls } from '../../ipc/textCalls'
import { knownWithoutBudget } from '../../ipc/budgetKnown'
import { useStreamingSlice, type RunView } from '../runs'
import { clearContinuation, takeContinuation } from './responseContinuation'
import { createShownConversation } from './textConversation'
import { createTextRunLife } from './textRunLife'
import { currentRun, NO_RUN_SHOWN, profileOf, type TextState } from './textState'

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
  unreadFields: {},
  pendingToolCalls: [],
  budgetAsked: null,

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
    // Edited JSON runs the same rules on what it reads back as.
    const validateDraft = draftValidation() ?? (await loadDraftValidation().catch(() => null))
    const s = get()
    if (currentRun(s)?.status === 'running') return
    set({ attempted: true })
    const { draft, issues } = s.draft(true)
    if (s.rawBody !== null) {
      // The JSON is sent exactly as written once it is a JSON object; its rules' errors can be sent anyway.
      const syntax = jsonSyntaxError(s.rawBody)
      if (syntax)
        return set({ issues: [{ field: 'Request JSON', message: `Request JSON: ${syntax.message}` }] })
      const checked =
        readers && validateDraft
          ? checkRawBody(
              s.format,
              s.rawBody,
              { model: draft.model, stream: s.format === 'native' ? draft.stream : false },
              { reader: readers[s.format], validate: validateDraft },
            ).issues
          : []
      const errors = checked
        .filter((i) => i.severity === 'error')
        .map((i) => ({
          field: i.field,
          message: i.message,
          severity: 'error' as const,
          forceable: !rawBodyUnsendable([i]),
        }))
      if (errors.some((i) => !(options.force && i.forceable))) return set({ issues: errors })
    } else {
      if (draft.messages.length === 0)
        issues.push({ field: 'messages', message: 'Message: write a message first', forceable: true })
      for (const i of validateDraft?.(s.format, draft) ?? [])
        if (i.severity === 'error' && !(i.field === 'messages' && draft.messages.length === 0))
          issues.push({ field: i.field, message: i.message, severity: 'error', forceable: true })
      for (const i of issues) if (i.field === 'model') i.forceable = true
      // A number typed so it cannot be read is never dropped silently: it holds Send like any error.
      for (const [field, message] of Object.entries(s.unreadFields))
        issues.push({ field, message: `${message}: fix it or empty it to send`, severity: 'error', forceable: false })
      const blocking = issues.filter((i) => !(options.force && i.forceable))
      if (blocking.length) return set({ issues })
    }
    // Past the profile's monthly budget the user is asked first (once a month per conversation); a profile main
    // just said has no budget asks nothing, and the question's code is fetched only when it may be asked.
    const budgetProfile = profileOf(s)
    const asking =
      budgetProfile && !knownWithoutBudget(budgetProfile) ? await import('./sendBudget') : null
    const budget = await asking?.sendBudget({
      profileId: budgetProfile,
      format: s.format,
      model: draft.model,
      maxTokens: draft.maxTokens,
      askedMonth: s.budgetAsked,
      count: async () => {
        const r = await countNextRequest(true)
        return r?.ok ? r.value.inputTokens : null
      },
    })
    if (budget === 'cancel') return
    // The last message got no answer (its run failed or was stopped): the user says whether it stays.
    if (s.rawBody === null && !(await settleUnanswered())) return
    if (budget === 'sendAnyway' && asking) set({ budgetAsked: asking.budgetMonth() })
    if (currentRun(get())?.status === 'running') return
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
    await runLife.start(draft, edit, { force: options.force === true, rawBody, continueFrom })
  },

  stop: () => runLife.stop(),

  async sendToolResults(results) {
    const s = get()
    const { draft } = s.draft(false)
    const turns = appendToolResults({ ...draft, messages: [] }, results).messages
    set({ pendingToolCalls: [] })
    await runLife.start(draft, { type: 'add', turns })
  },

  async regenerate() {
    const { draft } = get().draft(false)
    await runLife.start(draft, { type: 'regenerate' })
  },

  async continueAnswer() {
    const s = get()
    if (currentRun(s)?.status === 'running' || s.messages.at(-1)?.partial === undefined) return
    const { draft } = s.draft(false)
    await runLife.start(draft, { type: 'add', turns: [] }, { continueAnswer: true })
  },

  async resendFrom(index, text) {
    if (!get().messages[index]) return
    const { draft } = get().draft(false)
    await runLife.start(draft, { type: 'resend', index, text })
  },

  async rewriteTurn(index, text) {
    try {
      await editConversation({ type: 'rewrite', index, text })
      return null
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  },

  async showAnswer(index, version) {
    await editConversation({ type: 'showAnswer', index, version })
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
    set({ runs, ...NO_RUN_SHOWN })
    return (await editConversation({ type: 'clear' })).undoToken
  },
}))

/**
 * The Text panel's conversation, as main keeps it (saved in its data folder, so a reload or a restart opens it
 * again), shown in this store; a long answer's turn is filled in from the run that streamed it.
 */
export const textConversation = createShownConversation(TEXT_PANEL_CONVERSATION_ID, useTextStore, (runId) =>
  runLife.runAsReceived(runId),
)
const runLife = createTextRunLife(useTextStore, textConversation)

export const { editConversation } = textConversation
export const { runAsReceived, setAnswerEndSeen } = runLife

/**
 * Before a new message goes after one that got no answer (its run failed or was stopped with nothing kept), asks
 * whether to drop it, keep both, or not send; answers whether to send.
 */
async function settleUnanswered(): Promise<boolean> {
  const s = useTextStore.getState()
  const last = s.messages.at(-1)
  const run = currentRun(s)
  if (last?.role !== 'user' || !run || run.status === 'running' || run.status === 'done') return true
  const said = last.parts
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join(' ')
    .trim()
  const quoted = said.length > 80 ? `${said.slice(0, 80)}…` : said
  const how = run.status === 'error' ? 'failed' : run.status === 'aborted' ? 'was stopped' : 'was cut short'
  const choice = await askChoice({
    title: 'The last message has no answer',
    message: `Its run ${how}${quoted ? `: “${quoted}”` : ''}. Drop it before sending the new message, or send the new one after it?`,
    confirm: 'Drop it and send',
    alternative: 'Keep both and send',
  })
  if (choice === null) return false
  if (choice === 'confirm') {
    useTextStore.setState({ currentRunId: null })
    await editConversation({ type: 'remove', index: s.messages.length - 1 })
  }
  return true
}

/**
 * Sends `call` with the reference to the conversation once every edit before it has been answered, so a
 * preview or a token count sees the turns the panel shows.
 */
export function withConversation<T>(call: (conversation: { id: string }) => Promise<T>): Promise<T> {
  return textConversation.afterCommands(() => call({ id: textConversation.conversationId }))
}

/**
 * Counts what Send would send now (`local`: the tokenizer's estimate, nothing sent to the gateway): main holds
 * the turns, only the composer's turn rides along. Null when there is no profile to count for.
 */
export function countNextRequest(local: boolean) {
  const s = useTextStore.getState()
  const profileId = profileInUse()
  if (!profileId) return null
  const { draft } = s.draft(true)
  const { messages, ...settings } = draft
  return withConversation((conversation) =>
    textCalls.countTokens({
      profileId,
      format: s.format,
      draft: { ...settings, messages: messages.slice(s.messages.length) },
      conversation,
      ...(s.rawBody !== null ? { rawBody: s.rawBody } : {}),
      ...requestVariables(draft, s.variables),
      ...(local ? { local } : {}),
    }),
  )
}

/** The profile the next request goes to: the one picked in the panel, else the active one. */
export function profileInUse(): string | null {
  return profileOf(useTextStore.getState())
}

/**
 * The run the panel shows, followed as it streams: a fold re-renders its reader with no passive effect (see
 * useStreamingSlice), so a streaming answer costs React one task per fold, not two.
 */
export const useCurrentRun = (): RunView | null => useStreamingSlice(useTextStore, currentRun)

// Hand-offs between panels, in one place: the Text conversation carried to Compare, a Compare column's
// conversation carried back to Text ("Continue in Text"), and a run from History opened in Text or Compare, or run
// again. Whatever opens in Text opens in a new conversation (one function, openInNewConversation), so the one the
// user had open keeps its turns, form and draft; Compare asks first when its draft holds unsent work. Each ends on
// the panel it filled. No panel's store imports another's: what crosses between them crosses here.
import {
  appendAssistantTurn,
  FORMAT_LABELS,
  type Draft,
  type DraftMessage,
  type ToolCall,
  type WireFormat,
} from '../../../shared/wire'
import type { HistoryRun } from '../../../shared/ipc/history'
import { askUser, useAppStore } from './app'
import { formFromDraft, loadRequestReaders, type TextForm } from './form'
import { useProfilesStore } from './profiles'
import { runCompletion } from './runs'
import {
  conversationError,
  currentRun,
  editConversation,
  newConversation,
  pointTextAt,
  profileInUse,
  refreshConversations,
  showPastedNotice,
  shownHoldsWork,
  useTextStore,
  type PastedNotice,
} from './text'
import {
  columnDraft,
  compareHasUnsentWork,
  oneModelAllFormats,
  openInCompareDraft,
  roundTurns,
  type SharedDraft,
  useCompareStore,
} from './compare'
import { useHistoryStore } from './history'

/** Asks before Compare's draft with unsent work is replaced; true when it may be. (Text is never replaced.) */
function mayReplaceCompare(): Promise<boolean> {
  if (!compareHasUnsentWork()) return Promise.resolve(true)
  return askUser({
    title: 'Replace the Compare conversation?',
    message: 'Compare holds a message or turns that were never sent. Replacing them loses them.',
    confirm: 'Replace',
  })
}

/** Opens the Text panel's conversation in Compare: its prompt, turns and parameters become the shared draft. */
export async function openInCompare(): Promise<void> {
  if (!(await mayReplaceCompare())) return
  openFormInCompare(useTextStore.getState(), profileInUse())
}

/** Makes a Text form (the Text panel's, or a saved run's) the shared draft, one column per format. */
function openFormInCompare(t: TextForm, profileId: string | null): void {
  const shared: SharedDraft = {
    stream: t.stream,
    system: t.system,
    cacheSystem: t.cacheSystem,
    messages: t.messages,
    composer: t.composer,
    attachments: t.attachments,
    params: t.params,
    toolsText: t.toolsText,
    responseFormatText: t.responseFormatText,
    variables: t.variables,
  }
  // A column names its profile only when it differs from the app's active one (the header names that).
  const own = profileId === useProfilesStore.getState().activeId ? null : profileId
  const columns = oneModelAllFormats(t.model, own).map((c) =>
    c.format === t.format ? { ...c, extras: { ...t.extras[t.format] } } : c,
  )
  void openInCompareDraft(shared, columns)
  useAppStore.getState().setPanel('compare')
}

/**
 * What another panel (or a pasted request) opens in Text: the form it fills, the turns, the profile, the tool
 * calls waiting for results. Always in a new conversation: the one open keeps its turns, form and draft.
 */
interface TextOpening {
  form: Omit<TextForm, 'messages' | 'composer' | 'attachments'>
  turns: DraftMessage[]
  profileId: string | null
  pendingToolCalls?: ToolCall[]
}

/**
 * Opens `what` in a new Text conversation and shows Text; with `intoEmpty`, in the one open when it holds nothing
 * of the user's (no turn, no draft, no system prompt, tools or schema), so no empty conversation is left behind.
 * Answers why it could not (an answer streaming in Text), in words, or null.
 */
export async function openInNewConversation(what: TextOpening, intoEmpty = false): Promise<string | null> {
  const reuse = intoEmpty && !shownHoldsWork() && currentRun(useTextStore.getState())?.status !== 'running'
  if (!reuse && !(await newConversation()))
    return conversationError() ?? 'A new conversation could not be started.'
  useTextStore.setState({
    ...what.form,
    composer: '',
    attachments: [],
    rawBody: null,
    issues: [],
    pendingToolCalls: what.pendingToolCalls ?? [],
  })
  // Main owns Text's conversation: the turns are loaded into the new one.
  await editConversation({ type: 'load', turns: what.turns })
  await pointTextAt(what.profileId)
  // The open conversation's name in the list follows its new first turn.
  if (reuse) void refreshConversations()
  useAppStore.getState().setPanel('text')
  return null
}

/** Carries a column's conversation (the shared turns and this column's answer) to a new Text conversation. */
export async function continueInText(columnId: string): Promise<string | null> {
  const s = useCompareStore.getState()
  const column = s.columns.find((c) => c.id === columnId)
  if (!column) return null
  const runId = s.columnRuns[columnId]
  const run = runId ? s.runs[runId] : undefined
  const built = columnDraft(s.shared, column).draft
  // The column's tool rounds so far come after the prompt, then its latest answer.
  const draft = { ...built, messages: [...built.messages, ...roundTurns(s.rounds[columnId])] }
  const turns =
    run && run.status === 'done' ? appendAssistantTurn(draft, runCompletion(run)).messages : draft.messages
  const t = useTextStore.getState()
  return openInNewConversation({
    form: {
      format: column.format as WireFormat,
      model: column.model,
      stream: s.shared.stream,
      system: s.shared.system,
      cacheSystem: s.shared.cacheSystem,
      params: s.shared.params,
      toolsText: s.shared.toolsText,
      responseFormatText: s.shared.responseFormatText,
      variables: s.shared.variables ?? {},
      extras: { ...t.extras, [column.format]: column.extras },
    },
    turns,
    profileId: column.profileId,
    pendingToolCalls: run?.status === 'done' ? run.toolCalls : [],
  })
}

/** Opens a History run in a new Text conversation (in its format, or `format`); true when it was opened. */
export async function openRunInText(run: HistoryRun, format?: WireFormat): Promise<boolean> {
  const draft = run.draft as Draft | null
  if (!draft) {
    useHistoryStore.setState({ notice: 'This run has no draft to open in Text.' })
    return false
  }
  const base = useTextStore.getState()
  const { messages, composer: _c, attachments: _a, ...form } = formFromDraft(draft, {
    ...base,
    format: format ?? (run.format as WireFormat),
  })
  const why = await openInNewConversation({
    form,
    turns: messages,
    // The run's profile becomes the active one, so the header names where a rerun goes.
    profileId: useProfilesStore.getState().profiles.find((p) => p.name === run.profile)?.id ?? null,
  })
  if (why) useHistoryStore.setState({ notice: why })
  return why === null
}

/** Opens a History run's draft in Compare, across the four formats with its model. */
export async function openRunInCompare(run: HistoryRun): Promise<void> {
  const draft = run.draft as Draft | null
  if (!draft) return useHistoryStore.setState({ notice: 'This run has no draft to open in Compare.' })
  if (!(await mayReplaceCompare())) return
  const base = useTextStore.getState()
  const form = formFromDraft(draft, { ...base, format: run.format as WireFormat })
  const profile = useProfilesStore.getState().profiles.find((p) => p.name === run.profile)
  openFormInCompare(form, profile?.id ?? null)
}

/** Runs a History run again from the Text panel (in its format, or another). */
export async function rerunInText(run: HistoryRun, format?: WireFormat): Promise<void> {
  if (await openRunInText(run, format)) await useTextStore.getState().send()
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '').toLowerCase()

/**
 * Brings a pasted request (a curl command, an SDK call, a JSON body) into Text: a new conversation, or the open
 * one when it holds nothing yet. Its format, model, system prompt, turns and parameters, and the profile whose
 * base URL it was sent to. What was dropped (keys) and what could not be read are shown above the message box
 * (with `refusalShown: false`, a request not brought in is only answered, for the dialog it came from to show);
 * the pasted text itself is kept nowhere. Answers that notice.
 */
export async function importPastedRequest(text: string, refusalShown = true): Promise<PastedNotice> {
  const notice = await readIntoText(text)
  if (notice.ok || refusalShown) showPastedNotice(notice)
  return notice
}

async function readIntoText(text: string): Promise<PastedNotice> {
  const { readPastedRequest } = await import('../../../shared/wire/pastedRequest')
  const read = readPastedRequest(text)
  const what = read.kind === 'curl' ? 'curl command' : read.kind === 'sdk' ? 'SDK call' : 'JSON body'
  if (!read.body || !read.format)
    return {
      ok: false,
      summary: `The pasted ${what} was not brought in: nothing was changed.`,
      dropped: read.dropped,
      problems: read.problems,
    }
  const readers = await loadRequestReaders()
  const { draft, unmapped } = readers[read.format].parseRequest(read.body, {
    ...(read.model ? { model: read.model } : {}),
    ...(read.stream !== null ? { stream: read.stream } : {}),
  })
  const { messages, composer: _c, attachments: _a, ...form } = formFromDraft(draft, {
    ...useTextStore.getState(),
    format: read.format,
  })
  const profiles = useProfilesStore.getState()
  const match = read.baseUrl
    ? profiles.profiles.find((p) => withoutSlash(p.baseUrl) === withoutSlash(read.baseUrl!))
    : undefined
  const why = await openInNewConversation({ form, turns: messages, profileId: match?.id ?? null }, true)
  const from = { path: 'from the URL path', sdk: 'from the SDK method', body: 'from the body’s shape' }
  const active = profiles.profiles.find((p) => p.id === profiles.activeId)?.name ?? 'none'
  const profileLine = match
    ? `profile ${match.name} (its base URL)`
    : read.baseUrl
      ? `no profile has the base URL ${read.baseUrl}, so it goes to ${active} (add one in Settings)`
      : `profile ${active}`
  return {
    ok: why === null,
    summary:
      why ??
      `Brought in from ${read.kind === 'sdk' ? 'an' : 'a'} ${what}: ${FORMAT_LABELS[read.format]} (${from[read.formatFrom ?? 'body']}), model ` +
        `${draft.model || 'not named'}, ${messages.length} turn${messages.length === 1 ? '' : 's'}, ${profileLine}.`,
    dropped: read.dropped,
    problems: [
      ...read.problems,
      ...unmapped.map((field) => ({ field, why: `not a field the ${FORMAT_LABELS[read.format!]} form reads` })),
    ],
  }
}

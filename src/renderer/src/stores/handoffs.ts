// Hand-offs between panels, in one place: the Text conversation carried to Compare, a Compare column's
// conversation carried back to Text ("Continue in Text"), and a run from History opened in Text or Compare, or run
// again. Each asks first when the panel it fills holds unsent work, and ends on that panel. No panel's store
// imports another's: what crosses between them crosses here.
import { appendAssistantTurn, type Draft, type WireFormat } from '../../../shared/wire'
import type { HistoryRun } from '../../../shared/ipc/history'
import { askUser, useAppStore } from './app'
import { formFromDraft, type TextForm } from './form'
import { useProfilesStore } from './profiles'
import { runCompletion } from './runs'
import {
  editConversation,
  markTextCarried,
  markTextSettled,
  pointTextAt,
  profileInUse,
  textHasUnsavedWork,
  useTextStore,
} from './text'
import {
  columnDraft,
  compareHasUnsentWork,
  oneModelAllFormats,
  type SharedDraft,
  useCompareStore,
} from './compare'
import { useHistoryStore } from './history'

/** Asks before a conversation with unsent work in `panel` is replaced; true when it may be. */
export function mayReplace(panel: 'Text' | 'Compare'): Promise<boolean> {
  const unsent = panel === 'Text' ? textHasUnsavedWork() : compareHasUnsentWork()
  if (!unsent) return Promise.resolve(true)
  return askUser({
    title: `Replace the ${panel} conversation?`,
    message: `${panel} holds a message or turns that were never sent. Replacing them loses them.`,
    confirm: 'Replace',
  })
}

/** Opens the Text panel's conversation in Compare: its prompt, turns and parameters become the shared draft. */
export async function openInCompare(): Promise<void> {
  if (!(await mayReplace('Compare'))) return
  openFormInCompare(useTextStore.getState(), profileInUse())
  markTextCarried()
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
  useCompareStore.setState({ shared, columns, issues: [], touched: {}, attempted: false })
  useAppStore.getState().setPanel('compare')
}

/** Carries a column's conversation (the shared turns and this column's answer) to the Text panel. */
export async function continueInText(columnId: string): Promise<void> {
  if (!(await mayReplace('Text'))) return
  const s = useCompareStore.getState()
  const column = s.columns.find((c) => c.id === columnId)
  if (!column) return
  const runId = s.columnRuns[columnId]
  const run = runId ? s.runs[runId] : undefined
  const { draft } = columnDraft(s.shared, column)
  const messages =
    run && run.status === 'done' ? appendAssistantTurn(draft, runCompletion(run)).messages : draft.messages
  const t = useTextStore.getState()
  useTextStore.setState({
    format: column.format as WireFormat,
    model: column.model,
    stream: s.shared.stream,
    system: s.shared.system,
    cacheSystem: s.shared.cacheSystem,
    composer: '',
    attachments: [],
    params: s.shared.params,
    toolsText: s.shared.toolsText,
    responseFormatText: s.shared.responseFormatText,
    variables: s.shared.variables ?? {},
    extras: { ...t.extras, [column.format]: column.extras },
    rawBody: null,
    issues: [],
    pendingToolCalls: run?.status === 'done' ? run.toolCalls : [],
  })
  // Main owns Text's conversation: the column's turns are loaded into it.
  await editConversation({ type: 'load', turns: messages })
  if (run) markTextSettled()
  await pointTextAt(column.profileId)
  useAppStore.getState().setPanel('text')
}

/** Loads a History run into Text (asking first when Text holds unsent work); true when it was loaded. */
export async function openRunInText(run: HistoryRun, format?: WireFormat): Promise<boolean> {
  const draft = run.draft as Draft | null
  if (!draft) {
    useHistoryStore.setState({ notice: 'This run has no draft to open in Text.' })
    return false
  }
  if (!(await mayReplace('Text'))) return false
  const text = useTextStore.getState()
  text.set({ format: format ?? (run.format as WireFormat) })
  await text.clearConversation()
  await useTextStore.getState().applyDraft(draft)
  markTextSettled()
  // The run's profile becomes the active one, so the header names where a rerun goes.
  await pointTextAt(useProfilesStore.getState().profiles.find((p) => p.name === run.profile)?.id ?? null)
  useAppStore.getState().setPanel('text')
  return true
}

/** Opens a History run's draft in Compare, across the four formats with its model. */
export async function openRunInCompare(run: HistoryRun): Promise<void> {
  const draft = run.draft as Draft | null
  if (!draft) return useHistoryStore.setState({ notice: 'This run has no draft to open in Compare.' })
  if (!(await mayReplace('Compare'))) return
  const base = useTextStore.getState()
  const form = formFromDraft(draft, { ...base, format: run.format as WireFormat })
  const profile = useProfilesStore.getState().profiles.find((p) => p.name === run.profile)
  openFormInCompare(form, profile?.id ?? null)
}

/** Runs a History run again from the Text panel (in its format, or another). */
export async function rerunInText(run: HistoryRun, format?: WireFormat): Promise<void> {
  if (await openRunInText(run, format)) await useTextStore.getState().send()
}

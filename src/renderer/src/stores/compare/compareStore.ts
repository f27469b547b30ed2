// The Compare panel's state: the shared draft, the columns, each column's preview and its runs keyed by run id
// (folded by runFold like the Text panel's). Every column is an ordinary text run in main that references the
// one conversation main owns for this panel (its shared turns, loaded by command whenever they change, in
// bounded pieces when large, M1), so a long comparison never rides in one IPC message. A column that fails ends
// in its own state and never touches the others.
import { create } from 'zustand'
import { appendAssistantTurn, type DraftMessage, type WireFormat } from '../../../../shared/wire'
import type { ConversationRef, RequestPreview } from '../../../../shared/ipc/text'
import { loadConversation } from '../runs/conversationLoad'
import { useAppStore } from '../app/appStore'
import { useProfilesStore } from '../profiles/profilesStore'
import { profileInUse, useTextStore } from '../text/textStore'
import { markTextCarried, markTextSettled, pointTextAt, textHasUnsavedWork } from '../text/textWork'
import { editConversation } from '../text/textConversation'
import { askUser } from '../app/confirmStore'
import { DEFAULT_FORM, touch, withoutIssuesOf, type Issue, type TextForm, type TextParams } from '../form/textForm'
import { runCompletion, type RunView } from '../runs/runFold'
import {
  columnDraft,
  EMPTY_SHARED,
  MAX_COLUMNS,
  MIN_COLUMNS,
  newColumn,
  oneModelAllFormats,
  runIssues,
  type CompareColumn,
  type SharedDraft,
} from './compareForm'
import type { LaneState } from './compareRuns'

export type CompareLayout = 'side' | 'stacked'

export interface ColumnPreview {
  /** The key of the inputs this preview was made from; a newer one replaces it. */
  key: string
  preview: RequestPreview | null
  error: string | null
}

export interface TokenCounts {
  server: number | null
  estimate: number | null
  serverError: string | null
  busy: boolean
}

export interface CompareState {
  shared: SharedDraft
  columns: CompareColumn[]
  /** The run each column shows (its latest). */
  columnRuns: Record<string, string>
  runs: Record<string, RunView>
  lanes: Record<string, LaneState>
  previews: Record<string, ColumnPreview>
  counts: TokenCounts
  issues: Issue[]
  touched: Record<string, true>
  attempted: boolean
  layout: CompareLayout
  /** A column's Inspector opened at one frame of its stream (from the timeline). */
  inspect: { columnId: string; frame: number | null } | null

  setShared(patch: Partial<SharedDraft>): void
  setParams(patch: Partial<TextParams>): void
  setColumns(columns: CompareColumn[]): void
  updateColumn(id: string, patch: Partial<Omit<CompareColumn, 'id'>>): void
  addColumn(): void
  removeColumn(id: string): void
  set(patch: Partial<Pick<CompareState, 'layout' | 'inspect' | 'counts'>>): void
}

export const useCompareStore = create<CompareState>((set, get) => ({
  shared: EMPTY_SHARED,
  columns: oneModelAllFormats(DEFAULT_FORM.model),
  columnRuns: {},
  runs: {},
  lanes: {},
  previews: {},
  counts: { server: null, estimate: null, serverError: null, busy: false },
  issues: [],
  touched: {},
  attempted: false,
  layout: 'side',
  inspect: null,

  setShared(patch) {
    const s = get()
    const keys = Object.keys(patch)
    set({
      shared: { ...s.shared, ...patch },
      touched: touch(s.touched, keys),
      issues: withoutIssuesOf(s.issues, keys),
    })
  },
  setParams(patch) {
    const s = get()
    const keys = Object.keys(patch)
    set({
      shared: { ...s.shared, params: { ...s.shared.params, ...patch } },
      touched: touch(s.touched, keys),
      issues: withoutIssuesOf(s.issues, keys),
    })
  },
  setColumns(columns) {
    set({ columns: columns.slice(0, MAX_COLUMNS), issues: withoutIssuesOf(get().issues, ['columns']) })
  },
  updateColumn(id, patch) {
    const s = get()
    set({
      columns: s.columns.map((c) => (c.id === id ? { ...c, ...patch } : c)),
      touched: touch(s.touched, Object.keys(patch)),
      issues: [],
    })
  },
  addColumn() {
    const s = get()
    if (s.columns.length >= MAX_COLUMNS) return
    const last = s.columns[s.columns.length - 1]
    set({
      columns: [
        ...s.columns,
        newColumn(last?.format ?? DEFAULT_FORM.format, last?.model ?? DEFAULT_FORM.model),
      ],
    })
  },
  removeColumn(id) {
    const s = get()
    if (s.columns.length <= MIN_COLUMNS) return
    set({ columns: s.columns.filter((c) => c.id !== id) })
  },
  set: (patch) => set(patch),
}))

/** The conversation main owns for this window's Compare panel: the shared turns every column sends. */
const compareConversationId = `compare-${crypto.randomUUID()}`
/** The shared turns last loaded into main (by identity), and that load. */
let loaded: { turns: DraftMessage[]; done: Promise<void> } | null = null
let turnsCache: {
  messages: DraftMessage[]
  composer: string
  attachments: SharedDraft['attachments']
  turns: DraftMessage[]
} | null = null

/**
 * The turns every column sends: the carried conversation and the prompt (with its attachments) as the last user
 * turn. The same inputs
 * answer the same array, so main is not sent the prompt again for every preview.
 */
export function sharedTurns(shared: SharedDraft): DraftMessage[] {
  if (
    turnsCache &&
    turnsCache.messages === shared.messages &&
    turnsCache.composer === shared.composer &&
    turnsCache.attachments === shared.attachments
  )
    return turnsCache.turns
  const probe = newColumn('chat', 'm')
  const turns = columnDraft(shared, probe).draft.messages
  turnsCache = {
    messages: shared.messages,
    composer: shared.composer,
    attachments: shared.attachments,
    turns,
  }
  return turns
}

/**
 * Loads the shared turns into main when they changed since the last load (one load at a time, in order), and
 * answers the reference every column's request carries: main's newest turns, which are the ones on screen.
 */
export function syncShared(shared: SharedDraft): Promise<ConversationRef> {
  const turns = sharedTurns(shared)
  if (!loaded || loaded.turns !== turns) {
    const before = loaded?.done.catch(() => undefined) ?? Promise.resolve()
    const done = before.then(async () => {
      await loadConversation(compareConversationId, turns)
    })
    const load = { turns, done }
    loaded = load
    // A load that failed is tried again by the next request.
    done.catch(() => {
      if (loaded === load) loaded = null
    })
  }
  return loaded.done.then(() => ({ id: compareConversationId }))
}

/** The profile a column's request goes to: its own, else the app's active one. */
export function columnProfile(column: CompareColumn): string | null {
  return column.profileId ?? useProfilesStore.getState().activeId
}

/** Shared drafts that went out in a run: they are in History, so replacing them loses nothing. */
const sentDrafts = new WeakSet<SharedDraft>()
export function markCompareSent(shared: SharedDraft): void {
  sentDrafts.add(shared)
}

/** Compare holds a prompt, attachments or turns that no run has sent yet. */
export function compareHasUnsentWork(): boolean {
  const { shared } = useCompareStore.getState()
  const empty = !shared.composer.trim() && shared.attachments.length === 0 && shared.messages.length === 0
  return !empty && !sentDrafts.has(shared)
}

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

/** Opens the Text panel's conversation here: its prompt, turns and parameters become the shared draft. */
export async function openInCompare(): Promise<void> {
  if (!(await mayReplace('Compare'))) return
  openFormInCompare(useTextStore.getState(), profileInUse())
  markTextCarried()
}

/** Makes a Text form (the Text panel's, or a saved run's) the shared draft, one column per format. */
export function openFormInCompare(t: TextForm, profileId: string | null): void {
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

/** Why Run all cannot start; shown once the user pressed it. */
export function currentRunIssues(): Issue[] {
  const s = useCompareStore.getState()
  return runIssues(s.shared, s.columns)
}

// The Compare panel's state: the shared draft, the columns, each column's preview and its runs keyed by run id
// (folded by runFold like the Text panel's). Every column is an ordinary text run in main that references the
// one conversation main owns for this panel (its shared turns, loaded by command whenever they change, in
// bounded pieces when large, M1), so a long comparison never rides in one IPC message. A column that fails ends
// in its own state and never touches the others.
import { create } from 'zustand'
import type { DraftMessage } from '../../../../shared/wire'
import type { SseFrame } from '../../../../shared/ipc/exchange'
import type { ConversationRef, RequestPreview } from '../../../../shared/ipc/text'
import type { TimelineLane } from '../../../../shared/compare/timeline'
import { DEFAULT_FORM, touch, withoutIssuesOf, type Issue, type TextParams } from '../form'
import { useProfilesStore } from '../profiles'
import { loadConversation, type RunView } from '../runs'
import {
  columnDraft,
  EMPTY_SHARED,
  MAX_COLUMNS,
  MIN_COLUMNS,
  newColumn,
  oneModelAllFormats,
  type CompareColumn,
  type SharedDraft,
} from './compareForm'

export type CompareLayout = 'side' | 'stacked'

/** A column run's timeline lane as read from main's frame record (compareRuns). */
export interface LaneState {
  status: 'loading' | 'ready' | 'failed'
  lane: TimelineLane | null
  /** The frames the lane was read from (their data capped by main), for showing one on hover. */
  frames: SseFrame[]
  error?: string
}

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
  /** Why nothing was counted (no request was sent). */
  note?: string | null
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

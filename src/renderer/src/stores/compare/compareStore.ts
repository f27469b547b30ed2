// The Compare panel's state: the shared draft, the columns, each column's preview and its runs keyed by run id
// (folded by runFold like the Text panel's). Every column is an ordinary text run in main that references the
// one conversation main owns for this panel (its carried turns: `shared.messages` is their read-only view,
// compareTurns.ts), so a long comparison never rides in one IPC message (M1). A column that fails ends in its
// own state and never touches the others.
import { useCallback } from 'react'
import { create } from 'zustand'
import type { SseFrame } from '../../../../shared/ipc/exchange'
import type { RequestPreview } from '../../../../shared/ipc/text'
import type { TimelineLane } from '../../../../shared/compare/timeline'
import type { DraftMessage, ToolCall, ToolResultInput } from '../../../../shared/wire'
import { DEFAULT_FORM, touch, withoutIssuesOf, type Issue, type TextParams } from '../form'
import { useProfilesStore } from '../profiles'
import { useStreamingSlice, type RunView } from '../runs'
import {
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

/** One tool round of a column, as it happened: the model's turn that called the tools, and what went back. */
export interface ColumnRound {
  /** The assistant turn (its text and tool calls) as the next request carries it. */
  answer: DraftMessage
  results: ToolResultInput[]
  /** How each result came, in words ("ran on Everything in 12 ms", "denied: …"), beside its result. */
  notes: (string | undefined)[]
  /** Sent by itself (every call answered without asking). */
  automatic: boolean
}

/**
 * A column's tool loop since its last Run: the rounds done (their turns go with its next request), the calls of its
 * latest answer still waiting for results, the rounds sent in a row without the user, and whether Stop ended it.
 */
export interface ColumnRounds {
  done: ColumnRound[]
  pending: ToolCall[]
  autoInARow: number
  stopped: boolean
}

export const NO_ROUNDS: ColumnRounds = { done: [], pending: [], autoInARow: 0, stopped: false }

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
  /** Each column's tool loop (compareToolRounds); absent: no tool round yet. */
  rounds: Record<string, ColumnRounds>
  lanes: Record<string, LaneState>
  previews: Record<string, ColumnPreview>
  counts: TokenCounts
  issues: Issue[]
  /** Number fields whose text is not a number, by field: Run all is held until they are fixed or emptied. */
  unreadFields: Record<string, string>
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
  rounds: {},
  lanes: {},
  previews: {},
  counts: { server: null, estimate: null, serverError: null, busy: false },
  issues: [],
  unreadFields: {},
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

/**
 * A column's run, followed as it streams: a fold re-renders its reader with no passive effect (see
 * useStreamingSlice), so each fold of a column's answer costs React one task, not two. Another run id (the column
 * run again) reads and follows that run from the render that names it.
 */
export function useColumnRun(runId: string): RunView | undefined {
  const select = useCallback((s: CompareState) => s.runs[runId], [runId])
  return useStreamingSlice(useCompareStore, select)
}

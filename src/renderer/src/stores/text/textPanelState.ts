// What the Text panel keeps across a reload, a crash or a restart: the half-typed message and its attachments
// (by media reference: no file is uploaded again), edited request JSON and every form field. The conversation
// is main's, saved by main: the panel opens it from there. Of the runs, only the last one is named, and only
// when it ended without becoming a turn (it failed, was stopped or was cut short): it is shown again as it was
// while the conversation is as it was then (a finished answer is already a turn; a run cut by a restart is
// History's "interrupted"). It is kept once: its text and raw error body are History's, read back from there.
// Its schema is in shared/workspace/panelStates.ts: main checks the state, so none is loaded here at start.
import type { LastRunEnd, TextPanelState } from '../../../../shared/workspace/panelStates'
import { newRun, type RunView } from '../runs'
import type { PanelPersistence } from '../workspace'
import type { ConversationForm } from '../../../../shared/ipc/textConversations'
import type { RunError } from '../../../../shared/ipc/text'
import { historyCalls } from '../../ipc/historyCalls'
import { profileInUse, textConversation, useTextStore } from './textStore'
import { currentRun, NO_RUN_SHOWN, type TextState } from './textState'
import { pointTextAt } from './textWork'
import { clearContinuation } from './responseContinuation'

export type { TextPanelState }

/** The panel's run when it ended without becoming a turn; null when there is none, it goes on or it is done. */
function endedRun(s: TextState): RunView | null {
  const run = currentRun(s)
  return run && run.status !== 'running' && run.status !== 'done' ? run : null
}

/** How many turns the conversation had when the run named ended (taken the first time it is seen ended). */
let endedAt: { runId: string; turns: number } | null = null

function noteEnd(s: TextState): RunView | null {
  const run = endedRun(s)
  if (run && endedAt?.runId !== run.runId) endedAt = { runId: run.runId, turns: s.messages.length }
  return run
}

/** The headline of a run's error, bounded as the saved state's schema is (the body is History's). */
function errorHeadline(error: RunError): NonNullable<LastRunEnd['error']> {
  return {
    message: error.message.slice(0, 10_000),
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.errorType !== undefined ? { errorType: error.errorType.slice(0, 1000) } : {}),
    ...(error.code !== undefined
      ? { code: typeof error.code === 'string' ? error.code.slice(0, 1000) : error.code }
      : {}),
    ...(error.hint !== undefined ? { hint: error.hint.slice(0, 10_000) } : {}),
  }
}

function lastEnd(s: TextState): LastRunEnd | null {
  const run = noteEnd(s)
  if (!run || !endedAt) return null
  return {
    runId: run.runId,
    status: run.status as LastRunEnd['status'],
    format: run.format,
    model: run.model,
    turns: endedAt.turns,
    chars: run.restored?.chars ?? run.text.length,
    ...(run.error ? { error: errorHeadline(run.error) } : {}),
  }
}

/** A state too large to keep: without its last run (History has it). */
function withoutLastEnd(state: TextPanelState): TextPanelState {
  return state.lastEnd ? { ...state, lastEnd: null } : state
}

function snapshot(): TextPanelState {
  const s = useTextStore.getState()
  return {
    format: s.format,
    model: s.model,
    stream: s.stream,
    system: s.system,
    cacheSystem: s.cacheSystem,
    conversationTurns: s.messages.length,
    composer: s.composer,
    attachments: s.attachments,
    attachmentUrls: s.attachmentUrls,
    params: s.params,
    toolsText: s.toolsText,
    responseFormatText: s.responseFormatText,
    extras: s.extras,
    rawBody: s.rawBody,
    variables: s.variables,
    lastEnd: lastEnd(s),
    budgetAsked: s.budgetAsked,
  }
}

/** What History recorded of the run: its text and its error as it arrived (raw body included). */
interface Recorded {
  text: string
  error: RunError | null
}

const RECORD_TRIES = 4
const RECORD_RETRY_MS = 400

/** The run's record in History; a run that ended just before the reload may still be on its way there. */
async function recordedRun(runId: string): Promise<Recorded | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = await historyCalls.getRun(runId)
      const result = run.result as { error?: unknown } | null
      const error = result && typeof result.error === 'object' && result.error ? (result.error as RunError) : null
      return { text: run.answer, error: error && typeof error.message === 'string' ? error : null }
    } catch {
      if (attempt >= RECORD_TRIES) return null
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS))
    }
  }
}

/** Whether the panel can still show the run: it shows no other and the conversation is as long as it was. */
function canShow(end: LastRunEnd): boolean {
  const s = useTextStore.getState()
  return s.currentRunId === null && s.messages.length === end.turns
}

/**
 * Shows again the run a reload left, as it was shown: only while the panel shows no run and the conversation is
 * as long as it was when the run ended. Its text and error body come from History; without its record there
 * (deleted, or kept by an older state) what the state holds is shown and the note says so.
 */
async function showLastEnd(end: LastRunEnd): Promise<void> {
  if (!canShow(end)) return
  const recorded = await recordedRun(end.runId)
  if (!canShow(end)) return
  const { raw: oldRaw, ...headline } = end.error ?? { message: '' }
  const error = recorded?.error
    ? { ...recorded.error, raw: recorded.error.raw ?? null }
    : end.error && { ...headline, raw: oldRaw ?? null }
  const run: RunView = {
    ...newRun(end.runId, end.format, end.model),
    status: end.status,
    text: recorded?.text ?? end.text ?? '',
    exchange: null,
    restored: { chars: end.chars, ...(recorded ? {} : { unrecorded: true }) },
    ...(error ? { error } : {}),
  }
  const s = useTextStore.getState()
  useTextStore.setState({ runs: { ...s.runs, [run.runId]: run }, currentRunId: run.runId })
}

/** The panel's form for the conversation shown, as main keeps it beside that conversation when it is left. */
export function textForm(): ConversationForm {
  return { state: JSON.stringify(snapshot()), profileId: profileInUse() }
}

/**
 * Shows the form of the conversation just opened (its turns are shown already): its fields, its draft, its
 * profile and the run it last ended without an answer. Without a form kept, the form stays and its draft empties.
 */
export function applyTextForm(form: ConversationForm | null): void {
  clearContinuation()
  const fresh = { runs: {}, ...NO_RUN_SHOWN }
  if (!form)
    return useTextStore.setState({ ...fresh, composer: '', attachments: [], rawBody: null, budgetAsked: null })
  const saved = JSON.parse(form.state) as TextPanelState
  const { messages: _messages, conversationTurns: _turns, lastEnd: end, ...fields } = saved
  // A form kept before the budget question existed has no answer to it: this conversation was not asked.
  useTextStore.setState({ ...fields, budgetAsked: fields.budgetAsked ?? null, ...fresh })
  if (end) void showLastEnd(end)
  void pointTextAt(form.profileId)
}

/** Fields of the saved form that are not the user's to change (the conversation's length, the last run). */
const NOT_TYPED = new Set<string>(['messages', 'conversationTurns', 'lastEnd', 'budgetAsked'])

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `now` where it differs from `before`, over `base`: by key one level down in a group (params, extras, …). */
function changedOver(base: unknown, before: unknown, now: unknown): unknown {
  if (JSON.stringify(before) === JSON.stringify(now)) return base
  if (!isRecord(base) || !isRecord(before) || !isRecord(now)) return now
  const merged: Record<string, unknown> = { ...base }
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)]))
    if (JSON.stringify(before[key]) !== JSON.stringify(now[key])) {
      if (key in now) merged[key] = now[key]
      else delete merged[key]
    }
  return merged
}

/**
 * The form of the conversation just opened, with every field the user changed since `atClick` (the form when
 * they asked for it) as it is now: a change made while main answered is not lost by showing the opened form.
 * Without a form kept, the form as it was at the click, its draft emptied, takes the changes.
 */
export function withChangesSince(atClick: ConversationForm, opened: ConversationForm | null): ConversationForm | null {
  const now = textForm()
  const before = JSON.parse(atClick.state) as Record<string, unknown>
  const current = JSON.parse(now.state) as Record<string, unknown>
  const changed = Object.keys(current).filter(
    (key) => !NOT_TYPED.has(key) && JSON.stringify(before[key]) !== JSON.stringify(current[key]),
  )
  const profileChanged = now.profileId !== atClick.profileId
  if (changed.length === 0 && !profileChanged) return opened
  const base = opened
    ? (JSON.parse(opened.state) as Record<string, unknown>)
    : { ...before, composer: '', attachments: [], rawBody: null, lastEnd: null, budgetAsked: null }
  for (const key of changed) base[key] = changedOver(base[key], before[key], current[key])
  return {
    state: JSON.stringify(base),
    profileId: profileChanged ? now.profileId : (opened?.profileId ?? atClick.profileId),
  }
}

/** Shows the conversation main kept. */
export function openTextConversation(): Promise<void> {
  return textConversation.openShown().catch(() => undefined)
}

export const textPanelPersistence: PanelPersistence<TextPanelState> = {
  panel: 'text',
  snapshot,
  restore(saved) {
    const { messages, conversationTurns: _turns, lastEnd: end, ...form } = saved
    useTextStore.setState({ ...form, issues: [], touched: {}, attempted: false })
    // Main owns and saves the conversation (opened at start); an older state's turns are loaded into it once.
    if (messages?.length) void textConversation.adoptOlderTurns(messages).catch(() => undefined)
    // The run that ended without becoming a turn, once the conversation it ended in is shown.
    if (end)
      void textConversation.openShown().then(
        () => showLastEnd(end),
        () => undefined,
      )
  },
  subscribe: (onChange) =>
    useTextStore.subscribe((next, prev) => {
      const a = next as unknown as Record<string, unknown>
      const b = prev as unknown as Record<string, unknown>
      // A run's end is saved once (and when it changes after: its exchange); a streaming run is not.
      if (noteEnd(next) !== endedRun(prev) || KEPT.some((k) => a[k] !== b[k])) onChange()
    }),
  // The last run gives way first: the draft and the form are the user's work, and History has the run.
  shrink: [withoutLastEnd],
  // Only a conversation or a draft makes the saved format and model win over Settings' starting defaults.
  holdsWork,
}

/** Whether a state holds the user's work: turns, a draft, a system prompt, tools or a schema typed. */
function holdsWork(saved: TextPanelState): boolean {
  return (
    (saved.messages?.length ?? 0) > 0 ||
    saved.conversationTurns > 0 ||
    saved.composer.trim() !== '' ||
    saved.system.trim() !== '' ||
    saved.attachments.length > 0 ||
    saved.rawBody !== null ||
    saved.toolsText.trim() !== '' ||
    saved.responseFormatText.trim() !== ''
  )
}

/** Whether the conversation shown holds the user's work (else what opens in Text may take it over). */
export function shownHoldsWork(): boolean {
  return holdsWork(snapshot())
}

/** The state's fields (the type keeps the list whole); a change of any of them is saved. */
const KEPT_FIELDS: Record<keyof TextPanelState, true> = {
  format: true,
  model: true,
  stream: true,
  system: true,
  cacheSystem: true,
  messages: true,
  conversationTurns: true,
  composer: true,
  attachments: true,
  attachmentUrls: true,
  params: true,
  toolsText: true,
  responseFormatText: true,
  extras: true,
  rawBody: true,
  variables: true,
  lastEnd: true,
  budgetAsked: true,
}
// `messages` is not saved, but a change of it changes `conversationTurns`; `lastEnd` is the panel's run (above).
const KEPT = Object.keys(KEPT_FIELDS)

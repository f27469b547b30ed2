// The Text panel's state as data: the form the user fills, the conversation shown (read-only: main owns it), the
// runs by id and what a refused Send said. The store (textStore) and the run's life (textRunLife) both read this
// shape; it imports no store of the panel, so neither imports the other for it.
import type { Draft, DraftExtras, ToolCall, ToolResultInput, WireFormat } from '../../../../shared/wire'
import type { Issue, TextForm, TextParams } from '../form'
import { useProfilesStore } from '../profiles'
import type { RunView } from '../runs'

/** No run shown and nothing said about the last Send: a cleared conversation, or another one opened. */
export const NO_RUN_SHOWN = {
  currentRunId: null,
  pendingToolCalls: [],
  issues: [],
  touched: {},
  attempted: false,
  attachError: null,
} satisfies Partial<TextState>

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
  /** Number fields whose text is not a number ("abc", "0,7"), by field: nothing is sent for them, so Send is held
   * until they are fixed or emptied, naming each. */
  unreadFields: Record<string, string>
  pendingToolCalls: ToolCall[]
  /** The month (`2026-11`) "Send anyway" was said past the budget in this conversation: not asked again in it. */
  budgetAsked: string | null

  set(patch: Partial<TextState>): void
  setParams(patch: Partial<TextParams>): void
  setExtras<F extends WireFormat>(format: F, extras: NonNullable<DraftExtras[F]>): void
  /** The draft as it would be sent (with the composer as a new user turn when `withComposer`). */
  draft(withComposer: boolean): { draft: Draft; issues: Issue[] }
  /** Sends the composer; `force` sends despite errors the gateway should judge itself. */
  send(options?: { force?: boolean }): Promise<void>
  stop(): Promise<void>
  sendToolResults(results: ToolResultInput[]): Promise<void>
  regenerate(): Promise<void>
  /** Continues the partial answer the conversation ends with: the model goes on from it and it grows in place. */
  continueAnswer(): Promise<void>
  resendFrom(index: number, text: string): Promise<void>
  /** Rewrites a turn's text (any role), keeping the turns after it; answers why main refused it, or null. */
  rewriteTurn(index: number, text: string): Promise<string | null>
  /** Shows version `version` of an answer (Regenerate keeps the earlier ones); that one is sent next. */
  showAnswer(index: number, version: number): Promise<void>
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

/** The profile the panel's next request goes to: the one picked in the panel, else the active one. */
export const profileOf = (s: Pick<TextState, 'profileId'>): string | null =>
  s.profileId ?? useProfilesStore.getState().activeId

// The text service: the conversations main owns (the Text panel's and the Compare panel's carried turns, each
// saved between sessions; every change is a command, conversations.ts) and the runs on them. One run = one HTTP exchange, a
// `TextRun` (textRun.ts) with its own life from its prepared request to exactly one `text.runEnded`; this
// service starts them (applying the edit a start carries, pinning the turns it reads), finds them by id to stop
// or watch, previews and counts requests, and stops them all when the app closes.
import { randomUUID } from 'node:crypto'
import type { Events } from '../../../shared/ipc/contract'
import type {
  ConversationEdit,
  ConversationView,
  RequestPreview,
  RunRequest,
  StartRunRequest,
} from '../../../shared/ipc/text'
import { COMPARE_PANEL_CONVERSATION_ID, TEXT_PANEL_CONVERSATION_ID } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'
import type { DraftMessage } from '../../../shared/wire'
import type { EventSink } from '../ports'
import type { GatewayClient } from '../gateway'
import type { MediaStore } from '../mediaStore'
import type { ProfileService } from '../profiles'
import { ExchangeLog } from './exchangeLog'
import { ConversationStore, type PutTurns } from './conversations'
import type { SavedConversation } from './savedConversation'
import { ConversationLibrary } from './conversationLibrary'
import { KeptConversation } from './keptConversation'
import { pinTurns, prepareRequest, type Prepared } from './preparedRequest'
import { requestPreview } from './requestPreview'
import { countRequestTokens, type TokenCount } from './tokenCount'
import type { RunRecorder } from '../history/ports'
import { TextRun } from './textRun'
import type { AnswersInFlight } from './answersInFlight'
import type { KeptAnswer } from './keptAnswer'
import type { CostService } from '../cost/costService'

export interface TextServiceDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  /** Coalescing interval, ms (P1: at most 50 messages a second, a margin under the bar of 60). */
  coalesceMs?: number
  /** Records each run's end before its terminal event is sent, and checkpoints it while it streams. */
  recorder?: RunRecorder
  /** A streaming run's partial answer is checkpointed at least this often (R9: 1 s) … */
  checkpointMs?: number
  /** … or after this many characters (R9: 64 KB), whichever comes first. */
  checkpointChars?: number
  log?: (message: string) => void
  /** Where the Text panel's conversation is kept between sessions; without it, it lives as long as main. */
  saved?: SavedConversation
  /** Where the Compare panel's carried turns are kept between sessions; without it, they live as long as main. */
  savedCompare?: SavedConversation
  /** How long the other conversations' files and their list wait for the next change (as `saved`'s), ms. */
  savedDebounceMs?: number
  /** Where answers wait on disk while they stream, so a kill does not lose them (see answersInFlight). */
  inflight?: AnswersInFlight
  /** Prices each run as it ends (the cost rides in its summary and its history record) and charges the spend. */
  costs?: CostService
}

export interface StartOptions {
  /**
   * False for a run no window inspects (an eval's cell, a case, a judge: each is opened from its History record):
   * its exchange takes no place among the few the Inspector keeps, so a long eval never pushes out the Text
   * panel's or Compare's last exchanges (and keeps no frames nobody will page).
   */
  inspected?: boolean
}

export class TextService {
  readonly exchanges = new ExchangeLog()
  readonly conversations = new ConversationStore()
  /** The Text panel's conversations, kept between sessions (without `saved`, the one conversation lives as long as main). */
  readonly library: ConversationLibrary | null
  /** The Compare panel's carried turns, kept between sessions (with `savedCompare`). */
  private readonly compare: KeptConversation | null
  private readonly runs = new Map<string, TextRun>()

  constructor(private readonly deps: TextServiceDeps) {
    const saved = deps.saved
    this.library = saved
      ? new ConversationLibrary(this.conversations, {
          first: saved,
          ...(deps.log ? { log: deps.log } : {}),
          ...(deps.savedDebounceMs !== undefined ? { debounceMs: deps.savedDebounceMs } : {}),
        })
      : null
    const library = this.library
    if (library) this.conversations.onChanged((id, turns) => library.changed(id, turns))
    const compare = deps.savedCompare
      ? new KeptConversation(COMPARE_PANEL_CONVERSATION_ID, this.conversations, deps.savedCompare)
      : null
    this.compare = compare
    if (compare) this.conversations.onChanged((id, turns) => compare.changed(id, turns))
  }

  /**
   * Reads the Text panel's conversations back (at start, before any window asks), with the answers a stopped app
   * left streaming into them: each joins its conversation marked "interrupted" when that still ends where its run
   * began.
   */
  async restorePanelConversation(): Promise<void> {
    const left = (await this.deps.inflight?.recover()) ?? []
    await this.compare?.held()
    const library = this.library
    if (!library) return
    await library.start()
    await library.view(library.active)
    for (const answer of left) {
      if (!library.has(answer.conversationId)) continue
      await library.view(answer.conversationId)
      const epoch = this.conversations.epoch(answer.conversationId)
      if (answer.continues !== undefined)
        this.conversations.replaceAnswer(answer.conversationId, epoch, answer.continues, answer.turn)
      else if (this.conversations.turns({ id: answer.conversationId }).length === answer.turns)
        this.conversations.appendAnswer(answer.conversationId, epoch, answer.turn)
    }
  }

  /**
   * The Text panel's open conversation as it is now. One the store dropped as least recently used comes back from
   * what was saved last, so a window never opens to an empty conversation it had filled.
   */
  openPanelConversation(): Promise<ConversationView> | ConversationView {
    if (this.library) return this.library.view(this.library.active)
    return this.conversations.current(TEXT_PANEL_CONVERSATION_ID)
  }

  /** The Compare panel's carried turns as they are now (read back from their file when the store let them go). */
  openComparePanel(): Promise<ConversationView> | ConversationView {
    if (this.compare) return this.compare.view()
    return this.conversations.current(COMPARE_PANEL_CONVERSATION_ID)
  }

  /** Writes the kept conversations now if a change is pending (the app is closing). */
  async flushSaved(): Promise<void> {
    await this.deps.inflight?.settled()
    await Promise.all([this.library?.flush(), this.compare?.flush()])
  }

  /**
   * Before a kept conversation that is not in a list (Compare's) is read or changed, it is back in the store: one
   * the store let go is never taken for an empty one (which a clear would then save over its file).
   */
  private async held(...ids: (string | undefined)[]): Promise<void> {
    const compare = this.compare
    if (compare && ids.includes(compare.id)) await compare.held()
  }

  /** The conversations kept; refused when main keeps none (no data folder). */
  kept(): ConversationLibrary {
    if (!this.library) throw new AppError('TEXT_NO_LIBRARY', 'Conversations are not kept in this session.')
    return this.library
  }

  async putTurns(input: PutTurns): Promise<ConversationView> {
    await this.held(input.conversationId)
    return this.conversations.put(input)
  }

  async editConversation(conversationId: string, edit: ConversationEdit): Promise<ConversationView> {
    await this.held(conversationId)
    return this.conversations.edit(conversationId, edit)
  }

  /**
   * Starts a run and answers its id at once, with the conversation's view when the start carried an edit.
   * Whatever fails from here (the profile, its key, validation, the connection) ends the run with exactly one
   * `text.runEnded`; only a duplicate run id and an edit that does not apply are refused.
   */
  async start(
    input: StartRunRequest,
    sink: EventSink<Events>,
    options: StartOptions = {},
  ): Promise<{ runId: string; conversation?: ConversationView }> {
    await this.held(input.conversation?.id)
    const id = input.runId ?? randomUUID()
    if (this.runs.has(id)) throw new AppError('TEXT_RUN_EXISTS', `runId: a run ${id} is already going.`)
    // The edit the run carries (the Send's user turn, regenerate, resend) is applied before the run exists: one
    // that does not apply refuses the start.
    const { edit, keepAnswer, continueAnswer, ...request } = input
    const conversationId = request.conversation?.id
    // A revision named is the one the renderer shows: main must still hold it (else the renderer loads it anew).
    if (request.conversation?.revision !== undefined) this.conversations.turns(request.conversation)
    if (continueAnswer) this.partialAnswerOf(conversationId)
    // Regenerate keeps the answer it replaces, as an earlier version of the new one.
    const earlier =
      edit?.type === 'regenerate' && keepAnswer && conversationId
        ? this.conversations.regeneratedAnswer(conversationId)
        : undefined
    const view = edit && conversationId ? this.conversations.edit(conversationId, edit) : undefined
    if (view && request.conversation) request.conversation = { id: view.conversationId }
    let kept: KeptAnswer | null = null
    if ((keepAnswer || continueAnswer) && conversationId) {
      const turns = this.conversations.turns({ id: conversationId }).length
      kept = { conversationId, epoch: this.conversations.epoch(conversationId), turns }
      if (continueAnswer) kept.continues = { index: turns - 1, turn: this.partialAnswerOf(conversationId) }
      else if (earlier) kept.earlier = earlier
    }
    const run = new TextRun(id, request, sink, kept, {
      ...this.deps,
      conversations: this.conversations,
      exchanges: options.inspected === false ? null : this.exchanges,
      prepare: (r) => this.prepare(r),
      closed: (r) => void (this.runs.get(r.id) === r && this.runs.delete(r.id)),
    })
    this.runs.set(id, run)
    // The turns are read before the start is answered (see pinTurns); the run proceeds in the background and
    // its outcome, a failure to read them included, always arrives as text.runEnded.
    let pinned: RunRequest | { failure: unknown }
    try {
      // The history reads the same pinned turns when the run ends.
      pinned = run.request = pinTurns(this.conversations, request)
    } catch (failure) {
      pinned = { failure }
    }
    run.begin(pinned)
    return view ? { runId: id, conversation: view } : { runId: id }
  }

  /** The partial answer a run is asked to continue: the conversation's last turn, marked; refused otherwise. */
  private partialAnswerOf(conversationId: string | undefined): DraftMessage {
    const turns = conversationId ? this.conversations.turns({ id: conversationId }) : []
    const last = turns.at(-1)
    if (last?.role !== 'assistant' || last.partial === undefined)
      throw new AppError(
        'TEXT_NOTHING_TO_CONTINUE',
        'continueAnswer: the conversation does not end with a partial answer to continue.',
      )
    return last
  }

  /** Stops a run in any state: before the answer it ends now; while streaming, the closed socket ends it. */
  stop(runId: string): { stopped: boolean } {
    return { stopped: this.runs.get(runId)?.stop() ?? false }
  }

  /** A window opened (or closed) the Inspector's frames for this run: new frames ride in the next batches. */
  watchFrames(runId: string, watch: boolean): { watching: boolean } {
    return { watching: this.runs.get(runId)?.watchFrames(watch) ?? false }
  }

  /** Saves the raw body of a kept exchange's stream (for `npm run replay`) as a file in the media store. */
  async saveCapture(exchangeId: string): Promise<{ url: string; name: string; bytes: number }> {
    const raw = this.exchanges.kept(exchangeId).rawBody()
    if (!raw) throw new AppError('TEXT_NOTHING_CAPTURED', 'This exchange has no response body to save.')
    const name = `capture-${exchangeId.slice(0, 8)}.sse`
    const info = await this.deps.media.putBytes(Buffer.from(raw, 'utf8'), 'text/event-stream', name)
    return { url: this.deps.media.url(info.id), name, bytes: info.size }
  }

  /** Stops every run when the app closes (R5), without sending to any window. */
  stopAll(): void {
    // The app is stopping: each run in flight stays `running` on disk, so the next start marks it interrupted and
    // tells the user (as after a kill).
    for (const run of [...this.runs.values()]) run.abandon('running')
  }

  /** What the next request would be, for the profile it would really go to; a profile without a key still previews. */
  async preview(request: RunRequest): Promise<RequestPreview> {
    await this.held(request.conversation?.id)
    return requestPreview(await this.prepare(request, { allowInvalid: true }), this.deps.gateway.userAgent)
  }

  async countTokens(request: Omit<RunRequest, 'runId' | 'force'> & { local?: boolean }): Promise<TokenCount> {
    await this.held(request.conversation?.id)
    return countRequestTokens(
      { ...this.deps, conversations: this.conversations, exchanges: this.exchanges },
      request,
    )
  }

  private prepare(request: RunRequest, options: { allowInvalid?: boolean } = {}): Promise<Prepared> {
    return prepareRequest({ ...this.deps, conversations: this.conversations }, request, options)
  }
}

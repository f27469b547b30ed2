// Runs text requests in any of the four wire formats. One run = one HTTP exchange: built by the format adapter
// (or sent exactly as the user wrote it) from a conversation owned here by id (changed first by the edit the
// start carries; a run that keeps its answer appends it as the next turn when done), streamed through the SSE reader and
// the format's folder, coalesced for IPC (P1), bounded by an idle timeout (R4), stoppable in any state (R5), and
// ended by exactly one `text.runEnded` whatever happens: done, error (before the first byte with its cause and
// what to do, HTTP, mid-stream R2, network), aborted, or incomplete when the stream was cut (R3).
import { randomUUID } from 'node:crypto'
import type { Events } from '../../../shared/ipc/contract'
import type {
  ConversationEdit,
  ConversationView,
  RequestPreview,
  RunError,
  RunEvent,
  RunRequest,
  StartRunRequest,
  RunStatus,
} from '../../../shared/ipc/text'
import { TEXT_PANEL_CONVERSATION_ID } from '../../../shared/ipc/text'
import { INLINE_TURNS_CHARS } from '../../../shared/ipc/textConstants'
import {
  answerSkeleton,
  appendDigest,
  EMPTY_DIGEST,
  type TextDigestState,
} from '../../../shared/ipc/answerText'
import { AppError } from '../../../shared/ipc/result'
import {
  emptyRunSnapshot,
  foldRun,
  assistantTurn,
  type Completion,
  type RunSnapshot,
  type DraftMessage,
  type StreamEvent,
  type WireError,
} from '../../../shared/wire'
import type { EventSink } from '../ports'
import { GatewayError, longRetryAfter, type GatewayClient, type GatewayResponse } from '../gateway'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { SseFrame } from '../../../shared/ipc/exchange'
import type { MediaStore } from '../mediaStore'
import type { ProfileService } from '../profiles'
import { Coalescer } from './coalescer'
import { createSseReader } from './sseReader'
import { ExchangeLog } from './exchangeLog'
import { ConversationStore, type PutTurns } from './conversations'
import type { SavedConversation } from './savedConversation'
import { runFailure } from './runFailure'
import { pinTurns, prepareRequest, safeJson, type Prepared } from './preparedRequest'
import { requestPreview } from './requestPreview'
import { countRequestTokens, type TokenCount } from './tokenCount'
import { completionEvents } from './completionEvents'
import type { RunRecorder } from '../history/ports'
import { checkpointRun, recordRun } from '../history/recordRun'
import { runRecordOf, summarizeRun } from './runRecord'
import { StreamScrubber } from './streamScrubber'
import { sendRequest } from '../sendRequest'

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
}

interface Run {
  id: string
  controller: AbortController
  sink: EventSink<Events>
  coalescer: Coalescer<RunEvent>
  /** The exchange once sent; frames ride along in runEvents only while a window watches (text.watchFrames). */
  exchange: ExchangeRecorder | null
  watchFrames: boolean
  framesSent: number
  /** The answer so far, folded from the batches its window was sent (images live in `images`, as media). */
  snapshot: RunSnapshot
  images: { mimeType: string; url: string }[]
  stopped: boolean
  /** Headers arrived: from here the stream's own end (not Stop) delivers the terminal event. */
  responded: boolean
  idleFired: boolean
  ended: boolean
  startedAt: number
  firstContentAt: number | null
  /** What the history records: the request, and once built, the profile's name and the body as sent. */
  request: RunRequest
  createdAt: number
  sent: { profile: string; bodyText: string } | null
  /** The conversation that takes the answer as its next turn when the run is done, as of `epoch`. */
  keepAnswer: { conversationId: string; epoch: number } | null
  /** Holds back the beginning of a secret a gateway echoes across two deltas (S7). */
  scrubber: StreamScrubber
  lastCheckpointAt: number
  charsSinceCheckpoint: number
  /** The digest of the answer's text (snapshot.text) taken as its pieces were sent (see answerText). */
  textDigest: TextDigestState
}

export class TextService {
  readonly exchanges = new ExchangeLog()
  readonly conversations = new ConversationStore()
  /** The Text panel's turns as last handed to `saved` (or read from it), for a conversation the store dropped. */
  private lastSavedTurns: readonly DraftMessage[] = []
  private readonly runs = new Map<string, Run>()

  constructor(private readonly deps: TextServiceDeps) {
    const saved = deps.saved
    if (saved)
      this.conversations.onChanged((id, turns) => {
        if (id !== TEXT_PANEL_CONVERSATION_ID) return
        this.lastSavedTurns = turns
        saved.save(turns)
      })
  }

  /** Reads the Text panel's saved conversation back into the store (at start, before any window asks). */
  async restorePanelConversation(): Promise<void> {
    if (!this.deps.saved) return
    const turns = await this.deps.saved.read()
    this.lastSavedTurns = turns
    if (turns.length > 0 && !this.conversations.has(TEXT_PANEL_CONVERSATION_ID))
      this.conversations.edit(TEXT_PANEL_CONVERSATION_ID, { type: 'load', turns })
  }

  /**
   * The Text panel's conversation as it is now. One the store dropped as least recently used comes back from
   * what was saved last, so a window never opens to an empty conversation it had filled.
   */
  openPanelConversation(): ConversationView {
    if (!this.conversations.has(TEXT_PANEL_CONVERSATION_ID) && this.lastSavedTurns.length > 0)
      return this.conversations.edit(TEXT_PANEL_CONVERSATION_ID, {
        type: 'load',
        turns: [...this.lastSavedTurns],
      })
    return this.conversations.current(TEXT_PANEL_CONVERSATION_ID)
  }

  /** Writes the Text panel's conversation now if a change is pending (the app is closing). */
  flushSaved(): Promise<void> {
    return this.deps.saved?.flush() ?? Promise.resolve()
  }

  putTurns(input: PutTurns): ConversationView {
    return this.conversations.put(input)
  }

  editConversation(conversationId: string, edit: ConversationEdit): ConversationView {
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
  ): Promise<{ runId: string; conversation?: ConversationView }> {
    const id = input.runId ?? randomUUID()
    if (this.runs.has(id)) throw new AppError('TEXT_RUN_EXISTS', `runId: a run ${id} is already going.`)
    // The edit the run carries (the Send's user turn, regenerate, resend) is applied before the run exists: one
    // that does not apply refuses the start.
    const { edit, keepAnswer, ...request } = input
    const conversationId = request.conversation?.id
    // A revision named is the one the renderer shows: main must still hold it (else the renderer loads it anew).
    if (request.conversation?.revision !== undefined) this.conversations.turns(request.conversation)
    const view = edit && conversationId ? this.conversations.edit(conversationId, edit) : undefined
    if (view && request.conversation) request.conversation = { id: view.conversationId }
    const run: Run = {
      id,
      controller: new AbortController(),
      sink,
      snapshot: emptyRunSnapshot(),
      images: [],
      stopped: false,
      responded: false,
      idleFired: false,
      ended: false,
      startedAt: performance.now(),
      firstContentAt: null,
      request,
      createdAt: Date.now(),
      sent: null,
      scrubber: new StreamScrubber(() => this.deps.profiles.knownSecrets()),
      lastCheckpointAt: Number.NEGATIVE_INFINITY,
      charsSinceCheckpoint: 0,
      textDigest: EMPTY_DIGEST,
      keepAnswer:
        keepAnswer && conversationId
          ? { conversationId, epoch: this.conversations.epoch(conversationId) }
          : null,
      exchange: null,
      watchFrames: false,
      framesSent: 0,
      coalescer: new Coalescer<RunEvent>(
        (events) => {
          // This runs on a timer too: nothing it meets may escape into the process.
          try {
            this.emitEvents(run, run.scrubber.scrub(events))
          } catch (error) {
            this.deps.log?.(`text run ${id}: events not delivered: ${(error as Error).message}`)
          }
        },
        { intervalMs: this.deps.coalesceMs ?? 20 },
      ),
    }
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
    // Whatever escapes the run's own handling still ends it, as an error the user sees, never the process.
    this.execute(run, pinned).catch((error: unknown) => {
      this.deps.log?.(
        `text run ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      this.end(run, 'error', null, runFailure(error))
    })
    return view ? { runId: id, conversation: view } : { runId: id }
  }

  /** Stops a run in any state: before the answer it ends now; while streaming, the closed socket ends it. */
  stop(runId: string): { stopped: boolean } {
    const run = this.runs.get(runId)
    if (!run || run.ended) return { stopped: false }
    run.stopped = true
    run.coalescer.discard()
    run.controller.abort()
    if (!run.responded) this.end(run, 'aborted', null)
    return { stopped: true }
  }

  /** A window opened (or closed) the Inspector's frames for this run: new frames ride in the next batches. */
  watchFrames(runId: string, watch: boolean): { watching: boolean } {
    const run = this.runs.get(runId)
    if (!run || run.ended) return { watching: false }
    run.watchFrames = watch
    run.framesSent = -1
    return { watching: watch }
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
    for (const run of this.runs.values()) this.abandon(run, 'running')
  }

  /** What the next request would be, for the profile it would really go to; a profile without a key still previews. */
  async preview(request: RunRequest): Promise<RequestPreview> {
    return requestPreview(await this.prepare(request, { allowInvalid: true }))
  }

  countTokens(request: Omit<RunRequest, 'rawBody' | 'runId' | 'force'>): Promise<TokenCount> {
    return countRequestTokens(
      { ...this.deps, conversations: this.conversations, exchanges: this.exchanges },
      request,
    )
  }

  private prepare(request: RunRequest, options: { allowInvalid?: boolean } = {}): Promise<Prepared> {
    return prepareRequest({ ...this.deps, conversations: this.conversations }, request, options)
  }

  private async execute(run: Run, request: RunRequest | { failure: unknown }): Promise<void> {
    let p: Prepared
    try {
      if ('failure' in request) throw request.failure
      p = await this.prepare(request)
    } catch (error) {
      // The profile, its key, the conversation or the draft: the run ends before anything is sent.
      return this.end(run, 'error', null, runFailure(error))
    }
    run.sent = { profile: p.profile.name, bodyText: p.bodyText }
    if (run.stopped) return this.end(run, 'aborted', null)
    let res: GatewayResponse
    try {
      res = await sendRequest(
        this.deps.gateway,
        p.profile,
        { ...p.built, kind: p.kind },
        { rawBody: p.bodyText, stream: p.stream, signal: run.controller.signal },
      )
    } catch (error) {
      const recorder = error instanceof GatewayError ? error.exchange : null
      if (recorder) this.exchanges.add(recorder)
      if (run.stopped) return this.end(run, 'aborted', recorder)
      return this.end(run, 'error', recorder, runFailure(error))
    }
    run.responded = true
    this.exchanges.add(res.exchange)
    this.emitRequest(run, res.exchange)
    if (run.stopped) {
      res.exchange.recordError('stopped by the user')
      return this.end(run, 'aborted', res.exchange)
    }

    if (!res.ok) {
      const text = res.exchange.rawBody()
      const error: WireError & { hint?: string } = p.adapter.parseError(safeJson(text) ?? text, res.status)
      const wait = longRetryAfter(res)
      if (wait !== null)
        error.hint = `The server asks to wait ${Math.round(wait / 1000)} s before retrying; try again later.`
      return this.end(run, 'error', res.exchange, error)
    }
    if (!p.stream) return this.finishWhole(run, p, res)
    return this.readStream(run, p, res)
  }

  private async finishWhole(run: Run, p: Prepared, res: GatewayResponse): Promise<void> {
    let completion: Completion
    try {
      completion = p.adapter.parseResponse(JSON.parse(res.exchange.rawBody()))
    } catch (error) {
      return this.end(run, 'error', res.exchange, {
        message: `The response is not a valid ${p.adapter.label} body: ${(error as Error).message}`,
        raw: res.exchange.rawBody().slice(0, 2000),
      })
    }
    run.firstContentAt = performance.now()
    await this.deliver(run, completionEvents(completion))
    const status: RunStatus = completion.error ? 'error' : completion.incomplete ? 'incomplete' : 'done'
    return this.end(run, status, res.exchange, completion.error)
  }

  private async readStream(run: Run, p: Prepared, res: GatewayResponse): Promise<void> {
    const folder = p.adapter.createFolder()
    const recorder = res.exchange
    const pending: StreamEvent[][] = []
    const reader = createSseReader(
      (frame) => {
        recorder.recordFrame(frame)
        pending.push(folder.push(frame))
      },
      (message) => recorder.recordError(`SSE: ${message}`),
      (text) => recorder.recordBodyChunk(text),
    )
    const idleMs = p.profile.idleTimeoutMs
    // One timer for the whole stream, pushed back on each network read (no timer made per read).
    const idle: ReturnType<typeof setTimeout> = setTimeout(() => {
      run.idleFired = true
      run.controller.abort()
    }, idleMs)
    const armIdle = () => void idle.refresh()
    // After the format's finish, frames may still come (chat's usage chunk, then `[DONE]`), each possibly in a
    // later network read: reading goes on to the stream's last event or the end of the body, but no longer
    // than this after the finish, so a server that never closes cannot hold the run open.
    const trailingGraceMs = Math.min(2_000, idleMs)
    let trailing: ReturnType<typeof setTimeout> | null = null
    let trailingFired = false
    let streamError: WireError | undefined
    let cutBy: string | null = null
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        // Any bytes count as activity, pings and comments included (R4).
        armIdle()
        reader.push(chunk)
        for (const events of pending.splice(0)) {
          await this.deliver(run, events)
          streamError ??= events.find((e): e is Extract<StreamEvent, { type: 'error' }> => e.type === 'error')
        }
        // A mid-stream error ends the run now (R2), without waiting for the server to close.
        if (streamError || folder.closed || run.stopped) break
        if (folder.status === 'complete' && !trailing) {
          trailing = setTimeout(() => {
            trailingFired = true
            run.controller.abort()
          }, trailingGraceMs)
        }
      }
      if (!streamError && !folder.closed && !run.stopped && !trailingFired) {
        reader.end()
        for (const events of pending.splice(0)) await this.deliver(run, events)
      }
    } catch (error) {
      if (!run.stopped && !run.idleFired && !trailingFired && folder.status !== 'complete') {
        // The socket died mid-stream (or the stream could not be read on): what arrived is kept, the run is
        // incomplete (R3).
        cutBy = (error as Error).message
        recorder.recordError(`the stream was cut: ${cutBy}`)
      }
    } finally {
      clearTimeout(idle)
      if (trailing) clearTimeout(trailing)
      // Stop reading and close the socket if we are leaving early.
      run.controller.abort()
      recorder.finish()
    }

    if (run.stopped) return this.end(run, 'aborted', recorder)
    if (run.idleFired) {
      return this.end(run, 'error', recorder, {
        message: `No data for ${Math.round(idleMs / 1000)} s (the profile's stream idle timeout); the partial answer is kept.`,
        errorType: 'idle_timeout',
        raw: null,
      })
    }
    if (streamError) return this.end(run, 'error', recorder, streamError)
    if (folder.status === 'complete') return this.end(run, 'done', recorder)
    if (folder.status !== 'incomplete') {
      for (const e of folder.end()) if (e.type !== 'incomplete') run.coalescer.push([e as RunEvent])
    }
    return this.end(run, 'incomplete', recorder, {
      message: cutBy
        ? `The stream was cut before its final event (${cutBy}); the answer may be cut short.`
        : 'The stream closed before its final event; the answer may be cut short.',
      errorType: 'incomplete',
      raw: null,
    })
  }

  /** Moves images to the media store and hands the events to the coalescer. */
  private async deliver(run: Run, events: StreamEvent[]): Promise<void> {
    if (events.length === 0 || run.stopped) return
    const out: RunEvent[] = []
    for (const e of events) {
      if (e.type === 'incomplete' || e.type === 'finish' || e.type === 'error') {
        if (e.type !== 'incomplete') out.push(e)
        continue
      }
      if (
        run.firstContentAt === null &&
        (e.type === 'text' || e.type === 'reasoning' || e.type === 'toolCallStart' || e.type === 'image')
      ) {
        run.firstContentAt = performance.now()
      }
      if (e.type === 'image') {
        const info = await this.deps.media.putBytes(
          Buffer.from(e.data, 'base64'),
          e.mimeType,
          `image.${e.mimeType.split('/')[1] ?? 'bin'}`,
        )
        const image = { type: 'image' as const, mimeType: e.mimeType, url: this.deps.media.url(info.id) }
        run.images.push({ mimeType: image.mimeType, url: image.url })
        out.push(image)
      } else out.push(e)
    }
    run.coalescer.push(out)
  }

  /** Sends a batch of (already scrubbed) events to the run's window and checkpoints the run. */
  private emitEvents(run: Run, events: RunEvent[]): void {
    if (run.stopped || run.ended || events.length === 0) return
    if (!run.sink.alive) return this.abandon(run)
    for (const e of events) {
      if (e.type === 'image') continue
      run.snapshot = foldRun(run.snapshot, e)
      if (e.type === 'text') run.textDigest = appendDigest(run.textDigest, e.delta)
      if (e.type === 'text' || e.type === 'reasoning' || e.type === 'refusal')
        run.charsSinceCheckpoint += e.delta.length
      else if (e.type === 'toolCallDelta') run.charsSinceCheckpoint += e.argumentsDelta.length
    }
    run.sink.emit('text.runEvents', { runId: run.id, events, ...this.liveFrames(run) })
    this.checkpoint(run)
  }

  /** The newest frames for a watching window, when there are new ones since the last message. */
  private liveFrames(run: Run): { frames?: { total: number; recent: SseFrame[] } } {
    if (!run.watchFrames || !run.exchange) return {}
    const live = run.exchange.liveFrames()
    if (live.total === run.framesSent) return {}
    run.framesSent = live.total
    return { frames: live }
  }

  /** Sends the request record once, as soon as the gateway answered the send (before any token). */
  private emitRequest(run: Run, exchange: ExchangeRecorder): void {
    run.exchange = exchange
    if (run.stopped || run.ended || !run.sink.alive) return
    run.sink.emit('text.runEvents', { runId: run.id, events: [], exchange: exchange.liveRequest() })
  }

  /** R9: what a streaming run has so far is on disk at least every second or 64 KB, so a kill keeps it. */
  private checkpoint(run: Run): void {
    if (!this.deps.recorder?.checkpoint || run.charsSinceCheckpoint === 0) return
    const now = performance.now()
    if (
      now - run.lastCheckpointAt < (this.deps.checkpointMs ?? 1000) &&
      run.charsSinceCheckpoint < (this.deps.checkpointChars ?? 64 * 1024)
    )
      return
    run.lastCheckpointAt = now
    run.charsSinceCheckpoint = 0
    checkpointRun(this.deps.recorder, () => this.historyRecord(run, 'running', null), this.deps.log)
  }

  private historyRecord(
    run: Run,
    status: RunStatus | 'running' | 'interrupted',
    recorder: ExchangeRecorder | null,
    error?: RunError,
    ended = summarizeRun(run),
  ) {
    return runRecordOf(run, { conversations: this.conversations, profiles: this.deps.profiles }, status, {
      recorder,
      error,
      ended,
    })
  }

  private end(run: Run, status: RunStatus, recorder: ExchangeRecorder | null, error?: RunError): void {
    if (run.ended) return
    if (status === 'aborted') run.coalescer.discard()
    else {
      run.coalescer.flush()
      // The beginning of a secret held back at the very end was not one: it belongs to the answer.
      this.emitEvents(run, run.scrubber.drain())
    }
    run.ended = true
    run.coalescer.close()
    this.runs.delete(run.id)
    recorder?.finish()
    if (error) recorder?.recordError(error.message)
    const ended = summarizeRun(run)
    const { summary, timings } = ended
    // The history is written in this same turn of the event loop, after the window has its end: any call the
    // window makes on hearing of the end (a History read included) is handled after the run is recorded, and
    // the record (the whole exchange, serialized) does not delay the answer's end on screen.
    const record = () =>
      recordRun(
        this.deps.recorder,
        () => this.historyRecord(run, status, recorder, error, ended),
        this.deps.log,
      )
    if (!run.sink.alive) return record()
    try {
      // A finished answer becomes the conversation's next turn, in the shape its format continues with; the
      // window hears of the change before the run's end, so the end can point at that turn.
      if (status === 'done' && run.keepAnswer) {
        const turn = { id: `answer-${run.id}`, ...assistantTurn(ended.completion) }
        const changed = this.conversations.appendAnswer(
          run.keepAnswer.conversationId,
          run.keepAnswer.epoch,
          turn,
        )
        if (changed) {
          // Too large to carry: the window that streamed the answer fills the text in from its own run.
          const skeleton = changed.tail ? null : answerSkeleton(turn, run.textDigest)
          const carried = skeleton && JSON.stringify(skeleton.turn).length <= INLINE_TURNS_CHARS
          run.sink.emit('text.conversationChanged', {
            ...changed,
            answer: { runId: run.id, index: changed.keep },
            ...(carried ? { answerSkeleton: skeleton } : {}),
          })
        }
      }
      // The end first, small, so it is on screen at once; the exchange (often 100 KB and more) right after it.
      const payload = { runId: run.id, status, summary, timings, exchangeFollows: recorder !== null }
      run.sink.emit('text.runEnded', error ? { ...payload, error } : payload)
      if (recorder) run.sink.emit('text.runExchange', { runId: run.id, exchange: recorder.snapshot() })
    } finally {
      record()
    }
  }

  /** The window went away: close the upstream socket, send nothing more, keep what arrived as interrupted. */
  private abandon(run: Run, keptAs: 'interrupted' | 'running' = 'interrupted'): void {
    if (run.ended) return
    run.stopped = true
    run.ended = true
    run.coalescer.discard()
    run.controller.abort()
    this.runs.delete(run.id)
    const record = () => this.historyRecord(run, keptAs, null)
    if (keptAs === 'running') checkpointRun(this.deps.recorder, record, this.deps.log)
    else recordRun(this.deps.recorder, record, this.deps.log)
  }
}

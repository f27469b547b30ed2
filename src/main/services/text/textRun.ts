// One text run: one HTTP exchange, from its prepared request to exactly one end. Its life is prepared (built,
// not yet answered) → streaming (the gateway answered; events flow) → ended in one of its states: done, error
// (before the first byte with its cause and what to do, HTTP, mid-stream R2, network), aborted (Stop, R5), or
// incomplete when the stream was cut (R3); a window that went away abandons it. Around the one run fold
// (`foldRun`, the pure accumulator main and the renderer share) it owns its coalescing for IPC (P1), its
// checkpoints to History while it streams (R9) and its record at the end. The Text panel's runs and Compare's
// columns are runs alike; the conversation the answer joins is the service's (conversations.ts).
import type { Events } from '../../../shared/ipc/contract'
import type { RunError, RunEvent, RunRequest, RunStatus } from '../../../shared/ipc/text'
import type { SseFrame } from '../../../shared/ipc/exchange'
import { appendDigest, EMPTY_DIGEST, type TextDigestState } from '../../../shared/ipc/answerText'
import {
  emptyRunSnapshot,
  foldRun,
  snapshotCompletion,
  type Completion,
  type RunSnapshot,
  type StreamEvent,
  type WireError,
} from '../../../shared/wire'
import type { EventSink } from '../ports'
import { GatewayError, longRetryAfter, type GatewayClient, type GatewayResponse } from '../gateway'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { MediaStore } from '../mediaStore'
import type { ProfileService } from '../profiles'
import type { RunRecorder } from '../history/ports'
import { checkpointRun, recordRun } from '../history/recordRun'
import { sendRequest } from '../sendRequest'
import { Coalescer } from './coalescer'
import type { ConversationStore } from './conversations'
import type { AnswersInFlight } from './answersInFlight'
import { AnswerKeeper, PARTIAL_OF, type KeptAnswer } from './keptAnswer'
import { completionEvents } from './completionEvents'
import type { ExchangeLog } from './exchangeLog'
import { safeJson, type Prepared } from './preparedRequest'
import { runFailure } from './runFailure'
import { readyToPrice, runRecordOf, summarizeRun, withCost, type RunOutcome } from './runRecord'
import type { CostService } from '../cost/costService'
import { storedCost } from '../../../shared/cost/keptCost'
import { loadedTokenizer } from '../cost/tokenizer'
import { readStream } from './runStream'
import { StreamScrubber } from './streamScrubber'
import { parseJsonBounded } from '../../../shared/jsonDepth'

/** Where a run is in its life. */
export type RunPhase = 'prepared' | 'streaming' | 'ended'

/** What a run uses of main: gateway, media, History, conversations, the Inspector's exchanges (or null). */
export interface TextRunDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  conversations: ConversationStore
  exchanges: ExchangeLog | null
  /** Coalescing interval, ms (P1: at most 50 messages a second, a margin under the bar of 60). */
  coalesceMs?: number
  /** Records the run's end before its terminal event is sent, and checkpoints it while it streams. */
  recorder?: RunRecorder
  /** A streaming run's partial answer is checkpointed at least this often (R9: 1 s) … */
  checkpointMs?: number
  /** … or after this many characters (R9: 64 KB), whichever comes first. */
  checkpointChars?: number
  log?: (message: string) => void
  /** Where a kept answer waits on disk while it streams, so a kill does not lose it. */
  inflight?: AnswersInFlight
  /** Prices the run as it ends (the cost rides in its summary and its record) and charges the profile's spend. */
  costs?: CostService
  /** Builds the request the run sends (the profile, its key, the pinned turns, the format's body). */
  prepare(request: RunRequest): Promise<Prepared>
  /** The run ended or was abandoned: whoever holds it lets it go. */
  closed(run: TextRun): void
}

export class TextRun {
  phase: RunPhase = 'prepared'
  readonly controller = new AbortController()
  /** The answer so far, folded from the batches its window was sent (images live in `images`, as media). */
  snapshot: RunSnapshot = emptyRunSnapshot()
  readonly images: { mimeType: string; url: string }[] = []
  readonly startedAt = performance.now()
  readonly createdAt = Date.now()
  firstContentAt: number | null = null
  /** What the history records: once built, the profile's name and the body as sent. */
  sent: { profile: string; bodyText: string } | null = null
  private stopped = false
  /** The exchange once sent; frames ride along in runEvents only while a window watches (text.watchFrames). */
  private exchange: ExchangeRecorder | null = null
  private watchingFrames = false
  private firstByteSent = false
  private framesSent = 0
  private readonly coalescer: Coalescer<RunEvent>
  /** Holds back the beginning of a secret a gateway echoes across two deltas (S7). */
  private readonly scrubber: StreamScrubber
  private lastCheckpointAt = Number.NEGATIVE_INFINITY
  private charsSinceCheckpoint = 0
  /** The digest of the answer's text (snapshot.text) taken as its pieces were sent (see answerText). */
  private textDigest: TextDigestState = EMPTY_DIGEST
  /** The conversation that keeps the answer, when the run's owner asked for it. */
  private readonly keeper: AnswerKeeper | null

  constructor(
    readonly id: string,
    /** The request as the history records it (its turns pinned once read). */
    public request: RunRequest,
    private readonly sink: EventSink<Events>,
    /** The conversation that keeps the answer (see KeptAnswer). */
    keepAnswer: KeptAnswer | null,
    private readonly deps: TextRunDeps,
  ) {
    this.keeper = keepAnswer && new AnswerKeeper(id, keepAnswer, { ...deps, sink })
    this.scrubber = new StreamScrubber(() => deps.profiles.knownSecrets())
    this.coalescer = new Coalescer<RunEvent>(
      (events) => {
        // This runs on a timer too: nothing it meets may escape into the process.
        try {
          this.emitEvents(this.scrubber.scrub(events))
        } catch (error) {
          deps.log?.(`text run ${id}: events not delivered: ${(error as Error).message}`)
        }
      },
      { intervalMs: deps.coalesceMs ?? 20 },
    )
  }

  get ended(): boolean {
    return this.phase === 'ended'
  }

  /**
   * Runs the request (or ends at once with the failure met while pinning its turns). Whatever escapes the run's
   * own handling still ends it, as an error the user sees, never the process.
   */
  begin(request: RunRequest | { failure: unknown }): void {
    this.execute(request).catch((error: unknown) => {
      this.deps.log?.(
        `text run ${this.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      this.end('error', null, runFailure(error))
    })
  }

  /** Stops the run in any state: before the answer it ends now; while streaming, the closed socket ends it. */
  stop(): boolean {
    if (this.ended) return false
    this.stopped = true
    this.coalescer.discard()
    this.controller.abort()
    if (this.phase === 'prepared') this.end('aborted', null)
    return true
  }

  /** A window opened (or closed) the Inspector's frames for this run: new frames ride in the next batches. */
  watchFrames(watch: boolean): boolean {
    if (this.ended) return false
    this.watchingFrames = watch
    this.framesSent = -1
    return watch
  }

  /** The window went away (or the app stops): close the upstream socket, send nothing more, keep what arrived. */
  abandon(keptAs: 'interrupted' | 'running' = 'interrupted'): void {
    if (this.ended) return
    this.stopped = true
    this.phase = 'ended'
    this.coalescer.discard()
    this.controller.abort()
    this.deps.closed(this)
    // A run kept as interrupted is priced now (what it reported, or an estimate when the tokenizer is loaded).
    const ended = keptAs === 'interrupted' ? this.priced(summarizeRun(this), 'interrupted') : undefined
    // Nobody is left to show the answer: what arrived joins the conversation, marked, so it is not lost there,
    // with what it cost.
    this.keeper?.partial('interrupted', snapshotCompletion(this.snapshot), storedCost(ended?.summary.cost))
    const record = () => this.historyRecord(keptAs, null, undefined, ended)
    if (keptAs === 'running') checkpointRun(this.deps.recorder, record, this.deps.log)
    else recordRun(this.deps.recorder, record, this.deps.log)
  }

  private async execute(request: RunRequest | { failure: unknown }): Promise<void> {
    let p: Prepared
    try {
      if ('failure' in request) throw request.failure
      p = await this.deps.prepare(request)
    } catch (error) {
      // The profile, its key, the conversation or the draft: the run ends before anything is sent.
      return this.end('error', null, runFailure(error))
    }
    this.sent = { profile: p.profile.name, bodyText: p.bodyText }
    if (this.stopped) return this.end('aborted', null)
    let res: GatewayResponse
    try {
      res = await sendRequest(
        this.deps.gateway,
        p.profile,
        { ...p.built, kind: p.kind },
        { rawBody: p.bodyText, stream: p.stream, signal: this.controller.signal },
      )
    } catch (error) {
      const recorder = error instanceof GatewayError ? error.exchange : null
      if (recorder) this.deps.exchanges?.add(recorder)
      if (this.stopped) return this.end('aborted', recorder)
      return this.end('error', recorder, runFailure(error))
    }
    // Headers arrived: from here the stream's own end (not Stop) delivers the terminal event.
    this.phase = 'streaming'
    this.deps.exchanges?.add(res.exchange)
    this.emitRequest(res.exchange)
    if (this.stopped) {
      res.exchange.recordError('stopped by the user')
      return this.end('aborted', res.exchange)
    }

    if (!res.ok) {
      const text = res.exchange.rawBody()
      const error: WireError & { hint?: string } = p.adapter.parseError(safeJson(text) ?? text, res.status)
      const wait = longRetryAfter(res)
      if (wait !== null)
        error.hint = `The server asks to wait ${Math.round(wait / 1000)} s before retrying; try again later.`
      return this.end('error', res.exchange, error)
    }
    if (!p.stream) return this.finishWhole(p, res)
    const streamed = await readStream(
      { controller: this.controller, stopped: () => this.stopped, deliver: (events) => this.deliver(events) },
      p,
      res,
    )
    for (const e of streamed.tail ?? []) this.coalescer.push([e])
    if (streamed.status === 'done' || streamed.status === 'incomplete') await this.readyToPrice()
    return this.end(streamed.status, res.exchange, streamed.error)
  }

  private async finishWhole(p: Prepared, res: GatewayResponse): Promise<void> {
    let completion: Completion
    try {
      completion = p.adapter.parseResponse(parseJsonBounded(res.exchange.rawBody()))
    } catch (error) {
      return this.end('error', res.exchange, {
        message: `The response is not a valid ${p.adapter.label} body: ${(error as Error).message}`,
        raw: res.exchange.rawBody().slice(0, 2000),
      })
    }
    this.firstContentAt = performance.now()
    await this.deliver(completionEvents(completion))
    const status: RunStatus = completion.error ? 'error' : completion.incomplete ? 'incomplete' : 'done'
    await this.readyToPrice()
    return this.end(status, res.exchange, completion.error)
  }

  /** A run whose answer reported no usage waits for the local tokenizer before it ends (see readyToPrice). */
  private async readyToPrice(): Promise<void> {
    if (!this.deps.costs || loadedTokenizer()) return
    this.coalescer.flush()
    await readyToPrice(this.snapshot.usage, this.deps.log)
  }

  private priced(ended: RunOutcome, status: RunStatus | 'interrupted'): RunOutcome {
    return withCost(this, ended, this.deps, status)
  }

  /** Moves images to the media store and hands the events to the coalescer. */
  private async deliver(events: StreamEvent[]): Promise<void> {
    if (events.length === 0 || this.stopped) return
    const out: RunEvent[] = []
    for (const e of events) {
      if (e.type === 'incomplete' || e.type === 'finish' || e.type === 'error') {
        if (e.type !== 'incomplete') out.push(e)
        continue
      }
      if (
        this.firstContentAt === null &&
        (e.type === 'text' || e.type === 'reasoning' || e.type === 'toolCallStart' || e.type === 'image')
      ) {
        this.firstContentAt = performance.now()
      }
      if (e.type === 'image') {
        const media = this.deps.media
        const info = await media.putBytes(
          Buffer.from(e.data, 'base64'),
          e.mimeType,
          `image.${e.mimeType.split('/')[1] ?? 'bin'}`,
        )
        const image = { type: 'image' as const, mimeType: e.mimeType, url: media.url(info.id) }
        this.images.push({ mimeType: image.mimeType, url: image.url })
        out.push(image)
      } else out.push(e)
    }
    this.coalescer.push(out)
  }

  /** Sends a batch of (already scrubbed) events to the run's window and checkpoints the run. */
  private emitEvents(events: RunEvent[]): void {
    if (this.stopped || this.ended || events.length === 0) return
    if (!this.sink.alive) return this.abandon()
    for (const e of events) {
      if (e.type === 'image') continue
      this.snapshot = foldRun(this.snapshot, e)
      if (e.type === 'text') this.textDigest = appendDigest(this.textDigest, e.delta)
      if (e.type === 'text' || e.type === 'reasoning' || e.type === 'refusal')
        this.charsSinceCheckpoint += e.delta.length
      else if (e.type === 'toolCallDelta') this.charsSinceCheckpoint += e.argumentsDelta.length
    }
    const firstByteMs = this.firstByteOnce()
    this.sink.emit('text.runEvents', {
      runId: this.id,
      events,
      ...this.liveFrames(),
      ...(firstByteMs !== null ? { firstByteMs } : {}),
    })
    this.checkpoint()
  }

  /** When the body's first byte arrived, the first time it is known (the Inspector's live timing). */
  private firstByteOnce(): number | null {
    if (this.firstByteSent || !this.exchange) return null
    const at = this.exchange.firstByteAt()
    if (at !== null) this.firstByteSent = true
    return at
  }

  /** The newest frames for a watching window, when there are new ones since the last message. */
  private liveFrames(): { frames?: { total: number; recent: SseFrame[] } } {
    if (!this.watchingFrames || !this.exchange) return {}
    const live = this.exchange.liveFrames()
    if (live.total === this.framesSent) return {}
    this.framesSent = live.total
    return { frames: live }
  }

  /** Sends the request record once, as soon as the gateway answered the send (before any token). */
  private emitRequest(exchange: ExchangeRecorder): void {
    this.exchange = exchange
    if (this.stopped || this.ended || !this.sink.alive) return
    this.sink.emit('text.runEvents', { runId: this.id, events: [], exchange: exchange.liveRequest() })
  }

  /** R9: what a streaming run has so far is on disk at least every second or 64 KB, so a kill keeps it. */
  private checkpoint(): void {
    if ((!this.deps.recorder?.checkpoint && !this.keeper?.checkpoints) || this.charsSinceCheckpoint === 0)
      return
    const now = performance.now()
    if (
      now - this.lastCheckpointAt < (this.deps.checkpointMs ?? 1000) &&
      this.charsSinceCheckpoint < (this.deps.checkpointChars ?? 64 * 1024)
    )
      return
    this.lastCheckpointAt = now
    this.charsSinceCheckpoint = 0
    checkpointRun(this.deps.recorder, () => this.historyRecord('running', null), this.deps.log)
    this.keeper?.checkpoint(snapshotCompletion(this.snapshot))
  }

  private historyRecord(
    status: RunStatus | 'running' | 'interrupted',
    recorder: ExchangeRecorder | null,
    error?: RunError,
    ended = summarizeRun(this),
  ) {
    return runRecordOf(this, this.deps, status, { recorder, error, ended })
  }

  /** Ends the run, once: its last events, the answer as the conversation's next turn, the end, the record. */
  private end(status: RunStatus, recorder: ExchangeRecorder | null, error?: RunError): void {
    if (this.ended) return
    if (status === 'aborted') this.coalescer.discard()
    else {
      this.coalescer.flush()
      // The beginning of a secret held back at the very end was not one: it belongs to the answer.
      this.emitEvents(this.scrubber.drain())
    }
    this.phase = 'ended'
    this.coalescer.close()
    this.deps.closed(this)
    recorder?.finish()
    if (error) recorder?.recordError(error.message)
    const ended = this.priced(summarizeRun(this), status)
    const { summary, timings } = ended
    // The history is written in this same turn of the event loop, after the window has its end: any call the
    // window makes on hearing of the end (a History read included) is handled after the run is recorded, and
    // the record (the whole exchange, serialized) does not delay the answer's end on screen.
    const record = () =>
      recordRun(this.deps.recorder, () => this.historyRecord(status, recorder, error, ended), this.deps.log)
    try {
      // A finished answer becomes the conversation's next turn, in the shape its format continues with (even
      // when its window went away); the window hears of the change before the run's end, so the end can point
      // at that turn. One that did not finish is the window's to show, unless no window is left or it continues
      // a partial answer.
      if (status === 'done')
        this.keeper?.finished(ended.completion, this.textDigest, storedCost(summary.cost))
      else if (!this.sink.alive || this.keeper?.continues)
        this.keeper?.partial(PARTIAL_OF[status], ended.completion, storedCost(summary.cost))
      else this.keeper?.putBack()
      if (!this.sink.alive) return
      // The end first, small, so it is on screen at once; the exchange (often 100 KB and more) right after it.
      const payload = { runId: this.id, status, summary, timings, exchangeFollows: recorder !== null }
      this.sink.emit('text.runEnded', error ? { ...payload, error } : payload)
      if (recorder) this.sink.emit('text.runExchange', { runId: this.id, exchange: recorder.snapshot() })
    } finally {
      record()
    }
  }
}

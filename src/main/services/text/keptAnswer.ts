// The conversation that keeps a run's answer: as its next turn when the run is done (even when its window went
// away); when it did not finish, what arrived, marked with how it ended, if no window is left to show it (a
// reload, a closed window, the app stopping) or if the run continues a partial answer (which grows in place).
// While the run streams, what has arrived waits on disk (answersInFlight.ts) so a kill loses at most a moment.
import type { Events } from '../../../shared/ipc/contract'
import type { RunStatus } from '../../../shared/ipc/text'
import { INLINE_TURNS_CHARS } from '../../../shared/ipc/textConstants'
import { answerSkeleton, type TextDigestState } from '../../../shared/ipc/answerText'
import type { StoredCost } from '../../../shared/cost/storedCost'
import {
  assistantTurn,
  continuedTurn,
  partialTurn,
  withEarlierAnswers,
  type Completion,
  type DraftMessage,
  type PartialEnd,
} from '../../../shared/wire'
import type { EventSink } from '../ports'
import type { AnswersInFlight } from './answersInFlight'
import type { ConversationStore } from './conversations'

/** The conversation that keeps a run's answer, as of `epoch` (a clear or a load since lets the answer go). */
export interface KeptAnswer {
  conversationId: string
  epoch: number
  /** The conversation's length once the run's own edit was made. */
  turns: number
  /** The partial answer this run goes on from (the conversation's last turn) and its index. */
  continues?: { index: number; turn: DraftMessage }
  /** The answer this run regenerates: kept as an earlier version of the new one, or put back if none comes. */
  earlier?: DraftMessage
}

/** How a run that did not finish marks what it leaves in a conversation. */
export const PARTIAL_OF: Record<Exclude<RunStatus, 'done'>, PartialEnd> = {
  error: 'failed',
  aborted: 'stopped',
  incomplete: 'incomplete',
}

export class AnswerKeeper {
  constructor(
    private readonly runId: string,
    private readonly keep: KeptAnswer,
    private readonly deps: {
      conversations: ConversationStore
      inflight?: AnswersInFlight
      sink: EventSink<Events>
    },
  ) {}

  /** Whether the answer is kept on disk at the run's checkpoints. */
  get checkpoints(): boolean {
    return this.deps.inflight !== undefined
  }

  get continues(): boolean {
    return this.keep.continues !== undefined
  }

  /** Keeps what has arrived on disk, as the turn it would be if the app stopped now. */
  checkpoint(completion: Completion): void {
    const keep = this.keep
    this.deps.inflight?.write({
      runId: this.runId,
      conversationId: keep.conversationId,
      turns: keep.turns,
      ...(keep.continues ? { continues: keep.continues.index } : {}),
      turn: this.turn(completion, 'interrupted'),
    })
  }

  /** The run ended and its window holds what it brought: nothing waits on disk any more. */
  forget(): void {
    this.deps.inflight?.remove(this.runId)
  }

  /** The finished answer becomes the conversation's next turn (or the partial one it continued); the window hears. */
  finished(completion: Completion, digest: TextDigestState, cost?: StoredCost | null): void {
    this.forget()
    // The turn keeps what it cost, so the conversation's total is the sum of its answers.
    const turn = { ...this.turn(completion), ...(cost ? { cost } : {}) }
    const changed = this.put(turn)
    if (!changed || !this.deps.sink.alive) return
    // Too large to carry: the window that streamed the answer fills the text in from its own run (a continued
    // answer's text began before this run, so that window reads it from main instead).
    const skeleton = changed.tail || this.keep.continues ? null : answerSkeleton(turn, digest)
    const carried = skeleton && JSON.stringify(skeleton.turn).length <= INLINE_TURNS_CHARS
    this.deps.sink.emit('text.conversationChanged', {
      ...changed,
      answer: { runId: this.runId, index: changed.keep },
      ...(carried ? { answerSkeleton: skeleton } : {}),
    })
  }

  /**
   * What arrived of an answer that did not finish joins the conversation, marked; nothing when nothing arrived.
   * It keeps what it cost (it was billed for what it used), so the conversation's total counts it too.
   */
  partial(ended: PartialEnd, completion: Completion, cost?: StoredCost | null): void {
    this.forget()
    if (!completion.text && !completion.refusal && completion.toolCalls.length === 0) return this.putBack()
    const changed = this.put({ ...this.turn(completion, ended), ...(cost ? { cost } : {}) })
    if (changed && this.deps.sink.alive)
      this.deps.sink.emit('text.conversationChanged', {
        ...changed,
        answer: { runId: this.runId, index: changed.keep },
      })
  }

  /**
   * A regenerated answer that brought nothing to keep (it failed, was stopped, or its window shows what arrived):
   * the answer it was to replace comes back, with its versions.
   */
  putBack(): void {
    this.forget()
    const earlier = this.keep.earlier
    if (!earlier) return
    const changed = this.deps.conversations.appendAnswer(this.keep.conversationId, this.keep.epoch, earlier)
    if (changed && this.deps.sink.alive) this.deps.sink.emit('text.conversationChanged', changed)
  }

  /** The turn the answer makes: a new one, or the partial answer it continues, grown; marked unless done. */
  private turn(completion: Completion, ended?: PartialEnd): DraftMessage {
    const continues = this.keep.continues
    if (continues) return { ...continuedTurn(continues.turn, completion, ended), id: `answer-${this.runId}` }
    const turn: DraftMessage = {
      id: `answer-${this.runId}`,
      ...(ended ? partialTurn(completion, ended) : assistantTurn(completion)),
    }
    return this.keep.earlier ? withEarlierAnswers(turn, this.keep.earlier) : turn
  }

  private put(turn: DraftMessage) {
    const { conversations } = this.deps
    const keep = this.keep
    return keep.continues
      ? conversations.replaceAnswer(keep.conversationId, keep.epoch, keep.continues.index, turn)
      : conversations.appendAnswer(keep.conversationId, keep.epoch, turn)
  }
}

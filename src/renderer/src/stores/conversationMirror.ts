// The renderer's side of the conversation main keeps: before a run (or a preview) it uploads only what changed
// since main's revision, as JSON in pieces that keep every IPC message far under 256 KB (M1), and answers the
// reference {id, revision} the request carries. Turns are compared by identity (the store never mutates a turn),
// uploads run one at a time, and a conversation main no longer knows is uploaded again from scratch. A request
// that carries a reference is sent before the next upload starts, so it never reaches main already stale. A call
// that may carry a small change itself (a run's start) is handed the delta instead, saving the upload's trip.
import type { DraftMessage } from '../../../shared/wire'
import { TURNS_PIECE_CHARS, type ConversationDelta, type ConversationRef } from '../../../shared/ipc/text'

export interface PutTurnsInput {
  conversationId: string
  baseRevision: number
  keep: number
  piece: string
  done: boolean
}

/** Sends one piece; rejects with an error whose `code` says why (TEXT_CONVERSATION_STALE, …). */
export type PutTurns = (input: PutTurnsInput) => Promise<{ revision: number }>

const RESYNC_CODES = new Set(['TEXT_CONVERSATION_UNKNOWN', 'TEXT_CONVERSATION_STALE'])

export class ConversationMirror {
  private id: string
  private revision = 0
  /** The turns main holds at `revision`, as this side last sent them. */
  private synced: readonly DraftMessage[] = []
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly put: PutTurns,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {
    this.id = newId()
  }

  /** Makes main hold exactly `turns` and answers the reference to them. */
  sync(turns: readonly DraftMessage[]): Promise<ConversationRef> {
    return this.request(turns, async (ref) => ref)
  }

  /**
   * Makes main hold exactly `turns`, then sends `call` with the reference to them; the next upload waits until
   * `call` has been answered, because main keeps only the newest revision and would refuse the older one as
   * stale. `call` must not itself use this mirror.
   */
  request<T>(turns: readonly DraftMessage[], call: (ref: ConversationRef) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => call(await this.syncNow(turns)))
    this.queue = next.catch(() => undefined)
    return next
  }

  /**
   * Like `request`, but when what main lacks fits in `inlineChars` of JSON, `call` carries that delta itself
   * (main applies it first) instead of waiting for an upload. If main refuses the delta as stale or unknown,
   * the conversation is sent anew and `call` is made once more. `call` says `unsent()` when it asked nothing
   * of main, so the delta is not taken as applied.
   */
  carry<T>(
    turns: readonly DraftMessage[],
    inlineChars: number,
    call: (conversation: ConversationRef | ConversationDelta, unsent: () => void) => Promise<T>,
  ): Promise<T> {
    const next = this.queue.then(async () => {
      for (let attempt = 0; ; attempt++) {
        const keep = this.kept(turns)
        const unchanged = keep === turns.length && keep === this.synced.length
        const json = unchanged ? '' : JSON.stringify(turns.slice(keep))
        if (unchanged || json.length > inlineChars) return call(await this.syncNow(turns), () => undefined)
        const delta: ConversationDelta = { id: this.id, baseRevision: this.revision, keep, piece: json }
        let sent = true
        try {
          const answer = await call(delta, () => (sent = false))
          if (sent) {
            this.revision++
            this.synced = turns.slice()
          }
          return answer
        } catch (error) {
          // Whether main applied the delta is not known: the next change starts a new conversation.
          this.reset()
          if (attempt === 0 && RESYNC_CODES.has((error as { code?: string }).code ?? '')) continue
          throw error
        }
      }
    })
    this.queue = next.catch(() => undefined)
    return next
  }

  private kept(turns: readonly DraftMessage[]): number {
    let keep = 0
    while (keep < turns.length && keep < this.synced.length && turns[keep] === this.synced[keep]) keep++
    return keep
  }

  private async syncNow(turns: readonly DraftMessage[]): Promise<ConversationRef> {
    try {
      return await this.upload(turns)
    } catch (error) {
      if (!RESYNC_CODES.has((error as { code?: string }).code ?? '')) throw error
      // Main dropped or moved past this conversation: start a new one with every turn.
      this.reset()
      return this.upload(turns)
    }
  }

  private async upload(turns: readonly DraftMessage[]): Promise<ConversationRef> {
    const keep = this.kept(turns)
    if (keep === turns.length && keep === this.synced.length) return { id: this.id, revision: this.revision }
    const json = JSON.stringify(turns.slice(keep))
    let revision = this.revision
    for (let at = 0; at < json.length || at === 0; at += TURNS_PIECE_CHARS) {
      const piece = json.slice(at, at + TURNS_PIECE_CHARS)
      const done = at + TURNS_PIECE_CHARS >= json.length
      const answer = await this.put({
        conversationId: this.id,
        baseRevision: this.revision,
        keep,
        piece,
        done,
      })
      revision = answer.revision
    }
    this.revision = revision
    this.synced = turns.slice()
    return { id: this.id, revision }
  }

  /** Main said it no longer holds this conversation as sent: the next sync uploads every turn anew. */
  forget(): void {
    this.queue = this.queue.then(() => this.reset())
  }

  /** Whether an error from main means the conversation must be uploaded again. */
  static isResync(code: string | undefined): boolean {
    return RESYNC_CODES.has(code ?? '')
  }

  private reset(): void {
    this.id = this.newId()
    this.revision = 0
    this.synced = []
  }
}

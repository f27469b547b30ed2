// The renderer's side of the conversation main keeps: before a run (or a preview) it uploads only what changed
// since main's revision, as JSON in pieces that keep every IPC message far under 256 KB (M1), and answers the
// reference {id, revision} the request carries. Turns are compared by identity (the store never mutates a turn),
// uploads run one at a time, and a conversation main no longer knows is uploaded again from scratch. A request
// that carries a reference is sent before the next upload starts, so it never reaches main already stale.
import type { DraftMessage } from '../../../shared/wire'
import { TURNS_PIECE_CHARS, type ConversationRef } from '../../../shared/ipc/text'

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
    let keep = 0
    while (keep < turns.length && keep < this.synced.length && turns[keep] === this.synced[keep]) keep++
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

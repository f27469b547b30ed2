// The conversations main keeps for runs, by id and revision, so a run references its turns instead of carrying
// them over IPC (M1). The renderer uploads deltas (keep the first n turns, append new ones) as JSON in bounded
// pieces, or whole within a run's start; a delta applies only to the revision it was computed against, and every applied delta is validated
// against the draft message schema. The store is bounded: least recently used conversations are dropped.
import { z } from 'zod'
import { draftMessageSchema, type DraftMessage } from '../../../shared/wire'
import { AppError } from '../../../shared/ipc/result'
import type { ConversationDelta, ConversationRef } from '../../../shared/ipc/text'

const turnsSchema = z.array(draftMessageSchema)

interface Conversation {
  revision: number
  turns: DraftMessage[]
  /** Pieces of the delta being uploaded, for `upload.baseRevision` and `upload.keep`. */
  upload: { baseRevision: number; keep: number; pieces: string[]; chars: number } | null
}

export interface PutTurns {
  conversationId: string
  baseRevision: number
  keep: number
  piece: string
  done: boolean
}

export class ConversationStore {
  private readonly conversations = new Map<string, Conversation>()

  constructor(
    private readonly limits: { conversations: number; chars: number } = {
      conversations: 64,
      chars: 64 * 1024 * 1024,
    },
  ) {}

  put(input: PutTurns): { revision: number; turns: number } {
    let conversation = this.conversations.get(input.conversationId)
    if (!conversation) {
      if (input.baseRevision !== 0) throw unknown(input.conversationId)
      conversation = { revision: 0, turns: [], upload: null }
    }
    this.touch(input.conversationId, conversation)
    if (input.baseRevision !== conversation.revision) throw stale(input.conversationId)
    if (input.keep > conversation.turns.length)
      throw new AppError(
        'TEXT_CONVERSATION_STALE',
        `keep: the conversation has only ${conversation.turns.length} turns at this revision.`,
      )
    const upload = conversation.upload
    if (!upload || upload.baseRevision !== input.baseRevision || upload.keep !== input.keep)
      conversation.upload = { baseRevision: input.baseRevision, keep: input.keep, pieces: [], chars: 0 }
    const current = conversation.upload!
    current.pieces.push(input.piece)
    current.chars += input.piece.length
    if (current.chars > this.limits.chars) {
      conversation.upload = null
      throw new AppError('TEXT_CONVERSATION_TOO_LARGE', 'The conversation is larger than 64 MB of text.')
    }
    if (!input.done) return { revision: conversation.revision, turns: conversation.turns.length }
    conversation.upload = null
    let added: DraftMessage[]
    try {
      added = turnsSchema.parse(JSON.parse(current.pieces.join('')))
    } catch (error) {
      throw new AppError('TEXT_CONVERSATION_INVALID', `turns: not a list of draft messages (${short(error)})`)
    }
    conversation.turns = [...conversation.turns.slice(0, input.keep), ...added]
    conversation.revision++
    return { revision: conversation.revision, turns: conversation.turns.length }
  }

  /** Applies a whole delta carried by a run's start (no pieces pending) and answers the reference to the result. */
  apply(delta: ConversationDelta): ConversationRef {
    const pending = this.conversations.get(delta.id)
    if (pending) pending.upload = null
    const { revision } = this.put({
      conversationId: delta.id,
      baseRevision: delta.baseRevision,
      keep: delta.keep,
      piece: delta.piece,
      done: true,
    })
    return { id: delta.id, revision }
  }

  /** The turns of exactly this revision; another revision or an unknown id means the caller must upload again. */
  turns(ref: ConversationRef): DraftMessage[] {
    const conversation = this.conversations.get(ref.id)
    // Revision 0 is the empty conversation, which needs no upload.
    if (!conversation && ref.revision === 0) return []
    if (!conversation) throw unknown(ref.id)
    if (conversation.revision !== ref.revision) throw stale(ref.id)
    this.touch(ref.id, conversation)
    return conversation.turns
  }

  private touch(id: string, conversation: Conversation): void {
    this.conversations.delete(id)
    this.conversations.set(id, conversation)
    while (this.conversations.size > this.limits.conversations) {
      const oldest = this.conversations.keys().next().value
      if (oldest === undefined) break
      this.conversations.delete(oldest)
    }
  }
}

const unknown = (id: string) =>
  new AppError('TEXT_CONVERSATION_UNKNOWN', `No conversation ${id.slice(0, 40)} is kept; upload it again.`)
const stale = (id: string) =>
  new AppError(
    'TEXT_CONVERSATION_STALE',
    `Conversation ${id.slice(0, 40)} changed since this revision; upload the difference again.`,
  )

function short(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300)
}

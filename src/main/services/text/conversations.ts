// The conversations main owns, by id: the only place their turns change. Each change (an edit the renderer
// commands, turns uploaded in bounded pieces, the answer a finished run appends) bumps the revision and answers
// a view whose tail stays under the inline bound (M1); a larger tail is read back in pieces. Turns are validated
// against the draft message schema on the way in and never mutated. The store is bounded: least recently used
// conversations are dropped. Listeners hear every change (the Text panel's conversation is saved from there).
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { draftMessageSchema, type DraftMessage } from '../../../shared/wire'
import { AppError } from '../../../shared/ipc/result'
import {
  INLINE_TURNS_CHARS,
  TURNS_PIECE_CHARS,
  type ConversationEdit,
  type ConversationRef,
  type ConversationView,
} from '../../../shared/ipc/text'

const turnsSchema = z.array(draftMessageSchema)

interface Conversation {
  revision: number
  turns: DraftMessage[]
  /** Bumped by `clear` and `load`: a run started before either does not append its answer. */
  epoch: number
  /** Pieces of the turns being uploaded, for `upload.baseRevision` and `upload.keep`. */
  upload: { baseRevision: number; keep: number; pieces: string[]; chars: number } | null
  /** The turns the last `clear` removed, until undone or cleared again. */
  cleared: { token: string; turns: DraftMessage[] } | null
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
  private readonly listeners = new Set<(id: string, turns: readonly DraftMessage[]) => void>()

  constructor(
    private readonly limits: { conversations: number; chars: number } = {
      conversations: 64,
      chars: 64 * 1024 * 1024,
    },
  ) {}

  /** Calls back after every change of a conversation's turns with the turns it now has. */
  onChanged(listener: (id: string, turns: readonly DraftMessage[]) => void): void {
    this.listeners.add(listener)
  }

  /** Whether the conversation is held (an unknown one, or one dropped as least recently used, is not). */
  has(id: string): boolean {
    return this.conversations.has(id)
  }

  /** The view of the conversation as it is now, every turn in the tail when they fit in one message. */
  current(id: string): ConversationView {
    return this.view(id, this.open(id), 0)
  }

  /** Uploads turns in pieces (see text.putTurns); the last piece applies them and answers the view. */
  put(input: PutTurns): ConversationView {
    const conversation = this.open(input.conversationId)
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
    if (!input.done) return this.view(input.conversationId, conversation, conversation.turns.length)
    conversation.upload = null
    let added: DraftMessage[]
    try {
      added = turnsSchema.parse(JSON.parse(current.pieces.join('')))
    } catch (error) {
      throw new AppError('TEXT_CONVERSATION_INVALID', `turns: not a list of draft messages (${short(error)})`)
    }
    if (input.keep === 0) conversation.epoch++
    return this.change(input.conversationId, conversation, input.keep, added)
  }

  /** Applies one edit the renderer commanded and answers the conversation's view. */
  edit(id: string, edit: ConversationEdit): ConversationView {
    const conversation = this.open(id)
    const turns = conversation.turns
    switch (edit.type) {
      case 'add':
        return this.change(id, conversation, turns.length, edit.turns)
      case 'regenerate': {
        let keep = turns.length
        while (keep > 0 && turns[keep - 1]!.role !== 'user') keep--
        return this.change(id, conversation, keep, [])
      }
      case 'resend': {
        const target = turns[edit.index]
        if (!target) throw noTurn(edit.index, turns.length)
        const edited: DraftMessage = {
          ...target,
          parts: [{ type: 'text', text: edit.text }, ...target.parts.filter((p) => p.type !== 'text')],
        }
        return this.change(id, conversation, edit.index, [edited])
      }
      case 'remove':
        if (edit.index >= turns.length) throw noTurn(edit.index, turns.length)
        return this.change(id, conversation, edit.index, turns.slice(edit.index + 1))
      case 'clear': {
        const token = randomUUID()
        if (turns.length > 0) conversation.cleared = { token, turns }
        conversation.epoch++
        return { ...this.change(id, conversation, 0, []), undoToken: token }
      }
      case 'undoClear': {
        const cleared = conversation.cleared
        if (!cleared || cleared.token !== edit.token) return this.view(id, conversation, turns.length)
        conversation.cleared = null
        // Turns added since the clear stay after the ones brought back.
        return this.change(id, conversation, 0, [...cleared.turns, ...turns])
      }
      case 'load':
        conversation.epoch++
        return this.change(id, conversation, 0, edit.turns)
    }
  }

  /**
   * Appends a finished run's answer as the next turn, unless the conversation was cleared or replaced since the
   * run started (`epoch`); answers the view, or null when nothing was appended.
   */
  appendAnswer(id: string, epoch: number, turn: DraftMessage): ConversationView | null {
    const conversation = this.conversations.get(id)
    if (!conversation || conversation.epoch !== epoch) return null
    this.touch(id, conversation)
    return this.change(id, conversation, conversation.turns.length, [turn])
  }

  /** The epoch a run pins when it starts (see appendAnswer). */
  epoch(id: string): number {
    return this.conversations.get(id)?.epoch ?? 0
  }

  /**
   * The turns of this revision (of the newest when the reference names none); another revision means the
   * caller holds an old view. An unknown conversation is an empty one.
   */
  turns(ref: ConversationRef): DraftMessage[] {
    const conversation = this.conversations.get(ref.id)
    if (!conversation) {
      if (ref.revision === undefined || ref.revision === 0) return []
      throw unknown(ref.id)
    }
    if (ref.revision !== undefined && conversation.revision !== ref.revision) throw stale(ref.id)
    this.touch(ref.id, conversation)
    return conversation.turns
  }

  /** A piece of the JSON of the turns from `from`, at character `offset` (see text.readTurns). */
  read(input: { conversationId: string; revision: number; from: number; offset: number }): {
    piece: string
    done: boolean
  } {
    const turns = this.turns({ id: input.conversationId, revision: input.revision })
    const json = JSON.stringify(turns.slice(input.from))
    const piece = json.slice(input.offset, input.offset + TURNS_PIECE_CHARS)
    return { piece, done: input.offset + TURNS_PIECE_CHARS >= json.length }
  }

  private open(id: string): Conversation {
    let conversation = this.conversations.get(id)
    if (!conversation) conversation = { revision: 0, turns: [], epoch: 0, upload: null, cleared: null }
    this.touch(id, conversation)
    return conversation
  }

  /** Keeps the first `keep` turns, appends `added`, and answers the view of the new revision. */
  private change(
    id: string,
    conversation: Conversation,
    keep: number,
    added: readonly DraftMessage[],
  ): ConversationView {
    const base = conversation.revision
    conversation.turns = [...conversation.turns.slice(0, keep), ...added]
    conversation.revision++
    conversation.upload = null
    for (const listener of this.listeners) listener(id, conversation.turns)
    return { ...this.view(id, conversation, keep), baseRevision: base }
  }

  /** The view of the conversation as it is: the turns after `keep`, when they fit in one message. */
  private view(id: string, conversation: Conversation, keep: number): ConversationView {
    const tail = conversation.turns.slice(keep)
    const fits = tail.length === 0 || JSON.stringify(tail).length <= INLINE_TURNS_CHARS
    return {
      conversationId: id,
      revision: conversation.revision,
      baseRevision: conversation.revision,
      keep,
      ...(fits ? { tail } : {}),
    }
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
  new AppError('TEXT_CONVERSATION_UNKNOWN', `No conversation ${id.slice(0, 40)} is kept; load it again.`)
const stale = (id: string) =>
  new AppError(
    'TEXT_CONVERSATION_STALE',
    `Conversation ${id.slice(0, 40)} changed since this revision; read it again.`,
  )
const noTurn = (index: number, length: number) =>
  new AppError('TEXT_CONVERSATION_STALE', `index: the conversation has ${length} turns, not a turn ${index}.`)

function short(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300)
}

// The conversations main owns, by id: the only place their turns change. Each change (an edit the renderer
// commands, turns uploaded in bounded pieces, the answer a finished run appends) bumps the revision and answers
// a view whose tail stays under the inline bound (M1); a larger tail is read back in pieces. Turns are validated
// against the draft message schema on the way in and never mutated. What the store keeps is bounded (R10, S9),
// counted in characters of JSON (turns, a clear's undo, an upload in pieces): one conversation at most `chars`
// (a change past it is refused in words, before anything changes), all of them together at most `totalChars`
// and `conversations` (the least recently used others are dropped; their owners load them again). Listeners
// hear every change (the Text panel's conversation is saved from there).
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { draftMessageSchema, rewrittenTurn, showAnswerVersion, type DraftMessage } from '../../../shared/wire'
import { AppError } from '../../../shared/ipc/result'
import { turnChars, turnsChars } from './turnSize'
import { parseJsonBounded } from '../../../shared/jsonDepth'
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
  /** `JSON.stringify(turns).length`, kept as the turns change. */
  chars: number
  /** Bumped by `clear` and `load`: a run started before either does not append its answer. */
  epoch: number
  /** Pieces of the turns being uploaded, for `upload.baseRevision` and `upload.keep`. */
  upload: { baseRevision: number; keep: number; keepChars: number; pieces: string[]; chars: number } | null
  /** The turns the last `clear` removed, until undone, cleared again, or dropped to make room. */
  cleared: { token: string; turns: DraftMessage[]; chars: number } | null
}

export interface ConversationLimits {
  /** Conversations held at once. */
  conversations: number
  /** Characters of JSON one conversation holds (its turns; an upload counts the turns it keeps). */
  chars: number
  /** Characters of JSON every conversation holds together, undo and uploads included. */
  totalChars: number
}

export const CONVERSATION_LIMITS: ConversationLimits = {
  conversations: 64,
  chars: 64 * 1024 * 1024,
  totalChars: 256 * 1024 * 1024,
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

  private readonly limits: ConversationLimits
  /** The JSON of the turns being read in pieces (text.readTurns), made once per read, not once per piece. */
  private reading: { id: string; revision: number; from: number; json: string } | null = null

  constructor(limits: Partial<ConversationLimits> = {}) {
    this.limits = { ...CONVERSATION_LIMITS, ...limits }
  }

  /** Calls back after every change of a conversation's turns with the turns it now has. */
  onChanged(listener: (id: string, turns: readonly DraftMessage[]) => void): void {
    this.listeners.add(listener)
  }

  /** Whether the conversation is held (an unknown one, or one dropped as least recently used, is not). */
  has(id: string): boolean {
    return this.conversations.has(id)
  }

  /** Lets a conversation go (it was deleted): a run still going on it appends nothing. */
  forget(id: string): void {
    this.conversations.delete(id)
    if (this.reading?.id === id) this.reading = null
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
    if (!upload || upload.baseRevision !== input.baseRevision || upload.keep !== input.keep) {
      const keepChars = turnsChars(conversation.turns.slice(0, input.keep))
      conversation.upload = {
        baseRevision: input.baseRevision,
        keep: input.keep,
        keepChars,
        pieces: [],
        chars: 0,
      }
    }
    const current = conversation.upload!
    current.pieces.push(input.piece)
    current.chars += input.piece.length
    // What is kept is bounded, not only what is sent: the turns kept before the pieces count too.
    if (current.keepChars + current.chars > this.limits.chars) {
      conversation.upload = null
      throw this.tooLarge(current.keepChars + current.chars)
    }
    this.makeRoom(input.conversationId)
    if (!input.done) return this.view(input.conversationId, conversation, conversation.turns.length)
    conversation.upload = null
    let added: DraftMessage[]
    try {
      added = turnsSchema.parse(parseJsonBounded(current.pieces.join('')))
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
      case 'resend':
        return this.change(id, conversation, edit.index, [rewritten(turns, edit.index, edit.text)])
      case 'rewrite':
        return this.change(id, conversation, edit.index, [
          rewritten(turns, edit.index, edit.text),
          ...turns.slice(edit.index + 1),
        ])
      case 'showAnswer': {
        const target = turns[edit.index]
        if (!target) throw noTurn(edit.index, turns.length)
        return this.change(id, conversation, edit.index, [
          showAnswerVersion(target, edit.version),
          ...turns.slice(edit.index + 1),
        ])
      }
      case 'remove':
        if (edit.index >= turns.length) throw noTurn(edit.index, turns.length)
        return this.change(id, conversation, edit.index, turns.slice(edit.index + 1))
      case 'clear': {
        const token = randomUUID()
        if (turns.length > 0) conversation.cleared = { token, turns, chars: conversation.chars }
        conversation.epoch++
        return { ...this.change(id, conversation, 0, []), undoToken: token }
      }
      case 'undoClear': {
        const cleared = conversation.cleared
        if (!cleared || cleared.token !== edit.token) return this.view(id, conversation, turns.length)
        conversation.cleared = null
        // The conversation comes back exactly as it was: turns added since the clear are not mixed into it (their
        // runs are in History), and a run still going on them does not append its answer.
        conversation.epoch++
        return this.change(id, conversation, 0, cleared.turns)
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
    // An answer that would take the conversation past its bound stays the run's answer, not a turn.
    if (conversation.chars + 1 + turnChars(turn) > this.limits.chars) return null
    this.touch(id, conversation)
    return this.change(id, conversation, conversation.turns.length, [turn])
  }

  /**
   * Puts a continued answer in place of turn `index` (the partial answer the run went on from), unless the
   * conversation was cleared or replaced since the run started or turns were added after it; the view, or null.
   */
  replaceAnswer(id: string, epoch: number, index: number, turn: DraftMessage): ConversationView | null {
    const conversation = this.conversations.get(id)
    if (!conversation || conversation.epoch !== epoch || conversation.turns.length !== index + 1) return null
    this.touch(id, conversation)
    return this.change(id, conversation, index, [turn])
  }

  /** The answer Regenerate would replace: the one turn after the last user turn, when it is an assistant's. */
  regeneratedAnswer(id: string): DraftMessage | undefined {
    const turns = this.conversations.get(id)?.turns ?? []
    const user = turns.findLastIndex((t) => t.role === 'user')
    const answer = turns[user + 1]
    return turns.length === user + 2 && answer?.role === 'assistant' ? answer : undefined
  }

  /** The turn at `index` of a conversation as it is now (undefined when there is none). */
  turnAt(id: string, index: number): DraftMessage | undefined {
    return this.conversations.get(id)?.turns[index]
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
    let reading = this.reading
    if (
      !reading ||
      reading.id !== input.conversationId ||
      reading.revision !== input.revision ||
      reading.from !== input.from
    ) {
      const json = JSON.stringify(turns.slice(input.from))
      reading = { id: input.conversationId, revision: input.revision, from: input.from, json }
      this.reading = reading
    }
    const { json } = reading
    const piece = json.slice(input.offset, input.offset + TURNS_PIECE_CHARS)
    const done = input.offset + TURNS_PIECE_CHARS >= json.length
    if (done) this.reading = null
    return { piece, done }
  }

  private open(id: string): Conversation {
    let conversation = this.conversations.get(id)
    if (!conversation)
      conversation = { revision: 0, turns: [], chars: 2, epoch: 0, upload: null, cleared: null }
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
    const turns = [...conversation.turns.slice(0, keep), ...added]
    const chars = turnsChars(turns)
    if (chars > this.limits.chars) throw this.tooLarge(chars)
    conversation.turns = turns
    conversation.chars = chars
    conversation.revision++
    conversation.upload = null
    // A clear's undo is the first thing let go when the conversation would hold more than its bound.
    if (conversation.cleared && chars + conversation.cleared.chars > this.limits.chars)
      conversation.cleared = null
    if (this.reading?.id === id) this.reading = null
    this.makeRoom(id)
    for (const listener of this.listeners) listener(id, conversation.turns)
    return { ...this.view(id, conversation, keep), baseRevision: base }
  }

  /** The view of the conversation as it is: the turns after `keep`, when they fit in one message. */
  private view(id: string, conversation: Conversation, keep: number): ConversationView {
    const tail = conversation.turns.slice(keep)
    const fits = tail.length === 0 || turnsChars(tail) <= INLINE_TURNS_CHARS
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
    this.makeRoom(id)
  }

  /**
   * Drops the least recently used conversations other than `id` until the count and the characters held
   * together are within their bounds; `id` itself is within its own bound, which is below the total.
   */
  private makeRoom(id: string): void {
    let total = 0
    for (const c of this.conversations.values()) total += held(c)
    for (const [other, c] of this.conversations) {
      if (this.conversations.size <= this.limits.conversations && total <= this.limits.totalChars) break
      if (other === id) continue
      this.conversations.delete(other)
      total -= held(c)
      if (this.reading?.id === other) this.reading = null
    }
  }

  private tooLarge(chars: number): AppError {
    return new AppError(
      'TEXT_CONVERSATION_TOO_LARGE',
      `This conversation would hold ${mb(chars)} of text; one conversation keeps at most ` +
        `${mb(this.limits.chars)}. Remove earlier turns or clear it, or start a new conversation.`,
      { chars, limit: this.limits.chars },
    )
  }
}

const unknown = (id: string) =>
  new AppError('TEXT_CONVERSATION_UNKNOWN', `No conversation ${id.slice(0, 40)} is kept; load it again.`)
const stale = (id: string) =>
  new AppError(
    'TEXT_CONVERSATION_STALE',
    `Conversation ${id.slice(0, 40)} changed since this revision; read it again.`,
  )
/** Turn `index` with its text rewritten (see rewrittenTurn); a turn left with nothing in it is refused. */
function rewritten(turns: readonly DraftMessage[], index: number, text: string): DraftMessage {
  const target = turns[index]
  if (!target) throw noTurn(index, turns.length)
  const turn = rewrittenTurn(target, text)
  if (turn.parts.length === 0)
    throw new AppError(
      'TEXT_TURN_EMPTY',
      `text: turn ${index + 1} would be empty; write its text, or remove the turn instead.`,
    )
  return turn
}

const noTurn = (index: number, length: number) =>
  new AppError('TEXT_CONVERSATION_STALE', `index: the conversation has ${length} turns, not a turn ${index}.`)

/** What a conversation holds: its turns, a clear's undo, an upload's pieces. */
function held(c: Conversation): number {
  return c.chars + (c.cleared?.chars ?? 0) + (c.upload?.chars ?? 0)
}

function mb(chars: number): string {
  return `${Math.round((chars / 1024 / 1024) * 10) / 10} MB`
}

function short(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300)
}

// A long answer main keeps as the conversation's next turn is not sent back to the window that streamed it: the
// view carries the turn with its text left out, the text's length and a digest of it, and the window fills the
// text in from its own run when both match (else it reads the turn from main). The digest is FNV-1a over the
// UTF-16 code units, twice with different offsets: a check that two copies of one text agree, not a secret.
import type { DraftMessage } from '../wire'
import type { ConversationView } from './text'

/** The answer turn without its text: which part held it, how long it was, and its digest (text.ts's schema). */
export type AnswerSkeleton = NonNullable<ConversationView['answerSkeleton']>

/**
 * A digest being taken of a text that arrives in pieces: `appendDigest` continues it over the next piece, so a
 * streamed answer's digest is ready when the answer ends instead of costing a pass over the whole text then.
 */
export interface TextDigestState {
  readonly a: number
  readonly b: number
  /** Characters digested so far. */
  readonly chars: number
}

export const EMPTY_DIGEST: TextDigestState = { a: 0x811c9dc5, b: 0x01000193, chars: 0 }

/** The digest state after `piece` follows the text `state` was taken of. */
export function appendDigest(state: TextDigestState, piece: string): TextDigestState {
  let { a, b } = state
  const at = state.chars
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c ^ ((at + i) & 0xff), 0x01000193)
  }
  return { a, b, chars: at + piece.length }
}

/** The digest (16 hex digits) of the text a state was taken of. */
export function digestHex(state: TextDigestState): string {
  const b = Math.imul(state.b ^ state.chars, 0x01000193)
  return (state.a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}

/** A digest of `text` (16 hex digits); equal texts have equal digests. */
export function textDigest(text: string): string {
  return digestHex(appendDigest(EMPTY_DIGEST, text))
}

/** The digest of `text`, from `taken` when that state was taken of a text as long (by its owner, of this text). */
function digestOf(text: string, taken: TextDigestState | undefined): string {
  return taken && taken.chars === text.length ? digestHex(taken) : textDigest(text)
}

/**
 * The skeleton of an answer turn whose text is in one text part; null when it has none. `taken` is the digest
 * state the caller kept while the text arrived (used when it covers as many characters).
 */
export function answerSkeleton(turn: DraftMessage, taken?: TextDigestState): AnswerSkeleton | null {
  const textPart = turn.parts.findIndex((p) => p.type === 'text')
  const part = turn.parts[textPart]
  if (!part || part.type !== 'text') return null
  const parts = turn.parts.map((p, i) => (i === textPart ? { ...part, text: '' } : p))
  return { turn: { ...turn, parts }, textPart, chars: part.text.length, digest: digestOf(part.text, taken) }
}

/**
 * The turn with `text` in its text part, when `text` is the one the skeleton was made from; else null. `taken`
 * as for answerSkeleton.
 */
export function fillAnswer(
  skeleton: AnswerSkeleton,
  text: string,
  taken?: TextDigestState,
): DraftMessage | null {
  if (text.length !== skeleton.chars || digestOf(text, taken) !== skeleton.digest) return null
  const part = skeleton.turn.parts[skeleton.textPart]
  if (!part || part.type !== 'text') return null
  return {
    ...skeleton.turn,
    parts: skeleton.turn.parts.map((p, i) => (i === skeleton.textPart ? { ...part, text } : p)),
  }
}

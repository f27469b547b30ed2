// A long answer main keeps as the conversation's next turn is not sent back to the window that streamed it: the
// view carries the turn with its text left out, the text's length and a digest of it, and the window fills the
// text in from its own run when both match (else it reads the turn from main). The digest is FNV-1a over the
// UTF-16 code units, twice with different offsets: a check that two copies of one text agree, not a secret.
import type { DraftMessage } from '../wire'
import type { ConversationView } from './text'

/** The answer turn without its text: which part held it, how long it was, and its digest (text.ts's schema). */
export type AnswerSkeleton = NonNullable<ConversationView['answerSkeleton']>

/** A digest of `text` (16 hex digits); equal texts have equal digests. */
export function textDigest(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c ^ (i & 0xff), 0x01000193)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}

/** The skeleton of an answer turn whose text is in one text part; null when it has none. */
export function answerSkeleton(turn: DraftMessage): AnswerSkeleton | null {
  const textPart = turn.parts.findIndex((p) => p.type === 'text')
  const part = turn.parts[textPart]
  if (!part || part.type !== 'text') return null
  const parts = turn.parts.map((p, i) => (i === textPart ? { ...part, text: '' } : p))
  return { turn: { ...turn, parts }, textPart, chars: part.text.length, digest: textDigest(part.text) }
}

/** The turn with `text` in its text part, when `text` is the one the skeleton was made from; else null. */
export function fillAnswer(skeleton: AnswerSkeleton, text: string): DraftMessage | null {
  if (text.length !== skeleton.chars || textDigest(text) !== skeleton.digest) return null
  const part = skeleton.turn.parts[skeleton.textPart]
  if (!part || part.type !== 'text') return null
  return {
    ...skeleton.turn,
    parts: skeleton.turn.parts.map((p, i) => (i === skeleton.textPart ? { ...part, text } : p)),
  }
}

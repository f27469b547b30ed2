// The word-level diff of two answers, by jsdiff's diffWordsWithSpace (whitespace is a token, so the segments rebuild either answer exactly): runs of words both share, and runs only one has.
// Bounded: two long answers that differ almost everywhere would take long to align, so the edit distance is
// capped and the caller is told when the cap was hit instead of the screen freezing.
import { diffWordsWithSpace } from 'diff'

export interface AnswerSegment {
  kind: 'same' | 'added' | 'removed'
  text: string
}

export interface AnswerDiff {
  segments: AnswerSegment[]
  /** Words only in the first / only in the second answer. */
  removedWords: number
  addedWords: number
  /** The answers differ too much to align within the bound; nothing was diffed. */
  tooDifferent: boolean
}

/** The largest edit script computed; beyond it the answers are reported as too different. */
export const MAX_EDIT_LENGTH = 4000

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

export function diffAnswers(first: string, second: string, maxEditLength = MAX_EDIT_LENGTH): AnswerDiff {
  const parts = diffWordsWithSpace(first, second, { maxEditLength })
  if (!parts) return { segments: [], removedWords: 0, addedWords: 0, tooDifferent: true }
  const segments: AnswerSegment[] = []
  let removedWords = 0
  let addedWords = 0
  for (const p of parts) {
    const kind = p.added ? 'added' : p.removed ? 'removed' : 'same'
    if (kind === 'added') addedWords += words(p.value)
    if (kind === 'removed') removedWords += words(p.value)
    const last = segments[segments.length - 1]
    if (last?.kind === kind) last.text += p.value
    else segments.push({ kind, text: p.value })
  }
  return { segments, removedWords, addedWords, tooDifferent: false }
}

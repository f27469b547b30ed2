import { describe, expect, it } from 'vitest'
import type { DraftMessage } from '../wire'
import { answerSkeleton, appendDigest, digestHex, EMPTY_DIGEST, fillAnswer, textDigest } from './answerText'
import { foldRunEvents, newRun } from './runView'

describe('answer text left out of a view', () => {
  const text = 'A long answer. '.repeat(5000) + '\u00e9\ud83d\ude00 end'
  const turn: DraftMessage = {
    id: 'answer-run-1',
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'thought', signature: 'sig' },
      { type: 'text', text },
      { type: 'toolCall', id: 'c1', name: 'lookup', arguments: '{"q":1}' },
    ],
  }

  it('keeps every other part and leaves only the text out', () => {
    const skeleton = answerSkeleton(turn)!
    expect(skeleton.textPart).toBe(1)
    expect(skeleton.chars).toBe(text.length)
    expect(skeleton.turn.parts[1]).toEqual({ type: 'text', text: '' })
    expect(skeleton.turn.parts[0]).toEqual(turn.parts[0])
    expect(skeleton.turn.parts[2]).toEqual(turn.parts[2])
    expect(JSON.stringify(skeleton).length).toBeLessThan(400)
  })

  it('fills in exactly the text it was made from, and nothing else', () => {
    const skeleton = answerSkeleton(turn)!
    expect(fillAnswer(skeleton, text)).toEqual(turn)
    // Same length, one character changed; one character more; a swap of two characters.
    expect(fillAnswer(skeleton, text.slice(0, -1) + 'E')).toBeNull()
    expect(fillAnswer(skeleton, text + ' ')).toBeNull()
    expect(fillAnswer(skeleton, 'bA' + text.slice(2))).toBeNull()
  })

  it('digests equal texts alike and tells near ones apart', () => {
    expect(textDigest(text)).toBe(textDigest(text.slice(0)))
    expect(textDigest('ab')).not.toBe(textDigest('ba'))
    expect(textDigest('')).toMatch(/^[0-9a-f]{16}$/)
  })

  it('has no skeleton for a turn without a text part', () => {
    expect(
      answerSkeleton({
        role: 'assistant',
        parts: [{ type: 'toolCall', id: 'c', name: 'n', arguments: '{}' }],
      }),
    ).toBeNull()
  })

  it('takes the same digest of a text that arrives in pieces as of the whole', () => {
    let state = EMPTY_DIGEST
    for (let at = 0; at < text.length; at += 37) state = appendDigest(state, text.slice(at, at + 37))
    expect(state.chars).toBe(text.length)
    expect(digestHex(state)).toBe(textDigest(text))
    // The length is part of the digest: a text and its prefix differ even where the prefix's pieces agree.
    expect(digestHex(appendDigest(EMPTY_DIGEST, 'ab'))).not.toBe(textDigest('abc'))
  })

  it('a streamed run keeps the digest of its text, and a skeleton made with it matches the text', () => {
    const pieces = ['A long ', 'answer. ', '\u00e9\ud83d', '\ude00 end']
    const run = foldRunEvents(
      newRun('run-1', 'chat', 'm'),
      pieces.map((delta) => ({ type: 'text' as const, delta })),
    )
    expect(run.text).toBe(pieces.join(''))
    expect(run.textDigest && digestHex(run.textDigest)).toBe(textDigest(run.text))
    const answer: DraftMessage = { role: 'assistant', parts: [{ type: 'text', text: run.text }] }
    const skeleton = answerSkeleton(answer, run.textDigest)!
    expect(skeleton.digest).toBe(textDigest(run.text))
    expect(fillAnswer(skeleton, run.text, run.textDigest)).toEqual(answer)
    // A digest taken of a shorter text is not used: the whole text is digested instead.
    expect(fillAnswer(skeleton, run.text, appendDigest(EMPTY_DIGEST, 'A long'))).toEqual(answer)
    expect(fillAnswer(skeleton, run.text.replace('long', 'LONG'), undefined)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { diffAnswers } from './answerDiff'

describe('diffAnswers', () => {
  it('marks the words only one answer has', () => {
    const d = diffAnswers('The quick brown fox jumps.', 'The quick red fox leaps.')
    const text = (kind: string) =>
      d.segments
        .filter((s) => s.kind === kind)
        .map((s) => s.text.trim())
        .join(' ')
    expect(text('removed')).toBe('brown jumps')
    expect(text('added')).toBe('red leaps')
    expect(d.removedWords).toBe(2)
    expect(d.addedWords).toBe(2)
    expect(d.segments.map((s) => s.text).join('')).toContain('The quick')
  })

  it('puts back either answer from its segments', () => {
    const a = 'One two three.\n\nFour five.'
    const b = 'One three.\n\nFour five six.'
    const d = diffAnswers(a, b)
    const join = (skip: string) =>
      d.segments
        .filter((s) => s.kind !== skip)
        .map((s) => s.text)
        .join('')
    expect(join('added')).toBe(a)
    expect(join('removed')).toBe(b)
  })

  it('reports answers that differ beyond the bound instead of aligning them', () => {
    const a = Array.from({ length: 300 }, (_, i) => `a${i}`).join(' ')
    const b = Array.from({ length: 300 }, (_, i) => `b${i}`).join(' ')
    const d = diffAnswers(a, b, 50)
    expect(d.tooDifferent).toBe(true)
    expect(d.segments).toEqual([])
  })

  it('equal answers are one shared segment', () => {
    expect(diffAnswers('same words', 'same words').segments).toEqual([{ kind: 'same', text: 'same words' }])
  })
})

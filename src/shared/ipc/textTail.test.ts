import { describe, expect, it } from 'vitest'
import { appendToTail, TAIL_WINDOW, type TextTail } from './textTail'

describe('appendToTail', () => {
  it('is always the end of the whole text, and stays bounded', () => {
    let whole = ''
    let tail: TextTail | undefined
    const piece = 'abcdefghij'.repeat(97)
    for (let i = 0; i < 300; i++) {
      const delta = `${i}:${piece.slice(0, (i * 37) % piece.length)}\n`
      tail = appendToTail(tail, whole.length, delta)
      whole += delta
      expect(whole.slice(tail.start)).toBe(tail.text)
      expect(tail.text.length).toBeLessThanOrEqual(2 * TAIL_WINDOW)
    }
    expect(whole.length).toBeGreaterThan(4 * TAIL_WINDOW)
    expect(tail!.start).toBeGreaterThan(0)
  })

  it('starts afresh from a tail that does not end where the text does', () => {
    const stale: TextTail = { start: 0, text: 'old' }
    expect(appendToTail(stale, 10, 'new')).toEqual({ start: 10, text: 'new' })
  })
})

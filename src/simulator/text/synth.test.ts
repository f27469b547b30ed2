// The simulator runs inside the app, so reading a prompt must stay linear however the prompt is made.
import { describe, expect, it } from 'vitest'
import { hintsFrom } from './synth'

describe('hintsFrom', () => {
  it('finds names and words, trimming punctuation around them', () => {
    const hints = hintsFrom('Tell me about «Paris»! and the ships of Lisbon, please.')
    expect(hints.names).toEqual(['Paris', 'Lisbon'])
    expect(hints.words).toContain('ships')
  })

  it('reads a 400,000-character run of punctuation and 50,000 distinct names in linear time (S9)', () => {
    expect(hintsFrom(`a${'!'.repeat(400_000)}a`).names).toEqual([])
    const names = Array.from(
      { length: 50_000 },
      (_, i) => `Name${String.fromCharCode(97 + (i % 26))}${i.toString(36).replace(/\d/g, 'x')}`,
    )
    expect(hintsFrom(`start ${names.join(' ')}`).names.length).toBeGreaterThan(1000)
  })
})

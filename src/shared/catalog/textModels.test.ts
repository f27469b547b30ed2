import { describe, expect, it } from 'vitest'
import { KNOWN_TEXT_MODELS, THINKING_SUFFIXES, parseThinkingSuffix, withThinkingSuffix } from './textModels'

describe('parseThinkingSuffix', () => {
  it('reads every suffix of the spec', () => {
    expect(parseThinkingSuffix('m-thinking')).toEqual({ base: 'm', thinking: { kind: 'on' } })
    expect(parseThinkingSuffix('m-thinking-2048')).toEqual({
      base: 'm',
      thinking: { kind: 'budget', budget: 2048 },
    })
    expect(parseThinkingSuffix('m-nothinking')).toEqual({ base: 'm', thinking: { kind: 'off' } })
    expect(parseThinkingSuffix('gemini-2.5-pro-thinking-low')).toEqual({
      base: 'gemini-2.5-pro',
      thinking: { kind: 'level', level: 'low' },
    })
    expect(parseThinkingSuffix('m-thinking-high').thinking).toEqual({ kind: 'level', level: 'high' })
  })

  it('leaves ids without a suffix alone', () => {
    expect(parseThinkingSuffix('gpt-4o')).toEqual({ base: 'gpt-4o', thinking: undefined })
    expect(parseThinkingSuffix('thinking')).toEqual({ base: 'thinking', thinking: undefined })
    expect(parseThinkingSuffix('m-thinking-extra')).toEqual({ base: 'm-thinking-extra', thinking: undefined })
  })

  it('round-trips with withThinkingSuffix for every known model', () => {
    for (const { id } of KNOWN_TEXT_MODELS) {
      for (const suffix of [
        { kind: 'on' },
        { kind: 'off' },
        { kind: 'budget', budget: 1500 },
        { kind: 'level', level: 'high' },
      ] as const) {
        expect(parseThinkingSuffix(withThinkingSuffix(id, suffix))).toEqual({ base: id, thinking: suffix })
      }
    }
    expect(THINKING_SUFFIXES).toHaveLength(5)
  })
})

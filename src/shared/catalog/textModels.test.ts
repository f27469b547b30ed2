import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MODEL_BY_FORMAT,
  KNOWN_TEXT_MODELS,
  THINKING_SUFFIXES,
  isKnownTextModel,
  modelForFormat,
  parseThinkingSuffix,
  thinkingSuffixExamples,
  withThinkingSuffix,
} from './textModels'

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

describe('modelForFormat', () => {
  it('gives each format a default model called through that format', () => {
    for (const format of ['chat', 'responses', 'messages', 'native'] as const) {
      const id = DEFAULT_MODEL_BY_FORMAT[format]
      expect(KNOWN_TEXT_MODELS.find((m) => m.id === id)?.formats).toContain(format)
    }
  })

  it('replaces a suggestion of another format, or nothing, with the format default', () => {
    expect(modelForFormat('gpt-4o-mini', 'native')).toBe('gemini-2.5-flash')
    expect(modelForFormat('gpt-5-thinking-low', 'messages')).toBe('claude-sonnet-4-6')
    expect(modelForFormat('', 'native')).toBe('gemini-2.5-flash')
  })

  it('keeps a model the format reaches and any id it does not know', () => {
    expect(modelForFormat('claude-opus-4-7', 'chat')).toBe('claude-opus-4-7')
    expect(modelForFormat('my-own-model', 'native')).toBe('my-own-model')
  })
})

describe('THINKING_SUFFIXES', () => {
  it('lists exactly the suffixes parseThinkingSuffix reads, each as a user types it', () => {
    const examples = thinkingSuffixExamples(3000)
    expect(examples).toEqual([
      '-thinking',
      '-thinking-3000',
      '-nothinking',
      '-thinking-low',
      '-thinking-high',
    ])
    const kinds = examples.map((suffix) => parseThinkingSuffix(`gpt-5${suffix}`))
    expect(kinds.every((k) => k.base === 'gpt-5')).toBe(true)
    expect(kinds.map((k) => k.thinking)).toEqual([
      { kind: 'on' },
      { kind: 'budget', budget: 3000 },
      { kind: 'off' },
      { kind: 'level', level: 'low' },
      { kind: 'level', level: 'high' },
    ])
    expect(THINKING_SUFFIXES).toHaveLength(examples.length)
  })
})

describe('isKnownTextModel', () => {
  it('knows the listed ids, with or without a thinking suffix', () => {
    expect(isKnownTextModel('gpt-4o-mini')).toBe(true)
    expect(isKnownTextModel('claude-sonnet-4-6-thinking-8192')).toBe(true)
    expect(isKnownTextModel(' gemini-2.5-flash-nothinking ')).toBe(true)
  })
  it('does not know an id outside the list', () => {
    expect(isKnownTextModel('vendor-llm-7')).toBe(false)
    expect(isKnownTextModel('vendor-llm-7-thinking')).toBe(false)
  })
})

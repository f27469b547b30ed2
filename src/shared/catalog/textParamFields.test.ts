import { describe, expect, it } from 'vitest'
import {
  TEXT_PARAMS_LAYOUT,
  isChecked,
  numberFieldError,
  readPath,
  writePath,
  type CheckFieldSpec,
  type NumberFieldSpec,
} from './textParamFields'
import { TEMPERATURE_RANGE, THINKING_BUDGET_EXCLUSIVE_MIN, TOP_P_RANGE } from './textParams'

const FORMATS = ['chat', 'responses', 'messages', 'native'] as const
const field = (format: (typeof FORMATS)[number], name: string) =>
  [
    ...TEXT_PARAMS_LAYOUT[format].sampling,
    ...TEXT_PARAMS_LAYOUT[format].thinking,
    ...TEXT_PARAMS_LAYOUT[format].formatFields.fields,
  ].find((f) => f.name === name)

describe('text parameter descriptors', () => {
  it('take the temperature, top_p and budget limits from the spec constants', () => {
    for (const format of FORMATS) {
      const t = field(format, 'temperature') as NumberFieldSpec
      expect([t.min, t.max]).toEqual([TEMPERATURE_RANGE[format].min, TEMPERATURE_RANGE[format].max])
      const p = field(format, 'top_p') as NumberFieldSpec
      expect([p.min, p.max]).toEqual([TOP_P_RANGE.min, TOP_P_RANGE.max])
    }
    expect((field('messages', 'budget_tokens') as NumberFieldSpec).min).toBe(
      THINKING_BUDGET_EXCLUSIVE_MIN + 1,
    )
  })

  it('show top_k only where the format has it', () => {
    expect(FORMATS.filter((f) => field(f, 'top_k'))).toEqual(['messages', 'native'])
  })

  it('give every control of a format a distinct name', () => {
    for (const format of FORMATS) {
      const l = TEXT_PARAMS_LAYOUT[format]
      const names = [...l.sampling, ...l.thinking, ...l.formatFields.fields].map(
        (f) => `${f.target.in}:${f.name}`,
      )
      expect(new Set(names).size).toBe(names.length)
    }
  })
})

describe('number field errors', () => {
  const temp = field('messages', 'temperature') as NumberFieldSpec
  it('name the field and the range once the text is out of it', () => {
    expect(numberFieldError(temp, '1.5')).toBe('Temperature must be between 0 and 1')
    expect(numberFieldError(temp, 'abc')).toBe('Temperature must be a number')
    expect(numberFieldError(temp, '0.7')).toBeNull()
    expect(numberFieldError(temp, '')).toBeNull()
    expect(numberFieldError(field('messages', 'budget_tokens') as NumberFieldSpec, '1024')).toBe(
      'Budget tokens must be at least 1025',
    )
  })
})

describe('paths into the extras', () => {
  it('write a nested value and remove objects left empty when the value is cleared', () => {
    const set = writePath({ cachedContent: 'c' }, ['toolConfig', 'functionCallingConfig', 'mode'], 'ANY')
    expect(set).toEqual({ cachedContent: 'c', toolConfig: { functionCallingConfig: { mode: 'ANY' } } })
    expect(readPath(set, ['toolConfig', 'functionCallingConfig', 'mode'])).toBe('ANY')
    expect(writePath(set, ['toolConfig', 'functionCallingConfig', 'mode'], undefined)).toEqual({
      cachedContent: 'c',
    })
  })

  it('keep sibling fields of a cleared value', () => {
    const x = { search_parameters: { mode: 'on', max_search_results: 3 } }
    expect(writePath(x, ['search_parameters', 'mode'], undefined)).toEqual({
      search_parameters: { max_search_results: 3 },
    })
  })
})

describe('check boxes', () => {
  it('show the gateway default while absent and the stored value otherwise', () => {
    const parallel = field('responses', 'parallel_tool_calls') as CheckFieldSpec
    expect(isChecked(parallel, undefined)).toBe(true)
    expect(isChecked(parallel, false)).toBe(false)
    const image = field('native', 'responseModalities') as CheckFieldSpec
    expect(isChecked(image, undefined)).toBe(false)
    expect(isChecked(image, ['TEXT', 'IMAGE'])).toBe(true)
  })
})

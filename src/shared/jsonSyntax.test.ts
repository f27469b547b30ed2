import { describe, expect, it } from 'vitest'
import { jsonSyntaxError } from './jsonSyntax'
import { MAX_JSON_DEPTH, parseJsonBounded, tooDeepAt } from './jsonDepth'

describe('jsonSyntaxError', () => {
  it('names the unexpected character with its line and column', () => {
    const text = '{\n  "model": "m",\n  "temperature": }'
    expect(jsonSyntaxError(text)?.message).toBe('unexpected `}` at line 3, column 18')
  })

  it('points at a trailing comma by the brace after it', () => {
    expect(jsonSyntaxError('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1 })
    expect(jsonSyntaxError('{\n  "a": 1,\n}')?.problem).toMatch(/unexpected `}`/)
  })

  it('says what is missing at the end of a cut text', () => {
    expect(jsonSyntaxError('{"a": [1, 2')?.problem).toMatch(/closing bracket is missing|`]` is missing/)
    expect(jsonSyntaxError('   ')?.problem).toBe('the JSON is empty')
  })

  it('accepts exactly what JSON.parse accepts on common texts', () => {
    for (const text of [
      '{}',
      '[1,2]',
      '"x"',
      '{"a":{"b":[true,null,1.5e3]}}',
      '{"a":1,}',
      '{a:1}',
      '// c\n{}',
    ]) {
      let parses = true
      try {
        JSON.parse(text)
      } catch {
        parses = false
      }
      expect(jsonSyntaxError(text) === null, text).toBe(parses)
    }
  })

  it('refuses nesting past its bound by a linear scan, before the recursive parser sees it', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000)
    expect(jsonSyntaxError(deep)?.message).toBe(
      `nested deeper than ${MAX_JSON_DEPTH} levels at line 1, column 257`,
    )
    expect(() => parseJsonBounded(deep)).toThrow(/nested deeper than 256 levels/)
    // Brackets inside strings are text, not nesting.
    expect(parseJsonBounded(JSON.stringify({ text: '['.repeat(1000) }))).toEqual({ text: '['.repeat(1000) })
    expect(tooDeepAt('[[1]]', 2)).toBe(-1)
    expect(tooDeepAt('[[[1]]]', 2)).toBe(2)
    // At the bound's length exactly (read without a scan) and one past it.
    expect(tooDeepAt('[[[', 3)).toBe(-1)
    expect(tooDeepAt('[[[[', 3)).toBe(3)
    expect(tooDeepAt('{"a":[[', 3)).toBe(-1)
  })
})

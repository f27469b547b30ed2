import { describe, expect, it } from 'vitest'
import { jsonSyntaxError } from './jsonSyntax'

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
})

import { describe, expect, it } from 'vitest'
import { responseFormatProblem, toolsProblem } from './jsonField'
import { extrasFromText } from './extrasText'

describe('JSON field problems', () => {
  it('give the line and column of a syntax error', () => {
    const text = '[{"name": "a",\n  "parameters": {"type": "object",}}]'
    const problem = toolsProblem(text)
    expect(problem?.line).toBe(2)
    expect(problem?.column).toBe(35) // the `}` after the trailing comma
    expect(problem?.message).toMatch(/^Tools: not valid JSON at line 2, column 35: /)
    expect(problem?.message).not.toMatch(/position/)
  })

  it('say where JSON that ends too early ends', () => {
    expect(toolsProblem('[{"name": "a"')?.message).toMatch(/^Tools: not valid JSON at line 1, column 14: \S/)
    expect(toolsProblem('')).toBeNull()
  })

  it('name the shape rule a parsed value breaks', () => {
    expect(toolsProblem('{"name": "a"}')?.message).toBe('Tools: must be an array of function definitions')
    expect(toolsProblem('[{"description": "x"}]')?.message).toBe('Tools: every tool needs a string name')
    expect(responseFormatProblem('[1]')?.message).toBe('Structured output: must be a JSON schema object')
  })

  it('accept empty and valid text', () => {
    expect(toolsProblem('  ')).toBeNull()
    expect(toolsProblem('[{"name": "a"}]')).toBeNull()
    expect(responseFormatProblem('{"type": "object"}')).toBeNull()
  })
})

describe('the Other fields editor', () => {
  it('keeps keys the form does not know, for every format', () => {
    for (const format of ['chat', 'responses', 'messages', 'native'] as const) {
      const result = extrasFromText(format, '{"seed": 7, "future_field": {"a": [1]}}')
      expect(result).toEqual({ ok: true, value: { seed: 7, future_field: { a: [1] } } })
    }
  })

  it('still names a known field with the wrong type', () => {
    const result = extrasFromText('responses', '{"max_tool_calls": "three"}')
    expect(result.ok).toBe(false)
    expect(!result.ok && result.message).toMatch(/^max_tool_calls: /)
  })
})

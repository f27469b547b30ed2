import { describe, expect, it } from 'vitest'
import { formats, type Draft } from '../wire'
import { diffBodies, pathText } from './bodyDiff'

describe('diffBodies', () => {
  it('lists changed, added and missing paths with both values', () => {
    const d = diffBodies(
      JSON.stringify({
        model: 'a',
        max_tokens: 10,
        stop: ['x'],
        messages: [{ role: 'user', content: 'hi' }],
      }),
      JSON.stringify({ model: 'b', max_output_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    )
    expect(d.changes).toEqual(
      expect.arrayContaining([
        { path: 'model', kind: 'changed', before: 'a', after: 'b' },
        { path: 'max_tokens', kind: 'missing', before: 10 },
        { path: 'stop', kind: 'missing', before: ['x'] },
        { path: 'max_output_tokens', kind: 'added', after: 10 },
      ]),
    )
    expect(d.counts).toEqual({ changed: 1, added: 1, missing: 2 })
  })

  it('names nested and array paths the way the warnings do', () => {
    expect(pathText(['generationConfig', 'topK'])).toBe('generationConfig.topK')
    expect(pathText(['messages', 0, 'content'])).toBe('messages[0].content')
    expect(pathText(['extra_body', 'a-b'])).toBe('extra_body["a-b"]')
    expect(pathText([])).toBe('$')
  })

  it('shows where two formats put the same draft', () => {
    const draft: Draft = {
      model: 'm',
      system: 'Be brief.',
      topK: 5,
      maxTokens: 100,
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    }
    const d = diffBodies(
      JSON.stringify(formats.messages.build(draft).body),
      JSON.stringify(formats.native.build(draft).body),
    )
    const paths = d.changes.map((c) => `${c.kind} ${c.path}`)
    expect(paths).toContain('missing system')
    expect(paths).toContain('missing top_k')
    expect(paths).toContain('added systemInstruction')
    expect(paths).toContain('added generationConfig')
  })

  it('says why when a body is not JSON', () => {
    expect(diffBodies('{', '{}').error).toMatch(/first body is not valid JSON/)
    expect(diffBodies('{}', '3').error).toMatch(/second body is not a JSON object/)
  })

  it('finds no change between equal bodies', () => {
    expect(diffBodies('{"a":[1,{"b":2}]}', '{"a":[1,{"b":2}]}').changes).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { checkedWords } from './modelFacts'
import { addToModelList } from './AddModel'

describe('what the picker says of a model', () => {
  it('lists the formats the last check saw in the panels’ order, with the check’s day', () => {
    const at = Date.UTC(2026, 10, 27, 23, 59)
    expect(
      checkedWords({ at, formats: { messages: 'refused', embeddings: 'supported', chat: 'supported' } }),
    ).toBe('checked 2026-11-27: chat ✓, messages ✗, embeddings ✓')
  })
})

describe('adding a picked model to a list of ids', () => {
  it('appends a new id once, whatever separated the ids before', () => {
    expect(addToModelList('', 'gpt-4o')).toBe('gpt-4o')
    expect(addToModelList('gpt-4o claude-sonnet-4-6,', ' gemini-2.5-flash ')).toBe(
      'gpt-4o, claude-sonnet-4-6, gemini-2.5-flash',
    )
    expect(addToModelList('gpt-4o, x', 'gpt-4o')).toBe('gpt-4o, x')
    expect(addToModelList('gpt-4o', '  ')).toBe('gpt-4o')
  })
})

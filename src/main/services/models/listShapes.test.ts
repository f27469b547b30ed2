import { describe, expect, it } from 'vitest'
import { readListPage } from './listShapes'

describe('reading a model list page', () => {
  it("follows Gemini's nextPageToken and reads its limits and methods", () => {
    const page = readListPage({
      models: [
        {
          name: 'models/gemini-2.5-flash',
          displayName: 'Gemini 2.5 Flash',
          inputTokenLimit: 1048576,
          outputTokenLimit: 65536,
          supportedGenerationMethods: ['generateContent'],
        },
        { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
      ],
      nextPageToken: 'abc',
    })
    expect(page).toEqual({
      shape: 'gemini',
      next: { pageToken: 'abc' },
      models: [
        {
          id: 'gemini-2.5-flash',
          name: 'Gemini 2.5 Flash',
          contextWindow: 1048576,
          maxOutput: 65536,
          kind: 'text',
        },
        { id: 'text-embedding-004', kind: 'embedding' },
      ],
    })
  })

  it('reads OpenRouter prices per token as prices per 1M tokens, and ignores variable (-1) and junk prices', () => {
    const page = readListPage({
      data: [
        {
          id: 'a/b',
          pricing: {
            prompt: '0.000003',
            completion: '0.000015',
            input_cache_read: '0.0000003',
            image: '0.04',
          },
        },
        { id: 'c', pricing: { prompt: '-1', completion: 'free' } },
      ],
    })
    expect(page?.models).toEqual([
      { id: 'a/b', pricing: { input: 3, output: 15, cachedRead: 0.3, image: 0.04 } },
      { id: 'c' },
    ])
  })

  it('leaves out ids with spaces, control characters or too long, and answers null for what is not a list', () => {
    const page = readListPage({
      data: [{ id: 'ok' }, { id: 'has space' }, { id: 'x'.repeat(201) }, { id: 'a\u0000b' }, 'junk', null],
    })
    expect(page?.models.map((m) => m.id)).toEqual(['ok'])
    expect(readListPage('<html>')).toBeNull()
    expect(readListPage({ object: 'list' })).toBeNull()
    expect(readListPage([1, 2])).toBeNull()
  })

  it("tells Anthropic's shape by has_more and pages after the last id", () => {
    const page = readListPage({
      data: [{ type: 'model', id: 'claude-x', display_name: 'Claude X' }],
      has_more: true,
      last_id: 'claude-x',
    })
    expect(page).toEqual({
      shape: 'anthropic',
      next: { after_id: 'claude-x' },
      models: [{ id: 'claude-x', name: 'Claude X', kind: 'text' }],
    })
  })
})

import { describe, expect, it } from 'vitest'
import { draftSchema, systemText } from './draft'
import type { Draft } from './draft'

const full: Draft = {
  model: 'm',
  stream: true,
  system: 'S',
  systemBlocks: [{ text: 'cached', cacheControl: { type: 'ephemeral' } }],
  messages: [
    {
      id: 'ui-1',
      role: 'user',
      parts: [
        { type: 'text', text: 'hi', cacheControl: { type: 'persistent' } },
        { type: 'image', mimeType: 'image/png', data: 'AA==', detail: 'low' },
        { type: 'file', filename: 'a.pdf', dataUrl: 'data:application/pdf;base64,AA==' },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'r', signature: 's' },
        { type: 'toolCall', id: 'c', name: 'f', arguments: '{}' },
      ],
    },
    { role: 'tool', parts: [{ type: 'toolResult', callId: 'c', name: 'f', content: 'ok', isError: false }] },
  ],
  temperature: 0.2,
  topP: 0.5,
  topK: 3,
  maxTokens: 9,
  stopSequences: ['x'],
  tools: [{ name: 'f', description: 'd', parameters: { type: 'object' } }],
  toolChoice: { name: 'f' },
  responseFormat: { name: 'r', schema: { type: 'object' } },
  thinking: { enabled: true, budgetTokens: 2000, effort: 'high', includeThoughts: true },
  extras: {
    chat: { enable_thinking: true, thinking_config: { thinking_budget: -1 }, vendorSearch: 'extra_body' },
    responses: {
      reasoning: { effort: 'none' },
      truncation: 'auto',
      tool_choice: { type: 'web_search_preview' },
    },
    messages: { thinking: { type: 'enabled', budget_tokens: 2048 }, disable_parallel_tool_use: true },
    native: {
      generationConfig: { responseModalities: ['IMAGE'] },
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    },
  },
}

describe('draftSchema', () => {
  it('accepts a draft using every part kind and every format extra, unchanged', () => {
    expect(draftSchema.parse(full)).toEqual(full)
  })

  it('refuses an image with both data and url, or data without a mime type', () => {
    const image = (part: object) => ({
      model: 'm',
      messages: [{ role: 'user', parts: [{ type: 'image', ...part }] }],
    })
    expect(
      draftSchema.safeParse(image({ data: 'AA', url: 'https://x.test/a.png', mimeType: 'image/png' }))
        .success,
    ).toBe(false)
    expect(draftSchema.safeParse(image({ data: 'AA' })).success).toBe(false)
    expect(draftSchema.safeParse(image({ url: 'https://x.test/a.png' })).success).toBe(true)
  })

  it('refuses unknown roles, part types and enum values', () => {
    expect(draftSchema.safeParse({ model: 'm', messages: [{ role: 'robot', parts: [] }] }).success).toBe(
      false,
    )
    expect(
      draftSchema.safeParse({ model: 'm', messages: [{ role: 'user', parts: [{ type: 'video' }] }] }).success,
    ).toBe(false)
    expect(
      draftSchema.safeParse({ model: 'm', messages: [], extras: { chat: { reasoning_effort: 'max' } } })
        .success,
    ).toBe(false)
  })
})

describe('systemText', () => {
  it('prefers the system string and falls back to the joined system blocks', () => {
    expect(systemText({ model: 'm', messages: [], system: 'A', systemBlocks: [{ text: 'B' }] })).toBe('A')
    expect(systemText({ model: 'm', messages: [], systemBlocks: [{ text: 'B' }, { text: 'C' }] })).toBe(
      'B\n\nC',
    )
    expect(systemText({ model: 'm', messages: [] })).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { draftSchema, formats, type Draft, type WireFormat } from './index'
import { unknownExtras } from './extraFields'

const base = (format: WireFormat, extras: Record<string, unknown>): Draft =>
  draftSchema.parse({
    model: 'm',
    maxTokens: 100,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    extras: { [format]: extras },
  })

describe('extras the form does not know', () => {
  const cases: [WireFormat, Record<string, unknown>][] = [
    ['chat', { seed: 7, logprobs: true, top_logprobs: 2 }],
    ['responses', { service_tier: 'flex', store: false, include: ['reasoning.encrypted_content'] }],
    ['messages', { container: 'c1', service_tier: 'auto' }],
    ['native', { labels: { team: 'a' }, serviceTier: 'flex' }],
  ]
  for (const [format, unknown] of cases) {
    it(`are kept by the draft schema and sent at the top of the ${format} body`, () => {
      const draft = base(format, unknown)
      expect(draft.extras?.[format]).toEqual(unknown)
      const body = formats[format].build(draft).body as Record<string, unknown>
      for (const [key, value] of Object.entries(unknown)) expect(body[key]).toEqual(value)
    })
  }

  it('keep unknown keys nested in known objects (native generationConfig, responses reasoning)', () => {
    const native = formats.native.build(
      base('native', { generationConfig: { seed: 3, thinkingConfig: { thinkingBudget: 10, extra: 1 } } }),
    ).body as { generationConfig: Record<string, unknown> }
    expect(native.generationConfig).toEqual({
      maxOutputTokens: 100,
      seed: 3,
      thinkingConfig: { thinkingBudget: 10, extra: 1 },
    })
    const responses = formats.responses.build(
      base('responses', { reasoning: { effort: 'low', future: true } }),
    ).body as { reasoning: unknown }
    expect(responses.reasoning).toEqual({ effort: 'low', future: true })
  })

  it('never replace a field the builder writes', () => {
    const draft = base('chat', { model: 'other', messages: [], seed: 1 })
    const body = formats.chat.build(draft).body as Record<string, unknown>
    expect(body.model).toBe('m')
    expect(body.seed).toBe(1)
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }])
  })

  it('leave out the keys the app places itself', () => {
    expect(unknownExtras('chat', { vendorSearch: 'function', seed: 1 })).toEqual({ seed: 1 })
    expect(unknownExtras('native', { apiVersion: 'v1', cachedContent: 'c' })).toEqual({})
  })
})

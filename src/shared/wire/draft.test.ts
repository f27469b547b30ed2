import { describe, expect, it } from 'vitest'
import { draftSchema, systemText } from './draft'
import { FULL_DRAFT as full } from '../../../test/fakes/randomDrafts'

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

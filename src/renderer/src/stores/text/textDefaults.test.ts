import { describe, expect, it } from 'vitest'
import { DEFAULT_APP_SETTINGS, type TextDefaults } from '../../../../shared/ipc/app'
import { modelAfterFormatChange, startingText, startingTextFor } from './textDefaults'

const defaults = (patch: Partial<TextDefaults> = {}): TextDefaults => ({
  ...DEFAULT_APP_SETTINGS.text,
  ...patch,
})
const models = { chat: 'gpt-5-mini', responses: '', messages: 'claude-haiku-4-5', native: 'gemini-2.5-pro' }

describe('text defaults', () => {
  it('starts with the default format, its default model and the stream choice', () => {
    expect(startingText(defaults({ format: 'messages', models, stream: false }), 'gpt-4o-mini')).toEqual({
      format: 'messages',
      model: 'claude-haiku-4-5',
      stream: false,
    })
  })

  it('leaves what the user chose before the settings arrived: format and model together, stream alone', () => {
    const start = startingText(defaults({ format: 'messages', models, stream: false }), 'gpt-4o-mini')
    expect(startingTextFor(start, {})).toEqual(start)
    // The user picked Messages… then typed a model: neither is replaced by the late defaults.
    expect(startingTextFor(start, { format: true })).toEqual({ stream: false })
    expect(startingTextFor(start, { model: true })).toEqual({ stream: false })
    expect(startingTextFor(start, { stream: true })).toEqual({
      format: 'messages',
      model: 'claude-haiku-4-5',
    })
    expect(startingTextFor(start, { format: true, model: true, stream: true })).toEqual({})
  })

  it("keeps the panel's model when the default format has no default model", () => {
    expect(startingText(defaults({ format: 'responses', models }), 'gpt-4o-mini').model).toBe('gpt-4o-mini')
  })

  it('moves a default model to the new format default, and never a model the user typed', () => {
    const d = defaults({ models })
    expect(modelAfterFormatChange(d, { format: 'chat', model: 'gpt-5-mini' }, 'messages')).toBe(
      'claude-haiku-4-5',
    )
    // A known model of another format is a leftover suggestion, not a choice for this format.
    expect(modelAfterFormatChange(d, { format: 'chat', model: 'gpt-4o' }, 'native')).toBe('gemini-2.5-pro')
    expect(modelAfterFormatChange(d, { format: 'chat', model: '' }, 'native')).toBe('gemini-2.5-pro')
    expect(modelAfterFormatChange(d, { format: 'chat', model: 'my-finetune' }, 'native')).toBeNull()
    expect(modelAfterFormatChange(d, { format: 'messages', model: 'gemini-2.5-flash' }, 'native')).toBeNull()
    expect(modelAfterFormatChange(d, { format: 'chat', model: 'gpt-5-mini' }, 'responses')).toBeNull()
  })
})

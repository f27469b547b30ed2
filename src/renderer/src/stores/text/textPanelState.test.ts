// The Text panel's saved state stays within its bound when the last run it keeps is large: the run gives way (its
// raw error body, then most of its text, then itself) and the user's draft is saved whole.
import { describe, expect, it } from 'vitest'
import { MAX_WORKSPACE_STATE } from '../../../../shared/workspace/panels'
import type { TextPanelState } from '../../../../shared/workspace/panelStates'
import { TEXT_FORM_DEFAULTS } from '../../../../shared/workspace/textDefaults'
import { boundedState } from '../workspace'
import { textPanelPersistence } from './textPanelState'

function state(composerChars: number, textChars: number, rawChars: number): TextPanelState {
  return {
    ...TEXT_FORM_DEFAULTS,
    system: '',
    cacheSystem: false,
    conversationTurns: 1,
    composer: 'd'.repeat(composerChars),
    attachments: [],
    attachmentUrls: {},
    toolsText: '',
    responseFormatText: '',
    extras: { chat: {}, responses: {}, messages: {}, native: {} },
    rawBody: null,
    variables: {},
    lastEnd: {
      runId: 'run-1',
      status: 'error',
      format: 'chat',
      model: 'm',
      turns: 1,
      text: 't'.repeat(textChars),
      chars: textChars,
      error: { message: 'overloaded', raw: 'r'.repeat(rawChars) },
    },
  } as TextPanelState
}

const saved = (s: TextPanelState) => {
  const text = boundedState(s, textPanelPersistence.shrink)
  return text === null ? null : (JSON.parse(text) as TextPanelState)
}

describe('the Text panel state with its last run', () => {
  it('keeps the last run whole when it fits', () => {
    const kept = saved(state(1_000, 50_000, 20_000))!
    expect(kept.lastEnd?.text.length).toBe(50_000)
    expect(kept.lastEnd?.error?.raw?.length).toBe(20_000)
  })

  it('lets the last run give way, never the draft: raw body first, then most of its text, then the run', () => {
    const noRaw = saved(state(MAX_WORKSPACE_STATE - 60_000, 50_000, 20_000))!
    expect(noRaw.composer.length).toBe(MAX_WORKSPACE_STATE - 60_000)
    expect(noRaw.lastEnd?.error?.raw).toBeUndefined()
    expect(noRaw.lastEnd?.text.length).toBe(50_000)

    const short = saved(state(MAX_WORKSPACE_STATE - 20_000, 50_000, 20_000))!
    expect(short.lastEnd?.error?.message).toBe('overloaded')
    expect(short.lastEnd!.text.length).toBeLessThan(10_000)
    // It still says how much had arrived, so the panel shows the start as a start.
    expect(short.lastEnd!.chars).toBe(50_000)

    const none = saved(state(MAX_WORKSPACE_STATE - 2_000, 50_000, 20_000))!
    expect(none.lastEnd).toBeNull()
    expect(none.composer.length).toBe(MAX_WORKSPACE_STATE - 2_000)
  })
})

// The Text panel's saved state names its last run that ended without becoming a turn and keeps only its error's
// headline: the run's text and raw error body are History's (kept once), so a large failed run never crowds the
// user's draft out of the state's bound. A state too large still lets the run go before any of the draft.
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_WORKSPACE_STATE } from '../../../../shared/workspace/panels'
import type { TextPanelState } from '../../../../shared/workspace/panelStates'
import { newRun } from '../../../../shared/ipc/runView'
import { boundedState } from '../workspace'
import { textPanelPersistence } from './textPanelState'
import { useTextStore } from './textStore'

const initial = useTextStore.getState()
afterEach(() => useTextStore.setState(initial, true))

function failedRun(textChars: number, rawChars: number, composerChars: number): void {
  const run = {
    ...newRun('run-1', 'chat', 'gpt-4o-mini'),
    status: 'error' as const,
    text: 't'.repeat(textChars),
    error: {
      message: 'overloaded',
      status: 529,
      errorType: 'overloaded_error',
      hint: 'Try again later.',
      raw: 'r'.repeat(rawChars),
    },
  }
  useTextStore.setState({ runs: { [run.runId]: run }, currentRunId: run.runId, composer: 'd'.repeat(composerChars) })
}

const saved = (s: TextPanelState) => {
  const text = boundedState(s, textPanelPersistence.shrink)
  return text === null ? null : (JSON.parse(text) as TextPanelState)
}

describe('the Text panel state with its last run', () => {
  it('names the failed run and keeps its error headline, not its text or raw body (History has those)', () => {
    failedRun(50_000, 20_000, 10)
    const state = textPanelPersistence.snapshot()
    expect(state.lastEnd).toEqual({
      runId: 'run-1',
      status: 'error',
      format: 'chat',
      model: 'gpt-4o-mini',
      turns: 0,
      chars: 50_000,
      error: { message: 'overloaded', status: 529, errorType: 'overloaded_error', hint: 'Try again later.' },
    })
    expect(JSON.stringify(state).length).toBeLessThan(2_000)
  })

  it('lets the last run give way when the draft fills the bound, never the draft', () => {
    failedRun(50_000, 20_000, 0)
    const bare = JSON.stringify({ ...textPanelPersistence.snapshot(), lastEnd: null }).length
    // A draft that fits only without the run's few hundred characters.
    const draftChars = MAX_WORKSPACE_STATE - bare - 20
    failedRun(50_000, 20_000, draftChars)
    const kept = saved(textPanelPersistence.snapshot())!
    expect(kept.lastEnd).toBeNull()
    expect(kept.composer.length).toBe(draftChars)
  })
})

// The Evals panel's saved state: the set-up as typed and the dataset and last run by reference only (never rows or
// cells), read back through its schema with rows that no longer read left out, and fresh row keys on restore.
import { afterEach, describe, expect, it } from 'vitest'
import { boundedState } from '../workspace'
import { evalsPanelPersistence } from './evalsPanelState'
import { useEvalsStore } from './evalsStore'
import { newGrader } from './form'

const initial = useEvalsStore.getState()
afterEach(() => useEvalsStore.setState(initial, true))

describe('the Evals panel state', () => {
  it('keeps the set-up as typed and the dataset and run by id, not their rows or cells', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      index: i,
      cells: ['x'.repeat(1000)],
      clipped: [],
      description: null,
      graders: 0,
    }))
    useEvalsStore.setState({
      dataset: {
        datasetId: 'ds-1-abc',
        name: 'big.csv',
        columns: ['q'],
        rowCount: 100_000,
        problems: [],
        problemCount: 0,
        unmapped: [],
      },
      rows,
      system: 'Be brief.',
      user: 'Say {{q}}',
      concurrency: '8',
      variants: [
        { key: 'v1', format: 'messages', model: 'm', profileId: 'p', temperature: '', maxTokens: '64' },
      ],
      graders: [{ ...newGrader('judge', 'p'), value: 'Is it brief?' }],
      run: {
        id: 'eval-1-abcdef',
        columns: ['c'],
        rowCount: 100_000,
        cells: { '0:0': {} as never },
        summaries: null,
        done: 1,
        size: 100_000,
        stopping: false,
        ended: null,
      },
    })
    const text = boundedState(evalsPanelPersistence.snapshot())!
    expect(text.length).toBeLessThan(2000)
    const saved = evalsPanelPersistence.schema!.parse(JSON.parse(text))
    expect(saved).toMatchObject({
      dataset: { id: 'ds-1-abc', name: 'big.csv' },
      system: 'Be brief.',
      user: 'Say {{q}}',
      concurrency: '8',
      runId: 'eval-1-abcdef',
      variants: [{ format: 'messages', model: 'm', maxTokens: '64' }],
      graders: [{ kind: 'judge', value: 'Is it brief?', threshold: '0.5' }],
    })
  })

  it('reads back a state whose rows partly no longer read, with the rest kept and fresh keys', () => {
    const saved = evalsPanelPersistence.schema!.parse({
      dataset: null,
      system: '',
      user: 'Hi {{a}}',
      concurrency: '2',
      variants: [
        { format: 'chat', model: 'a', profileId: 'p', temperature: '', maxTokens: '' },
        { format: 'telegraph', model: 'b', profileId: 'p', temperature: '', maxTokens: '' },
      ],
      graders: [{ kind: 'runPython', value: 'x' }],
      runId: 42,
    })
    expect(saved.variants.map((v) => v.model)).toEqual(['a'])
    expect(saved.graders).toEqual([])
    expect(saved.runId).toBeNull()
    evalsPanelPersistence.restore(saved)
    const s = useEvalsStore.getState()
    expect(s.user).toBe('Hi {{a}}')
    expect(s.variants).toHaveLength(1)
    expect(s.variants[0]!.key).toMatch(/^v\d+$/)
    expect(evalsPanelPersistence.untouched!()).toBe(false)
  })
})

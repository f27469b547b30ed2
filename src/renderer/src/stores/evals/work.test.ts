import { describe, expect, it } from 'vitest'
import type { DatasetInfo } from '../../../../shared/ipc/evals'
import { evalWork } from './work'
import { newGrader, type EvalForm } from './form'

const dataset: DatasetInfo = {
  datasetId: 'ds-1',
  name: 'cities.csv',
  columns: ['city', 'expected'],
  rowCount: 250,
  problems: [],
  problemCount: 0,
  unmapped: [],
}

const variant = (key: string, profileId: string, maxTokens: string) => ({
  key,
  format: 'chat' as const,
  model: `m-${key}`,
  profileId,
  temperature: '',
  maxTokens,
})

describe('what an eval would bill, for its estimate', () => {
  it('counts one answer per row for each variant, per profile, at the prompt and the max tokens', () => {
    const form: EvalForm = {
      system: 'Be brief.', // 9 characters
      user: 'Capital of {{city}}?', // 20 characters
      variants: [variant('a', 'p1', '100'), variant('b', 'p1', '50'), variant('c', 'p2', '10')],
      graders: [],
      concurrency: '4',
    }
    expect(evalWork(form, dataset, ['p1', 'p2'])).toEqual({
      leftOut: ['the values the rows fill into the prompt'],
      work: [
        {
          profileId: 'p1',
          items: [
            { format: 'chat', model: 'm-a', runs: 250, inputTokens: 8, outputTokens: 100 },
            { format: 'chat', model: 'm-b', runs: 250, inputTokens: 8, outputTokens: 50 },
          ],
        },
        {
          profileId: 'p2',
          items: [{ format: 'chat', model: 'm-c', runs: 250, inputTokens: 8, outputTokens: 10 }],
        },
      ],
    })
  })

  it('names what it cannot count, and makes no estimate of a form that cannot run', () => {
    const judge = { ...newGrader('judge', 'p1'), value: 'Names the capital', model: 'judge-model' }
    const form: EvalForm = {
      system: '',
      user: 'Capital of {{city}}?',
      variants: [variant('a', 'p1', '')],
      graders: [judge],
      concurrency: '4',
    }
    expect(evalWork(form, dataset, ['p1'])!.leftOut).toEqual([
      'the values the rows fill into the prompt',
      'answers of variants with no max tokens',
      'the judge and embedding calls',
    ])
    expect(evalWork(form, null, ['p1'])).toBeNull()
    expect(evalWork({ ...form, user: 'Capital of {{country}}?' }, dataset, ['p1'])).toBeNull()
  })
})

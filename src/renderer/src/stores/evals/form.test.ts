import { describe, expect, it } from 'vitest'
import type { EvalGrader } from '../../../../shared/evals/graders'
import { DEFAULT_APP_SETTINGS, type EvalDefaults } from '../../../../shared/ipc/app'
import { graderOf, graderRowOf, newGrader } from './form'

describe('a kept run’s graders back in the form', () => {
  it('shows each kind the form has as it ran, so running the form again sends the same grader', () => {
    const graders: EvalGrader[] = [
      { kind: 'contains', text: '{{expected}}' },
      { kind: 'matches', pattern: '^Yes', not: true },
      { kind: 'equals', value: 'Paris', trim: true },
      { kind: 'startsWith', value: 'The' },
      { kind: 'containsAny', values: ['a', 'b'] },
      { kind: 'containsAll', values: ['c', 'd'] },
      { kind: 'jsonPathEquals', path: '$.city', value: '"Lima"' },
      { kind: 'costUnder', amount: 0.25 },
      {
        kind: 'judge',
        rubric: 'Names {{expected}}',
        judge: { profileId: 'p2', format: 'messages', model: 'j' },
        threshold: 0.7,
      },
      { kind: 'similarity', expected: '{{expected}}', model: 'emb', profileId: 'p1', threshold: 0.9 },
    ]
    for (const g of graders) {
      const row = graderRowOf(g, 'p1')
      expect(row, g.kind).not.toBeNull()
      expect(graderOf(row!)).toEqual({ ok: true, grader: g })
    }
  })

  it('leaves out what the form cannot show as it ran', () => {
    expect(graderRowOf({ kind: 'contains', text: 'x', ignoreCase: true }, 'p1')).toBeNull()
    expect(graderRowOf({ kind: 'json' }, 'p1')).toBeNull()
    expect(
      graderRowOf(
        { kind: 'judge', rubric: 'r', judge: { format: 'chat', model: 'j' }, threshold: 0.5, range: [0, 10] },
        'p1',
      ),
    ).toBeNull()
  })
})

describe('a new grader', () => {
  const defaults: EvalDefaults = {
    judge: { profileId: 'judge-p', format: 'messages', model: 'claude-judge' },
    embedding: { profileId: '', model: 'emb-large' },
  }

  it('starts a judge or similarity grader with the default model, format and profile from Settings', () => {
    const judge = newGrader('judge', 'run-p', defaults, ['run-p', 'judge-p'])
    expect(judge).toMatchObject({ model: 'claude-judge', format: 'messages', profileId: 'judge-p' })
    // No default profile: the eval's own.
    expect(newGrader('similarity', 'run-p', defaults, ['run-p'])).toMatchObject({
      model: 'emb-large',
      profileId: 'run-p',
      value: '{{expected}}',
    })
    // Other kinds take nothing from the defaults.
    expect(newGrader('contains', 'run-p', defaults, ['run-p'])).toMatchObject({
      model: '',
      profileId: 'run-p',
    })
  })

  it('asks the eval’s own profile when the default names one that no longer exists', () => {
    expect(newGrader('judge', 'run-p', defaults, ['run-p']).profileId).toBe('run-p')
  })

  it('made from the app’s defaults, is a judge main accepts once its rubric is written', () => {
    const row = { ...newGrader('judge', 'run-p', DEFAULT_APP_SETTINGS.evals, ['run-p']), value: 'Polite' }
    expect(graderOf(row)).toEqual({
      ok: true,
      grader: {
        kind: 'judge',
        rubric: 'Polite',
        judge: { profileId: 'run-p', format: 'chat', model: 'gpt-4o-mini' },
        threshold: 0.5,
      },
    })
  })
})

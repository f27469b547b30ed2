import { describe, expect, it } from 'vitest'
import type { EvalGrader } from '../../../../shared/evals/graders'
import { graderOf, graderRowOf } from './form'

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

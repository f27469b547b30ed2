import { describe, expect, it } from 'vitest'
import { fillGrader, gradeText } from './textGraders'
import { parseJsonPath, readJsonPath } from './jsonPath'

describe('text graders', () => {
  it('equals: exact, any case, trimmed', () => {
    expect(gradeText({ kind: 'equals', value: 'Paris' }, 'Paris', null).pass).toBe(true)
    expect(gradeText({ kind: 'equals', value: 'Paris' }, 'paris', null)).toMatchObject({
      pass: false,
      message: expect.stringContaining('is not "Paris"'),
    })
    expect(gradeText({ kind: 'equals', value: 'Paris', ignoreCase: true }, 'PARIS', null).pass).toBe(true)
    expect(gradeText({ kind: 'equals', value: 'Paris', trim: true }, '  Paris\n', null).pass).toBe(true)
  })

  it('contains any / all name what was found or missing', () => {
    expect(gradeText({ kind: 'containsAny', values: ['Rome', 'Paris'] }, 'It is Paris.', null)).toMatchObject(
      { pass: true, message: 'the answer contains "Paris"' },
    )
    expect(gradeText({ kind: 'containsAny', values: ['Rome'] }, 'Paris', null).pass).toBe(false)
    expect(gradeText({ kind: 'containsAll', values: ['a', 'B'] }, 'a b', null)).toMatchObject({
      pass: false,
      message: 'the answer lacks "B"',
    })
    expect(gradeText({ kind: 'containsAll', values: ['a', 'B'], ignoreCase: true }, 'a b', null).pass).toBe(
      true,
    )
  })

  it('starts with', () => {
    expect(gradeText({ kind: 'startsWith', value: 'Yes' }, 'Yes, it is', null).pass).toBe(true)
    expect(gradeText({ kind: 'startsWith', value: 'Yes' }, 'No', null).pass).toBe(false)
  })

  it('JSON path equals reads fenced JSON, compares JSON values and names what is missing', () => {
    const answer = '```json\n{"city": {"name": "Paris", "pop": [2, 3]}}\n```'
    expect(
      gradeText({ kind: 'jsonPathEquals', path: '$.city.name', value: 'Paris' }, answer, null).pass,
    ).toBe(true)
    expect(
      gradeText({ kind: 'jsonPathEquals', path: '$.city.name', value: '"Paris"' }, answer, null).pass,
    ).toBe(true)
    expect(
      gradeText({ kind: 'jsonPathEquals', path: "$['city'].pop[-1]", value: '3' }, answer, null).pass,
    ).toBe(true)
    expect(gradeText({ kind: 'jsonPathEquals', path: '$.city.pop', value: '[2,3]' }, answer, null).pass).toBe(
      true,
    )
    expect(gradeText({ kind: 'jsonPathEquals', path: '$.city.size', value: '1' }, answer, null).message).toBe(
      'the answer has nothing at $.city.size',
    )
    expect(gradeText({ kind: 'jsonPathEquals', path: '$.a', value: '1' }, 'not json', null).message).toMatch(
      /not JSON/,
    )
    expect(gradeText({ kind: 'jsonPathEquals', path: '$..a', value: '1' }, '{}', null).message).toMatch(
      /JSON path: a name is missing/,
    )
  })

  it('JSON paths select one value and run nothing', () => {
    expect(parseJsonPath('$[?(@.a)]')).toMatchObject({ ok: false })
    expect(parseJsonPath('$.*')).toMatchObject({ ok: false })
    const p = parseJsonPath('answer.items[0]["a b"]')
    expect(p).toEqual({ ok: true, steps: ['answer', 'items', 0, 'a b'] })
    expect(
      readJsonPath({ answer: { items: [{ 'a b': 1 }] } }, (p as { steps: (string | number)[] }).steps),
    ).toEqual({ found: true, value: 1 })
    expect(readJsonPath({ __proto__: { x: 1 } }, ['x'])).toMatchObject({ found: false })
  })

  it('cost under needs a known cost', () => {
    expect(gradeText({ kind: 'costUnder', amount: 0.01 }, '', { amount: 0.002, currency: 'USD' }).pass).toBe(
      true,
    )
    expect(gradeText({ kind: 'costUnder', amount: 0.01 }, '', { amount: 0.02, currency: 'USD' }).pass).toBe(
      false,
    )
    expect(gradeText({ kind: 'costUnder', amount: 0.01 }, '', null)).toMatchObject({
      pass: false,
      message: expect.stringContaining('not known'),
    })
  })

  it('fills values from the row but never a pattern', () => {
    const row = { expected: 'Paris', x: '.*' }
    expect(fillGrader({ kind: 'equals', value: '{{expected}}' }, row).grader.value).toBe('Paris')
    expect(fillGrader({ kind: 'containsAny', values: ['{{expected}}', 'b'] }, row).grader.values).toEqual([
      'Paris',
      'b',
    ])
    expect(fillGrader({ kind: 'matches', pattern: '{{x}}' }, row).grader.pattern).toBe('{{x}}')
    expect(fillGrader({ kind: 'equals', value: '{{nope}}' }, row).missing).toEqual(['nope'])
  })
})

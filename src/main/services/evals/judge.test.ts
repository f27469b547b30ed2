import { describe, expect, it } from 'vitest'
import type { JudgeGrader } from '../../../shared/evals/graders'
import { judgeRequest, readVerdict } from './judge'

const g = (over: Partial<JudgeGrader> = {}): JudgeGrader => ({
  kind: 'judge',
  rubric: 'mentions {{city}}',
  judge: { format: 'chat', model: 'j' },
  threshold: 0,
  ...over,
})

describe('the judge', () => {
  it('asks with the built-in prompt and a JSON response format', () => {
    const req = judgeRequest(g({ rubric: 'mentions Paris' }), 'It is Paris.', {}, 'p1')
    expect(req).toMatchObject({
      profileId: 'p1',
      format: 'chat',
      draft: { model: 'j', stream: false, temperature: 0, responseFormat: { name: 'grade' } },
    })
    expect(req.draft.messages[0]!.parts[0]).toEqual({
      type: 'text',
      text: '<Output>\nIt is Paris.\n</Output>\n<Rubric>\nmentions Paris\n</Rubric>',
    })
  })

  it('fills a custom prompt with the answer, the rubric and the row; a range is said', () => {
    const req = judgeRequest(
      g({
        rubric: 'r',
        range: [0, 10],
        prompt: [
          { role: 'system', content: 'Grade {{city}}' },
          { role: 'user', content: 'Out: {{ output }} / {{rubric}}' },
        ],
      }),
      'ans',
      { city: 'Lima' },
      'p',
    )
    expect(req.draft.system).toBe('Grade Lima\n\nGive "score" on the scale from 0 to 10.')
    expect(req.draft.messages[0]!.parts[0]).toMatchObject({ text: 'Out: ans / r' })
  })

  it('reads its verdict: pass, score, threshold, range, prose around the JSON', () => {
    expect(readVerdict(g(), '{"pass": true, "score": 0.9, "reason": "ok"}')).toEqual({
      pass: true,
      score: 0.9,
      message: 'the judge says pass (score 0.9): ok',
    })
    expect(readVerdict(g({ threshold: 0.95 }), '{"pass": true, "score": 0.9}').pass).toBe(false)
    expect(readVerdict(g(), 'Sure! {"pass": false, "score": 0.2, "reason": "no"} Hope it helps').pass).toBe(
      false,
    )
    expect(readVerdict(g({ range: [0, 10], threshold: 0.7 }), '{"score": 8}')).toMatchObject({
      pass: true,
      score: 0.8,
    })
    expect(readVerdict(g({ range: [0, 10], threshold: 0.7 }), '{"score": 6, "pass": true}')).toMatchObject({
      pass: false,
      score: 0.6,
    })
    expect(readVerdict(g(), '{"pass": true}')).toMatchObject({ pass: true, score: 1 })
    expect(readVerdict(g(), '{"score": 7}')).toMatchObject({ pass: true, score: 1 })
    expect(readVerdict(g(), 'I think it passes')).toMatchObject({
      pass: false,
      message: expect.stringMatching(/did not answer with JSON/),
    })
    expect(readVerdict(g(), '[1,2]').pass).toBe(false)
  })

  it("says when the score is off its scale and when the judge's own pass overrules the score", () => {
    expect(readVerdict(g({ threshold: 0.5 }), '{"pass": false, "score": 51.34, "reason": "france"}')).toEqual(
      {
        pass: false,
        score: 1,
        message:
          'the judge says fail (score 51.34 is outside 0 to 1, read as 1, needs 0.5, its "pass" is false, which decides): france',
      },
    )
    expect(readVerdict(g({ range: [1, 5], threshold: 0.5 }), '{"score": 9}').message).toBe(
      'the judge says pass (score 9 is outside 1 to 5, read as 1, needs 0.5)',
    )
    expect(readVerdict(g({ threshold: 0.5 }), '{"pass": true, "score": 0.7}').message).toBe(
      'the judge says pass (score 0.7, needs 0.5)',
    )
  })
})

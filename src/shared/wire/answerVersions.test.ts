import { describe, expect, it } from 'vitest'
import type { DraftMessage } from './draft'
import { ANSWER_VERSIONS_MAX } from './answerBound'
import { answerVersions, rewrittenTurn, showAnswerVersion, withEarlierAnswers } from './answerVersions'
import { sendableTurns } from './conversation'

const answer = (text: string, id = text): DraftMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text }],
})
const shownText = (t: DraftMessage) => t.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')

describe('answer versions', () => {
  it('a regenerated answer is shown last, the earlier ones kept before it in order', () => {
    const two = withEarlierAnswers(answer('b'), answer('a'))
    const three = withEarlierAnswers(answer('c'), two)
    expect(shownText(three)).toBe('c')
    const { versions, shown } = answerVersions(three)
    expect(versions.map((v) => v.id)).toEqual(['a', 'b', 'c'])
    expect(shown).toBe(2)
  })

  it('pages between versions and back without losing one', () => {
    const three = withEarlierAnswers(answer('c'), withEarlierAnswers(answer('b'), answer('a')))
    const first = showAnswerVersion(three, 0)
    expect(shownText(first)).toBe('a')
    expect(answerVersions(first).versions.map((v) => v.id)).toEqual(['a', 'b', 'c'])
    expect(showAnswerVersion(showAnswerVersion(first, 1), 2)).toEqual(three)
    expect(showAnswerVersion(three, 7)).toBe(three)
  })

  it(`keeps at most ${ANSWER_VERSIONS_MAX} versions, letting the oldest go`, () => {
    let turn = answer('v0')
    for (let i = 1; i <= ANSWER_VERSIONS_MAX + 2; i++) turn = withEarlierAnswers(answer(`v${i}`), turn)
    const { versions } = answerVersions(turn)
    expect(versions).toHaveLength(ANSWER_VERSIONS_MAX)
    expect(versions[0]!.id).toBe('v3')
    expect(shownText(turn)).toBe(`v${ANSWER_VERSIONS_MAX + 2}`)
  })

  it('a rewritten answer keeps its reasoning and tool calls, its text in the same place', () => {
    const turn: DraftMessage = {
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'thinking' },
        { type: 'text', text: 'old' },
        { type: 'toolCall', id: 'c1', name: 'f', arguments: '{}' },
      ],
    }
    expect(rewrittenTurn(turn, 'new').parts.map((p) => p.type)).toEqual(['reasoning', 'text', 'toolCall'])
    expect(rewrittenTurn(turn, 'new')).toMatchObject({ edited: true, parts: [{}, { text: 'new' }, {}] })
    expect(rewrittenTurn(turn, '').parts.map((p) => p.type)).toEqual(['reasoning', 'toolCall'])
  })

  it('the marks (edited, other versions) are never sent', () => {
    const turn = { ...withEarlierAnswers(answer('b'), answer('a')), edited: true }
    expect(sendableTurns([turn])).toEqual([
      { id: 'b', role: 'assistant', parts: [{ type: 'text', text: 'b' }] },
    ])
  })
})

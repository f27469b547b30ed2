import { afterEach, describe, expect, it } from 'vitest'
import { newRun, type RunView } from '../../stores/runs'
import { mount, type Mounted } from '../../../test/renderForTest'
import { continueFrom, takeContinuation, useContinuation } from '../../stores/text'
import type { Draft } from '../../../../shared/wire'
import { AnswerDetails } from './AnswerDetails'

let view: Mounted | undefined
afterEach(() => {
  view?.unmount()
  view = undefined
  useContinuation.setState({ next: null })
})

const text = 'Harbours are old. Simulated search: the keeper lives there.'
const done = (summary: Partial<NonNullable<RunView['summary']>>): RunView => ({
  ...newRun('r1', 'native', 'm'),
  status: 'done',
  text,
  summary: { toolCalls: [], images: [], stopReason: 'STOP', finish: 'stop', warnings: [], ...summary },
})

describe('AnswerDetails', () => {
  it('lists each source once with the spans it supports, the queries, and the safety ratings', () => {
    const run = done({
      citations: [
        {
          kind: 'grounding',
          url: 'https://example.org/a',
          title: 'Source A',
          text: 'the keeper',
          confidence: 0.9,
        },
        { kind: 'grounding', url: 'https://example.org/a', title: 'Source A', text: 'Harbours are old.' },
        { kind: 'url_citation', url: 'https://example.org/b', start: 18, end: 35 },
      ],
      searchQueries: ['keeper'],
      safety: { ratings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }] },
      id: 'resp-1',
    })
    view = mount(<AnswerDetails run={run} onOpenLink={() => undefined} />)
    const items = view.container.querySelectorAll('[data-testid="citation"]')
    expect(items).toHaveLength(2)
    expect(items[0]!.querySelectorAll('[data-testid="supported-span"]')).toHaveLength(2)
    expect(items[0]!.querySelector('a')?.getAttribute('href')).toBe('https://example.org/a')
    expect(items[1]!.querySelector('[data-testid="supported-span"]')?.textContent).toBe('Simulated search:')
    expect(view.container.querySelector('[data-testid="search-queries"]')?.textContent).toContain('“keeper”')
    expect(view.container.querySelector('[data-testid="safety"]')?.textContent).toContain('all negligible')
    expect(view.container.querySelector('[data-testid="response-id"] code')?.textContent).toBe('resp-1')
  })

  it('never makes a link of an address the safe-URL rule refuses, and shows a block reason', () => {
    const run = done({
      citations: [{ kind: 'citation', url: 'javascript:alert(1)', title: 'Evil' }],
      safety: { ratings: [], blockReason: 'SAFETY', blockMessage: 'The prompt was blocked.' },
    })
    view = mount(<AnswerDetails run={run} onOpenLink={() => undefined} />)
    expect(view.container.querySelector('[data-testid="citation"] a')).toBeNull()
    expect(view.container.querySelector('[data-testid="citation"]')?.textContent).toContain('Evil')
    expect(view.container.querySelector('[data-testid="block-reason"]')?.textContent).toContain('SAFETY')
  })
})

describe('continue from a response', () => {
  const msg = (id: string, role: 'user' | 'assistant') => ({
    id,
    role,
    parts: [{ type: 'text' as const, text: id }],
  })
  const draft = (n: number): Draft => ({
    model: 'm',
    messages: [msg('u1', 'user'), msg('a1', 'assistant'), msg('u2', 'user')].slice(0, n),
  })

  it("becomes the next send's continueFrom setting (the response and the turns it holds), once", () => {
    continueFrom('resp-9', draft(2).messages)
    expect(takeContinuation('responses')).toEqual({ responseId: 'resp-9', turns: 2, lastTurnId: 'a1' })
    expect(takeContinuation('responses')).toBeUndefined()
  })

  it('is not carried in another format, and a second click on the same response turns it off', () => {
    continueFrom('resp-9', draft(2).messages)
    expect(takeContinuation('chat')).toBeUndefined()
    continueFrom('resp-9', draft(2).messages)
    continueFrom('resp-9', draft(2).messages)
    expect(takeContinuation('responses')).toBeUndefined()
  })
})

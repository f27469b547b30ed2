import { describe, expect, it } from 'vitest'
import type { Suite } from '../../../shared/cases/caseModel'
import { loadTokenizer } from '../cost/tokenizer'
import { ASSUMED_OUTPUT_TOKENS, matrixWork } from './matrixWork'

const ask = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }]
const suite: Suite = {
  id: 's1',
  name: 'Smoke',
  cases: [
    {
      id: 'c1',
      name: 'capital',
      draft: {
        model: 'sim-model',
        system: 'Answer briefly.',
        maxTokens: 50,
        messages: ask('Capital of France?'),
      },
      assertions: [{ kind: 'contains', text: 'Paris' }],
    },
    {
      id: 'c2',
      name: 'poem',
      draft: { model: 'sim-model', messages: ask('Write a poem about the sea.') },
      assertions: [{ kind: 'contains', text: 'sea' }],
    },
  ],
} as Suite

describe('the work a suite run as a matrix would bill', () => {
  it('counts every case per target by the local tokenizer, at its max tokens or the stated assumption', async () => {
    const tokenizer = await loadTokenizer()
    const planned = matrixWork(
      suite,
      [
        { format: 'chat', model: 'gpt-4o-mini', profileId: 'p1' },
        { format: 'messages', model: 'claude-x', profileId: 'p1' },
        { format: 'native', model: 'gemini-x', profileId: 'p2' },
      ],
      tokenizer,
    )
    // Each message counts its text plus 4 tokens of framing; the system prompt its text.
    const c1 = tokenizer.countTokens('Answer briefly.') + tokenizer.countTokens('Capital of France?') + 4
    const c2 = tokenizer.countTokens('Write a poem about the sea.') + 4
    expect(planned.work.map((w) => w.profileId)).toEqual(['p1', 'p2'])
    expect(planned.work[0]!.items).toEqual([
      {
        label: '1. Chat completions · gpt-4o-mini · 2 cases',
        format: 'chat',
        model: 'gpt-4o-mini',
        runs: 1,
        inputTokens: c1 + c2,
        outputTokens: 50 + ASSUMED_OUTPUT_TOKENS,
      },
      expect.objectContaining({ format: 'messages', model: 'claude-x', inputTokens: c1 + c2 }),
    ])
    expect(planned.work[1]!.items).toEqual([expect.objectContaining({ format: 'native', model: 'gemini-x' })])
    expect(planned.assumed).toEqual(['the answer of the case with no max tokens at 1,024 tokens'])
    expect(planned.leftOut).toEqual([])
  })

  it('counts a case with a tool round as two requests and says what it leaves out', async () => {
    const tooled = {
      ...suite,
      cases: [{ ...suite.cases[0]!, toolRound: { server: 'files' } }],
    } as Suite
    const planned = matrixWork(
      tooled,
      [{ format: 'chat', model: 'm', profileId: 'p1' }],
      await loadTokenizer(),
    )
    const one = matrixWork(
      { ...suite, cases: [suite.cases[0]!] },
      [{ format: 'chat', model: 'm', profileId: 'p1' }],
      await loadTokenizer(),
    )
    const [twice, once] = [planned.work[0]!.items[0]!, one.work[0]!.items[0]!]
    expect('inputTokens' in twice && 'inputTokens' in once && twice.inputTokens).toBe(
      2 * (once as { inputTokens: number }).inputTokens,
    )
    expect(planned.assumed).toEqual(["the case with a tool round as two requests of the case's size"])
    expect(planned.leftOut).toEqual(['the tool results a tool round sends back'])
  })
})

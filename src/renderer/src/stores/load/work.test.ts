import { describe, expect, it } from 'vitest'
import { loadWork } from './work'
import { LOAD_FORM_DEFAULTS, newTarget } from './form'

describe('what a load test would bill, for its estimate', () => {
  it('counts each text target’s requests at the prompt’s input and the max tokens, per profile', () => {
    const form = {
      ...LOAD_FORM_DEFAULTS,
      targets: [newTarget('a', 'gpt-4o-mini', 'chat'), newTarget('b', 'claude-sonnet-4-6', 'messages')],
      inputTokens: '100',
      maxTokens: '50',
      levels: '1, 4',
      amount: '10',
      warmup: '2',
    }
    expect(loadWork(form)).toEqual({
      leftOut: [],
      work: [
        {
          profileId: 'a',
          items: [{ format: 'chat', model: 'gpt-4o-mini', runs: 24, inputTokens: 100, outputTokens: 50 }],
        },
        {
          profileId: 'b',
          items: [
            { format: 'messages', model: 'claude-sonnet-4-6', runs: 24, inputTokens: 100, outputTokens: 50 },
          ],
        },
      ],
    })
  })

  it('names what it cannot count before the run, and has nothing while the form has errors', () => {
    const base = { ...LOAD_FORM_DEFAULTS, targets: [newTarget('a', 'text-embedding-3-small', 'embeddings')] }
    expect(loadWork(base)?.leftOut).toEqual(['the embedding targets'])
    expect(loadWork({ ...base, per: 'seconds' })).toEqual({
      work: [],
      leftOut: ["the requests of timed levels (their count depends on the gateway's speed)"],
    })
    expect(loadWork({ ...base, amount: '0' })).toBeNull()
  })
})

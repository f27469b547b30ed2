import { describe, expect, it } from 'vitest'
import type { WorkEstimate } from '../../../../shared/cost/estimate'
import { budgetQuestion, estimateWords } from './estimateWords'

const estimate = (over: Partial<WorkEstimate> = {}): WorkEstimate => ({
  profileId: 'p1',
  profile: 'Work',
  items: [],
  byCurrency: { USD: 16_128 },
  unpriced: [],
  budget: null,
  ...over,
})

describe('the cost estimate before batch work', () => {
  it('gives the total as an upper bound, what has no price and what is left out', () => {
    expect(estimateWords([estimate({ unpriced: ['my-model'] })], ['the embedding targets'])).toBe(
      'Cost estimate: ≈ $0.016128, every answer counted at its max tokens. Requests are counted on this computer: the gateway\'s count may be a few tokens higher. No price for my-model: not counted (set prices in Settings → Prices). Not in the figures: the embedding targets. No monthly budget for Work (Settings → Prices): nothing is asked before it starts.',
    )
  })

  it('splits the total per profile and says each budget this month', () => {
    const words = estimateWords([
      estimate({
        budget: {
          budget: { amount: 5, currency: 'USD' },
          spentMicros: 1_200_000,
          estimateMicros: 16_128,
          over: false,
        },
      }),
      estimate({ profileId: 'p2', profile: 'Home', byCurrency: { USD: 1_000_000 } }),
    ])
    expect(words).toBe(
      'Cost estimate: ≈ $1.016128, every answer counted at its max tokens (Work $0.016128, Home $1.00). Requests are counted on this computer: the gateway\'s count may be a few tokens higher. Work: $1.20 spent this month of a $5.00 budget, $3.80 left. No monthly budget for Home (Settings → Prices), the rest is under budget: nothing is asked before it starts.',
    )
  })

  it('says why nothing is asked: nothing priced, under the budget; and that it asks past it', () => {
    const budget = (over: boolean, estimateMicros: number) => ({
      budget: { amount: 5, currency: 'USD' },
      spentMicros: 0,
      estimateMicros,
      over,
    })
    expect(
      estimateWords(
        [estimate({ byCurrency: {}, unpriced: ['my-model'] })],
        [],
        ['the answers at 1,024 tokens'],
      ),
    ).toBe(
      'Cost estimate: nothing here has a price. No price for my-model: not counted (set prices in Settings → Prices). Assumed: the answers at 1,024 tokens. Nothing priced: nothing is asked before it starts.',
    )
    expect(estimateWords([estimate({ budget: budget(false, 16_128) })])).toMatch(
      /\$5\.00 left\. Under the budget: nothing is asked before it starts\.$/,
    )
    expect(estimateWords([estimate({ budget: budget(true, 6_000_000) })])).toMatch(
      /would pass it by \$1\.00\. Past the budget: you are asked before it starts\.$/,
    )
  })

  it('asks only when the work would pass a budget, naming by how much', () => {
    expect(budgetQuestion([estimate()], 'This load test')).toBeNull()
    const over = estimate({
      budget: {
        budget: { amount: 0.01, currency: 'USD' },
        spentMicros: 0,
        estimateMicros: 16_128,
        over: true,
      },
    })
    expect(budgetQuestion([over], 'This load test')).toEqual({
      title: 'Over the monthly budget',
      message:
        'This load test is estimated at ≈ $0.016128. Work: $0.00 spent this month of a $0.01 budget, this run would pass it by $0.006128. Start it anyway?',
      confirm: 'Start anyway',
    })
  })
})

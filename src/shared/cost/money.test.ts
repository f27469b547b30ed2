import { describe, expect, it } from 'vitest'
import { costText, formatMoney, percentOver, sumCosts, sumText } from './money'

describe('money in words', () => {
  it('shows as many decimals as the amount needs, at least 2 and at most 6', () => {
    expect(formatMoney(4215, 'USD')).toBe('$0.004215')
    expect(formatMoney(1_500_000, 'USD')).toBe('$1.50')
    expect(formatMoney(3, 'USD')).toBe('$0.000003')
    expect(formatMoney(2_500_000, 'EUR')).toBe('€2.50')
  })

  it('marks an estimate and says why a cost is unknown', () => {
    const priced = {
      kind: 'priced' as const,
      micros: 120,
      currency: 'USD',
      price: { model: 'm', setAt: 'd', source: 'user' },
      lines: [],
    }
    expect(costText({ ...priced, estimate: false })).toBe('$0.00012')
    expect(costText({ ...priced, estimate: true })).toBe('≈ $0.00012 (estimate)')
    expect(costText({ kind: 'unpriced', model: 'x', why: 'no token price is set for x' })).toBe(
      'cost unknown: no token price is set for x',
    )
  })

  it('sums per currency, never across currencies, and counts what had no price', () => {
    const sum = sumCosts([
      { micros: 100, currency: 'USD', estimate: false },
      { micros: 50, currency: 'EUR', estimate: true },
      { micros: 20, currency: 'USD', estimate: false },
      { kind: 'unpriced', model: 'x', why: 'no' },
      null,
    ])
    expect(sum).toEqual({ byCurrency: { USD: 120, EUR: 50 }, estimates: 1, priced: 3, unpriced: 1 })
    expect(sumText(sum)).toBe('≈ $0.00012 + €0.00005 (+ 1 without a price)')
    expect(percentOver(118, 100)).toBe(18)
    expect(percentOver(5, 0)).toBeNull()
  })
})

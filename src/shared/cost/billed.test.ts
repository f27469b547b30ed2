import { describe, expect, it } from 'vitest'
import { billedStored, billedSumText, billedText, sumBilled, type BilledCost } from './billed'

const usd = (micros: number, estimate = false): BilledCost => ({
  kind: 'priced',
  micros,
  currency: 'USD',
  estimate,
})

describe('billed costs', () => {
  it('names why a cost is not known, never as $0', () => {
    expect(billedText(usd(67))).toBe('$0.000067')
    expect(billedText(usd(66, true))).toBe('≈ $0.000066 (estimate)')
    expect(billedText({ kind: 'unpriced', model: 'm' })).toBe('no price')
    expect(billedText({ kind: 'unreported' })).toBe('usage not reported')
    expect(billedText({ kind: 'unbilled' })).toBe('failed before billing')
  })

  it('sums per currency and counts each reason apart', () => {
    const costs: (BilledCost | null)[] = [
      usd(67),
      usd(201),
      { kind: 'priced', micros: 500_000, currency: 'EUR', estimate: false },
      { kind: 'unpriced', model: 'x' },
      { kind: 'unreported' },
      { kind: 'unreported' },
      { kind: 'unbilled' },
      null,
    ]
    expect(sumBilled(costs)).toEqual({
      byCurrency: { USD: 268, EUR: 500_000 },
      priced: 3,
      estimates: 0,
      unpriced: 1,
      unreported: 2,
      unbilled: 1,
    })
    expect(billedSumText(costs)).toBe('$0.000268 + €0.50 (+ 1 without a price, 2 usage not reported)')
  })

  it('marks a sum with an estimate in it, says unknown when nothing is priced, a dash when nothing was billed', () => {
    expect(billedSumText([usd(10), usd(5, true)])).toBe('≈ $0.000015')
    expect(billedSumText([{ kind: 'unreported' }, { kind: 'unbilled' }])).toBe('unknown (1 usage not reported)')
    expect(billedSumText([{ kind: 'unbilled' }, null, undefined])).toBe('—')
  })

  it('keeps only a priced cost', () => {
    expect(billedStored(usd(67))).toEqual({ micros: 67, currency: 'USD', estimate: false })
    expect(billedStored({ kind: 'unreported' })).toBeNull()
    expect(billedStored(null)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { reconcile, sameModelWords, signed } from './reconcile'
import type { RunCost } from '../cost/runCost'

const priced = (micros: number, estimate = false): RunCost => ({
  kind: 'priced',
  micros,
  currency: 'USD',
  estimate,
  price: { model: 'm', setAt: 'd', source: 'user' },
  lines: [],
})

describe('reconcile', () => {
  const table = reconcile(
    [
      { label: 'Chat', format: 'chat', usage: { input: 12, output: 40, reasoning: 5 } },
      {
        label: 'Messages',
        format: 'messages',
        usage: { input: 14, output: 38, cachedRead: 2, cacheCreation: 1 },
      },
      { label: 'Native', format: 'native', usage: { input: 11 } },
      { label: 'Failed', format: 'responses' },
    ],
    { server: 14, estimate: 13 },
  )

  it('puts each reported count beside count_tokens and the estimate, with the differences', () => {
    expect(table.rows[0]).toMatchObject({ input: 12, inputVsServer: -2, inputVsEstimate: -1, reasoning: 5 })
    expect(table.rows[1]).toMatchObject({ input: 14, inputVsServer: 0, inputVsEstimate: 1, cached: 3 })
    expect(table.rows[2]).toMatchObject({ input: 11, output: null, outputVsFirst: null })
  })

  it('compares output with the first column that reported one', () => {
    expect(table.rows[0]!.outputVsFirst).toBe(0)
    expect(table.rows[1]!.outputVsFirst).toBe(-2)
  })

  it('keeps what a column did not report as missing, never zero', () => {
    expect(table.rows[3]).toMatchObject({
      input: null,
      output: null,
      reasoning: null,
      cached: null,
      inputVsServer: null,
      inputVsEstimate: null,
    })
  })

  it('gives the spread of reported input tokens', () => {
    expect(table.inputSpread).toBe(3)
    expect(
      reconcile([{ label: 'x', format: 'chat', usage: { input: 1 } }], { server: null, estimate: null })
        .inputSpread,
    ).toBeNull()
  })

  it('leaves differences unknown without counts', () => {
    const t = reconcile([{ label: 'x', format: 'chat', usage: { input: 1 } }], {
      server: null,
      estimate: null,
    })
    expect(t.rows[0]!.inputVsServer).toBeNull()
  })

  it('reads usage whose counts are all zero as not reported, never as negative differences', () => {
    const t = reconcile(
      [
        { label: 'Proxy', format: 'native', usage: { input: 0, output: 0, total: 0 } },
        { label: 'Chat', format: 'chat', usage: { input: 9, output: 30 } },
      ],
      { server: 14, estimate: 13 },
    )
    expect(t.rows[0]).toMatchObject({
      reported: false,
      input: null,
      output: null,
      inputVsServer: null,
      inputVsEstimate: null,
      outputVsFirst: null,
    })
    expect(t.rows[1]).toMatchObject({ reported: true, outputVsFirst: 0, inputVsServer: -5 })
    expect(t.inputSpread).toBeNull()
  })

  it("sets the same model's cost through each format beside the cheapest, in percent", () => {
    const t = reconcile(
      [
        {
          label: 'Chat',
          format: 'chat',
          model: 'gpt-4o',
          usage: { input: 10, output: 20 },
          cost: priced(1000),
        },
        {
          label: 'Messages',
          format: 'messages',
          model: 'gpt-4o',
          usage: { input: 12, output: 20 },
          cost: priced(1180),
        },
        {
          label: 'Native',
          format: 'native',
          model: 'gpt-4o',
          usage: { input: 11, output: 20 },
          cost: priced(1050, true),
        },
        { label: 'Other', format: 'chat', model: 'claude', usage: { input: 1, output: 1 }, cost: priced(5) },
        {
          label: 'Unpriced',
          format: 'responses',
          model: 'gpt-4o',
          cost: { kind: 'unpriced', model: 'gpt-4o', why: 'no' },
        },
      ],
      { server: null, estimate: null },
    )
    expect(t.rows.map((r) => r.costVsCheapest)).toEqual([0, 18, null, null, null])
    expect(t.rows[4]!.cost).toBeNull()
    expect(t.sameModel).toEqual([
      {
        model: 'gpt-4o',
        currency: 'USD',
        cheapest: { label: 'Chat', format: 'chat', micros: 1000 },
        others: [{ label: 'Messages', format: 'messages', micros: 1180, percentMore: 18 }],
        estimated: [{ label: 'Native', format: 'native' }],
      },
    ])
    expect(sameModelWords(t.sameModel[0]!, (f) => f)).toBe(
      'The same prompt on gpt-4o cost 18 % more through messages than through chat (the cheapest). native: not compared, its cost is an estimate (no usage reported).',
    )
  })

  it('says when formats cost the same, and compares nothing with one reported cost', () => {
    const same = reconcile(
      [
        { label: 'A', format: 'chat', model: 'm', cost: priced(67) },
        { label: 'B', format: 'responses', model: 'm', cost: priced(67) },
        { label: 'C', format: 'messages', model: 'm', cost: priced(90) },
      ],
      { server: null, estimate: null },
    )
    expect(sameModelWords(same.sameModel[0]!, (f) => f)).toBe(
      'The same prompt on m cost 34 % more through messages than through chat (the cheapest), as much through responses.',
    )
    const tie = reconcile(
      [
        { label: 'A', format: 'chat', model: 'm', cost: priced(67) },
        { label: 'B', format: 'responses', model: 'm', cost: priced(67) },
      ],
      { server: null, estimate: null },
    )
    expect(sameModelWords(tie.sameModel[0]!, (f) => f)).toBe(
      'The same prompt on m cost the same ($0.000067) through chat and responses.',
    )
    const alone = reconcile(
      [
        { label: 'A', format: 'chat', model: 'm', cost: priced(67) },
        { label: 'B', format: 'native', model: 'm', cost: priced(60, true) },
      ],
      { server: null, estimate: null },
    )
    expect(alone.sameModel).toEqual([])
    expect(alone.rows.map((r) => r.costVsCheapest)).toEqual([null, null])
  })

  it('signs differences for display', () => {
    expect([signed(3), signed(-2), signed(0), signed(null)]).toEqual(['+3', '−2', '0', '—'])
  })
})

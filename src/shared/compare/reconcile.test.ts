import { describe, expect, it } from 'vitest'
import { reconcile, signed } from './reconcile'

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

  it('signs differences for display', () => {
    expect([signed(3), signed(-2), signed(0), signed(null)]).toEqual(['+3', '−2', '0', '—'])
  })
})

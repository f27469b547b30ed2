import { describe, expect, it } from 'vitest'
import { PageErrorLog } from './pageErrors'

describe('PageErrorLog', () => {
  it('writes a panel error with its stack, scrubbed of known secrets and of control characters', () => {
    const lines: string[] = []
    const log = new PageErrorLog(
      (m) => lines.push(m),
      () => ['sk-canary-123'],
    )
    expect(
      log.report({
        panel: 'Gateway check',
        message: 'bad key sk-canary-123\nforged line',
        stack: 'at x\nat y',
      }),
    ).toBe(true)
    expect(lines).toEqual(['page error in the Gateway check panel: bad key *** forged line\nat x\nat y'])
  })

  it('writes at most 20 a minute and then says how many more were left out', () => {
    const lines: string[] = []
    let now = 0
    const log = new PageErrorLog(
      (m) => lines.push(m),
      () => [],
      () => now,
    )
    const written = Array.from({ length: 50 }, (_, i) => log.report({ panel: 'Text', message: `e${i}` }))
    expect(written.filter(Boolean)).toHaveLength(20)
    now = 61_000
    expect(log.report({ panel: 'Text', message: 'later' })).toBe(true)
    expect(lines.slice(-2)).toEqual([
      '30 more page errors in the last minute were not written',
      'page error in the Text panel: later',
    ])
  })

  it('answers not written when the host keeps no log', () => {
    expect(new PageErrorLog(undefined, () => []).report({ panel: 'Text', message: 'x' })).toBe(false)
  })
})

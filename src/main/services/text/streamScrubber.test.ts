import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../shared/ipc/text'
import { heldSuffix, StreamScrubber } from './streamScrubber'
import { scrubSecrets } from '../redact'

const KEY = 'sk-canary-4f9a2b7c'
const OTHER = 'console-token-abcdef'

function text(events: RunEvent[], type: 'text' | 'reasoning' = 'text'): string {
  return events.map((e) => (e.type === type ? e.delta : '')).join('')
}

describe('StreamScrubber (S7)', () => {
  it('never lets a secret through, however the answer is cut into deltas, and loses nothing else', () => {
    let seed = 11
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n
    for (let round = 0; round < 3000; round++) {
      const answer = [`a${KEY}b`, 'sk-canar', KEY, ' sk-', OTHER, 'console-', 'plain text ', KEY.slice(0, 5)]
        .sort(() => next(3) - 1)
        .slice(0, 2 + next(6))
        .join(next(2) ? ' ' : '')
      const scrubber = new StreamScrubber(() => [KEY, OTHER, 'short'])
      const out: RunEvent[] = []
      for (let at = 0; at < answer.length;) {
        const n = 1 + next(7)
        out.push(...scrubber.scrub([{ type: 'text', delta: answer.slice(at, at + n) }]))
        at += n
      }
      out.push(...scrubber.drain())
      const shown = text(out)
      expect(shown).toBe(scrubSecrets(answer, [KEY, OTHER]))
      for (const e of out) expect(JSON.stringify(e)).not.toContain(KEY)
    }
  })

  it('keeps holding across other events and channels, releasing a channel before what closes it', () => {
    const scrubber = new StreamScrubber(() => [KEY])
    const out = [
      ...scrubber.scrub([
        { type: 'text', delta: 'key: sk-can' },
        { type: 'reasoning', delta: 'thinking' },
        { type: 'usage', usage: { input: 1, output: 2 } },
        { type: 'toolCallDelta', index: 0, argumentsDelta: '{"k":"sk-canary-4f' },
        { type: 'text', delta: 'ary-4f9a2b7c.' },
        { type: 'toolCallDelta', index: 0, argumentsDelta: '9a2b7c"}' },
        { type: 'toolCallEnd', index: 0, arguments: '{"k":"***"}' },
        { type: 'text', delta: ' sk-c' },
        { type: 'finish', stopReason: 'stop', finish: 'stop' },
      ] as RunEvent[]),
      ...scrubber.drain(),
    ]
    expect(text(out)).toBe('key: ***. sk-c')
    expect(JSON.stringify(out)).not.toContain(KEY)
    expect(out.map((e) => (e.type === 'toolCallDelta' ? e.argumentsDelta : '')).join('')).toBe('{"k":"***"}')
    const types = out.map((e) => e.type)
    expect(types.indexOf('toolCallEnd')).toBeGreaterThan(types.lastIndexOf('toolCallDelta'))
    expect(types.at(-1)).toBe('finish')
    expect(types.lastIndexOf('text')).toBeLessThan(types.indexOf('finish'))
  })

  it('looks only at the last characters of a delta, however long the delta is', () => {
    expect(heldSuffix('abc sk-canary-4f9', [KEY])).toBe(13)
    expect(heldSuffix('abc', [KEY])).toBe(0)
    expect(heldSuffix('sssss', ['ssssssss'])).toBe(5)
    const long = `${'x'.repeat(20_000_000)} sk-canary`
    // The fastest of three calls: a scan of the whole 20 MB would take longer than the bound every time, while a
    // busy machine only delays some calls.
    let fastest = Infinity
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      expect(heldSuffix(long, [KEY])).toBe(9)
      fastest = Math.min(fastest, performance.now() - started)
    }
    expect(fastest).toBeLessThan(50)
  })
})

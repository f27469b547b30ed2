import { describe, expect, it } from 'vitest'
import { Coalescer } from './coalescer'
import type { StreamEvent } from '../../../shared/wire/events'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('Coalescer (P1)', () => {
  it('sends the first token at once, then at most one batch per interval, text byte-identical', async () => {
    const batches: { at: number; events: StreamEvent[] }[] = []
    const t0 = performance.now()
    const c = new Coalescer<StreamEvent>((events) => batches.push({ at: performance.now() - t0, events }))
    const pieces: string[] = []
    // 2,000 tokens/s for 0.5 s: one token every 0.5 ms, pushed in small groups as sockets deliver them.
    for (let i = 0; i < 1000; i++) {
      const piece = `t${i}${i % 7 === 0 ? '\n' : ' '}ü`
      pieces.push(piece)
      c.push([{ type: 'text', delta: piece }])
      if (i % 4 === 3) await sleep(2)
    }
    c.close()
    expect(batches[0]!.at).toBeLessThan(20)
    expect(batches[0]!.events).toEqual([{ type: 'text', delta: 't0\nü' }])
    const text = batches
      .flatMap((b) => b.events)
      .map((e) => (e.type === 'text' ? e.delta : ''))
      .join('')
    expect(text).toBe(pieces.join(''))
    const seconds = (batches.at(-1)!.at - batches[0]!.at) / 1000
    // At most ~60 messages per second (one per 16 ms), plus the immediate first one and the final flush.
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(seconds * 62.5) + 2)
  })

  it('keeps event order across kinds and merges only neighbours of the same kind', () => {
    const batches: StreamEvent[][] = []
    const c = new Coalescer<StreamEvent>((e) => batches.push(e), { intervalMs: 1000 })
    c.push([{ type: 'meta', id: 'r1' }])
    c.push([
      { type: 'reasoning', delta: 'a' },
      { type: 'reasoning', delta: 'b' },
      { type: 'text', delta: 'x' },
      { type: 'toolCallStart', index: 0, id: 'c1', name: 'f' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"a"' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: ':1}' },
      { type: 'usage', usage: { output: 1 } },
      { type: 'usage', usage: { output: 5 } },
    ])
    c.close()
    expect(batches.flat()).toEqual([
      { type: 'meta', id: 'r1' },
      { type: 'reasoning', delta: 'ab' },
      { type: 'text', delta: 'x' },
      { type: 'toolCallStart', index: 0, id: 'c1', name: 'f' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"a":1}' },
      { type: 'usage', usage: { output: 5 } },
    ])
  })

  it('discards what is pending on stop and sends nothing afterwards', async () => {
    const batches: StreamEvent[][] = []
    const c = new Coalescer<StreamEvent>((e) => batches.push(e), { intervalMs: 50 })
    c.push([{ type: 'text', delta: 'first' }])
    c.push([{ type: 'text', delta: 'pending' }])
    c.discard()
    c.close()
    c.push([{ type: 'text', delta: 'late' }])
    await sleep(80)
    expect(batches).toEqual([[{ type: 'text', delta: 'first' }]])
  })

  it('flushes early when a batch grows large, bounding one message', () => {
    const batches: StreamEvent[][] = []
    const c = new Coalescer<StreamEvent>((e) => batches.push(e), {
      intervalMs: 10_000,
      maxPendingChars: 1000,
    })
    c.push([{ type: 'text', delta: 'go' }])
    for (let i = 0; i < 10; i++) c.push([{ type: 'text', delta: 'y'.repeat(300) }])
    expect(batches.length).toBeGreaterThanOrEqual(3)
    c.discard()
  })
})

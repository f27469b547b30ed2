import { describe, expect, it } from 'vitest'
import { BoundedFraming, oversizeId, type Oversize } from './framing'

function frame(mode: 'line' | 'event', max: number, chunks: string[]) {
  const messages: string[] = []
  const over: Oversize[] = []
  const f = new BoundedFraming(max, mode, { message: (t) => messages.push(t), oversize: (o) => over.push(o) })
  for (const c of chunks) f.push(Buffer.from(c))
  f.end()
  return { messages, over }
}

describe('bounded framing of a tool server stream', () => {
  it('splits lines across any chunking', () => {
    const text = '{"a":1}\n{"b":2}\n\n{"c":3}\n'
    for (let size = 1; size <= text.length; size++) {
      const chunks = text.match(new RegExp(`[^]{1,${size}}`, 'g'))!
      expect(frame('line', 100, chunks).messages.map((m) => m.trim())).toEqual([
        '{"a":1}',
        '{"b":2}',
        '{"c":3}',
      ])
    }
  })

  it('ends events at a blank line, LF or CRLF, split anywhere', () => {
    const text = 'event: message\r\ndata: {"x":1}\r\n\r\ndata: {"y":2}\n\n'
    for (let size = 1; size <= text.length; size++) {
      const chunks = text.match(new RegExp(`[^]{1,${size}}`, 'g'))!
      const { messages } = frame('event', 100, chunks)
      expect(messages).toEqual(['event: message\r\ndata: {"x":1}\r\n\r\n', 'data: {"y":2}\n\n'])
    }
  })

  it('skips a message over the bound, keeping only its edges, and goes on with the next', () => {
    const big = `{"result":{"text":"${'a'.repeat(5000)}"},"jsonrpc":"2.0","id":42}`
    const { messages, over } = frame('line', 1000, [big.slice(0, 700), big.slice(700) + '\n{"ok":true}\n'])
    expect(messages.map((m) => m.trim())).toEqual(['{"ok":true}'])
    expect(over).toHaveLength(1)
    expect(over[0]!.bytes).toBe(big.length + 1)
    expect(oversizeId(over[0]!)).toBe(42)
  })

  it('reads the id of a skipped answer from its head first, and never from a request of the server', () => {
    expect(oversizeId({ head: '{"jsonrpc":"2.0","id":"abc","result":{"t":"', tail: '"}}' })).toBe('abc')
    expect(
      oversizeId({ head: '{"method":"sampling/createMessage","params":{', tail: ',"jsonrpc":"2.0","id":7}' }),
    ).toBeNull()
    // An "id" inside a string is escaped, so it is not taken for the message's.
    expect(oversizeId({ head: '{"result":{"text":"a \\"id\\":9 b', tail: 'zzz' })).toBeNull()
  })
})

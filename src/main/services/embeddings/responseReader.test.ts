import { describe, expect, it } from 'vitest'
import { ArrayElementReader } from './responseReader'

const body = JSON.stringify({
  object: 'list',
  data: [
    { object: 'embedding', index: 0, embedding: [0.1, -2e-3, 3] },
    { object: 'embedding', index: 1, embedding: 'AACAPw==' },
    { object: 'embedding', index: 2, embedding: [], note: 'a "quoted" ] } [ {' },
  ],
  model: 'm',
  usage: { prompt_tokens: 4, total_tokens: 4 },
})

function readIn(pieceSize: number) {
  const seen: unknown[] = []
  const reader = new ArrayElementReader(['data'], (value, i) => seen.push([i, value]))
  const bytes = Buffer.from(body)
  for (let o = 0; o < bytes.length; o += pieceSize) reader.push(bytes.subarray(o, o + pieceSize))
  return { seen, top: reader.end() }
}

describe('reading an embeddings response element by element', () => {
  it('yields the same elements and the same rest under any chunking', () => {
    const whole = JSON.parse(body) as { data: unknown[] }
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const { seen, top } = readIn(size)
      expect(seen).toEqual(whole.data.map((d, i) => [i, d]))
      expect(top).toEqual({ ...whole, data: [] })
    }
  })

  it('throws on a body cut short', () => {
    const reader = new ArrayElementReader(['data'], () => undefined)
    reader.push(Buffer.from(body.slice(0, 40)))
    expect(() => reader.end()).toThrow(/ended before/)
  })

  it('refuses an element that never ends instead of buffering it (S9)', () => {
    const reader = new ArrayElementReader(['data'], () => undefined)
    reader.push(Buffer.from('{"data":[{"embedding":"'))
    const block = Buffer.alloc(8 * 1024 * 1024, 0x41)
    expect(() => {
      for (let i = 0; i < 10; i++) reader.push(block)
    }).toThrow(/one element of the answer is larger than 64 MB/)
  })
})

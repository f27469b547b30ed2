import { describe, expect, it } from 'vitest'
import { createSseReader, type SseFrameIn } from './sseReader'
import { randomPayload, seededRandom } from '../../../../test/fakes/fuzz'

interface Spec {
  event?: string
  lines: string[]
}

const enc = new TextEncoder()
const WORDS = [
  'hello',
  'wörld',
  '日本語',
  '🙂🙃',
  'a:b',
  ' lead',
  'trail ',
  '{"json":true}',
  'data',
  'x'.repeat(300),
]

function randomSpecs(rand: () => number): Spec[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
  return Array.from({ length: 1 + Math.floor(rand() * 6) }, () => {
    const spec: Spec = {
      lines: Array.from(
        { length: 1 + Math.floor(rand() * 3) },
        () => pick(WORDS) + (rand() < 0.3 ? JSON.stringify(randomPayload(rand, 2) ?? null) : ''),
      ),
    }
    if (rand() < 0.5)
      spec.event = pick(['message_start', 'response.output_text.delta', 'ping', 'unknown.kind', 'error'])
    return spec
  })
}

function serialise(specs: Spec[], eol: string, rand: () => number): string {
  let out = rand() < 0.3 ? `: comment at start${eol}` : ''
  for (const s of specs) {
    if (rand() < 0.2) out += `: keep-alive${eol}`
    if (s.event) out += `event: ${s.event}${eol}`
    if (rand() < 0.1) out += `id: ${Math.floor(rand() * 100)}${eol}`
    for (const line of s.lines) out += `data: ${line}${eol}`
    out += eol
  }
  return out
}

function read(bytes: Uint8Array, chunkSizes: () => number): SseFrameIn[] {
  const frames: SseFrameIn[] = []
  const reader = createSseReader((f) => frames.push(f))
  for (let i = 0; i < bytes.length;) {
    const n = Math.max(1, chunkSizes())
    reader.push(bytes.subarray(i, i + n))
    i += n
  }
  reader.end()
  return frames
}

const expected = (specs: Spec[]): SseFrameIn[] =>
  specs.map((s) => (s.event ? { event: s.event, data: s.lines.join('\n') } : { data: s.lines.join('\n') }))

describe('SSE reader (R6)', () => {
  it('yields the same frames under any re-chunking, line ending and split UTF-8 (10,000 cases)', () => {
    const rand = seededRandom(6)
    for (let i = 0; i < 10_000; i++) {
      const specs = randomSpecs(rand)
      const eol = ['\n', '\r', '\r\n'][i % 3]!
      const bytes = enc.encode(serialise(specs, eol, rand))
      const mode = i % 4
      const size =
        mode === 0
          ? () => 1
          : mode === 1
            ? () => 1 + Math.floor(rand() * 7)
            : mode === 2
              ? () => 1 + Math.floor(rand() * 4096)
              : () => 65536
      const frames = read(bytes, size)
      if (JSON.stringify(frames) !== JSON.stringify(expected(specs))) {
        expect({ case: i, eol: JSON.stringify(eol), frames }).toEqual({
          case: i,
          eol: JSON.stringify(eol),
          frames: expected(specs),
        })
      }
    }
  })

  it('keeps a final event that lacks its blank line', () => {
    const frames = read(enc.encode('data: one\n\ndata: last'), () => 3)
    expect(frames).toEqual([{ data: 'one' }, { data: 'last' }])
  })

  it('ignores comments and reports no frame for them', () => {
    expect(read(enc.encode(': ping\n\n: ping\n\n'), () => 2)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { chat } from './chat'
import { draftSchema } from './draft'
import type { Draft } from './draft'
import { WIRE_FORMATS } from './format'
import type { WireFormat } from './format'
import { messages } from './messages'
import { native } from './native'
import { childPath, Fields, jsonEqual, WHOLE_BODY_PATH, salvage, Unmapped } from './requestReader'
import { responses } from './responses'
import {
  BODY_KEYS,
  FULL_DRAFT,
  mutate,
  random,
  randomDraft,
  randomJson,
} from '../../../test/fakes/randomDrafts'
import type { RequestCodec } from '../../../test/fakes/randomDrafts'

const codecs: Record<WireFormat, RequestCodec> = { chat, responses, messages, native }

// Native bodies carry neither model nor stream; the other formats must read both from the body alone.
const contextFor = (format: WireFormat, draft: Draft) =>
  format === 'native' ? { model: draft.model, stream: draft.stream } : {}

describe('request reader helpers', () => {
  it('writes dotted paths, bracketing indexes and keys that are not identifiers', () => {
    expect(childPath('', 'messages')).toBe('messages')
    expect(childPath(childPath('messages', 2), 'content')).toBe('messages[2].content')
    expect(childPath('metadata', 'a.b')).toBe('metadata["a.b"]')
  })

  it('lists each path once and drops paths inside a listed object', () => {
    const out = new Unmapped()
    for (const p of ['tools[0].strict', 'tools[0]', 'tools[0]', 'tools[1].x', 'toolsy']) out.add(p)
    expect(out.list()).toEqual(['tools[0]', 'tools[1].x', 'toolsy'])
  })

  it('reads typed fields, listing wrong types and every key nobody read', () => {
    const out = new Unmapped()
    const f = new Fields({ a: 'x', b: 'not a number', c: null, d: 1, e: true }, 'o', out)
    expect(f.str('a')).toBe('x')
    expect(f.num('b')).toBeUndefined()
    expect(f.num('c')).toBeUndefined()
    f.done()
    expect(out.list()).toEqual(['o.b', 'o.d', 'o.e'])
  })

  it('salvages the valid part of a value, listing what it cut and what a strict schema strips', () => {
    const schema = z.object({
      mode: z.enum(['a', 'b']).optional(),
      n: z.number().int().optional(),
      inner: z.object({ keep: z.string() }).optional(),
    })
    const out = new Unmapped()
    const value = salvage(schema, { mode: 'c', n: 2, inner: { keep: 'k', extra: 1 }, other: true }, 'x', out)
    expect(value).toEqual({ n: 2, inner: { keep: 'k' } })
    expect(out.list()).toEqual(['x.mode', 'x.inner.extra', 'x.other'])
    const none = new Unmapped()
    expect(salvage(schema, 'nope', 'y', none)).toBeUndefined()
    expect(none.list()).toEqual(['y'])
  })

  it('cuts an object whose required field is invalid rather than looping on it', () => {
    const out = new Unmapped()
    const schema = z.array(z.object({ category: z.string(), threshold: z.string() }))
    const value = salvage(
      schema,
      [
        { category: 'c', threshold: 5 },
        { category: 'd', threshold: 'OFF' },
      ],
      's',
      out,
    )
    expect(value).toEqual([{ category: 'd', threshold: 'OFF' }])
    expect(out.list()).toEqual(['s[0]'])
  })

  it('compares JSON values structurally, ignoring key order', () => {
    expect(jsonEqual({ a: [1, { b: 2 }], c: 'x' }, { c: 'x', a: [1, { b: 2 }] })).toBe(true)
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(jsonEqual([1, 2], [2, 1])).toBe(false)
  })
})

describe.each(WIRE_FORMATS)('%s parseRequest properties', (format) => {
  const codec = codecs[format]

  it('rebuilds the body it reads for the full fixture and 400 random drafts, listing nothing', () => {
    // Chat drops file parts; a one-text array left behind would come back as a string (see randomDraft).
    const drafts = [
      FULL_DRAFT,
      ...Array.from({ length: 400 }, (_, seed) => randomDraft(seed, format !== 'chat')),
    ]
    drafts.forEach((draft, seed) => {
      const built = codec.build(draft)
      const read = codec.parseRequest(built.body, contextFor(format, draft))
      expect(read.unmapped, `seed ${seed}`).toEqual([])
      expect(draftSchema.safeParse(read.draft).success, `seed ${seed}`).toBe(true)
      const again = codec.build(read.draft)
      expect(again.body, `seed ${seed}`).toEqual(built.body)
      expect(again.headers, `seed ${seed}`).toEqual(built.headers)
    })
  })

  it('reads a body that is not a JSON object as an empty draft with the body itself unmapped', () => {
    for (const garbage of [null, undefined, [], [{ model: 'm' }], 'text', 42, true]) {
      const read = codec.parseRequest(garbage, { model: 'm', stream: true })
      expect(read).toEqual({ draft: { model: 'm', stream: true, messages: [] }, unmapped: [WHOLE_BODY_PATH] })
    }
  })

  it('never throws on garbage or almost-right bodies, and reads its rebuild of them back unchanged', () => {
    for (let seed = 0; seed < 400; seed++) {
      const r = random(seed)
      const garbage =
        seed % 4 === 0
          ? randomJson(r, 4, BODY_KEYS)
          : mutate(codec.build(randomDraft(seed)).body, r, BODY_KEYS)
      const read = codec.parseRequest(garbage)
      expect(draftSchema.safeParse(read.draft).success, `seed ${seed}`).toBe(true)
      const body = codec.build(read.draft).body
      const again = codec.parseRequest(body, contextFor(format, read.draft))
      expect(again.unmapped, `seed ${seed}`).toEqual([])
      expect(codec.build(again.draft).body, `seed ${seed}`).toEqual(body)
    }
  })
})

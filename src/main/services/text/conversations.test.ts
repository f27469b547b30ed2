import { describe, expect, it } from 'vitest'
import type { DraftMessage } from '../../../shared/wire'
import { ConversationStore } from './conversations'

const turn = (text: string): DraftMessage => ({ role: 'user', parts: [{ type: 'text', text }] })

describe('ConversationStore', () => {
  it('applies a delta uploaded in pieces only when the last piece arrives', () => {
    const store = new ConversationStore()
    const json = JSON.stringify([turn('a'), turn('b')])
    const half = Math.floor(json.length / 2)
    const base = { conversationId: 'c1', baseRevision: 0, keep: 0 }
    expect(store.put({ ...base, piece: json.slice(0, half), done: false })).toEqual({ revision: 0, turns: 0 })
    expect(store.put({ ...base, piece: json.slice(half), done: true })).toEqual({ revision: 1, turns: 2 })
    expect(store.turns({ id: 'c1', revision: 1 })).toEqual([turn('a'), turn('b')])
  })

  it('keeps a prefix and replaces the rest', () => {
    const store = new ConversationStore()
    store.put({
      conversationId: 'c',
      baseRevision: 0,
      keep: 0,
      piece: JSON.stringify([turn('a'), turn('b')]),
      done: true,
    })
    store.put({
      conversationId: 'c',
      baseRevision: 1,
      keep: 1,
      piece: JSON.stringify([turn('c')]),
      done: true,
    })
    expect(store.turns({ id: 'c', revision: 2 })).toEqual([turn('a'), turn('c')])
  })

  it('refuses a delta computed against another revision, and an old revision', () => {
    const store = new ConversationStore()
    store.put({ conversationId: 'c', baseRevision: 0, keep: 0, piece: '[]', done: true })
    expect(() =>
      store.put({ conversationId: 'c', baseRevision: 0, keep: 0, piece: '[]', done: true }),
    ).toThrow(expect.objectContaining({ code: 'TEXT_CONVERSATION_STALE' }))
    expect(() => store.turns({ id: 'c', revision: 0 })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_STALE' }),
    )
  })

  it('treats revision 0 of a conversation never uploaded as empty, and any other as unknown', () => {
    const store = new ConversationStore()
    expect(store.turns({ id: 'new', revision: 0 })).toEqual([])
    expect(() => store.turns({ id: 'new', revision: 3 })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_UNKNOWN' }),
    )
  })

  it('validates the uploaded turns against the draft message schema', () => {
    const store = new ConversationStore()
    const bad = JSON.stringify([{ role: 'wizard', parts: [] }])
    expect(() =>
      store.put({ conversationId: 'c', baseRevision: 0, keep: 0, piece: bad, done: true }),
    ).toThrow(expect.objectContaining({ code: 'TEXT_CONVERSATION_INVALID' }))
  })

  it('forgets the least recently used conversation beyond its bound', () => {
    const store = new ConversationStore({ conversations: 2, chars: 1000 })
    for (const id of ['a', 'b', 'c'])
      store.put({ conversationId: id, baseRevision: 0, keep: 0, piece: '[]', done: true })
    expect(() => store.turns({ id: 'a', revision: 1 })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_UNKNOWN' }),
    )
    expect(store.turns({ id: 'c', revision: 1 })).toEqual([])
  })

  it('applies a whole delta carried by a run, over any upload left half done, and refuses a stale one', () => {
    const store = new ConversationStore()
    store.put({
      conversationId: 'c',
      baseRevision: 0,
      keep: 0,
      piece: JSON.stringify([turn('a')]),
      done: true,
    })
    // Pieces of an upload that never finished do not leak into the carried delta.
    store.put({ conversationId: 'c', baseRevision: 1, keep: 1, piece: '[{"role":"us', done: false })
    const ref = store.apply({ id: 'c', baseRevision: 1, keep: 1, piece: JSON.stringify([turn('b')]) })
    expect(ref).toEqual({ id: 'c', revision: 2 })
    expect(store.turns(ref)).toEqual([turn('a'), turn('b')])
    expect(() => store.apply({ id: 'c', baseRevision: 1, keep: 0, piece: '[]' })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_STALE' }),
    )
    expect(() => store.apply({ id: 'gone', baseRevision: 4, keep: 0, piece: '[]' })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_UNKNOWN' }),
    )
    expect(store.turns(ref)).toEqual([turn('a'), turn('b')])
  })
})

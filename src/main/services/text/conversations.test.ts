import { describe, expect, it } from 'vitest'
import type { DraftMessage } from '../../../shared/wire'
import { INLINE_TURNS_CHARS, TURNS_PIECE_CHARS } from '../../../shared/ipc/text'
import { ConversationStore } from './conversations'

const turn = (text: string): DraftMessage => ({ role: 'user', parts: [{ type: 'text', text }] })

describe('ConversationStore', () => {
  it('applies a delta uploaded in pieces only when the last piece arrives', () => {
    const store = new ConversationStore()
    const json = JSON.stringify([turn('a'), turn('b')])
    const half = Math.floor(json.length / 2)
    const base = { conversationId: 'c1', baseRevision: 0, keep: 0 }
    expect(store.put({ ...base, piece: json.slice(0, half), done: false })).toMatchObject({
      revision: 0,
      tail: [],
    })
    expect(store.put({ ...base, piece: json.slice(half), done: true })).toMatchObject({
      revision: 1,
      baseRevision: 0,
      keep: 0,
      tail: [turn('a'), turn('b')],
    })
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

  it('drops the pieces of an upload left half done when an edit changes the conversation', () => {
    const store = new ConversationStore()
    store.edit('c', { type: 'add', turns: [turn('a')] })
    // Pieces of an upload that never finished do not leak into the next change.
    store.put({ conversationId: 'c', baseRevision: 1, keep: 1, piece: '[{"role":"us', done: false })
    const view = store.edit('c', { type: 'add', turns: [turn('b')] })
    expect(view).toMatchObject({ revision: 2, baseRevision: 1, keep: 1, tail: [turn('b')] })
    expect(store.turns({ id: 'c' })).toEqual([turn('a'), turn('b')])
    expect(() =>
      store.put({ conversationId: 'c', baseRevision: 1, keep: 0, piece: '[]', done: true }),
    ).toThrow(expect.objectContaining({ code: 'TEXT_CONVERSATION_STALE' }))
    expect(store.turns({ id: 'c', revision: 2 })).toEqual([turn('a'), turn('b')])
  })
})

const said = (role: DraftMessage['role'], text: string): DraftMessage => ({
  role,
  parts: [{ type: 'text', text }],
})

describe('ConversationStore edits', () => {
  const seeded = () => {
    const store = new ConversationStore()
    store.edit('c', {
      type: 'load',
      turns: [said('user', 'q1'), said('assistant', 'a1'), said('user', 'q2'), said('assistant', 'a2')],
    })
    return store
  }
  const texts = (store: ConversationStore) =>
    store.turns({ id: 'c' }).map((m) => (m.parts[0] as { text: string }).text)

  it('adds turns after the last and answers only the new tail with the revision it changed', () => {
    const store = seeded()
    const view = store.edit('c', { type: 'add', turns: [said('user', 'q3')] })
    expect(view).toEqual({
      conversationId: 'c',
      revision: 2,
      baseRevision: 1,
      keep: 4,
      tail: [said('user', 'q3')],
    })
    expect(texts(store)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3'])
  })

  it('regenerates by dropping the turns after the last user turn', () => {
    const store = seeded()
    expect(store.edit('c', { type: 'regenerate' })).toMatchObject({ keep: 3, tail: [] })
    expect(texts(store)).toEqual(['q1', 'a1', 'q2'])
  })

  it('resends a turn with new text, keeping its other parts and dropping every turn after it', () => {
    const store = new ConversationStore()
    const image = { type: 'image' as const, url: 'attachment:m1' }
    store.edit('c', {
      type: 'load',
      turns: [{ role: 'user', parts: [{ type: 'text', text: 'old' }, image] }, said('assistant', 'a')],
    })
    store.edit('c', { type: 'resend', index: 0, text: 'new' })
    expect(store.turns({ id: 'c' })).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'new' }, image], edited: true },
    ])
    expect(() => store.edit('c', { type: 'resend', index: 5, text: 'x' })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_STALE' }),
    )
  })

  it('rewrites any turn, an answer included, marked edited, keeping the turns after it', () => {
    const store = seeded()
    store.edit('c', { type: 'rewrite', index: 1, text: 'a1 as I want it' })
    expect(texts(store)).toEqual(['q1', 'a1 as I want it', 'q2', 'a2'])
    expect(store.turns({ id: 'c' })[1]).toMatchObject({ role: 'assistant', edited: true })
    // The same text again is no edit; a turn left empty is refused, naming the field.
    store.edit('c', { type: 'rewrite', index: 2, text: 'q2' })
    expect(store.turns({ id: 'c' })[2]!.edited).toBeUndefined()
    expect(() => store.edit('c', { type: 'rewrite', index: 0, text: '' })).toThrow(
      /text: turn 1 would be empty/,
    )
    expect(texts(store)).toEqual(['q1', 'a1 as I want it', 'q2', 'a2'])
  })

  it('shows another version of an answer, the later turns kept', () => {
    const store = new ConversationStore()
    const answer: DraftMessage = {
      role: 'assistant',
      parts: [{ type: 'text', text: 'second' }],
      alternates: [{ parts: [{ type: 'text', text: 'first' }] }],
      alternateAt: 1,
    }
    store.edit('c', { type: 'load', turns: [said('user', 'q'), answer, said('user', 'more')] })
    store.edit('c', { type: 'showAnswer', index: 1, version: 0 })
    expect(texts(store)).toEqual(['q', 'first', 'more'])
    expect(store.turns({ id: 'c' })[1]).toMatchObject({
      alternateAt: 0,
      alternates: [{ parts: [{ text: 'second' }] }],
    })
  })

  it('removes one turn and keeps the rest in order', () => {
    const store = seeded()
    expect(store.edit('c', { type: 'remove', index: 1 })).toMatchObject({ keep: 1 })
    expect(texts(store)).toEqual(['q1', 'q2', 'a2'])
    expect(() => store.edit('c', { type: 'remove', index: 9 })).toThrow(
      expect.objectContaining({ code: 'TEXT_CONVERSATION_STALE' }),
    )
  })

  it('clears with a token that brings the conversation back exactly as it was, once', () => {
    const store = seeded()
    const cleared = store.edit('c', { type: 'clear' })
    expect(cleared).toMatchObject({ keep: 0, tail: [] })
    expect(store.turns({ id: 'c' })).toEqual([])
    store.edit('c', { type: 'add', turns: [said('user', 'later')] })
    const epoch = store.epoch('c')
    const undone = store.edit('c', { type: 'undoClear', token: cleared.undoToken! })
    // The turns added since the clear are not mixed in: the view shows the old conversation whole, from turn 0.
    expect(undone).toMatchObject({ keep: 0 })
    expect(undone.tail!.map((t) => t.parts[0]).map((p) => (p?.type === 'text' ? p.text : ''))).toEqual([
      'q1',
      'a1',
      'q2',
      'a2',
    ])
    expect(texts(store)).toEqual(['q1', 'a1', 'q2', 'a2'])
    // A run started on the turns since does not append its answer to the conversation brought back.
    expect(store.appendAnswer('c', epoch, said('assistant', 'late answer'))).toBeNull()
    const again = store.edit('c', { type: 'undoClear', token: cleared.undoToken! })
    expect(again.revision).toBe(store.edit('c', { type: 'add', turns: [] }).revision - 1)
    expect(texts(store)).toEqual(['q1', 'a1', 'q2', 'a2'])
  })

  it("appends a run's answer unless the conversation was cleared or loaded since the run began", () => {
    const store = seeded()
    const epoch = store.epoch('c')
    store.edit('c', { type: 'add', turns: [said('user', 'q3')] })
    expect(store.appendAnswer('c', epoch, said('assistant', 'a3'))).toMatchObject({ keep: 5 })
    expect(texts(store).at(-1)).toBe('a3')
    const before = store.epoch('c')
    store.edit('c', { type: 'clear' })
    expect(store.appendAnswer('c', before, said('assistant', 'late'))).toBeNull()
    expect(store.turns({ id: 'c' })).toEqual([])
  })

  it('leaves a tail larger than one message out of the view and reads it back in bounded pieces', () => {
    const store = new ConversationStore()
    const big = said('assistant', 'y'.repeat(INLINE_TURNS_CHARS * 3))
    const view = store.edit('c', { type: 'add', turns: [said('user', 'q'), big] })
    expect(view.tail).toBeUndefined()
    let json = ''
    for (let offset = 0, done = false; !done; offset += TURNS_PIECE_CHARS) {
      const piece = store.read({ conversationId: 'c', revision: view.revision, from: 0, offset })
      expect(piece.piece.length).toBeLessThanOrEqual(TURNS_PIECE_CHARS)
      json += piece.piece
      done = piece.done
    }
    expect(JSON.parse(json)).toEqual([said('user', 'q'), big])
  })

  it("refuses a change past one conversation's bound before anything changes, in words", () => {
    const store = new ConversationStore({ chars: 1000 })
    const first = store.edit('c', { type: 'add', turns: [said('user', 'x'.repeat(600))] })
    expect(() => store.edit('c', { type: 'add', turns: [said('user', 'y'.repeat(600))] })).toThrow(
      expect.objectContaining({
        code: 'TEXT_CONVERSATION_TOO_LARGE',
        message: expect.stringMatching(/at most 0 MB/),
      }),
    )
    expect(store.current('c').revision).toBe(first.revision)
    // An answer that would pass it stays the run's answer: nothing appended, nothing thrown.
    expect(store.appendAnswer('c', store.epoch('c'), said('assistant', 'z'.repeat(600)))).toBeNull()
  })

  it("lets a clear's undo go first when the conversation needs the room", () => {
    const store = new ConversationStore({ chars: 1000 })
    store.edit('c', { type: 'add', turns: [said('user', 'x'.repeat(600))] })
    const cleared = store.edit('c', { type: 'clear' })
    store.edit('c', { type: 'add', turns: [said('user', 'y'.repeat(600))] })
    const undone = store.edit('c', { type: 'undoClear', token: cleared.undoToken! })
    expect(texts(store)).toEqual(['y'.repeat(600)])
    expect(undone.revision).toBe(store.current('c').revision)
  })

  it('drops the least recently used other conversations when all of them together pass their bound', () => {
    const store = new ConversationStore({ chars: 1000, totalChars: 2500 })
    for (const id of ['a', 'b', 'c']) store.edit(id, { type: 'add', turns: [said('user', id.repeat(700))] })
    store.turns({ id: 'a' })
    store.edit('d', { type: 'add', turns: [said('user', 'd'.repeat(700))] })
    expect(store.has('b')).toBe(false)
    expect(['a', 'c', 'd'].every((id) => store.has(id))).toBe(true)
    // An upload in pieces counts while it arrives.
    store.put({ conversationId: 'e', baseRevision: 0, keep: 0, piece: 'x'.repeat(900), done: false })
    expect(store.has('c')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import type { DraftMessage } from '../../../shared/wire'
import { ConversationStore } from './conversations'
import { withTurns } from './preparedRequest'

const msg = (id: string, role: 'user' | 'assistant'): DraftMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: id }],
})

function conversation(turns: DraftMessage[]): ConversationStore {
  const store = new ConversationStore()
  store.edit('c', { type: 'load', turns })
  return store
}

describe('the turns a request is built from', () => {
  it("puts the conversation's turns first and the draft's own (the composer's) after them", () => {
    const store = conversation([msg('u1', 'user'), msg('a1', 'assistant')])
    const draft = withTurns(store, {
      format: 'chat',
      draft: { model: 'm', messages: [msg('u2', 'user')] },
      conversation: { id: 'c' },
    })
    expect(draft.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2'])
  })

  it("puts a prompt uploaded on its own after the conversation's turns and before the draft's", () => {
    const store = conversation([msg('u1', 'user'), msg('a1', 'assistant')])
    const prompt = store.edit('p', { type: 'load', turns: [msg('big-prompt', 'user')] })
    const draft = withTurns(store, {
      format: 'chat',
      draft: { model: 'm', messages: [] },
      conversation: { id: 'c' },
      prompt: { id: 'p', revision: prompt.revision },
    })
    expect(draft.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'big-prompt'])
    // A prompt replaced since (another upload) is not sent in its place: the request is refused as stale.
    store.edit('p', { type: 'load', turns: [msg('newer', 'user')] })
    expect(() =>
      withTurns(store, {
        format: 'chat',
        draft: { model: 'm', messages: [] },
        conversation: { id: 'c' },
        prompt: { id: 'p', revision: prompt.revision },
      }),
    ).toThrow(/changed since/)
  })

  it('continuing from a response sends only the new turns with previous_response_id', () => {
    const store = conversation([msg('u1', 'user'), msg('a1', 'assistant'), msg('u2', 'user')])
    const continueFrom = { responseId: 'resp-9', turns: 2, lastTurnId: 'a1' }
    const sent = withTurns(store, {
      format: 'responses',
      draft: { model: 'm', messages: [] },
      conversation: { id: 'c' },
      continueFrom,
    })
    expect(sent.messages.map((m) => m.id)).toEqual(['u2'])
    expect(sent.extras?.responses?.previous_response_id).toBe('resp-9')
  })

  it('sends the whole conversation when it was edited since or the format changed', () => {
    const continueFrom = { responseId: 'resp-9', turns: 2, lastTurnId: 'a1' }
    const store = conversation([msg('u1', 'user'), msg('a1', 'assistant'), msg('u2', 'user')])
    const chat = withTurns(store, {
      format: 'chat',
      draft: { model: 'm', messages: [] },
      conversation: { id: 'c' },
      continueFrom,
    })
    expect(chat.messages).toHaveLength(3)
    store.edit('c', { type: 'remove', index: 1 })
    store.edit('c', { type: 'add', turns: [msg('other', 'assistant')] })
    const edited = withTurns(store, {
      format: 'responses',
      draft: { model: 'm', messages: [] },
      conversation: { id: 'c' },
      continueFrom,
    })
    expect(edited.messages).toHaveLength(3)
    expect(edited.extras).toBeUndefined()
  })
})

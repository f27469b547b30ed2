// The Compare panel's carried turns as main keeps them, against real files in a temp folder: every change is
// saved (debounced, atomic) and comes back in a new store after a restart, the saved file is bounded as the Text
// panel's is (oldest turns first), and a conversation the store let go is read back before it is changed, so a
// clear never saves over turns it did not hold.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DraftMessage } from '../../../shared/wire'
import { ConversationStore } from './conversations'
import { KeptConversation } from './keptConversation'
import { SavedConversation } from './savedConversation'

const ID = 'compare-panel'
const FILE = 'compare-conversation.json'
const turn = (role: 'user' | 'assistant', text: string): DraftMessage => ({
  role,
  parts: [{ type: 'text', text }],
})

/** A store and its kept conversation on `dir`, wired as the text service wires them. */
function start(dir: string, store = new ConversationStore(), maxChars?: number) {
  const saved = new SavedConversation(dir, {
    file: FILE,
    debounceMs: 10,
    what: "the Compare panel's carried turns",
    ...(maxChars ? { maxChars } : {}),
  })
  const kept = new KeptConversation(ID, store, saved)
  store.onChanged((id, turns) => kept.changed(id, turns))
  return { store, kept }
}

const savedTurns = (dir: string): DraftMessage[] =>
  (JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as { turns: DraftMessage[] }).turns

describe("the Compare panel's carried turns kept by main", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kept-conversation-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('saves each change and brings the turns back after a restart', async () => {
    const first = start(dir)
    const turns = [turn('user', 'which lighthouse?'), turn('assistant', 'The tall one.')]
    first.store.edit(ID, { type: 'load', turns })
    await first.kept.flush()
    expect(savedTurns(dir)).toEqual(turns)

    const again = start(dir)
    const view = await again.kept.view()
    expect(view.tail).toEqual(turns)
    // Read back is not a change: the file is not written again.
    expect(again.store.turns({ id: ID })).toEqual(turns)
  })

  it('keeps a clear and its undo across the save: cleared is saved empty, undone is saved whole', async () => {
    const { store, kept } = start(dir)
    const turns = [turn('user', 'a'), turn('assistant', 'b')]
    store.edit(ID, { type: 'load', turns })
    const cleared = store.edit(ID, { type: 'clear' })
    await kept.flush()
    expect(savedTurns(dir)).toEqual([])
    store.edit(ID, { type: 'undoClear', token: cleared.undoToken! })
    await kept.flush()
    expect(savedTurns(dir)).toEqual(turns)
    expect((await start(dir).kept.view()).tail).toEqual(turns)
  })

  it('bounds the saved file as the Text panel does: the oldest turns go first, the newest stays', async () => {
    const { store, kept } = start(dir, new ConversationStore(), 2_000)
    const turns = Array.from({ length: 40 }, (_, i) =>
      turn(i % 2 ? 'assistant' : 'user', `turn ${i} ${'.'.repeat(80)}`),
    )
    store.edit(ID, { type: 'load', turns })
    await kept.flush()
    const kept40 = savedTurns(dir)
    expect(readFileSync(join(dir, FILE), 'utf8').length).toBeLessThanOrEqual(2_000)
    expect(kept40.length).toBeGreaterThan(0)
    expect(kept40.length).toBeLessThan(40)
    expect(kept40.at(-1)).toEqual(turns.at(-1))
    // What the panel sends stays whole while the app runs: only the file is bounded.
    expect(store.turns({ id: ID })).toHaveLength(40)
  })

  it('reads the turns back when the store let them go, before a clear could save over them', async () => {
    // A store that holds one conversation at a time: opening another lets the carried turns go.
    const store = new ConversationStore({ conversations: 1 })
    const { kept } = start(dir, store)
    const turns = [turn('user', 'keep me')]
    store.edit(ID, { type: 'load', turns })
    await kept.flush()
    store.edit('text-panel', { type: 'add', turns: [turn('user', 'elsewhere')] })
    expect(store.has(ID)).toBe(false)

    await kept.held()
    expect(store.turns({ id: ID })).toEqual(turns)
    const cleared = store.edit(ID, { type: 'clear' })
    store.edit(ID, { type: 'undoClear', token: cleared.undoToken! })
    await kept.flush()
    expect(savedTurns(dir)).toEqual(turns)
  })
})

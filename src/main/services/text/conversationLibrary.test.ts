// The Text panel's several conversations as main keeps them, on a real temp folder: each with its turns and form,
// named, copied, searched, deleted with undo, bounded in count, and all of it read back by a new library on the
// same folder (a restart).
import { afterEach, beforeEach, expect, it } from 'vitest'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConversationStore } from './conversations'
import { ConversationLibrary } from './conversationLibrary'
import { SavedConversation } from './savedConversation'
import { TEXT_PANEL_CONVERSATION_ID } from '../../../shared/ipc/text'
import type { DraftMessage } from '../../../shared/wire'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'conversation-library-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

async function library(maxConversations?: number) {
  const store = new ConversationStore()
  const lib = new ConversationLibrary(store, {
    first: new SavedConversation(dir, { debounceMs: 5 }),
    debounceMs: 5,
    ...(maxConversations ? { maxConversations } : {}),
  })
  store.onChanged((id, turns) => lib.changed(id, turns))
  await lib.start()
  return { store, lib }
}

const say = (role: 'user' | 'assistant', text: string): DraftMessage => ({
  role,
  parts: [{ type: 'text', text }],
})
const form = (model: string) => ({
  state: JSON.stringify({ format: 'chat', model, composer: `draft for ${model}` }),
  profileId: 'p1',
})

it('starts with the first conversation open, and a new one takes its own turns and form', async () => {
  const { store, lib } = await library()
  expect((await lib.list()).entries.map((e) => e.id)).toEqual([TEXT_PANEL_CONVERSATION_ID])
  store.edit(TEXT_PANEL_CONVERSATION_ID, {
    type: 'add',
    turns: [say('user', 'About lighthouses'), say('assistant', 'Tall.')],
  })
  const opened = await lib.create({
    form: form('gpt-4o'),
    leaving: { id: TEXT_PANEL_CONVERSATION_ID, form: form('first-model') },
  })
  expect(opened.view.tail).toEqual([])
  expect(opened.entry.title).toBe('New conversation')
  store.edit(opened.entry.id, { type: 'add', turns: [say('user', 'About windmills and   their sails')] })
  const listed = await lib.list()
  expect(listed.activeId).toBe(opened.entry.id)
  expect(listed.entries.map((e) => e.title)).toEqual(['About windmills and their sails', 'About lighthouses'])
  const back = await lib.switchTo(TEXT_PANEL_CONVERSATION_ID, {
    id: opened.entry.id,
    form: form('gpt-4o-mini'),
  })
  expect(back.view.tail?.map((t) => t.parts[0])).toEqual([
    { type: 'text', text: 'About lighthouses' },
    { type: 'text', text: 'Tall.' },
  ])
  expect(JSON.parse(back.form!.state)).toMatchObject({
    model: 'first-model',
    composer: 'draft for first-model',
  })
})

it('renames, duplicates, branches and finds conversations by name or by their text', async () => {
  const { store, lib } = await library()
  store.edit(TEXT_PANEL_CONVERSATION_ID, {
    type: 'add',
    turns: [say('user', 'one'), say('assistant', 'the zebra answer'), say('user', 'two')],
  })
  expect(lib.rename(TEXT_PANEL_CONVERSATION_ID, 'Animals').title).toBe('Animals')
  const copy = await lib.create({
    title: 'Animals (copy)',
    from: { id: TEXT_PANEL_CONVERSATION_ID },
    leaving: undefined,
  })
  expect(copy.view.tail).toHaveLength(3)
  const branch = await lib.create({ from: { id: TEXT_PANEL_CONVERSATION_ID, turns: 2 }, leaving: undefined })
  expect(branch.view.tail).toHaveLength(2)
  // A rename survives new turns: the title follows the first message only until the user names it.
  store.edit(TEXT_PANEL_CONVERSATION_ID, { type: 'add', turns: [say('user', 'three')] })
  expect((await lib.list('animals')).entries.map((e) => e.title).sort()).toEqual([
    'Animals',
    'Animals (copy)',
  ])
  expect((await lib.list('ZEBRA answer')).entries).toHaveLength(3)
  expect((await lib.list('zebra giraffe')).entries).toHaveLength(0)
})

it('a deleted conversation comes back with Undo, and deleting the open one opens another', async () => {
  const { store, lib } = await library()
  const other = await lib.create({ leaving: undefined })
  store.edit(other.entry.id, { type: 'add', turns: [say('user', 'keep me')] })
  await lib.flush()
  const gone = await lib.remove(other.entry.id, { id: other.entry.id, form: form('m1') })
  expect(gone.opened?.entry.id).toBe(TEXT_PANEL_CONVERSATION_ID)
  expect((await lib.list()).entries).toHaveLength(1)
  expect(readdirSync(join(dir, 'conversations'))).not.toContain(`${other.entry.id}.json`)
  const back = await lib.restore(gone.undoToken)
  expect(back.title).toBe('keep me')
  const reopened = await lib.switchTo(other.entry.id, undefined)
  expect(reopened.view.tail?.[0]?.parts[0]).toEqual({ type: 'text', text: 'keep me' })
  expect(JSON.parse(reopened.form!.state)).toMatchObject({ model: 'm1' })
  await expect(lib.restore(gone.undoToken)).rejects.toThrow(/no longer be brought back/)
  // The last one deleted leaves a new empty one open.
  await lib.remove(TEXT_PANEL_CONVERSATION_ID, undefined)
  const last = await lib.remove(other.entry.id, undefined)
  expect(last.opened?.entry.title).toBe('New conversation')
  expect((await lib.list()).entries).toHaveLength(1)
})

it('refuses one conversation more than the bound, in words, and drops none', async () => {
  const { lib } = await library(2)
  await lib.create({ leaving: undefined })
  await expect(lib.create({ leaving: undefined })).rejects.toThrow(/2 conversations are kept.*delete one/)
  expect((await lib.list()).bounds).toEqual({ count: 2, maxCount: 2 })
})

it('refuses a form the Text panel could not read back, naming it', async () => {
  const { lib } = await library()
  await expect(
    lib.create({ form: { state: '{not json', profileId: null }, leaving: undefined }),
  ).rejects.toThrow(/form: the text panel's state is not JSON/)
})

it('a new library on the same folder (a restart) has every conversation, its name, turns and the one open', async () => {
  const first = await library()
  first.store.edit(TEXT_PANEL_CONVERSATION_ID, { type: 'add', turns: [say('user', 'first one')] })
  const second = await first.lib.create({ title: 'Second', leaving: undefined })
  first.store.edit(second.entry.id, {
    type: 'add',
    turns: [say('user', 'second one'), say('assistant', 'yes')],
  })
  await first.lib.flush()

  const again = await library()
  const listed = await again.lib.list()
  expect(listed.activeId).toBe(second.entry.id)
  expect(listed.entries.map((e) => [e.title, e.turns])).toEqual([
    ['Second', 2],
    ['first one', 1],
  ])
  const view = await again.lib.view(second.entry.id)
  expect(view.tail?.map((t) => t.role)).toEqual(['user', 'assistant'])
  // Reading a conversation back is not a change: it keeps its place in the list.
  expect((await again.lib.list()).entries[0]!.updatedAt).toBe(listed.entries[0]!.updatedAt)
})

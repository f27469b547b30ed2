// The Text panel's conversation is main's to keep: a Send's turn and the answer main appends are written to the
// data folder, and a new service on the same folder (a host restart) opens the panel to them; a damaged file is
// set aside and the panel opens empty. Real simulator over loopback, real temp folder.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import type { CallContext } from '../../src/main/services/ports'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { SavedConversation } from '../../src/main/services/text/savedConversation'
import { TEXT_PANEL_CONVERSATION_ID, textCommands, type ConversationView } from '../../src/shared/ipc/text'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const KEY = 'sk-conversation-saved-000'
let sim: RunningSimulator
let dir: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
})
afterAll(() => sim.close())
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'conversation-saved-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** One host's text domain on the data folder: its service (started as the domain starts it) and its router. */
async function host(logs: string[] = []) {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    saved: new SavedConversation(dir, { debounceMs: 20, log: (m) => logs.push(m) }),
  })
  await text.restorePanelConversation()
  const router = createRouter(textCommands, textHandlers({ text, media }))
  // Records what a window receives; a run's end comes with the exchange that follows it.
  const sink = new RecordingSink()
  const ctx = { senderId: 'w', events: sink } as unknown as CallContext
  const call = async <T>(route: string, input: unknown): Promise<T> => {
    const result = await router.handle(route, structuredClone(input), ctx)
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
    return result.value as T
  }
  const whenEnded = (runId: string) => sink.ended(runId, 60_000)
  return { text, profileId: view.id, call, whenEnded }
}

it('a Send and its answer come back in the Text panel after a restart', async () => {
  const first = await host()
  expect(await first.call<ConversationView>('text.openConversation', {})).toMatchObject({
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    tail: [],
  })
  const ended = first.whenEnded('run-saved-1')
  await first.call('text.startRun', {
    runId: 'run-saved-1',
    profileId: first.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', stream: true, messages: [] },
    conversation: { id: TEXT_PANEL_CONVERSATION_ID },
    edit: {
      type: 'add',
      turns: [{ role: 'user', parts: [{ type: 'text', text: 'Tell me about lighthouses' }] }],
    },
    keepAnswer: true,
  })
  expect((await ended).status).toBe('done')
  await first.text.flushSaved()
  expect(existsSync(join(dir, 'conversation.json'))).toBe(true)

  const again = await host()
  const view = await again.call<ConversationView>('text.openConversation', {})
  expect(view.keep).toBe(0)
  expect(view.tail?.map((t) => t.role)).toEqual(['user', 'assistant'])
  expect(view.tail?.[0]?.parts).toEqual([{ type: 'text', text: 'Tell me about lighthouses' }])
  const answer = view.tail?.[1]?.parts.find((p) => p.type === 'text')
  expect(answer && 'text' in answer && answer.text.length).toBeGreaterThan(0)
  // The turns read back are the ones a run sends: readTurns at that revision answers them too.
  const read = await again.call<{ piece: string; done: boolean }>('text.readTurns', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    revision: view.revision,
    from: 0,
    offset: 0,
  })
  expect(read.done).toBe(true)
  expect(JSON.parse(read.piece)).toEqual(view.tail)
})

it('a cleared conversation stays cleared after a restart, and other conversations are not saved', async () => {
  const first = await host()
  const turns = [{ role: 'user', parts: [{ type: 'text', text: 'to be cleared' }] }]
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: { type: 'load', turns },
  })
  await first.call('text.editConversation', { conversationId: 'compare-x', edit: { type: 'load', turns } })
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: { type: 'clear' },
  })
  await first.text.flushSaved()
  const again = await host()
  expect((await again.call<ConversationView>('text.openConversation', {})).tail).toEqual([])
  expect(again.text.conversations.has('compare-x')).toBe(false)
})

it('a damaged saved conversation is set aside with a log line and the panel opens empty', async () => {
  writeFileSync(join(dir, 'conversation.json'), '{"version":1,"turns":[{"role":"us')
  const logs: string[] = []
  const again = await host(logs)
  const view = await again.call<ConversationView>('text.openConversation', {})
  expect(view.tail).toEqual([])
  expect(existsSync(join(dir, 'conversation.json.damaged'))).toBe(true)
  expect(logs.join()).toMatch(/could not be read/)
})

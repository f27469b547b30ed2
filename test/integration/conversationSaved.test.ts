// The Text panel's conversation is main's to keep: a Send's turn and the answer main appends are written to the
// data folder, and a new service on the same folder (a host restart) opens the panel to them; a damaged file is
// set aside and the panel opens empty. Real simulator over loopback, real temp folder.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
import { AnswersInFlight } from '../../src/main/services/text/answersInFlight'
import {
  COMPARE_PANEL_CONVERSATION_ID,
  TEXT_PANEL_CONVERSATION_ID,
  textCommands,
  type ConversationView,
} from '../../src/shared/ipc/text'
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
async function host(logs: string[] = [], options: { fault?: string } = {}) {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const headers = options.fault ? [{ name: 'x-sim-fault', value: options.fault }] : []
  const view = await profiles.create(
    profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl, headers }),
  )
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    saved: new SavedConversation(dir, { debounceMs: 20, log: (m) => logs.push(m) }),
    savedCompare: new SavedConversation(dir, {
      file: 'compare-conversation.json',
      debounceMs: 20,
      log: (m) => logs.push(m),
    }),
    inflight: new AnswersInFlight(dir, { log: (m) => logs.push(m) }),
    checkpointMs: 50,
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
  return { text, profileId: view.id, call, whenEnded, sink }
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

it("Compare's carried turns come back after a restart, and a column's run sends them before its prompt", async () => {
  const first = await host()
  const carried = [
    { role: 'user', parts: [{ type: 'text', text: 'carried question' }] },
    { role: 'assistant', parts: [{ type: 'text', text: 'carried answer' }] },
  ]
  await first.call('text.editConversation', {
    conversationId: COMPARE_PANEL_CONVERSATION_ID,
    edit: { type: 'load', turns: carried },
  })
  await first.text.flushSaved()
  expect(existsSync(join(dir, 'compare-conversation.json'))).toBe(true)

  const again = await host()
  const view = await again.call<ConversationView>('text.openConversation', { panel: 'compare' })
  expect(view).toMatchObject({ conversationId: COMPARE_PANEL_CONVERSATION_ID, keep: 0, tail: carried })
  // The Text panel's conversation is another: the carried turns are not in it.
  expect((await again.call<ConversationView>('text.openConversation', {})).tail).toEqual([])
  // A column's request names the carried turns and carries only its prompt; History records all three.
  const ended = again.whenEnded('cmp-restart-1')
  await again.call('text.startRun', {
    runId: 'cmp-restart-1',
    profileId: again.profileId,
    format: 'chat',
    draft: {
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'the prompt' }] }],
    },
    conversation: { id: COMPARE_PANEL_CONVERSATION_ID },
  })
  const end = await ended
  expect(end.status).toBe('done')
  const body = end.exchange?.request.body ?? ''
  expect(body).toMatch(/carried question.*carried answer.*the prompt/)
  // A column's answer does not become a carried turn.
  expect(again.text.conversations.turns({ id: COMPARE_PANEL_CONVERSATION_ID })).toHaveLength(2)
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

/** A Send of `text` on the panel's conversation, keeping its answer. */
function send(h: Awaited<ReturnType<typeof host>>, runId: string, text: string, more: object = {}) {
  return h.call('text.startRun', {
    runId,
    profileId: h.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', stream: true, maxTokens: 4000, messages: [] },
    conversation: { id: TEXT_PANEL_CONVERSATION_ID },
    edit: { type: 'add', turns: [{ role: 'user', parts: [{ type: 'text', text }] }] },
    keepAnswer: true,
    ...more,
  })
}

const textOf = (turn: { parts: { type: string; text?: string }[] } | undefined) =>
  (turn?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('')

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

it('a window that goes away mid-answer leaves what arrived in the conversation, marked interrupted', async () => {
  const first = await host([], { fault: 'tps:400' })
  await send(first, 'run-gone-1', 'sim:tokens=3000 a long story')
  await until(() => first.sink.text('run-gone-1').length > 200)
  // The page reloads: its socket closes, and the run finds no window at its next batch.
  first.sink.alive = false
  await until(() => first.text.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID }).length === 2)
  const turns = first.text.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID })
  expect(turns[1]).toMatchObject({ role: 'assistant', partial: 'interrupted' })
  const kept = textOf(turns[1])
  expect(kept.length).toBeGreaterThan(200)
  expect(first.sink.text('run-gone-1').startsWith(kept.slice(0, 200))).toBe(true)
  await first.text.flushSaved()
  const view = await (await host()).call<ConversationView>('text.openConversation', {})
  expect(view.tail?.[1]).toMatchObject({ role: 'assistant', partial: 'interrupted' })
})

it('Continue sends the partial answer last, never its mark, and grows it in place', async () => {
  const first = await host()
  const partial = {
    role: 'assistant',
    parts: [{ type: 'text', text: 'Lighthouses stand' }],
    partial: 'stopped',
  }
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: {
      type: 'load',
      turns: [{ role: 'user', parts: [{ type: 'text', text: 'Lighthouses?' }] }, partial],
    },
  })
  const ended = first.whenEnded('run-continue-1')
  await first.call('text.startRun', {
    runId: 'run-continue-1',
    profileId: first.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', stream: true, messages: [] },
    conversation: { id: TEXT_PANEL_CONVERSATION_ID },
    continueAnswer: true,
  })
  const end = await ended
  expect(end.status).toBe('done')
  const body = JSON.parse(end.exchange!.request.body!) as { messages: { role: string; content: string }[] }
  expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: 'Lighthouses stand' })
  expect(end.exchange!.request.body).not.toContain('stopped')
  const turns = first.text.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID })
  expect(turns).toHaveLength(2)
  expect(turns[1]!.partial).toBeUndefined()
  expect(textOf(turns[1])).toBe(`Lighthouses stand${first.sink.text('run-continue-1')}`)
  // Only a conversation that ends with a partial answer can be continued.
  await expect(
    first.call('text.startRun', {
      runId: 'run-continue-2',
      profileId: first.profileId,
      format: 'chat',
      draft: { model: 'gpt-4o-mini', stream: true, messages: [] },
      conversation: { id: TEXT_PANEL_CONVERSATION_ID },
      continueAnswer: true,
    }),
  ).rejects.toThrow(/TEXT_NOTHING_TO_CONTINUE/)
})

it('a continuation that fails keeps the partial answer, grown by what arrived and marked failed', async () => {
  const first = await host([], { fault: 'error:6' })
  const partial = { role: 'assistant', parts: [{ type: 'text', text: 'So far' }], partial: 'interrupted' }
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: { type: 'load', turns: [{ role: 'user', parts: [{ type: 'text', text: 'Go on' }] }, partial] },
  })
  const ended = first.whenEnded('run-continue-fail')
  await first.call('text.startRun', {
    runId: 'run-continue-fail',
    profileId: first.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', stream: true, messages: [] },
    conversation: { id: TEXT_PANEL_CONVERSATION_ID },
    continueAnswer: true,
  })
  expect((await ended).status).toBe('error')
  const turns = first.text.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID })
  expect(turns[1]).toMatchObject({ partial: 'failed', id: 'answer-run-continue-fail' })
  expect(textOf(turns[1])).toBe(`So far${first.sink.text('run-continue-fail')}`)
})

it('answers a stopped app left streaming join their conversation at the next start, marked interrupted', async () => {
  const first = await host([], { fault: 'tps:300' })
  await send(first, 'run-killed-1', 'sim:tokens=3000 keep going')
  await until(() => existsSync(join(dir, 'answers-in-flight', 'run-killed-1.json')))
  await until(() => first.sink.text('run-killed-1').length > 300)
  await first.text.flushSaved()
  // A kill: nothing more is written; the next host on the folder finds the answer kept on disk.
  const kept = JSON.parse(readFileSync(join(dir, 'answers-in-flight', 'run-killed-1.json'), 'utf8'))
  first.text.stop('run-killed-1')
  await first.whenEnded('run-killed-1')
  await first.text.flushSaved()
  writeFileSync(join(dir, 'answers-in-flight', 'run-killed-1.json'), JSON.stringify(kept))
  const again = await host()
  const view = await again.call<ConversationView>('text.openConversation', {})
  expect(view.tail?.map((t) => t.role)).toEqual(['user', 'assistant'])
  expect(view.tail?.[1]).toMatchObject({ partial: 'interrupted', id: 'answer-run-killed-1' })
  expect(textOf(view.tail?.[1]).length).toBeGreaterThan(0)
  expect(existsSync(join(dir, 'answers-in-flight', 'run-killed-1.json'))).toBe(false)
})

it('an edited answer is sent as written, and Regenerate keeps the earlier answers, both after a restart', async () => {
  const first = await host()
  let ended = first.whenEnded('run-alt-1')
  await send(first, 'run-alt-1', 'Tell me about lighthouses')
  await ended
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: { type: 'rewrite', index: 1, text: 'Lighthouses guide ships. (as I wrote it)' },
  })
  // The next request carries the edited answer as written.
  ended = first.whenEnded('run-alt-2')
  await send(first, 'run-alt-2', 'And windmills?')
  const body = (await ended).exchange?.request.body ?? ''
  expect(body).toContain('Lighthouses guide ships. (as I wrote it)')
  expect(body).not.toContain('edited')

  // Regenerate twice: three versions of the last answer, the newest shown.
  for (const runId of ['run-alt-3', 'run-alt-4']) {
    ended = first.whenEnded(runId)
    await first.call('text.startRun', {
      runId,
      profileId: first.profileId,
      format: 'chat',
      draft: { model: 'gpt-4o-mini', stream: true, messages: [] },
      conversation: { id: TEXT_PANEL_CONVERSATION_ID },
      edit: { type: 'regenerate' },
      keepAnswer: true,
    })
    expect((await ended).status).toBe('done')
  }
  const turns = first.text.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID })
  expect(turns).toHaveLength(4)
  expect(turns[3]).toMatchObject({ id: 'answer-run-alt-4', alternateAt: 2 })
  expect(turns[3]!.alternates?.map((v) => v.id)).toEqual(['answer-run-alt-2', 'answer-run-alt-3'])
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: { type: 'showAnswer', index: 3, version: 0 },
  })
  await first.text.flushSaved()

  const view = await (await host()).call<ConversationView>('text.openConversation', {})
  expect(view.tail?.[1]).toMatchObject({ edited: true })
  expect(textOf(view.tail?.[1])).toBe('Lighthouses guide ships. (as I wrote it)')
  expect(view.tail?.[3]).toMatchObject({ id: 'answer-run-alt-2', alternateAt: 0 })
  expect(view.tail?.[3]!.alternates?.map((v) => v.id)).toEqual(['answer-run-alt-3', 'answer-run-alt-4'])
})

it('a Regenerate that brings nothing puts the earlier answer back', async () => {
  const first = await host([], { fault: '500' })
  await first.call('text.editConversation', {
    conversationId: TEXT_PANEL_CONVERSATION_ID,
    edit: {
      type: 'load',
      turns: [
        { role: 'user', parts: [{ type: 'text', text: 'q' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'the earlier answer' }] },
      ],
    },
  })
  const ended = first.whenEnded('run-back-1')
  await first.call('text.startRun', {
    runId: 'run-back-1',
    profileId: first.profileId,
    format: 'chat',
    draft: { model: 'gpt-4o-mini', stream: true, messages: [] },
    conversation: { id: TEXT_PANEL_CONVERSATION_ID },
    edit: { type: 'regenerate' },
    keepAnswer: true,
  })
  expect((await ended).status).toBe('error')
  const turns = first.text.conversations.turns({ id: TEXT_PANEL_CONVERSATION_ID })
  expect(turns.map(textOf)).toEqual(['q', 'the earlier answer'])
})

// M1 for long conversations, over the real router: a 50,000-token answer and a follow-up that continues it,
// with the renderer's conversation mirror and run folding on one side and the text service on the other.
// Every message that crosses (calls, answers, events) is measured as the JSON a transport would carry.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import type { CallContext, EventSink } from '../../src/main/services/ports'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { ConversationStore } from '../../src/main/services/text/conversations'
import { INLINE_TURNS_CHARS, textCommands, textEvents, type RunEvent } from '../../src/shared/ipc/text'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import {
  appendAssistantTurn,
  exportCode,
  formats,
  type Draft,
  type DraftMessage,
} from '../../src/shared/wire'
import { ConversationMirror } from '../../src/renderer/src/stores/conversationMirror'
import {
  endRun,
  foldRunEvents,
  newRun,
  runCompletion,
  type RunEnded,
  type RunView,
} from '../../src/renderer/src/stores/runFold'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-conversation-ipc-000'
const M1_BYTES = 256 * 1024
let sim: RunningSimulator
let dir: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'conversation-ipc-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The renderer's view of main: every call and event measured as the JSON it would travel as. */
function measuredClient(service: TextService, media: MediaStore) {
  const router = createRouter(textCommands, textHandlers({ text: service, media }))
  const sizes: { what: string; bytes: number }[] = []
  const measure = (what: string, value: unknown) =>
    sizes.push({ what, bytes: Buffer.byteLength(JSON.stringify(value), 'utf8') })
  const runs = new Map<string, RunView>()
  const waiters = new Map<string, (run: RunView) => void>()
  const sink: EventSink<typeof textEvents> = {
    alive: true,
    emit(name, payload) {
      measure(name, { event: name, payload })
      if (!textEvents[name]) throw new Error(`unknown event ${name}`)
      const p = structuredClone(payload) as { runId: string; events?: RunEvent[] }
      const run = runs.get(p.runId)
      if (!run) return
      if (name === 'text.runEvents') runs.set(p.runId, foldRunEvents(run, p.events!))
      else {
        const ended = endRun(run, p as unknown as RunEnded)
        runs.set(p.runId, ended)
        waiters.get(p.runId)?.(ended)
      }
    },
  }
  const ctx = { senderId: 'w', events: sink } as unknown as CallContext
  const invoke = async (route: string, input: unknown) => {
    measure(route, { route, input })
    const result = await router.handle(route, structuredClone(input), ctx)
    measure(`${route} answer`, result)
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code })
    return result.value as never
  }
  return { invoke, sizes, runs, waiters }
}

it('runs a 50,000-token answer and a follow-up with every IPC message under 256 KB (M1)', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const service = new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  const ipc = measuredClient(service, media)
  const mirror = new ConversationMirror((input) => ipc.invoke('text.putTurns', input))

  const settings: Omit<Draft, 'messages'> = { model: 'gpt-4o-mini', stream: true, maxTokens: 60_000 }
  const runTurns = async (messages: DraftMessage[], runId: string): Promise<RunView> => {
    const conversation = await mirror.sync(messages)
    await ipc.invoke('text.previewRequest', {
      profileId: view.id,
      format: 'chat',
      draft: { ...settings, messages: [] },
      conversation,
    })
    ipc.runs.set(runId, newRun(runId, 'chat', settings.model))
    const ended = new Promise<RunView>((resolve) => ipc.waiters.set(runId, resolve))
    await ipc.invoke('text.startRun', {
      runId,
      profileId: view.id,
      format: 'chat',
      draft: { ...settings, messages: [] },
      conversation,
    })
    return ended
  }

  const first: DraftMessage = {
    role: 'user',
    parts: [{ type: 'text', text: 'sim:tokens=50000 write at length' }],
  }
  const answer = await runTurns([first], 'run-long-answer')
  expect(answer.status).toBe('done')
  expect(answer.usage?.output).toBeGreaterThanOrEqual(50_000)
  expect(answer.text.length).toBeGreaterThan(200_000)

  const withAnswer = appendAssistantTurn({ ...settings, messages: [first] }, runCompletion(answer)).messages
  const followUp: DraftMessage = {
    role: 'user',
    parts: [{ type: 'text', text: 'Now sum that up in one line.' }],
  }
  const next = await runTurns([...withAnswer, followUp], 'run-follow-up')
  expect(next.status).toBe('done')
  expect(next.text.length).toBeGreaterThan(0)
  // Main sent the whole conversation: the gateway read the long answer as input of the follow-up.
  expect(next.usage?.input).toBeGreaterThan(50_000)
  const sent = service.exchanges.get(next.exchange!.id)!.snapshot().request.body!
  expect(sent.includes(JSON.stringify(answer.text.slice(0, 2000)).slice(1, -1))).toBe(true)

  // Before, startRun and every preview carried the whole conversation, and the preview its code export too:
  // for this conversation that one answer alone was several times the bound.
  const draft: Draft = { ...settings, messages: [...withAnswer, followUp] }
  const body = formats.chat.build(draft).body
  const oldPreview = {
    draft,
    body: JSON.stringify(body),
    code: exportCode({ url: sim.baseUrl, headers: {}, body }),
  }
  expect(Buffer.byteLength(JSON.stringify(oldPreview))).toBeGreaterThan(2 * M1_BYTES)
  const largest = ipc.sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  expect(largest.bytes, `largest: ${largest.what}`).toBeLessThanOrEqual(M1_BYTES)
  expect(ipc.sizes.filter((s) => s.what === 'text.putTurns').length).toBeGreaterThan(2)
}, 60_000)

it('uploads the whole conversation again when main no longer holds it', async () => {
  let store = new ConversationStore()
  const puts: { keep: number; baseRevision: number }[] = []
  const mirror = new ConversationMirror(async (input) => {
    puts.push({ keep: input.keep, baseRevision: input.baseRevision })
    return store.put(input)
  })
  const a: DraftMessage = { role: 'user', parts: [{ type: 'text', text: 'a' }] }
  const b: DraftMessage = { role: 'assistant', parts: [{ type: 'text', text: 'b' }] }
  const first = await mirror.sync([a])
  expect(store.turns(first)).toEqual([a])
  expect(await mirror.sync([a])).toEqual(first)
  store = new ConversationStore() // main restarted: nothing is kept
  const again = await mirror.sync([a, b])
  expect(store.turns(again)).toEqual([a, b])
  expect(puts).toEqual([
    { keep: 0, baseRevision: 0 },
    { keep: 1, baseRevision: 1 },
    { keep: 0, baseRevision: 0 },
  ])
})

it('carries a small change in the run start itself, and starts anew when main no longer holds the conversation', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media-carry'), (id) => `media://${id}`)
  const newMain = () => new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  let service = newMain()
  let ipc = measuredClient(service, media)
  const mirror = new ConversationMirror((input) => ipc.invoke('text.putTurns', input))
  const settings: Omit<Draft, 'messages'> = { model: 'gpt-4o-mini', stream: true }
  const send = async (messages: DraftMessage[], runId: string) => {
    const ended = new Promise<RunView>((resolve) => ipc.waiters.set(runId, resolve))
    await mirror.carry(messages, INLINE_TURNS_CHARS, async (conversation) => {
      ipc.runs.set(runId, newRun(runId, 'chat', settings.model))
      await ipc.invoke('text.startRun', {
        runId,
        profileId: view.id,
        format: 'chat',
        draft: { ...settings, messages: [] },
        conversation,
      })
    })
    const run = await ended
    expect(run.status).toBe('done')
    const body = JSON.parse(service.exchanges.get(run.exchange!.id)!.snapshot().request.body!) as {
      messages: { content: unknown }[]
    }
    return { run, sentTurns: body.messages.length }
  }
  const text = (role: 'user' | 'assistant', t: string): DraftMessage => ({
    role,
    parts: [{ type: 'text', text: t }],
  })
  const routes = () =>
    ipc.sizes.map((s) => s.what).filter((w) => w.startsWith('text.') && !w.endsWith(' answer'))

  const a = text('user', 'Say hello.')
  const first = await send([a], 'run-carry-1')
  expect(first.sentTurns).toBe(1)
  const withAnswer = [a, text('assistant', first.run.text), text('user', 'Once more.')]
  const second = await send(withAnswer, 'run-carry-2')
  // The gateway read the whole conversation, which reached main only inside the two starts.
  expect(second.sentTurns).toBe(3)
  expect(routes().filter((r) => r === 'text.putTurns' || r === 'text.startRun')).toEqual([
    'text.startRun',
    'text.startRun',
  ])

  // Main restarted: the carried change is refused before any run exists, and the same run starts again with
  // every turn.
  service = newMain()
  ipc = measuredClient(service, media)
  const third = await send(
    [...withAnswer, text('assistant', second.run.text), text('user', 'Last.')],
    'run-carry-3',
  )
  expect(third.sentTurns).toBe(5)
  expect(routes().filter((r) => r === 'text.putTurns' || r === 'text.startRun')).toEqual([
    'text.startRun',
    'text.startRun',
  ])

  // A change larger than a start may carry is uploaded in pieces first, and no message passes the bound.
  const long = text('user', 'x'.repeat(INLINE_TURNS_CHARS + 10))
  const fourth = await send([long], 'run-carry-4')
  expect(fourth.sentTurns).toBe(1)
  expect(routes().filter((r) => r === 'text.putTurns').length).toBeGreaterThan(0)
  const largest = ipc.sizes.reduce((x, y) => (y.bytes > x.bytes ? y : x))
  expect(largest.bytes, `largest: ${largest.what}`).toBeLessThanOrEqual(M1_BYTES)
}, 30_000)

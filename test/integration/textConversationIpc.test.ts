// M1 for long conversations, over the real router: a 50,000-token answer that main keeps as the next turn and a
// follow-up that continues it, with the renderer's run folding (and, last, the real Text store) on one side and
// the text service on the other. Every message that crosses (calls, answers, events) is measured as the JSON a
// transport would carry.
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
import {
  INLINE_TURNS_CHARS,
  TEXT_PANEL_CONVERSATION_ID,
  TURNS_PIECE_CHARS,
  textCommands,
  textEvents,
  type ConversationView,
  type RunEvent,
} from '../../src/shared/ipc/text'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { exportCode, formats, type Draft, type DraftMessage } from '../../src/shared/wire'
import type { Bridge } from '../../src/shared/ipc/client'
import type { Router } from '../../src/main/ipc/router'
import type { Exchange } from '../../src/shared/ipc/exchange'
import {
  endRun,
  withExchange,
  foldRunEvents,
  newRun,
  type RunEnded,
  type RunView,
} from '../../src/renderer/src/stores/runs/runFold'
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
  const views: ConversationView[] = []
  const sink: EventSink<typeof textEvents> = {
    alive: true,
    emit(name, payload) {
      measure(name, { event: name, payload })
      if (!textEvents[name]) throw new Error(`unknown event ${name}`)
      if (name === 'text.conversationChanged')
        return void views.push(structuredClone(payload) as ConversationView)
      const p = structuredClone(payload) as { runId: string; events?: RunEvent[] }
      const run = runs.get(p.runId)
      if (!run) return
      if (name === 'text.runEvents') runs.set(p.runId, foldRunEvents(run, p.events!))
      else if (name === 'text.runExchange') {
        // The exchange follows the end: the run is whole with it.
        const whole = withExchange(run, (p as unknown as { exchange: Exchange }).exchange)
        runs.set(p.runId, whole)
        waiters.get(p.runId)?.(whole)
      } else {
        const ended = endRun(run, p as unknown as RunEnded)
        runs.set(p.runId, ended)
        if (!(p as unknown as RunEnded).exchangeFollows) waiters.get(p.runId)?.(ended)
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
  return { invoke, sizes, runs, waiters, views }
}

it('runs a 50,000-token answer and a follow-up with every IPC message under 256 KB (M1)', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const service = new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  const ipc = measuredClient(service, media)
  const conversation = { id: 'long' }

  const settings: Omit<Draft, 'messages'> = { model: 'gpt-4o-mini', stream: true, maxTokens: 60_000 }
  /** One Send: the preview of the draft with the composer's turn, then the run that adds that turn. */
  const send = async (turn: DraftMessage, runId: string): Promise<RunView> => {
    await ipc.invoke('text.previewRequest', {
      profileId: view.id,
      format: 'chat',
      draft: { ...settings, messages: [turn] },
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
      edit: { type: 'add', turns: [turn] },
      keepAnswer: true,
    })
    return ended
  }
  /** Every turn, read back in pieces as the renderer does when a view's tail is too large to carry. */
  const readAll = async (revision: number): Promise<DraftMessage[]> => {
    let json = ''
    for (let offset = 0; ; offset += TURNS_PIECE_CHARS) {
      const { piece, done } = (await ipc.invoke('text.readTurns', {
        conversationId: conversation.id,
        revision,
        from: 0,
        offset,
      })) as { piece: string; done: boolean }
      json += piece
      if (done) return JSON.parse(json) as DraftMessage[]
    }
  }

  const first: DraftMessage = {
    role: 'user',
    parts: [{ type: 'text', text: 'sim:tokens=50000 write at length' }],
  }
  const answer = await send(first, 'run-long-answer')
  expect(answer.status).toBe('done')
  expect(answer.usage?.output).toBeGreaterThanOrEqual(50_000)
  expect(answer.text.length).toBeGreaterThan(200_000)
  // Main kept the answer as the next turn; its view was too large to carry, so the turns are read in pieces.
  const appended = ipc.views.at(-1)!
  expect(appended.answer).toEqual({ runId: 'run-long-answer', index: 1 })
  expect(appended.tail).toBeUndefined()
  const turns = await readAll(appended.revision)
  expect(turns.map((t) => t.role)).toEqual(['user', 'assistant'])
  expect(turns[1]!.parts).toEqual([{ type: 'text', text: answer.text }])

  const followUp: DraftMessage = {
    role: 'user',
    parts: [{ type: 'text', text: 'Now sum that up in one line.' }],
  }
  const next = await send(followUp, 'run-follow-up')
  expect(next.status).toBe('done')
  expect(next.text.length).toBeGreaterThan(0)
  // Main sent the whole conversation: the gateway read the long answer as input of the follow-up.
  expect(next.usage?.input).toBeGreaterThan(50_000)
  const sent = service.exchanges.get(next.exchange!.id)!.snapshot().request.body!
  expect(sent.includes(JSON.stringify(answer.text.slice(0, 2000)).slice(1, -1))).toBe(true)

  // Before, startRun and every preview carried the whole conversation, and the preview its code export too:
  // for this conversation that one answer alone was several times the bound.
  const draft: Draft = { ...settings, messages: [...turns, followUp] }
  const body = formats.chat.build(draft).body
  const oldPreview = {
    draft,
    body: JSON.stringify(body),
    code: exportCode({ url: sim.baseUrl, headers: {}, body }),
  }
  expect(Buffer.byteLength(JSON.stringify(oldPreview))).toBeGreaterThan(2 * M1_BYTES)
  const largest = ipc.sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a))
  expect(largest.bytes, `largest: ${largest.what}`).toBeLessThanOrEqual(M1_BYTES)
  expect(ipc.sizes.filter((s) => s.what === 'text.readTurns').length).toBeGreaterThan(2)
}, 60_000)

/** What this test uses of the renderer's Text store. */
interface TextStoreModule {
  useTextStore: {
    getState(): {
      messages: DraftMessage[]
      set(patch: { composer: string }): void
      send(): Promise<void>
      clearConversation(): Promise<string | undefined>
      runs: Record<string, RunView>
      currentRunId: string | null
    }
    setState(patch: Record<string, unknown>): void
  }
}

it('Send carries the new turn in the run start itself, and loads the turns anew when main no longer holds them', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media-carry'), (id) => `media://${id}`)
  const newMain = () => new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  let service = newMain()
  // The renderer's bridge to main: main can be replaced (restarted) under it; every message is measured.
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const sizes: { what: string; bytes: number }[] = []
  const measure = (what: string, value: unknown) =>
    sizes.push({ what, bytes: Buffer.byteLength(JSON.stringify(value), 'utf8') })
  // When set, the page's copy of a run's text is changed just before main's view of its answer arrives.
  let tamper = false
  const sink: EventSink<typeof textEvents> = {
    alive: true,
    emit(name, payload) {
      measure(name, { event: name, payload })
      const answer = (payload as { answer?: { runId: string } }).answer
      if (tamper && name === 'text.conversationChanged' && answer) {
        const s = useTextStore.getState()
        const run = s.runs[answer.runId]!
        useTextStore.setState({ runs: { ...s.runs, [answer.runId]: { ...run, text: run.text + '!' } } })
      }
      for (const l of listeners.get(name) ?? []) l(structuredClone(payload))
    },
  }
  const ctx = { senderId: 'w', events: sink } as unknown as CallContext
  let router: Router = createRouter(textCommands, textHandlers({ text: service, media }))
  const reads: { from: number }[] = []
  const gateway: Bridge = {
    invoke: async (route, payload) => {
      measure(route, { route, payload })
      if (route === 'text.readTurns') reads.push(structuredClone(payload) as { from: number })
      const result = structuredClone(await router.handle(route, structuredClone(payload), ctx))
      measure(`${route} answer`, result)
      return result
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: unknown) => void)
      listeners.set(event, set)
      return () => set.delete(listener as (payload: unknown) => void)
    },
  }
  Object.assign(globalThis, { window: { gateway } })
  // Imported only now, by a path the node typecheck does not follow (renderer code is checked in its project).
  const storePath = '../../src/renderer/src/stores/text/textStore'
  const { useTextStore } = (await import(storePath)) as TextStoreModule
  useTextStore.setState({ profileId: view.id, format: 'chat', model: 'gpt-4o-mini', stream: true })

  const routes = () => sizes.map((s) => s.what).filter((w) => w.startsWith('text.') && !w.endsWith(' answer'))
  /** The turns main keeps, read straight from its router (not through the page). */
  const mainTurns = async (): Promise<DraftMessage[]> => {
    const opened = await router.handle('text.openConversation', {}, ctx)
    if (!opened.ok) throw new Error(opened.error.message)
    const { revision } = opened.value as { revision: number }
    let json = ''
    for (let offset = 0; ; offset += TURNS_PIECE_CHARS) {
      const result = await router.handle(
        'text.readTurns',
        { conversationId: TEXT_PANEL_CONVERSATION_ID, revision, from: 0, offset },
        ctx,
      )
      if (!result.ok) throw new Error(result.error.message)
      const { piece, done } = result.value as { piece: string; done: boolean }
      json += piece
      if (done) return JSON.parse(json) as DraftMessage[]
    }
  }
  const send = async (prompt: string) => {
    useTextStore.getState().set({ composer: prompt })
    await useTextStore.getState().send()
    await expect
      .poll(
        () => {
          const s = useTextStore.getState()
          return s.currentRunId ? s.runs[s.currentRunId]?.status : undefined
        },
        { timeout: 10_000 },
      )
      .toBe('done')
    // The recorded exchange follows the end (text.runExchange), a moment later.
    await expect
      .poll(() => useTextStore.getState().runs[useTextStore.getState().currentRunId!]?.exchange)
      .toBeTruthy()
    const s = useTextStore.getState()
    const run = s.runs[s.currentRunId!]!
    // The record keeps the start of a very long body only: its turns are then not counted (NaN).
    const recorded = service.exchanges.get(run.exchange!.id)!.snapshot().request.body!
    let sentTurns = NaN
    try {
      sentTurns = (JSON.parse(recorded) as { messages: unknown[] }).messages.length
    } catch {
      // cut
    }
    return { run, sentTurns }
  }

  const first = await send('Say hello.')
  expect(first.sentTurns).toBe(1)
  const second = await send('Once more.')
  // The gateway read the whole conversation (main's answer turn included), which grew inside the two starts.
  expect(second.sentTurns).toBe(3)
  expect(routes().filter((r) => r === 'text.putTurns' || r === 'text.startRun')).toEqual([
    'text.startRun',
    'text.startRun',
  ])
  await expect.poll(() => useTextStore.getState().messages.length).toBe(4)

  // Main restarted: the start is refused before any run exists, the turns shown are loaded anew, and the same
  // run starts again with every turn.
  service = newMain()
  router = createRouter(textCommands, textHandlers({ text: service, media }))
  sizes.length = 0
  const third = await send('Last.')
  expect(third.sentTurns).toBe(5)
  expect(routes().filter((r) => r === 'text.putTurns' || r === 'text.startRun')).toEqual([
    'text.startRun',
    'text.startRun',
  ])
  expect(routes()).toContain('text.editConversation')
  await expect.poll(() => useTextStore.getState().messages.length).toBe(6)

  // A turn larger than a start may carry is sent in pieces first, and no message passes the bound.
  await useTextStore.getState().clearConversation()
  const fourth = await send('x'.repeat(INLINE_TURNS_CHARS + 10))
  expect(fourth.sentTurns).toBe(1)
  expect(routes().filter((r) => r === 'text.putTurns').length).toBeGreaterThan(0)
  const largest = sizes.reduce((x, y) => (y.bytes > x.bytes ? y : x))
  expect(largest.bytes, `largest: ${largest.what}`).toBeLessThanOrEqual(M1_BYTES)

  // An answer too large for its view is not sent back: the page fills its turn in from the run it streamed,
  // once main's length and digest of the text match, and shows exactly the turn main keeps.
  reads.length = 0
  const params = (useTextStore.getState() as unknown as { params: Record<string, unknown> }).params
  useTextStore.setState({ params: { ...params, maxTokens: 20_000 } })
  const fifth = await send('sim:tokens=12000 write at length')
  expect(fifth.run.text.length).toBeGreaterThan(INLINE_TURNS_CHARS)
  await expect.poll(() => useTextStore.getState().messages.length).toBe(4)
  expect(reads).toEqual([])
  const kept = await mainTurns()
  expect(useTextStore.getState().messages).toEqual(kept)
  expect(kept[3]!.parts).toEqual([{ type: 'text', text: fifth.run.text }])
  const carried = sizes.filter((x) => x.what === 'text.conversationChanged').at(-1)!
  expect(carried.bytes).toBeLessThan(4096)

  // A run whose text is not the one main kept (here, changed in the page before the turn arrives) does not
  // fill it in: the turn is read from main, after the four turns already shown.
  reads.length = 0
  tamper = true
  const sixth = await send('sim:tokens=12000 once more at length')
  await expect.poll(() => useTextStore.getState().messages.length).toBe(6)
  expect(reads.length).toBeGreaterThan(0)
  expect(reads.every((r) => r.from === 5)).toBe(true)
  expect(useTextStore.getState().messages).toEqual(await mainTurns())
  expect(useTextStore.getState().messages[5]!.parts).not.toEqual([{ type: 'text', text: sixth.run.text }])
  expect(useTextStore.getState().messages[0]!.parts).toEqual([
    { type: 'text', text: 'x'.repeat(INLINE_TURNS_CHARS + 10) },
  ])
}, 30_000)

// Requests that reference the conversation main keeps never meet a revision that moved under them: the
// renderer's mirror sends each request before the next upload starts, and a run reads its turns before it
// answers, so a preview, a token count and a run on their way at once (a user clicking fast) all succeed.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import type { CallContext, EventSink } from '../../src/main/services/ports'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import type { textEvents } from '../../src/shared/ipc/text';
import { textCommands } from '../../src/shared/ipc/text'
import type { RunEnded } from '../../src/renderer/src/stores/runFold'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { Draft, DraftMessage } from '../../src/shared/wire'
import { ConversationMirror } from '../../src/renderer/src/stores/conversationMirror'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const KEY = 'sk-conversation-order-000'
let sim: RunningSimulator
let dir: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'conversation-order-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

const user = (text: string): DraftMessage => ({ role: 'user', parts: [{ type: 'text', text }] })
const settings: Omit<Draft, 'messages'> = { model: 'gpt-4o-mini', stream: true }
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A key store that answers after a while, as a file or an OS keychain under load may. */
class SlowSecretStore extends InMemorySecretStore {
  override async get(ref: string) {
    await pause(50)
    return super.get(ref)
  }
}

async function setup(secrets = new InMemorySecretStore()) {
  const profiles = new ProfileService(new InMemorySettingsStore(), secrets)
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const service = new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  const router = createRouter(textCommands, textHandlers({ text: service, media }))
  const ended = new Map<string, (payload: RunEnded) => void>()
  const sink: EventSink<typeof textEvents> = {
    alive: true,
    emit(name, payload) {
      if (name === 'text.runEnded') ended.get((payload as RunEnded).runId)?.(payload as RunEnded)
    },
  }
  const ctx = { senderId: 'w', events: sink } as unknown as CallContext
  const call = (route: string, input: unknown) => router.handle(route, structuredClone(input), ctx)
  const mirror = new ConversationMirror(async (input) => {
    const result = await call('text.putTurns', input)
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code })
    return result.value as { revision: number }
  })
  const whenEnded = (runId: string) => new Promise<RunEnded>((resolve) => ended.set(runId, resolve))
  return { profileId: view.id, call, mirror, whenEnded }
}

it('a token count sent while the next preview uploads its turns counts its own turns, not a stale error', async () => {
  const { profileId, call, mirror } = await setup()
  const short = [user('count these few words')]
  // Clear conversation, type, Count tokens: the count's reference is taken, and before its request reaches
  // main the preview of the newer draft uploads the next revision.
  const counted = mirror.request(short, async (conversation) => {
    await pause(30)
    return call('text.countTokens', {
      profileId,
      format: 'chat',
      draft: { ...settings, messages: [] },
      conversation,
    })
  })
  const previewed = mirror.request([user('count these few words, and these too')], (conversation) =>
    call('text.previewRequest', {
      profileId,
      format: 'chat',
      draft: { ...settings, messages: [] },
      conversation,
    }),
  )
  const [count, preview] = await Promise.all([counted, previewed])
  expect(count).toMatchObject({ ok: true, value: { source: 'estimate' } })
  expect(preview).toMatchObject({ ok: true })
  const alone = await call('text.countTokens', {
    profileId,
    format: 'chat',
    draft: { ...settings, messages: short },
  })
  expect(count.ok && alone.ok && count.value).toEqual(alone.ok && alone.value)
})

it('a run reads its turns before it answers, so an upload right after its start does not fail it', async () => {
  const { profileId, call, mirror, whenEnded } = await setup(new SlowSecretStore())
  const conversation = await mirror.sync([user('first question')])
  const ended = whenEnded('run-pinned')
  const started = await call('text.startRun', {
    runId: 'run-pinned',
    profileId,
    format: 'chat',
    draft: { ...settings, messages: [] },
    conversation,
  })
  expect(started.ok).toBe(true)
  // The next draft's preview uploads a newer revision as soon as the start is answered.
  const newer = await mirror.sync([user('first question'), user('a second thought')])
  expect(newer.revision).toBeGreaterThan(conversation.revision)
  const end = await ended
  expect(end.error).toBeUndefined()
  expect(end.status).toBe('done')
  expect(end.exchange?.request.body).toContain('first question')
  expect(end.exchange?.request.body).not.toContain('a second thought')
})

// Requests that reference the conversation main owns read its turns before anything waits: a token count and a
// run read the turns as they were when the request arrived, so an edit right behind them (a user clicking fast)
// neither fails them nor leaks into them.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import type { CallContext } from '../../src/main/services/ports'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { textCommands } from '../../src/shared/ipc/text'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { Draft, DraftMessage } from '../../src/shared/wire'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'
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
  // Records what a window receives; a run's end comes with the exchange that follows it.
  const sink = new RecordingSink()
  const ctx = { senderId: 'w', events: sink } as unknown as CallContext
  const call = (route: string, input: unknown) => router.handle(route, structuredClone(input), ctx)
  const edit = async (turns: DraftMessage[], type: 'load' | 'add' = 'load') => {
    const result = await call('text.editConversation', { conversationId: 'conv', edit: { type, turns } })
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code })
    return result.value as { revision: number }
  }
  const whenEnded = (runId: string) => sink.ended(runId, 60_000)
  return { profileId: view.id, call, edit, whenEnded }
}

it('a token count sent just before an edit counts the turns it was sent for, not a stale error', async () => {
  const { profileId, call, edit } = await setup()
  const short = [user('count these few words')]
  await edit(short)
  // Count tokens, then at once an edit (a turn added by hand): the count reads the turns it was sent for.
  const counted = call('text.countTokens', {
    profileId,
    format: 'chat',
    draft: { ...settings, messages: [] },
    conversation: { id: 'conv' },
  })
  const edited = edit([user('and these too')], 'add')
  const previewed = edited.then(() =>
    call('text.previewRequest', {
      profileId,
      format: 'chat',
      draft: { ...settings, messages: [] },
      conversation: { id: 'conv' },
    }),
  )
  const [count, preview] = await Promise.all([counted, previewed])
  expect(count).toMatchObject({ ok: true, value: { source: 'estimate' } })
  expect(preview).toMatchObject({ ok: true })
  expect(preview.ok && (preview.value as { body: string }).body).toContain('and these too')
  const alone = await call('text.countTokens', {
    profileId,
    format: 'chat',
    draft: { ...settings, messages: short },
  })
  expect(count.ok && alone.ok && count.value).toEqual(alone.ok && alone.value)
})

it('a run reads its turns before it answers, so an edit right after its start does not change it', async () => {
  const { profileId, call, edit, whenEnded } = await setup(new SlowSecretStore())
  const conversation = await edit([user('first question')])
  const ended = whenEnded('run-pinned')
  const started = await call('text.startRun', {
    runId: 'run-pinned',
    profileId,
    format: 'chat',
    draft: { ...settings, messages: [] },
    conversation: { id: 'conv', revision: conversation.revision },
  })
  expect(started.ok).toBe(true)
  // A turn added by hand as soon as the start is answered.
  const newer = await edit([user('a second thought')], 'add')
  expect(newer.revision).toBeGreaterThan(conversation.revision)
  const end = await ended
  expect(end.error).toBeUndefined()
  expect(end.status).toBe('done')
  expect(end.exchange?.request.body).toContain('first question')
  expect(end.exchange?.request.body).not.toContain('a second thought')
})

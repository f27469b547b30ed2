// New conversation while main is slow to answer: the renderer's real conversation list and Text store over an
// in-memory bridge to the real router and text service (conversations kept in a temp folder), with main's answer
// to text.createConversation held back. Whatever the user changes between the click and that answer stays on
// screen when the new conversation's form is shown; the fields not touched take the new conversation's form.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { SavedConversation } from '../../src/main/services/text/savedConversation'
import type { Bridge } from '../../src/shared/ipc/client'
import { textCommands } from '../../src/shared/ipc/text'
import { textConversationCommands } from '../../src/shared/ipc/textConversations'
import { InMemorySecretStore, InMemorySettingsStore, memoryBridge } from '../fakes/memory'

interface Form {
  composer: string
  system: string
  model: string
  messages: unknown[]
  params: { temperature?: number; maxTokens?: number }
  set(patch: Record<string, unknown>): void
  setParams(patch: Record<string, unknown>): void
}
interface TextStoreModule {
  useTextStore: { getState(): Form; setState(patch: Record<string, unknown>): void }
  textConversation: {
    conversationId: string
    openShown(): Promise<void>
    editConversation(e: unknown): Promise<unknown>
  }
}
interface ListModule {
  newConversation(): Promise<boolean>
}

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'new-conversation-race-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('keeps every form field changed after New conversation was clicked, while main had not answered yet', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const text = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    saved: new SavedConversation(dir, { debounceMs: 20 }),
  })
  const bridge = memoryBridge(
    createRouter({ ...textCommands, ...textConversationCommands }, textHandlers({ text, media })),
  )
  // Main's answer to a new conversation waits until the test lets it go.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  const gateway: Bridge = {
    invoke: async (route, payload) => {
      if (route !== 'text.createConversation') return bridge.invoke(route, payload)
      asked = true
      const answer = await bridge.invoke(route, payload)
      await held
      return answer
    },
    on: (event, listener) => bridge.on(event, listener),
  }
  Object.assign(globalThis, { window: { gateway } })
  // The stores read the bridge when their modules load: import them only now (by paths the node typecheck does
  // not follow: renderer code is checked against the DOM, in its own project).
  const storePath = '../../src/renderer/src/stores/text/textStore'
  const listPath = '../../src/renderer/src/stores/text/conversationList'
  const { useTextStore, textConversation } = (await import(storePath)) as TextStoreModule
  const { newConversation } = (await import(listPath)) as ListModule

  await textConversation.openShown()
  const first = textConversation.conversationId
  await textConversation.editConversation({
    type: 'load',
    turns: [{ role: 'user', parts: [{ type: 'text', text: 'An earlier question' }] }],
  })
  const store = useTextStore.getState()
  store.set({ model: 'gpt-4o-mini', system: 'Be brief.', composer: 'a draft left in the first one' })
  store.setParams({ temperature: 0.2, maxTokens: 64 })

  const opened = newConversation()
  await expect.poll(() => asked).toBe(true)
  // Before main answers: a new model, a system prompt, one parameter and a message typed at once.
  useTextStore.getState().set({ model: 'claude-sonnet-4-6', system: 'Answer in French.' })
  useTextStore.getState().setParams({ temperature: 0.9 })
  useTextStore.getState().set({ composer: 'Bonjour' })
  release()
  expect(await opened).toBe(true)

  const after = useTextStore.getState()
  expect(textConversation.conversationId).not.toBe(first)
  expect(after.messages).toEqual([])
  expect(after.model).toBe('claude-sonnet-4-6')
  expect(after.system).toBe('Answer in French.')
  expect(after.params.temperature).toBe(0.9)
  expect(after.composer).toBe('Bonjour')
  // Not touched since the click: as the new conversation's form has it (the first one's, its draft emptied).
  expect(after.params.maxTokens).toBe(64)

  // Nothing changed during the wait: the new conversation opens with its own form, the draft empty.
  const again = newConversation()
  expect(await again).toBe(true)
  expect(useTextStore.getState().composer).toBe('')
  expect(useTextStore.getState().model).toBe('claude-sonnet-4-6')
})

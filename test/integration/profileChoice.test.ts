// The profile the user picks holds at once in the page: a Send or Generate right after the pick uses it, before
// main has answered; main's refusal puts the previous one back. Over the real profiles router, slowed down.
import { expect, it } from 'vitest'
import { createRouter } from '../../src/main/ipc/router'
import { profilesDomain } from '../../src/main/ipc/handlers/profiles'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { profileFieldsSchema, profilesCommands } from '../../src/shared/ipc/profiles'
import type { CallContext } from '../../src/main/services/ports'
import type { Bridge } from '../../src/shared/ipc/client'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

interface ProfilesStoreModule {
  useProfilesStore: {
    getState(): {
      activeId: string | null
      load(): Promise<void>
      setActive(id: string): Promise<void>
    }
  }
}

it('a picked profile is the active one at once, and main refusing it brings the previous one back', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const first = await profiles.create(
    profileFieldsSchema.parse({ name: 'First', baseUrl: 'http://127.0.0.1:1' }),
  )
  const second = await profiles.create(
    profileFieldsSchema.parse({ name: 'Second', baseUrl: 'http://127.0.0.1:2' }),
  )
  await profiles.setActive(first.id)
  const { handlers } = profilesDomain.compose({
    profiles,
    gateway: new GatewayClient(),
    costs: { prices: {} },
  } as never)
  const router = createRouter(profilesCommands, handlers as never)
  const ctx = { senderId: 'w', events: { alive: true, emit: () => undefined } } as unknown as CallContext
  // Main answers each call a moment later, as over a busy socket.
  const gateway: Bridge = {
    invoke: async (route, payload) => {
      await new Promise((r) => setTimeout(r, 50))
      return structuredClone(await router.handle(route, structuredClone(payload), ctx))
    },
    on: () => () => undefined,
  }
  Object.assign(globalThis, { window: { gateway } })
  // Imported only now, by a path the node typecheck does not follow (renderer code is checked in its project).
  const storePath = '../../src/renderer/src/stores/profiles/profilesStore'
  const { useProfilesStore } = (await import(storePath)) as ProfilesStoreModule
  await useProfilesStore.getState().load()
  expect(useProfilesStore.getState().activeId).toBe(first.id)

  const picked = useProfilesStore.getState().setActive(second.id)
  expect(useProfilesStore.getState().activeId).toBe(second.id)
  await picked
  expect(useProfilesStore.getState().activeId).toBe(second.id)
  expect((await profiles.list()).activeId).toBe(second.id)

  const refused = useProfilesStore.getState().setActive('no-such-profile')
  expect(useProfilesStore.getState().activeId).toBe('no-such-profile')
  await expect(refused).rejects.toThrow()
  expect(useProfilesStore.getState().activeId).toBe(second.id)
})

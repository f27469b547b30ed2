// The cost of one Send in renderer → main round trips: the Text store's real send() over an in-memory bridge to
// the real router and text service, against the simulator on loopback. Every invoke between pressing Send and
// the run starting is counted and printed, so a change that adds a trip shows here first.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { createRouter } from '../../src/main/ipc/router'
import { textHandlers } from '../../src/main/ipc/handlers/text'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import type { Bridge } from '../../src/shared/ipc/client'
import { textCommands } from '../../src/shared/ipc/text'
import { pricesCommands } from '../../src/shared/ipc/prices'
import { pricesDomain } from '../../src/main/ipc/handlers/prices'
import type { DomainContext } from '../../src/main/ipc/domain'
import { CostService } from '../../src/main/services/cost/costService'
import { PriceStore } from '../../src/main/services/cost/priceStore'
import { SpendLedger } from '../../src/main/services/cost/spendLedger'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore, memoryBridge } from '../fakes/memory'

/** What this test uses of the renderer's Text store. */
interface TextStoreModule {
  useTextStore: {
    getState(): {
      messages: { role: string }[]
      set(patch: { composer: string }): void
      send(): Promise<void>
      runs: Record<string, { status: string; error?: unknown }>
      currentRunId: string | null
    }
    setState(patch: Record<string, unknown>): void
  }
  currentRun(s: {
    runs: Record<string, { status: string; error?: unknown }>
    currentRunId: string | null
  }): { status: string; error?: unknown } | null
}

const KEY = 'sk-send-round-trips-000'
let sim: RunningSimulator
let dir: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'send-round-trips-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

it('counts the renderer → main round trips of one Send, first turn and follow-up', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create(profileFieldsSchema.parse({ name: 'sim', baseUrl: sim.baseUrl }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const text = new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  // The prices domain too: Send asks it once whether the profile has a monthly budget (it has none here).
  const costs = new CostService(
    new PriceStore({ dataDir: dir, debounceMs: 1 }),
    new SpendLedger({ dataDir: dir, debounceMs: 1 }),
  )
  const prices = pricesDomain.compose({ costs, media, profiles } as unknown as DomainContext)
  const bridge = memoryBridge(
    createRouter({ ...textCommands, ...pricesCommands }, {
      ...textHandlers({ text, media }),
      ...prices.handlers,
    } as never),
  )
  const routes: string[] = []
  // The renderer's client picks `window.gateway` (the preload's bridge): here, the counting one.
  const gateway: Bridge = {
    invoke: (route, payload) => {
      routes.push(route)
      return bridge.invoke(route, payload)
    },
    on: (event, listener) => bridge.on(event, listener),
  }
  Object.assign(globalThis, { window: { gateway } })
  // The store reads the bridge when its module loads: import it only now (by a path the node typecheck does
  // not follow, since renderer code is checked against the DOM, in its own project).
  const storePath = '../../src/renderer/src/stores/text/textStore'
  const statePath = '../../src/renderer/src/stores/text/textState'
  const { useTextStore } = (await import(storePath)) as Pick<TextStoreModule, 'useTextStore'>
  const { currentRun } = (await import(statePath)) as Pick<TextStoreModule, 'currentRun'>
  useTextStore.setState({ profileId: view.id, format: 'chat', model: 'gpt-4o-mini', stream: true })

  const sendOnce = async (prompt: string) => {
    routes.length = 0
    useTextStore.getState().set({ composer: prompt })
    await useTextStore.getState().send()
    const tripsToStart = routes.indexOf('text.startRun') + 1
    await expect
      .poll(() => currentRun(useTextStore.getState())?.status, { timeout: 10_000 })
      .not.toBe('running')
    expect(currentRun(useTextStore.getState())?.error).toBeUndefined()
    // Every trip of the Send until its answer shows as the next turn (main appends it and announces it).
    const allTrips = routes.length
    return { tripsToStart, routes: routes.slice(0, tripsToStart), allTrips }
  }

  const first = await sendOnce('Say hello.')
  const followUp = await sendOnce('And once more.')
  console.log(
    `IPC round trips of one Send: first turn ${first.tripsToStart} (${first.routes.join(', ')}); ` +
      `follow-up ${followUp.tripsToStart} (${followUp.routes.join(', ')}); ` +
      `until the answer is a turn: ${first.allTrips} and ${followUp.allTrips} ` +
      `(before main owned the conversation: 1 to start, and the renderer appended the answer itself)`,
  )
  expect(followUp.allTrips).toBeLessThanOrEqual(1)
  expect(first.tripsToStart).toBeGreaterThan(0)
  expect(followUp.tripsToStart).toBeGreaterThan(0)
  // The follow-up carried the whole conversation: the first answer and both prompts reached the gateway.
  const messages = useTextStore.getState().messages
  expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  expect(first.routes.at(-1)).toBe('text.startRun')
})

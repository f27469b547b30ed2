// A copy of a profile is the same gateway: Duplicate gives it its source's price table (a table as table() reads it,
// the simulator's demo prices included), so runs on the copy are priced as on the source; the copy's table is its own after that.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createRouter } from '../../src/main/ipc/router'
import { profilesDomain } from '../../src/main/ipc/handlers/profiles'
import { ProfileService } from '../../src/main/services/profiles'
import { PriceStore } from '../../src/main/services/cost/priceStore'
import { GatewayClient } from '../../src/main/services/gateway'
import { profileFieldsSchema, profilesCommands } from '../../src/shared/ipc/profiles'
import { DEMO_PRICES } from '../../src/shared/cost/demoPrices'
import type { CallContext } from '../../src/main/services/ports'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

it('Duplicate gives the copy its source price table, and the two tables are apart from then on', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'copy-prices-'))
  dirs.push(dir)
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const source = await profiles.create(
    profileFieldsSchema.parse({ name: 'Gateway', baseUrl: 'http://127.0.0.1:1' }),
  )
  const bare = await profiles.create(
    profileFieldsSchema.parse({ name: 'Bare', baseUrl: 'http://127.0.0.1:2' }),
  )
  const prices = new PriceStore({ dataDir: dir, demoProfileId: 'demo-profile' })
  const price = { ...DEMO_PRICES[0]!, model: 'house-model' }
  prices.put(source.id, price)
  const { handlers } = profilesDomain.compose({
    profiles,
    gateway: new GatewayClient(),
    costs: { prices },
  } as never)
  const router = createRouter(profilesCommands, handlers as never)
  const ctx = { senderId: 'w', events: { alive: true, emit: () => undefined } } as unknown as CallContext
  const duplicate = async (id: string) => {
    const result = await router.handle('profiles.duplicate', { id }, ctx)
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
    return result.value as { id: string; name: string }
  }

  const copy = await duplicate(source.id)
  expect(copy.name).toBe('Gateway (copy)')
  expect(prices.table(copy.id).rows).toEqual([price])
  // Apart from then on: a change to the copy's table leaves the source's as it was.
  prices.delete(copy.id, ['house-model'])
  expect(prices.table(copy.id).rows).toEqual([])
  expect(prices.table(source.id).rows).toEqual([price])

  // A profile with no prices makes a copy with none (nothing is invented).
  const bareCopy = await duplicate(bare.id)
  expect(prices.table(bareCopy.id).rows).toEqual([])
  await prices.flush()
})

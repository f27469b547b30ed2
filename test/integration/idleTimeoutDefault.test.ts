// The app's default stream idle timeout (Settings) reaches the text service: a profile that sets none of its own
// has a stalled stream aborted after the app default, against the simulator over loopback.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const KEY = 'sk-idle-default-0123456789'
let sim: RunningSimulator
let dir: string

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'idle-default-'))
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

it('aborts a stalled stream after the app default when the profile sets no idle timeout', async () => {
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const gateway = new GatewayClient({ retryBaseMs: 5 })
  const text = new TextService({ profiles, gateway, media: new MediaStore(join(dir, 'media'), (id) => id) })
  const profile = await profiles.create(
    profileFieldsSchema.parse({
      name: 'Stalls',
      baseUrl: sim.baseUrl,
      headers: [{ name: 'x-sim-fault', value: 'stall:3' }],
    }),
  )
  await profiles.setSecret(profile.id, 'apiKey', KEY)
  expect(profile.idleTimeoutMs).toBeNull()
  profiles.updateAppSettings({ text: { idleTimeoutMs: 1000 } })

  const sink = new RecordingSink()
  const started = performance.now()
  const { runId } = await text.start(
    {
      profileId: profile.id,
      format: 'chat',
      draft: {
        model: 'sim-model',
        stream: true,
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'a long story' }] }],
      },
    },
    sink,
  )
  const ended = await sink.ended(runId)
  expect(ended.status).toBe('error')
  expect(ended.error?.message).toMatch(/No data for 1 s/)
  expect(performance.now() - started).toBeLessThan(5000)
})

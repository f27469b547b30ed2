// Streams as a real gateway's proxy delivers them: every SSE frame in its own network write, milliseconds
// apart (a relay in front of the simulator). Each format keeps its usage (chat's comes in its own chunk after
// the finish), its text byte for byte, and ends once; a server that never closes after its last event still
// lets the run end promptly. The same holds through an HTTP proxy's CONNECT tunnel and through SOCKS5 (real
// servers started here), where the frames cross one more hop.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { type Draft, type WireFormat, WIRE_FORMATS } from '../../src/shared/wire'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'
import { startFrameRelay, type RunningRelay } from '../fakes/frameRelay'
import {
  PROXY_PASSWORD,
  PROXY_USER,
  startHttpProxy,
  startSocks5,
  type RunningProxy,
  type RunningSocks,
} from '../fakes/networkServers'

const KEY = 'sk-framed-0123456789'
let sim: RunningSimulator
let relay: RunningRelay
let stuck: RunningRelay
let dir: string
let profiles: ProfileService
let service: TextService
let proxy: RunningProxy
let socks: RunningSocks

const WAYS = ['direct', 'through an HTTP proxy', 'through SOCKS5'] as const
type Way = (typeof WAYS)[number]

async function profileAt(baseUrl: string, way: Way = 'direct'): Promise<string> {
  const view = await profiles.create(
    profileFieldsSchema.parse({
      name: `p${Math.random()}`,
      baseUrl,
      idleTimeoutMs: 20_000,
      proxy:
        way === 'through an HTTP proxy'
          ? { mode: 'http', url: proxy.url, username: PROXY_USER }
          : way === 'through SOCKS5'
            ? { mode: 'socks5', url: socks.url, username: PROXY_USER }
            : { mode: 'none' },
    }),
  )
  await profiles.setSecret(view.id, 'apiKey', KEY)
  if (way !== 'direct') await profiles.setSecret(view.id, 'proxyPassword', PROXY_PASSWORD)
  return view.id
}

const ask = (text: string): Draft => ({
  model: 'sim-model',
  stream: true,
  maxTokens: 400,
  messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
})

async function run(format: WireFormat, profileId: string) {
  const sink = new RecordingSink()
  const { runId } = await service.start(
    { profileId, format, draft: ask('sim:tokens=60 Describe a harbour.') },
    sink,
  )
  const ended = await sink.ended(runId)
  const events = sink.events(runId)
  return {
    ended,
    text: sink.text(runId),
    sink,
    runId,
    finishes: events.filter((e) => e.type === 'finish').length,
  }
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  relay = await startFrameRelay({ target: sim.baseUrl, gapMs: 4 })
  stuck = await startFrameRelay({ target: sim.baseUrl, gapMs: 2, neverClose: true })
  proxy = await startHttpProxy()
  socks = await startSocks5()
  dir = mkdtempSync(join(tmpdir(), 'framed-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  service = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
  })
})
afterAll(async () => {
  await proxy.close()
  await socks.close()
  await relay.close()
  await stuck.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.each(WIRE_FORMATS)('%s, one frame per network write', (format) => {
  it.each(WAYS)('keeps the usage, the text byte for byte and one terminal event, %s', async (way) => {
    const direct = await run(format, await profileAt(sim.baseUrl))
    const tunnels = proxy.tunnels.length + socks.connections.length
    const framed = await run(format, await profileAt(relay.baseUrl, way))
    if (way !== 'direct') expect(proxy.tunnels.length + socks.connections.length).toBeGreaterThan(tunnels)
    expect(relay.writes.at(-1)).toBeGreaterThan(5)
    expect(framed.ended.status).toBe('done')
    expect(framed.text).toBe(direct.text)
    expect(framed.ended.summary.usage).toEqual(direct.ended.summary.usage)
    expect(framed.ended.summary.usage?.input).toBeGreaterThan(0)
    expect(framed.ended.summary.usage?.output).toBeGreaterThan(0)
    expect(framed.finishes).toBe(1)
    expect(framed.sink.endedCount(framed.runId)).toBe(1)
    // Read to the real end: the stream's last frame is in the exchange.
    const lastData = framed.ended.exchange?.response?.frames.at(-1)?.data ?? ''
    if (format === 'chat') expect(lastData.trim()).toBe('[DONE]')
    if (format === 'messages') expect(lastData).toContain('message_stop')
    if (format === 'responses') expect(lastData).toContain('response.completed')
  })

  it('ends promptly, done and with usage, when the server never closes after its last event', async () => {
    const started = performance.now()
    const r = await run(format, await profileAt(stuck.baseUrl))
    expect(r.ended.status).toBe('done')
    expect(r.ended.summary.usage?.output).toBeGreaterThan(0)
    expect(r.finishes).toBe(1)
    expect(performance.now() - started).toBeLessThan(6_000)
  })
})

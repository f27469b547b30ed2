// The wire, live: the request record reaches the window before the first token, and while a window watches a
// run's frames, the frame count and newest frames ride in the coalesced run events as they arrive, each message
// far under the 256 KB IPC bound (M1) and with the profile's key masked (S7). Simulator over loopback.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { Draft } from '../../src/shared/wire'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'

const KEY = 'sk-live-wire-0123456789'
let sim: RunningSimulator
let dir: string
let service: TextService
let slowId: string

const draft: Draft = {
  model: 'sim-model',
  stream: true,
  maxTokens: 60,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'tell me a long story' }] }],
}

interface LivePayload {
  runId: string
  events: { type: string }[]
  exchange?: {
    request: { url: string; headers: [string, string][] }
    response?: { status: number; headers: [string, string][] } | null
    timings?: { headersMs: number | null }
    attempts?: number
  }
  firstByteMs?: number
  frames?: { total: number; recent: { t: number; data: string }[] }
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'live-wire-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  service = new TextService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  const view = await profiles.create(
    profileFieldsSchema.parse({
      name: 'slow',
      baseUrl: sim.baseUrl,
      headers: [{ name: 'x-sim-fault', value: 'tps:50' }],
      nativeAuth: 'header',
    }),
  )
  await profiles.setSecret(view.id, 'apiKey', KEY)
  slowId = view.id
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the wire, live', () => {
  it('sends the request before the first token and the frames while streaming, each message small', async () => {
    const sink = new RecordingSink()
    const { runId } = await service.start({ profileId: slowId, format: 'chat', draft }, sink)
    expect(service.watchFrames(runId, true)).toEqual({ watching: true })
    await sink.ended(runId, 30_000)
    const live = sink.received.filter((r) => r.name === 'text.runEvents').map((r) => r.payload as LivePayload)
    const requestAt = live.findIndex((p) => p.exchange)
    const firstToken = live.findIndex((p) => p.events.some((e) => e.type === 'text'))
    expect(requestAt).toBeGreaterThanOrEqual(0)
    expect(requestAt).toBeLessThan(firstToken)
    expect(live.filter((p) => p.exchange)).toHaveLength(1)
    const request = live[requestAt]!.exchange!.request
    expect(request.url).toMatch(/^http:\/\/127\.0\.0\.1/)
    expect(JSON.stringify(request)).not.toContain(KEY)
    // With it, the response's head and the times so far (the Inspector's Response and Timing tabs, live).
    const head = live[requestAt]!.exchange!
    expect(head.response).toMatchObject({ status: 200 })
    expect(
      head.response!.headers.some(([n, v]) => n === 'content-type' && v.includes('text/event-stream')),
    ).toBe(true)
    expect(head.timings!.headersMs).toBeGreaterThan(0)
    expect(head.attempts).toBe(1)
    // The first byte's time comes once, with a batch before the run ends.
    const firstByte = live.filter((p) => p.firstByteMs !== undefined)
    expect(firstByte).toHaveLength(1)
    expect(firstByte[0]!.firstByteMs).toBeGreaterThanOrEqual(head.timings!.headersMs!)
    // Frames arrive in several messages while the run streams, their count growing, before runEnded.
    const counts = live.flatMap((p) => (p.frames ? [p.frames.total] : []))
    expect(counts.length).toBeGreaterThan(3)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    expect(new Set(counts).size).toBe(counts.length)
    const last = live.findLast((p) => p.frames)!.frames!
    expect(last.recent.length).toBeGreaterThan(0)
    expect(last.recent.every((f) => typeof f.t === 'number' && f.t >= 0)).toBe(true)
    for (const r of sink.received) expect(JSON.stringify(r.payload).length).toBeLessThan(256 * 1024)
  }, 40_000)

  it('carries no frames for a run nobody watches, and refuses to watch an ended run', async () => {
    const sink = new RecordingSink()
    const { runId } = await service.start({ profileId: slowId, format: 'chat', draft }, sink)
    await sink.ended(runId, 30_000)
    const live = sink.received.filter((r) => r.name === 'text.runEvents').map((r) => r.payload as LivePayload)
    expect(live.some((p) => p.frames)).toBe(false)
    expect(live.some((p) => p.exchange)).toBe(true)
    expect(service.watchFrames(runId, true)).toEqual({ watching: false })
  }, 40_000)
})

// What jobs cost, against the simulator over loopback: a video job is priced as it succeeds by its seconds at its
// resolution's price, a console image task per image the gateway made; the cost is on the job, in its History row,
// and charged to the profile's spend this month once (not again after a restart); a failed job is "failed before
// billing" and charges nothing, a model with no price says so and charges nothing. Figures worked out by hand.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { ImageTaskService } from '../../src/main/services/images/imageTasks'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import type { VideoJobRequest } from '../../src/shared/ipc/video'
import type { JobView } from '../../src/shared/ipc/jobs'
import { defaultBatchForm } from '../../src/shared/images/forms'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { createCostCore } from '../../src/main/services/cost/costCore'
import type { CostService } from '../../src/main/services/cost/costService'
import { monthOf } from '../../src/main/services/cost/spendLedger'

const KEY = `sk-canary-${Math.random().toString(36).slice(2)}`
const TOKEN = `console-canary-${Math.random().toString(36).slice(2)}`
const FAST = {
  pollIntervalMs: { min: 20, max: 30 },
  backoffMaxMs: 100,
  resumeSpreadMs: 10,
  resultRetryMs: 10,
}

let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let profileId: string
let history: HistoryStore
let gateway: GatewayClient
let media: MediaStore
let ledger: TaskLedger
let video: VideoJobService
let images: ImageTaskService
let costs: CostService

const videoService = () =>
  new VideoJobService({
    profiles,
    gateway,
    media,
    dataDir: dir,
    ledger,
    random: () => 0.5,
    timing: FAST,
    recorder: history,
    costs,
  })

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY, consoleToken: TOKEN, videoSpeed: 200 })
  dir = mkdtempSync(join(tmpdir(), 'job-cost-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const view = await profiles.create({
    name: 'Priced jobs',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    headers: [],
    nativeAuth: 'bearer',
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
  })
  profileId = view.id
  await profiles.setSecret(profileId, 'apiKey', KEY)
  await profiles.setSecret(profileId, 'consoleToken', TOKEN)
  history = new HistoryStore(join(dir, 'data'))
  gateway = new GatewayClient({ retryBaseMs: 5, knownSecrets: () => profiles.knownSecrets() })
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  ledger = new TaskLedger(dir)
  ;({ costs } = createCostCore({ dataDir: join(dir, 'cost'), profiles, gateway }))
  const put = (row: Record<string, unknown>) =>
    costs.prices.put(profileId, { currency: 'USD', setAt: '2025-01-01', source: 'user', ...row } as never)
  put({ model: 'famC-2.5-t2v-preview', videoByResolution: { '480p': 0.05, '720p': 0.1, '1080p': 0.15 } })
  put({ model: 'svc-image-1', image: 0.04 })
  video = videoService()
  images = new ImageTaskService({
    profiles,
    gateway,
    media,
    dataDir: dir,
    ledger,
    random: () => 0.5,
    timing: FAST,
    recorder: history,
    costs,
  })
  await video.start()
  await images.start()
})
afterAll(async () => {
  await video.close()
  await images.close()
  await history.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function ended<T extends JobView>(get: () => T, timeoutMs = 15_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const job = get()
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job
    if (Date.now() - start > timeoutMs) throw new Error(`job ${job.id} still ${job.status}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** A copy of this month's spend in dollars (the ledger's entry changes in place). */
const spent = () => ({
  micros: 0,
  runs: 0,
  estimatedMicros: 0,
  ...costs.spend.spent(profileId, monthOf(Date.now())).USD,
})

/** The job's History row, once its end is recorded (just after the job reads as ended). */
async function row(id: string) {
  for (let i = 0; i < 500; i++) {
    const found = history.list({}, 0, 500).rows.find((r) => r.id === id && r.status !== 'running')
    if (found) return found
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`job ${id} is not in History`)
}

describe('the cost of jobs', () => {
  it('prices a video job that succeeded by its seconds at its resolution, keeps it in History and charges it once', async () => {
    const before = spent()
    const submitted = await video.submit({
      kind: 'model',
      profileId,
      model: 'famC-2.5-t2v-preview',
      form: { family: 'C', prompt: 'a lighthouse at dusk', duration: 10, resolution: '1080p' },
    } as VideoJobRequest)
    expect(submitted.cost ?? null).toBeNull()
    const job = await ended(() => video.get(submitted.id))
    expect(job.status).toBe('succeeded')
    // By hand: 10 s at the 1080p price of $0.15 a second = $1.50 = 1,500,000 millionths.
    expect(job.cost).toEqual({ kind: 'priced', micros: 1_500_000, currency: 'USD', estimate: false })
    expect((await row(job.id)).cost).toEqual({ micros: 1_500_000, currency: 'USD', estimate: false })
    expect(spent().micros - before.micros).toBe(1_500_000)
    expect(spent().runs - before.runs).toBe(1)
  })

  it('takes the model’s default duration and resolution for what the form left out (5 s at 720p)', async () => {
    const before = spent()
    const submitted = await video.submit({
      kind: 'model',
      profileId,
      model: 'famC-2.5-t2v-preview',
      form: { family: 'C', prompt: 'a kettle on a stove' },
    } as VideoJobRequest)
    const job = await ended(() => video.get(submitted.id))
    // By hand: 5 s × $0.10 = $0.50.
    expect(job.cost).toEqual({ kind: 'priced', micros: 500_000, currency: 'USD', estimate: false })
    expect(spent().micros - before.micros).toBe(500_000)
  })

  it('says a failed video job failed before billing, never $0, and charges nothing', async () => {
    const before = spent()
    const submitted = await video.submit({
      kind: 'model',
      profileId,
      model: 'famC-2.5-t2v-preview',
      form: { family: 'C', prompt: 'this will fail' },
    } as VideoJobRequest)
    const job = await ended(() => video.get(submitted.id))
    expect(job.status).toBe('failed')
    expect(job.cost).toEqual({ kind: 'unbilled' })
    expect((await row(job.id)).cost ?? null).toBeNull()
    expect(spent()).toEqual(before)
  })

  it('says a job on a model with no price has none, and charges nothing', async () => {
    const before = spent()
    const submitted = await video.submit({
      kind: 'model',
      profileId,
      model: 'famC-2.5-i2v-preview',
      form: { family: 'C', prompt: 'a boat', image: 'https://example.com/boat.png' },
      force: true,
    } as VideoJobRequest)
    const job = await ended(() => video.get(submitted.id))
    expect(job.status).toBe('succeeded')
    expect(job.cost).toEqual({ kind: 'unpriced', model: 'famC-2.5-i2v-preview' })
    expect(spent()).toEqual(before)
  })

  it('prices a console image task per image the gateway made and charges it once', async () => {
    const before = spent()
    const submitted = await images.submit({
      profileId,
      form: { ...defaultBatchForm(), prompt: 'a red chair', n: 3 },
    })
    const job = await ended(() => images.get(submitted.id))
    expect(job.status).toBe('succeeded')
    expect(job.results).toHaveLength(3)
    // By hand: 3 images × $0.04 = $0.12.
    expect(job.cost).toEqual({ kind: 'priced', micros: 120_000, currency: 'USD', estimate: false })
    expect((await row(job.id)).cost).toEqual({ micros: 120_000, currency: 'USD', estimate: false })
    expect(spent().micros - before.micros).toBe(120_000)
  })

  it('charges nothing again when the jobs are loaded after a restart', async () => {
    const before = spent()
    await video.close()
    await images.close()
    ledger = new TaskLedger(dir)
    video = videoService()
    await video.start()
    await new Promise((r) => setTimeout(r, 200))
    const jobs = video.list().jobs
    expect(jobs.filter((j) => j.cost?.kind === 'priced').map((j) => j.cost)).toHaveLength(2)
    expect(spent()).toEqual(before)
  })
})

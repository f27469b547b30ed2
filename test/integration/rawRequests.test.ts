// Edited request JSON for video (11, 14) and console images (16–19) against the simulator over loopback: the text
// is sent byte for byte (the exchange's request body is the text as typed), the same rules as the form are run
// on the parsed JSON with JSON paths, errors refuse until "Send anyway", and warnings (a model outside the
// catalog, a limit the app assumed) never refuse: the gateway decides.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { ImageTaskService } from '../../src/main/services/images/imageTasks'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import { checkRawVideoBody } from '../../src/shared/video/rawCheck'
import { checkRawImageBody } from '../../src/shared/images/rawCheck'
import type { VideoJob } from '../../src/shared/ipc/video'
import type { ImageJob } from '../../src/shared/ipc/images'
import { defaultBatchForm } from '../../src/shared/images/forms'
import {
  InMemorySecretStore as InMemorySecrets,
  InMemorySettingsStore as InMemorySettings,
} from '../fakes/memory'

const API_KEY = 'sk-raw-key'
const CONSOLE_TOKEN = 'console-raw-token'
const TIMING = { pollIntervalMs: { min: 20, max: 30 }, resumeSpreadMs: 10, resultRetryMs: 20 }

let sim: RunningSimulator
let dir: string
let video: VideoJobService
let images: ImageTaskService
let profileId: string

beforeEach(async () => {
  sim = await createSimulator({ apiKey: API_KEY, consoleToken: CONSOLE_TOKEN, videoSpeed: 200 })
  dir = mkdtempSync(join(tmpdir(), 'raw-requests-'))
  const profiles = new ProfileService(new InMemorySettings(), new InMemorySecrets())
  profileId = (
    await profiles.create({
      name: 'Sim',
      baseUrl: sim.baseUrl,
      consoleBaseUrl: sim.consoleBaseUrl,
      headers: [],
      nativeAuth: 'bearer',
      timeoutMs: 5_000,
      idleTimeoutMs: 10_000,
    })
  ).id
  await profiles.setSecret(profileId, 'apiKey', API_KEY)
  await profiles.setSecret(profileId, 'consoleToken', CONSOLE_TOKEN)
  const media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  const ledger = new TaskLedger(dir)
  const common = { profiles, media, dataDir: dir, ledger, timing: TIMING }
  video = new VideoJobService({ ...common, gateway: new GatewayClient({ retryBaseMs: 5 }) })
  images = new ImageTaskService({ ...common, gateway: new GatewayClient({ retryBaseMs: 5 }) })
  await video.start()
  await images.start()
})

afterEach(async () => {
  await video.close()
  await images.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function ended<J extends { status: string }>(read: () => J): Promise<J> {
  const end = Date.now() + 8000
  for (;;) {
    const j = read()
    if (j.status === 'succeeded' || j.status === 'failed') return j
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(j).slice(0, 300)}`)
    await new Promise((r) => setTimeout(r, 15))
  }
}

describe('edited video request JSON', () => {
  it('is sent byte for byte and followed to its video', async () => {
    const text =
      '{\n  "prompt":   "a lighthouse, by hand",\n"model": "famC-2.5-t2v-preview",  "duration": 10 }'
    expect(checkRawVideoBody('model', text)).toEqual([])
    const job = await video.submitRaw({ profileId, kind: 'model', body: text, force: false })
    expect(job).toMatchObject({ model: 'famC-2.5-t2v-preview', family: 'C', prompt: 'a lighthouse, by hand' })
    const done = await ended(() => video.get(job.id) as VideoJob)
    expect(done.status).toBe('succeeded')
    expect(video.exchange(job.id, 'submit')?.request.body).toBe(text)
  })

  it('names errors by JSON path and refuses them until Send anyway, which sends the bytes as written', async () => {
    const text = JSON.stringify({
      model: 'famD-1-5-pro-251215',
      metadata: { content: [{ type: 'text', text: 'a bay --dur 99' }] },
    })
    const issues = checkRawVideoBody('model', text)
    expect(issues.length).toBeGreaterThan(0)
    expect(issues.every((i) => i.severity === 'error')).toBe(true)
    expect(issues.map((i) => i.path)).toContain('metadata.content[0].text --dur')
    await expect(
      video.submitRaw({ profileId, kind: 'model', body: text, force: false }),
    ).rejects.toMatchObject({
      code: 'VIDEO_INVALID_INPUT',
    })
    expect(video.list().total).toBe(0)
    const forced = await video.submitRaw({ profileId, kind: 'model', body: text, force: true })
    const done = await ended(() => video.get(forced.id) as VideoJob)
    expect(done.status).toBe('failed')
    expect(done.error).toMatchObject({ stage: 'submit', httpStatus: 400 })
    expect(video.exchange(forced.id, 'submit')?.request.body).toBe(text)
  })

  it('a JSON syntax error is named with its line and column; a model outside the catalog only warns', async () => {
    expect(checkRawVideoBody('model', '{"model": "famA-2",\n "prompt": }')[0]).toMatchObject({
      path: 'body',
      severity: 'error',
      message: expect.stringContaining('line 2'),
    })
    const outside = JSON.stringify({ model: 'famZ-9', prompt: 'a new model' })
    expect(checkRawVideoBody('model', outside)).toEqual([
      expect.objectContaining({
        path: 'model',
        severity: 'warning',
        message: expect.stringContaining("not in this app's catalog; the gateway decides"),
      }),
    ])
    const job = await video.submitRaw({ profileId, kind: 'model', body: outside, force: false })
    expect(job.family).toBe('unknown')
    const done = await ended(() => video.get(job.id) as VideoJob)
    // The gateway decides: the simulator does not know the model and says so.
    expect(done.error?.message).toContain('famZ-9')
    // Retry sends the same text again, as a new job.
    const again = await video.retry(job.id)
    expect(again.resubmitted).toBe(true)
    expect(video.exchange(again.job.id, 'submit')?.request.body).toBe(outside)
  })

  it('a console video body is checked by the console rules and sent as written', async () => {
    const bad = JSON.stringify({ model: 'm', prompt: 'waves', duration: '7', aspect_ratio: '16:9' })
    expect(checkRawVideoBody('console', bad)[0]).toMatchObject({ path: 'duration', severity: 'error' })
    const text = JSON.stringify({ model: 'm', prompt: 'waves', duration: '5', aspect_ratio: '16:9' }, null, 4)
    const job = await video.submitRaw({ profileId, kind: 'console', body: text, force: false })
    expect((await ended(() => video.get(job.id) as VideoJob)).status).toBe('succeeded')
    expect(video.exchange(job.id, 'submit')?.request.body).toBe(text)
  })
})

describe('edited console image request JSON', () => {
  it('a batch is sent as written and its images stored; n above 16 is a warning, not an error', async () => {
    const text = `{"model":"img-1","prompt":"a red lamp","n":2,"size":"512x512","temperature":1,"watermark":false}`
    const job = await images.submitRaw({ profileId, endpoint: 'batchImage', body: text, force: false })
    const done = await ended(() => images.get(job.id) as ImageJob)
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded')
    expect(done.results).toHaveLength(2)
    expect(images.exchange(job.id, 'submit')?.request.body).toBe(text)
    const many = text.replace('"n":2', '"n":20')
    expect(checkRawImageBody('batchImage', many)).toEqual([
      expect.objectContaining({
        path: 'n',
        severity: 'warning',
        message: expect.stringContaining('no maximum'),
      }),
    ])
    const sent = await images.submitRaw({ profileId, endpoint: 'batchImage', body: many, force: false })
    expect(sent.status).not.toBe('succeeded')
    const refused = await ended(() => images.get(sent.id) as ImageJob)
    // The gateway (here the simulator) decides.
    expect(refused.error?.message).toContain('n must be')
  })

  it('the form sends n above 16 (a limit the spec does not state) and the gateway decides', async () => {
    const job = await images.submit({
      profileId,
      form: { ...defaultBatchForm(), prompt: 'a chair', n: 20 },
    })
    const done = await ended(() => images.get(job.id) as ImageJob)
    expect(done.error).toMatchObject({ stage: 'submit', httpStatus: 400 })
    expect(done.error?.message).toContain('n must be')
  })

  it('a try-on body missing its garment is refused with the path until Send anyway', async () => {
    const text = JSON.stringify({ imageUrl: 'https://e/person.png' })
    const issues = checkRawImageBody('tryOn', text)
    expect(issues[0]).toMatchObject({ severity: 'error' })
    await expect(
      images.submitRaw({ profileId, endpoint: 'tryOn', body: text, force: false }),
    ).rejects.toMatchObject({
      code: 'IMAGES_INVALID_INPUT',
    })
    const forced = await images.submitRaw({ profileId, endpoint: 'tryOn', body: text, force: true })
    const done = await ended(() => images.get(forced.id) as ImageJob)
    expect(done.error).toMatchObject({ stage: 'submit', httpStatus: 400 })
  })
})

// Every job's details against the simulator over loopback HTTP, whatever its kind and however it was sent: the
// submit, each query of endpoint 20 (photoShootQuery: data.status, data.result.taskId) with the envelope's code
// and msg, each result fetch, each one readable by its place in the list; the request as made (form or edited
// JSON) with a code export that holds no secret; the list survives a restart and older files read back.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { encodeRgbPng } from '../../src/simulator/pngEncode'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ImageTaskService } from '../../src/main/services/images/imageTasks'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import { mediaRef } from '../../src/shared/ipc/media'
import type { JobExchangeEntry } from '../../src/shared/ipc/jobs'
import type { JobView } from '../../src/shared/ipc/jobs'
import { defaultAdvancedForm, defaultBatchForm, defaultTryOnForm } from '../../src/shared/images/forms'
import { defaultVideoForm } from '../../src/shared/video/forms'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const API_KEY = 'sk-job-details-key'
const CONSOLE_TOKEN = 'console-job-details-token'

let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let profileId: string
let media: MediaStore
let ledger: TaskLedger
let images: ImageTaskService
let video: VideoJobService

const timing = {
  pollIntervalMs: { min: 20, max: 30 },
  backoffMaxMs: 60,
  maxPollErrors: 4,
  resumeSpreadMs: 10,
  resultRetryMs: 10,
}
const makeImages = () =>
  new ImageTaskService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    dataDir: dir,
    ledger,
    random: () => 0.5,
    timing,
  })

beforeEach(async () => {
  sim = await createSimulator({ apiKey: API_KEY, consoleToken: CONSOLE_TOKEN, videoSpeed: 6 })
  dir = mkdtempSync(join(tmpdir(), 'job-details-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
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
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  ledger = new TaskLedger(dir)
  images = makeImages()
  await images.start()
})

afterEach(async () => {
  await images.close()
  await video?.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

async function png(width: number, height: number, name = 'photo.png'): Promise<string> {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)])
  const bytes = encodeRgbPng(width, height, Buffer.concat(Array.from({ length: height }, () => row)))
  return mediaRef((await media.putBytes(bytes, 'image/png', name)).id)
}

async function settled(get: () => JobView, timeoutMs = 10_000): Promise<JobView> {
  const start = Date.now()
  for (;;) {
    const job = get()
    if (job.status === 'succeeded' || job.status === 'failed') return job
    if (Date.now() - start > timeoutMs) throw new Error(`job still ${job.status}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

const fact = (e: JobExchangeEntry, field: string) => e.facts.find((f) => f.field === field)?.value

describe('the exchanges of a console image job sent from the form', () => {
  it('an advanced photo-shoot lists its submit, every photoShootQuery with code, msg and data.status, and each result fetch', async () => {
    const job = await images.submit({
      profileId,
      form: {
        ...defaultAdvancedForm(),
        productImage: await png(40, 30),
        productMask: await png(40, 30, 'mask.png'),
        templateImage: 'https://img.example/template.png',
        templateMask: 'https://img.example/template-mask.png',
      },
    })
    const done = await settled(() => images.get(job.id))
    expect(done.status).toBe('succeeded')
    const list = await images.exchanges(job.id)
    const [submit, ...rest] = list.entries
    expect(submit).toMatchObject({ which: 'submit', method: 'POST', status: 200 })
    expect(submit!.url).toContain('/prod-api/svc/v4/api/photoShootAdvancedModeSubmit')
    expect(fact(submit!, 'code')).toBe('200')
    expect(fact(submit!, 'msg')).toBe('success')
    expect(fact(submit!, 'data')).toBe(done.taskId)

    const queries = rest.filter((e) => e.which === 'poll')
    // Every query is counted; identical RUNNING answers are folded into one entry each run.
    expect(list.polls.seen).toBe(done.polls)
    expect(queries.reduce((n, q) => n + 1 + q.repeats, 0) + list.polls.dropped).toBe(done.polls)
    expect(done.polls).toBeGreaterThan(1)
    for (const q of queries) {
      expect(q.url).toContain(`photoShootQuery?taskId=${done.taskId}`)
      expect(fact(q, 'code')).toBe('200')
      expect(fact(q, 'data.result.taskId')).toBe(done.taskId)
    }
    expect(queries.map((q) => fact(q, 'data.status'))).toEqual(['RUNNING', 'SUCCESS'])
    expect(queries[0]!.repeats).toBe(done.polls - 2)
    expect(fact(queries[1]!, 'data.result.images')).toBe('2 items')

    const fetches = rest.filter((e) => e.which === 'result')
    expect(fetches).toHaveLength(2)
    expect(fetches.map((f) => f.n)).toEqual([1, 2])
    expect(list.results).toEqual({ seen: 2, dropped: 0 })
    // Each entry opens by its place in the list.
    const first = await images.exchangeAt(job.id, 'poll', 0)
    expect(JSON.parse(first!.response!.body!)).toMatchObject({ code: 200, data: { status: 'RUNNING' } })
    const image2 = await images.exchangeAt(job.id, 'result', 1)
    expect(image2!.response!.body).toMatch(/bytes of image\/png streamed to a file/)
    expect(image2!.request.url).not.toBe(fetches[0]!.url)
    // The list is in the order things happened.
    const times = list.entries.map((e) => e.firstAt)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('a try-on is queried through photoShootQuery and a batch answers at once with its images fetched', async () => {
    const tryOn = await images.submit({
      profileId,
      form: {
        ...defaultTryOnForm(),
        person: await png(48, 64, 'model.png'),
        garments: [{ type: 'image', image: await png(32, 32, 'shirt.png') }],
      },
    })
    await settled(() => images.get(tryOn.id))
    const tried = await images.exchanges(tryOn.id)
    expect(tried.entries[0]!.url).toContain('dressing2Submitv4')
    expect(fact(tried.entries[0]!, 'data.task_id')).toMatch(/^tryon_/)
    expect(
      tried.entries.filter((e) => e.which === 'poll').every((e) => e.url.includes('photoShootQuery')),
    ).toBe(true)

    const batch = await images.submit({
      profileId,
      form: { ...defaultBatchForm(), prompt: 'a red chair', n: 3 },
    })
    await settled(() => images.get(batch.id))
    const batched = await images.exchanges(batch.id)
    expect(batched.entries.map((e) => e.which)).toEqual(['submit', 'result', 'result', 'result'])
    expect(fact(batched.entries[0]!, 'data.images')).toBe('3 items')
    expect(batched.polls).toEqual({ seen: 0, dropped: 0 })
  })

  it('the envelope of a refused submit is shown with its code and msg', async () => {
    const job = await images.submit({ profileId, form: { ...defaultBatchForm(), prompt: 'please fail' } })
    const list = await images.exchanges(job.id)
    expect(list.entries).toHaveLength(1)
    expect(list.entries[0]).toMatchObject({ which: 'submit', status: 500 })
    expect(fact(list.entries[0]!, 'code')).toBe('500')
    expect(fact(list.entries[0]!, 'msg')).toMatch(/fail/)
  })
})

describe('what a job was made from', () => {
  it('a form job shows its form and a code export of the submit that names no secret', async () => {
    const job = await images.submit({
      profileId,
      form: {
        ...defaultTryOnForm(),
        person: await png(48, 64, 'model.png'),
        garments: [{ type: 'image', image: 'https://img.example/shirt.png' }],
      },
    })
    const details = await images.details(job.id)
    expect(details.source).toBe('form')
    expect(details.url).toBe(`${sim.consoleBaseUrl}/prod-api/svc/v4/api/dressing2Submitv4`)
    expect(JSON.parse(details.request!)).toMatchObject({ profileId, form: { mode: 'try-on' } })
    expect(details.code!.curl).toContain('dressing2Submitv4')
    expect(details.code!.curl).toContain('$GATEWAY_API_KEY')
    expect(details.code!.python).toContain('https://img.example/shirt.png')
    const all = JSON.stringify(details)
    expect(all).not.toContain(CONSOLE_TOKEN)
    expect(all).not.toContain(API_KEY)
  })

  it('a job sent as edited JSON shows that text exactly and its code export sends it', async () => {
    const body =
      '{\n  "prompt": "raw chair",  "n": 1, "size": "1024x1024",\n "temperature": 1, "watermark": false, "model": "svc-image-1"\n}'
    const job = await images.submitRaw({ profileId, endpoint: 'batchImage', body, force: false })
    const details = await images.details(job.id)
    expect(details).toMatchObject({ source: 'raw', request: body, codeNote: null })
    expect(details.url).toContain('/prod-api/svc/v4/api/batchImageGenerationSubmit')
    expect(details.code!.curl).toContain('"prompt": "raw chair"')
  })

  it('a video job from the form has the same details: its form, code export and every query', async () => {
    video = new VideoJobService({
      profiles,
      gateway: new GatewayClient({ retryBaseMs: 5 }),
      media,
      dataDir: dir,
      ledger,
      random: () => 0.5,
      timing: { ...timing, fetchConnections: 2, fetchIdleMs: 5_000 },
    })
    await video.start()
    const form = { ...defaultVideoForm('famC-2.5-t2v-preview'), prompt: 'a calm lake' }
    const job = await video.submit({ kind: 'model', profileId, model: 'famC-2.5-t2v-preview', form })
    await settled(() => video.get(job.id), 20_000)
    const details = await video.details(job.id)
    expect(details.source).toBe('form')
    expect(details.code!.curl).toContain('/v1/video/generations')
    const list = await video.exchanges(job.id)
    expect(list.entries[0]).toMatchObject({ which: 'submit', status: 200 })
    expect(fact(list.entries[0]!, 'status')).toBe('submitted')
    const statuses = list.entries.filter((e) => e.which === 'poll').map((e) => fact(e, 'status'))
    expect(statuses.at(-1)).toBe('succeeded')
    expect(list.polls.seen).toBeGreaterThan(0)
  }, 30_000)
})

describe('kept across a restart', () => {
  it('the whole list is read back from disk, and a file of the older shape (latest only) reads as one entry each', async () => {
    const job = await images.submit({ profileId, form: { ...defaultBatchForm(), prompt: 'kept', n: 2 } })
    await settled(() => images.get(job.id))
    const before = await images.exchanges(job.id)
    await images.close()
    ledger = new TaskLedger(dir)
    images = makeImages()
    await images.start()
    expect(await images.exchanges(job.id)).toEqual(before)

    // An older file held the submit and only the latest query and fetch.
    const latest = (await images.exchangeAt(job.id, 'result', 1))!
    const submit = (await images.exchangeAt(job.id, 'submit', 0))!
    mkdirSync(join(dir, 'job-exchanges'), { recursive: true })
    writeFileSync(join(dir, 'job-exchanges', `${job.id}.json`), JSON.stringify({ submit, result: latest }))
    await images.close()
    ledger = new TaskLedger(dir)
    images = makeImages()
    await images.start()
    const older = await images.exchanges(job.id)
    expect(older.entries.map((e) => e.which)).toEqual(['submit', 'result'])
    expect(older.results).toEqual({ seen: 1, dropped: 0 })
  })
})

// Console image tasks (16–20) against the simulator over loopback HTTP: batch images and easy-mode photo-shoots
// answer at once, advanced mode and try-on are polled through 20; every result image lands in the media store
// once. Refusals name the field; fail prompts, a 401 and 5xx during polling end visibly; a restart mid-poll
// resumes the job from the shared ledger.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
import type { ImageJob } from '../../src/shared/ipc/images'
import type { ProfileFieldsInput as ProfileFields } from '../../src/shared/ipc/profiles'
import {
  defaultAdvancedForm,
  defaultBatchForm,
  defaultEasyForm,
  defaultTryOnForm,
  type ImageForm,
} from '../../src/shared/images/forms'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const API_KEY = 'sk-image-tasks-key'
const CONSOLE_TOKEN = 'console-image-tasks-token'

let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let profileId: string
let fields: ProfileFields
let media: MediaStore
let service: ImageTaskService

const makeService = (ledger?: TaskLedger) =>
  new ImageTaskService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    dataDir: dir,
    ledger,
    random: () => 0.5,
    timing: {
      pollIntervalMs: { min: 20, max: 30 },
      backoffMaxMs: 60,
      maxPollErrors: 4,
      resumeSpreadMs: 10,
      resultRetryMs: 10,
    },
  })

beforeEach(async () => {
  sim = await createSimulator({ apiKey: API_KEY, consoleToken: CONSOLE_TOKEN, videoSpeed: 20 })
  dir = mkdtempSync(join(tmpdir(), 'image-tasks-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  fields = {
    name: 'Sim',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    resultHosts: [],
    headers: [],
    nativeAuth: 'bearer',
    timeoutMs: 5_000,
    idleTimeoutMs: 10_000,
  }
  profileId = (await profiles.create(fields)).id
  await profiles.setSecret(profileId, 'apiKey', API_KEY)
  await profiles.setSecret(profileId, 'consoleToken', CONSOLE_TOKEN)
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  service = makeService()
  await service.start()
})

afterEach(async () => {
  await service.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A solid PNG of the given size, stored as an imported file. */
async function png(width: number, height: number, name = 'photo.png'): Promise<string> {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)])
  const bytes = encodeRgbPng(width, height, Buffer.concat(Array.from({ length: height }, () => row)))
  return mediaRef((await media.putBytes(bytes, 'image/png', name)).id)
}

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs = 8000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = fn()
    if (value) return value
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
const settled = (id: string): Promise<ImageJob> =>
  until(`job ${id} to settle`, () => {
    const job = service.get(id)
    return job.status === 'succeeded' || job.status === 'failed' ? job : undefined
  })
const submit = (form: ImageForm) => service.submit({ profileId, form })

async function expectStoredPngs(job: ImageJob, count: number): Promise<void> {
  expect(job.results).toHaveLength(count)
  for (const r of job.results) {
    const path = await media.path(r.mediaId)
    expect(readFileSync(path!).subarray(1, 4).toString('ascii')).toBe('PNG')
    expect(r.url).toBe(`/media/${r.mediaId}`)
    expect(r.width).toBeGreaterThan(0)
  }
}

describe('batch images (16)', () => {
  it.each(['prefixed', 'plain'] as const)(
    'a batch of 4 in the %s body form stores 4 images once',
    async (bodyForm) => {
      const job = await submit({ ...defaultBatchForm(), prompt: 'a red chair', n: 4, bodyForm })
      const done = await settled(job.id)
      expect(done).toMatchObject({ status: 'succeeded', task: 'batch-images', expected: 4, resultFetches: 1 })
      await expectStoredPngs(done, 4)
      const sent = JSON.parse(service.exchange(job.id, 'submit')!.request.body!) as Record<string, unknown>
      expect(Object.keys(sent)).toContain(bodyForm === 'prefixed' ? 'batchImageGenerationDTO.n' : 'n')
      expect(service.exchange(job.id, 'submit')!.request.headers).toContainEqual([
        'authorization',
        'Bearer ***',
      ])
    },
  )

  it('refuses n below 1 and a missing prompt before sending, naming each field', async () => {
    await expect(submit({ ...defaultBatchForm(), prompt: '', n: 0 })).rejects.toMatchObject({
      code: 'IMAGES_INVALID_INPUT',
      details: { issues: [{ field: 'prompt' }, { field: 'n', rule: 'range' }] },
    })
    expect(service.list().total).toBe(0)
  })

  it('a fail prompt ends the job failed at submit with the console code and message', async () => {
    const job = await submit({ ...defaultBatchForm(), prompt: 'please fail' })
    expect(job.status).toBe('failed')
    expect(job.error).toMatchObject({ stage: 'submit', code: 'CONSOLE_500', httpStatus: 500 })
    expect(job.error!.message).toMatch(/contains "fail"/)
  })

  it('a profile without a console token is refused before a job exists', async () => {
    await profiles.setSecret(profileId, 'consoleToken', null)
    await expect(submit({ ...defaultBatchForm(), prompt: 'x' })).rejects.toMatchObject({
      code: 'GATEWAY_NO_SECRET',
    })
    expect(service.list().total).toBe(0)
  })
})

describe('photo-shoot (17, 18, 20)', () => {
  it('easy mode sends the uploaded product photo as Base64 and stores the result', async () => {
    const photo = await png(64, 48)
    const job = await submit({ ...defaultEasyForm(), parts: [{ text: 'on a beach' }, { image: photo }] })
    const done = await settled(job.id)
    expect(done).toMatchObject({ status: 'succeeded', task: 'photo-shoot-easy', mode: 'easy' })
    await expectStoredPngs(done, 1)
    const sent = JSON.parse(service.exchange(job.id, 'submit')!.request.body!) as {
      contents: { parts: { image?: string }[] }[]
    }
    expect(sent.contents[0]!.parts[1]!.image).toMatch(/^iVBORw0KGgo/)
    expect(done.before).toBe(`/media/${photo.slice('attachment:'.length)}`)
  })

  it('an easy-mode job saved before easy mode was a kind of its own reads back as the easy kind', async () => {
    const job = await submit({
      ...defaultEasyForm(),
      parts: [{ text: 'on a beach' }, { image: await png(8, 8) }],
    })
    await settled(job.id)
    await service.close()
    const file = join(dir, 'jobs.json')
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as { jobs: { id: string; task: string }[] }
    onDisk.jobs.find((j) => j.id === job.id)!.task = 'photo-shoot'
    writeFileSync(file, JSON.stringify(onDisk))
    service = makeService()
    await service.start()
    expect(service.get(job.id)).toMatchObject({ task: 'photo-shoot-easy', mode: 'easy', status: 'succeeded' })
  })

  it('refuses a file that is not an image, naming the field', async () => {
    const text = mediaRef((await media.putBytes(Buffer.from('hello'), 'text/plain', 'notes.txt')).id)
    await expect(submit({ ...defaultEasyForm(), parts: [{ image: text }] })).rejects.toMatchObject({
      details: { issues: [{ field: 'parts[0].image', rule: 'format' }] },
    })
  })

  it('advanced mode with painted masks polls endpoint 20 and stores both images', async () => {
    const form = {
      ...defaultAdvancedForm(),
      productImage: await png(40, 30),
      productMask: await png(40, 30, 'mask.png'),
      templateImage: 'https://img.example/template.png',
      templateMask: 'https://img.example/template-mask.png',
    }
    const job = await submit(form)
    expect(job.taskId).toMatch(/^ps_/)
    const done = await settled(job.id)
    expect(done).toMatchObject({ status: 'succeeded', remoteStatus: 'succeeded', resultFetches: 1 })
    expect(done.polls).toBeGreaterThan(0)
    await expectStoredPngs(done, 2)
    const sent = JSON.parse(service.exchange(job.id, 'submit')!.request.body!) as Record<string, string>
    expect(sent.productMaskUrl).toMatch(/^data:image\/png;base64,iVBOR/)
  })

  it('refuses a mask whose size differs from its image', async () => {
    const form = {
      ...defaultAdvancedForm(),
      productImage: await png(40, 30),
      productMask: await png(20, 15),
      templateImage: 'https://img.example/t.png',
      templateMask: 'https://img.example/m.png',
    }
    await expect(submit(form)).rejects.toMatchObject({
      details: { issues: [{ field: 'productMask', rule: 'match' }] },
    })
  })

  it('a task that fails (fail in an input URL) ends failed at the task stage with the message', async () => {
    const job = await submit({
      ...defaultAdvancedForm(),
      productImage: 'https://img.example/fail.png',
      productMask: 'https://img.example/m.png',
      templateImage: 'https://img.example/t.png',
      templateMask: 'https://img.example/m2.png',
    })
    const done = await settled(job.id)
    expect(done.error).toMatchObject({ stage: 'task', code: 'TASK_FAILED' })
    expect(done.error!.message).toMatch(/contains "fail"/)
  })
})

describe('try-on (19, 20)', () => {
  const tryOn = async () => ({
    ...defaultTryOnForm(),
    person: await png(48, 64, 'model.png'),
    garments: [{ type: 'image', image: await png(32, 32, 'shirt.png') }],
  })

  it.each(['prefixed', 'plain'] as const)(
    'the %s body form is polled to success with the model photo as before',
    async (bodyForm) => {
      const form = { ...(await tryOn()), bodyForm }
      const job = await submit(form)
      expect(job.taskId).toMatch(/^tryon_/)
      const done = await settled(job.id)
      expect(done).toMatchObject({ status: 'succeeded', task: 'try-on', resultFetches: 1 })
      await expectStoredPngs(done, 1)
      expect(done.before).toBe(`/media/${form.person.slice('attachment:'.length)}`)
    },
  )

  it('an expired console token during polling fails the job with the 401 envelope', async () => {
    const job = await submit(await tryOn())
    await profiles.setSecret(profileId, 'consoleToken', 'expired-token')
    const done = await settled(job.id)
    expect(done.error).toMatchObject({ stage: 'poll', httpStatus: 401 })
    expect(done.error!.code).toMatch(/401/)
  })

  it('5xx answers during polling show a retrying notice, then the job finishes', async () => {
    const job = await submit(await tryOn())
    await profiles.update(profileId, {
      ...fields,
      headers: [
        { name: 'x-sim-fault', value: '503' },
        { name: 'x-sim-fault-once', value: `poll-503-${job.id}` },
        { name: 'x-sim-fault-times', value: '2' },
      ],
    })
    const retrying = await until('a notice', () => service.get(job.id).notice ?? undefined)
    expect(retrying).toMatch(/HTTP 503.*next query in/)
    const done = await settled(job.id)
    expect(done.status).toBe('succeeded')
  })

  it('a restart mid-poll resumes from the ledger shared with video jobs and fetches the result once', async () => {
    const job = await submit(await tryOn())
    await service.close()
    const ledger = new TaskLedger(dir)
    const video = new VideoJobService({ profiles, gateway: new GatewayClient(), media, dataDir: dir, ledger })
    await video.start()
    service = makeService(ledger)
    await service.start()
    const done = await settled(job.id)
    expect(done).toMatchObject({ status: 'succeeded', resultFetches: 1 })
    expect(done.results).toHaveLength(1)
    expect(service.exchange(job.id, 'submit')).not.toBeNull()
    // The hosted result's fetch is recorded as a video job's is: status line, and a summary instead of the bytes.
    const fetched = service.exchange(job.id, 'result')!
    expect(fetched.response?.status).toBe(200)
    expect(fetched.response?.body).toMatch(/^<\d+ bytes of \w+\/[\w.+-]+ streamed to a file; 0 Range resume/)
    await video.close()
    const onDisk = JSON.parse(readFileSync(join(dir, 'jobs.json'), 'utf8')) as {
      jobs: { id: string; task: string; resultFetches: number }[]
    }
    expect(onDisk.jobs.find((j) => j.id === job.id)).toMatchObject({ task: 'try-on', resultFetches: 1 })
  })
})

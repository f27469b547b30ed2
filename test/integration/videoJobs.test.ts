// The video job service against the real simulator over loopback: one job to success per family and delivery
// (A download, B data URL, C/D hosted, console), a failed task, 429/503 backoff, a restart mid-poll that resumes
// and downloads once, an expired URL ending after bounded attempts, a dropped download resumed with Range, and
// the M1 bound on every event. The simulator runs its video clock 200 times faster; polls every 20-30 ms.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { systemClock, type Clock } from '../../src/main/services/ports'
import { VideoJobService, type VideoTiming } from '../../src/main/services/video/videoJobs'
import { MediaImports } from '../../src/main/services/mediaImport'
import type { EventSink } from '../../src/main/services/ports'
import type { Events } from '../../src/shared/ipc/contract'
import type { VideoJob, VideoJobRequest } from '../../src/shared/ipc/video'
import { IPC_MESSAGE_LIMIT } from '../../src/shared/ipc/media'
import type { ProfileFieldsInput as ProfileFields } from '../../src/shared/ipc/profiles'
import { AppError } from '../../src/shared/ipc/result'
import { encodeBase64 } from '../../src/shared/video/images'
import { pngHeader } from '../fakes/imageHeaders'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const API_KEY = 'sk-video-integration-key'
const CONSOLE_TOKEN = 'console-video-integration-token'
const SAMPLES = resolve(import.meta.dirname, '../../resources/sim')
const FAST: Partial<VideoTiming> = {
  pollIntervalMs: { min: 20, max: 30 },
  backoffMaxMs: 400,
  resultRetryMs: 20,
  resumeSpreadMs: 10,
  fetchIdleMs: 2000,
}

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')
const sampleSha = (name: string): string => sha(readFileSync(join(SAMPLES, name)))

interface Harness {
  sim: RunningSimulator
  dir: string
  profiles: ProfileService
  profileId: string
  fields: ProfileFields
  media: MediaStore
  gateway: GatewayClient
  /** Simulator request lines: `GET /path status Nms`. */
  lines: string[]
  /** Every delay the service asked the clock for. */
  delays: number[]
  clock: Clock
  events: { name: string; payload: unknown; bytes: number }[]
  sink: EventSink<Events> & { alive: boolean }
  service(timing?: Partial<VideoTiming>): Promise<VideoJobService>
}

let h: Harness
const services: VideoJobService[] = []

async function harness(videoSpeed = 200): Promise<Harness> {
  const lines: string[] = []
  const sim = await createSimulator({
    apiKey: API_KEY,
    consoleToken: CONSOLE_TOKEN,
    videoSpeed,
    log: (l) => lines.push(l),
  })
  const dir = mkdtempSync(join(tmpdir(), 'video-jobs-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const fields: ProfileFields = {
    name: 'Sim',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    resultHosts: [],
    headers: [],
    nativeAuth: 'bearer',
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
  }
  const profile = await profiles.create(fields)
  await profiles.setSecret(profile.id, 'apiKey', API_KEY)
  await profiles.setSecret(profile.id, 'consoleToken', CONSOLE_TOKEN)
  const media = new MediaStore(join(dir, 'media'), (id) => `media://${id}`)
  const gateway = new GatewayClient({ retryBaseMs: 5 })
  const delays: number[] = []
  const clock: Clock = {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      delays.push(ms)
      return systemClock.setTimeout(fn, ms)
    },
  }
  const events: Harness['events'] = []
  const sink = {
    alive: true,
    emit(name: string, payload: unknown) {
      events.push({ name, payload, bytes: Buffer.byteLength(JSON.stringify(payload)) })
    },
  } as EventSink<Events> & { alive: boolean }
  const self: Harness = {
    sim,
    dir,
    profiles,
    profileId: profile.id,
    fields,
    media,
    gateway,
    lines,
    delays,
    clock,
    events,
    sink,
    async service(timing = {}) {
      const s = new VideoJobService({
        profiles,
        gateway,
        media,
        dataDir: dir,
        clock,
        random: () => 0.5,
        timing: { ...FAST, ...timing },
      })
      services.push(s)
      await s.start()
      s.watch('window-1', sink, false)
      return s
    },
  }
  return self
}

beforeEach(async () => {
  h = await harness()
})
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  await h.sim.close()
  rmSync(h.dir, { recursive: true, force: true })
})

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs = 8000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = fn()
    if (value) return value
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

const settled = (s: VideoJobService, id: string): Promise<VideoJob> =>
  until(`job ${id} to settle`, () => {
    const job = s.get(id)
    return ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job : undefined
  })

const model = (modelId: string, form: Record<string, unknown>): VideoJobRequest =>
  ({ kind: 'model', profileId: h.profileId, model: modelId, form }) as VideoJobRequest

async function fileSha(job: VideoJob): Promise<string> {
  const path = await h.media.path(job.result!.mediaId)
  return sha(await readFile(path!))
}

const count = (pattern: RegExp): number => h.lines.filter((l) => pattern.test(l)).length

describe('video jobs against the simulator', () => {
  it('family A: polls to success, downloads the base64 once, and the file matches the sample', async () => {
    const s = await h.service()
    const submitted = await s.submit(
      model('famA-2', { family: 'A', prompt: 'a lighthouse at dawn', seconds: 4 }),
    )
    expect(submitted.taskId).toMatch(/^video_/)
    expect(submitted.status).toBe('submitted')
    const job = await settled(s, submitted.id)
    expect(job.error).toBeNull()
    expect(job.status).toBe('succeeded')
    expect(job.result).toMatchObject({
      source: 'download',
      mimeType: 'video/mp4',
      url: `media://${job.result!.mediaId}`,
    })
    expect(await fileSha(job)).toBe(sampleSha('famA.mp4'))
    expect(job.resultFetches).toBe(1)
    expect(count(/^GET \/v1\/video\/generations\/download /)).toBe(1)
    expect(job.polls).toBeGreaterThanOrEqual(1)
    const exchange = s.exchange(job.id, 'result')
    expect(exchange?.response?.body).toMatch(/bytes of video\/mp4 decoded to a file/)
  })

  it('family B: decodes a data URL from the query answer itself', async () => {
    const s = await h.service()
    const job = await settled(
      s,
      (await s.submit(model('famB-3.1-generate-preview', { family: 'B', prompt: 'inline: waves on rocks' })))
        .id,
    )
    expect(job.status).toBe('succeeded')
    expect(job.result?.source).toBe('data')
    expect(await fileSha(job)).toBe(sampleSha('famB.mp4'))
    expect(count(/^GET \/sim-media\//)).toBe(0)
  })

  it.each([
    ['famC-2.5-t2v-preview', { family: 'C', prompt: 'a paper boat on a river' }, 'famC.mp4'],
    ['famD-1-0-pro-250528', { family: 'D', mode: 'text', prompt: 'a city at night', images: [] }, 'famD.mp4'],
    [
      'famD-1-5-pro-251215',
      { family: 'D', mode: 'text', prompt: 'rain on a window', images: [] },
      'famD-audio.mp4',
    ],
  ])('%s: streams the hosted URL to a file', async (id, form, sample) => {
    const s = await h.service()
    const job = await settled(s, (await s.submit(model(id, form))).id)
    expect(job.status).toBe('succeeded')
    expect(job.result?.source).toBe('hosted')
    expect(await fileSha(job)).toBe(sampleSha(sample))
    expect(count(/^GET \/sim-media\/hosted\//)).toBe(1)
  })

  it('console video (14, 15): the envelope and access token, then the hosted result', async () => {
    const s = await h.service()
    const request: VideoJobRequest = {
      kind: 'console',
      profileId: h.profileId,
      form: {
        model: 'svc-video-1',
        prompt: 'a kite in the wind',
        duration: 5,
        aspect_ratio: '16:9',
        return_url: true,
      },
    }
    const submitted = await s.submit(request)
    expect(submitted.taskId).toMatch(/^cv_/)
    const job = await settled(s, submitted.id)
    expect(job.status).toBe('succeeded')
    expect(await fileSha(job)).toBe(sampleSha('console.mp4'))
    expect(count(/^GET \/prod-api\/svc\/v4\/api\/svcVideoQuery /)).toBeGreaterThanOrEqual(1)
  })

  it('a failed task shows its error code and message, and no result is fetched', async () => {
    const s = await h.service()
    const job = await settled(
      s,
      (await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'this will fail' }))).id,
    )
    expect(job.status).toBe('failed')
    expect(job.error).toMatchObject({ stage: 'task', code: '500' })
    expect(job.error?.message).toMatch(/Simulated generation failure/)
    expect(job.result).toBeNull()
    expect(count(/^GET \/sim-media\//)).toBe(0)
  })

  it('backs off on 429 for at least the Retry-After the server asked for, then succeeds', async () => {
    const s = await h.service()
    const submitted = await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'slow clouds' }))
    await h.profiles.update(h.profileId, {
      ...h.fields,
      headers: [
        { name: 'x-sim-fault', value: '429:0.3' },
        { name: 'x-sim-fault-once', value: `poll-429-${submitted.id}` },
        { name: 'x-sim-fault-times', value: '2' },
      ],
    })
    const seen = until('a 429 notice', () => s.get(submitted.id).notice?.includes('HTTP 429'))
    await seen
    const job = await settled(s, submitted.id)
    expect(job.status).toBe('succeeded')
    expect(count(/ 429 /)).toBe(2)
    // Two waits of the server's 300 ms (retry-after-ms), far above the 20-30 ms poll interval.
    expect(h.delays.filter((d) => d === 300)).toHaveLength(2)
  })

  it('backs off exponentially on 503 without Retry-After', async () => {
    const s = await h.service()
    const submitted = await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'a quiet pond' }))
    await h.profiles.update(h.profileId, {
      ...h.fields,
      headers: [
        { name: 'x-sim-fault', value: '503' },
        { name: 'x-sim-fault-once', value: `poll-503-${submitted.id}` },
        { name: 'x-sim-fault-times', value: '3' },
      ],
    })
    const job = await settled(s, submitted.id)
    expect(job.status).toBe('succeeded')
    expect(count(/ 503 /)).toBe(3)
    // min 20 ms × 2^n with the jitter at its middle: 40, 80, 160.
    const after = h.delays.slice(h.delays.indexOf(40))
    expect(after.slice(0, 3)).toEqual([40, 80, 160])
  })

  it('survives a restart mid-poll: the task id was on disk, the job resumes and downloads once (R7)', async () => {
    const quick = h
    await quick.sim.close()
    rmSync(quick.dir, { recursive: true, force: true })
    h = await harness(25) // 800 ms per task: time to stop in the middle
    const first = await h.service()
    const submitted = await first.submit(model('famA-2', { family: 'A', prompt: 'a slow train', seconds: 8 }))
    const onDisk = JSON.parse(await readFile(join(h.dir, 'jobs.json'), 'utf8')) as {
      jobs: { taskId: string }[]
    }
    expect(onDisk.jobs[0]?.taskId).toBe(submitted.taskId)
    await until('a poll', () => first.get(submitted.id).polls >= 1)
    expect(['submitted', 'queued', 'in_progress']).toContain(first.get(submitted.id).status)
    await first.close()
    const polled = count(/^GET \/v1\/video\/generations\/video_/)

    const second = await h.service()
    const job = await settled(second, submitted.id)
    expect(job.status).toBe('succeeded')
    expect(count(/^GET \/v1\/video\/generations\/video_/)).toBeGreaterThan(polled)
    expect(count(/^GET \/v1\/video\/generations\/download /)).toBe(1)
    expect(await fileSha(job)).toBe(sampleSha('famA.mp4'))
    await second.close()

    // A third start finds the job finished: nothing is queried or fetched again.
    const before = h.lines.length
    const third = await h.service()
    await new Promise((r) => setTimeout(r, 150))
    expect(third.get(submitted.id)).toMatchObject({
      status: 'succeeded',
      resultFetches: 1,
      result: { mediaId: job.result!.mediaId },
    })
    expect(h.lines.length).toBe(before)
  })

  it('a job interrupted before the submit answered ends in a clear state after restart', async () => {
    const s = await h.service()
    const job = await settled(
      s,
      (await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'fish' }))).id,
    )
    await s.close()
    const path = join(h.dir, 'jobs.json')
    const file = JSON.parse(await readFile(path, 'utf8')) as { jobs: Record<string, unknown>[] }
    file.jobs[0] = { ...file.jobs[0], status: 'submitting', taskId: null, result: null }
    const { writeFile } = await import('node:fs/promises')
    await writeFile(path, JSON.stringify(file))
    const next = await h.service()
    expect(next.get(job.id)).toMatchObject({
      status: 'failed',
      error: { stage: 'local', code: 'INTERRUPTED' },
    })
  })

  it('an expired result URL ends the job after a bounded number of attempts', async () => {
    const s = await h.service({ maxResultAttempts: 3 })
    const job = await settled(
      s,
      (await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'expire soon' }))).id,
    )
    expect(job.status).toBe('failed')
    expect(job.error).toMatchObject({ stage: 'result', code: 'RESULT_URL_EXPIRED', httpStatus: 403 })
    expect(job.error?.message).toMatch(/after 3 attempts/)
    expect(count(/^GET \/sim-media\/hosted\/.* 403 /)).toBe(3)
  })

  it('resumes a dropped download with Range and keeps the bytes intact (M3)', async () => {
    const s = await h.service()
    const job = await settled(
      s,
      (await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'flaky wind' }))).id,
    )
    expect(job.status).toBe('succeeded')
    expect(await fileSha(job)).toBe(sampleSha('famC.mp4'))
    expect(count(/^GET \/sim-media\/hosted\/.* 200 /)).toBe(1)
    expect(count(/^GET \/sim-media\/hosted\/.* 206 /)).toBe(1)
    const record = s.exchange(job.id, 'result')
    expect(record?.request.headers).toContainEqual(['range', expect.stringMatching(/^bytes=\d+-$/)])
    expect(record?.response?.status).toBe(206)
    expect(record?.response?.body).toMatch(/streamed to a file; 1 Range resume/)
  })

  it('refuses out-of-rule input before sending, naming the field and the rule (R8)', async () => {
    const s = await h.service()
    const before = h.lines.length
    const error = await s
      .submit(
        model('famB-3.0-generate-preview', { family: 'B', prompt: 'x', durationSeconds: 5, sampleCount: 9 }),
      )
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('VIDEO_INVALID_INPUT')
    expect((error as AppError).message).toMatch(/durationSeconds must be one of 4, 6, 8/)
    expect((error as AppError).message).toMatch(/sampleCount must be an integer from 1 to 4/)
    expect(s.list().total).toBe(0)
    expect(h.lines.length).toBe(before)
  })

  it('inlines an imported image for family A only when its pixels equal size', async () => {
    const s = await h.service()
    const imports = new MediaImports(h.media)
    const importPng = async (w: number, hgt: number) => {
      const bytes = pngHeader(w, hgt)
      const { importId } = await imports.begin('window-1', {
        name: 'frame.png',
        mimeType: 'image/png',
        size: bytes.length,
      })
      await imports.chunk('window-1', importId, 0, encodeBase64(bytes))
      return imports.finish('window-1', importId)
    }
    const wrong = await importPng(1280, 720)
    expect(wrong.image).toEqual({ format: 'png', width: 1280, height: 720 })
    const refused = await s
      .submit(
        model('famA-2', { family: 'A', prompt: 'pan right', size: '720x1280', input_reference: wrong.ref }),
      )
      .catch((e: unknown) => e as AppError)
    expect((refused as AppError).details).toMatchObject({
      issues: [{ field: 'input_reference', rule: 'dimensions' }],
    })

    const right = await importPng(720, 1280)
    const preview = await s.preview(
      model('famA-2', { family: 'A', prompt: 'pan right', input_reference: right.ref }),
    )
    expect(preview.issues).toEqual([])
    expect(preview.body).toContain('<frame.png: 33 bytes, inlined when sent>')
    expect(preview.code.curl).not.toContain(API_KEY)
    const job = await s.submit(
      model('famA-2', { family: 'A', prompt: 'pan right', input_reference: right.ref }),
    )
    expect(job.mode).toBe('firstFrame')
    expect(s.exchange(job.id, 'submit')?.request.body).toContain(
      `data:image/png;base64,${encodeBase64(pngHeader(720, 1280))}`,
    )
    expect(JSON.stringify(s.exchange(job.id, 'submit'))).not.toContain(API_KEY)
  })

  it('a 10 MB reference image goes out whole and the job succeeds; its exchange is summarised, not failed (S9)', async () => {
    const s = await h.service()
    const imports = new MediaImports(h.media)
    const header = pngHeader(720, 1280)
    const bytes = new Uint8Array(10 * 1024 * 1024)
    bytes.set(header)
    const { importId } = await imports.begin('window-1', {
      name: 'big.png',
      mimeType: 'image/png',
      size: bytes.length,
    })
    for (let offset = 0; offset < bytes.length; offset += 144 * 1024)
      await imports.chunk(
        'window-1',
        importId,
        offset,
        encodeBase64(bytes.subarray(offset, offset + 144 * 1024)),
      )
    const image = await imports.finish('window-1', importId)
    const submitted = await s.submit(
      model('famA-2', { family: 'A', prompt: 'pan right', input_reference: image.ref }),
    )
    const job = await settled(s, submitted.id)
    expect(job.error).toBeNull()
    expect(job.status).toBe('succeeded')
    const sent = s.exchange(job.id, 'submit')!
    expect(sent.request.body).toMatch(/data:image\/png;base64, \d+ KB elided/)
    expect(JSON.stringify(sent).length).toBeLessThan(256 * 1024)
  })

  it('cancel stops polling; retry resumes the same task; delete removes the file', async () => {
    const s = await h.service({ pollIntervalMs: { min: 60, max: 60 } })
    const submitted = await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'slow snow' }))
    expect(s.cancel(submitted.id).status).toBe('cancelled')
    const queries = count(/^GET \/v1\/video\/generations\/task_/)
    await new Promise((r) => setTimeout(r, 200))
    expect(count(/^GET \/v1\/video\/generations\/task_/)).toBe(queries)

    const { job: resumed, resubmitted } = await s.retry(submitted.id)
    expect(resubmitted).toBe(false)
    expect(resumed.taskId).toBe(submitted.taskId)
    const done = await settled(s, submitted.id)
    expect(done.status).toBe('succeeded')
    const path = await h.media.path(done.result!.mediaId)
    expect(path).not.toBeNull()
    expect(await s.remove(submitted.id)).toBe(true)
    expect(await h.media.path(done.result!.mediaId)).toBeNull()
    expect(h.events.some((e) => e.name === 'jobs.jobRemoved')).toBe(true)
  })

  it('a failed task retries as a new job with the same request', async () => {
    const s = await h.service()
    const failed = await settled(
      s,
      (await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'fail once' }))).id,
    )
    const { job, resubmitted } = await s.retry(failed.id)
    expect(resubmitted).toBe(true)
    expect(job.id).not.toBe(failed.id)
    expect(s.list().jobs.map((j) => j.id)).toEqual([job.id, failed.id])
  })

  it('a task the gateway no longer knows ends with HTTP 404 explained', async () => {
    const s = await h.service()
    const submitted = await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'gone' }))
    h.sim.state.stores.clear()
    const job = await settled(s, submitted.id)
    expect(job.error).toMatchObject({ stage: 'poll', code: 'HTTP_404' })
    expect(job.error?.message).toMatch(/no longer knows task/)
  })

  it('notifies only when no window shows the panel, and every event stays under 256 KB (M1)', async () => {
    const s = await h.service()
    await settled(
      s,
      (await s.submit(model('famB-3.0-fast-generate-001', { family: 'B', prompt: 'inline sunrise' }))).id,
    )
    await until('the notification', () => h.events.some((e) => e.name === 'video.notified'))
    s.setPanelVisible('window-1', true)
    const second = await settled(
      s,
      (await s.submit(model('famB-3.0-fast-generate-001', { family: 'B', prompt: 'inline sunset' }))).id,
    )
    await until('the last event', () =>
      h.events.some((e) => JSON.stringify(e.payload).includes(`"mediaId":"${second.result?.mediaId}"`)),
    )
    expect(h.events.filter((e) => e.name === 'video.notified')).toHaveLength(1)
    expect(Math.max(...h.events.map((e) => e.bytes))).toBeLessThan(IPC_MESSAGE_LIMIT)
    expect(h.events.some((e) => JSON.stringify(e.payload).includes('base64,'))).toBe(false)
  })

  it('drops a window whose sink is gone', async () => {
    const s = await h.service()
    h.sink.alive = false
    const n = h.events.length
    await settled(
      s,
      (await s.submit(model('famC-2.5-t2v-preview', { family: 'C', prompt: 'gone window' }))).id,
    )
    expect(h.events.length).toBe(n)
  })
})

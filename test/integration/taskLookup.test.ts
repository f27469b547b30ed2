// Tasks the app did not submit, against the simulator over loopback: a task submitted by a separate client
// (plain fetch, as a script would) is looked up by its id (12, 13, 15, 20) with its answer as it is, adopted
// and followed to its stored result; a wrong id gets the gateway's own error and adds nothing; the polling
// limit stops polling on the Clock (no real minutes) until Keep waiting; a status the spec does not name is
// shown verbatim as unknown and polled on.
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
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { ImageTaskService } from '../../src/main/services/images/imageTasks'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import type { VideoJob } from '../../src/shared/ipc/video'
import type { ImageJob } from '../../src/shared/ipc/images'
import { AppError } from '../../src/shared/ipc/result'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const API_KEY = 'sk-lookup-key'
const CONSOLE_TOKEN = 'console-lookup-token'
const SAMPLES = resolve(import.meta.dirname, '../../resources/sim')
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const TIMING = {
  pollIntervalMs: { min: 20, max: 30 },
  resumeSpreadMs: 10,
  resultRetryMs: 20,
  backoffMaxMs: 200,
}

let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let profileId: string
let media: MediaStore
let ledger: TaskLedger
/** Minutes the test moved the app's clock forward; timers still fire in real (short) time. */
let skewMs = 0
const clock: Clock = {
  now: () => Date.now() + skewMs,
  setTimeout: (fn, ms) => systemClock.setTimeout(fn, ms),
}
const open: { close(): Promise<void> }[] = []

async function videoService(): Promise<VideoJobService> {
  const s = new VideoJobService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    dataDir: dir,
    ledger,
    clock,
    timing: TIMING,
  })
  await s.start()
  open.push(s)
  return s
}

async function imageService(): Promise<ImageTaskService> {
  const s = new ImageTaskService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media,
    dataDir: dir,
    ledger,
    clock,
    timing: TIMING,
  })
  await s.start()
  open.push(s)
  return s
}

/** A separate client: the script or SDK a colleague used, straight to the simulator. */
async function submitElsewhere(path: string, body: unknown, consoleApi = false): Promise<unknown> {
  const res = await fetch(`${consoleApi ? sim.consoleBaseUrl : sim.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${consoleApi ? CONSOLE_TOKEN : API_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json()
}
const videoElsewhere = async (model: string, prompt: string) =>
  ((await submitElsewhere('/v1/video/generations', { model, prompt })) as { task_id: string }).task_id

async function until<J extends { status: string }>(
  read: () => J,
  done: (j: J) => boolean,
  ms = 8000,
): Promise<J> {
  const end = Date.now() + ms
  for (;;) {
    const j = read()
    if (done(j)) return j
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(j).slice(0, 400)}`)
    await new Promise((r) => setTimeout(r, 15))
  }
}

beforeEach(async () => {
  skewMs = 0
  sim = await createSimulator({ apiKey: API_KEY, consoleToken: CONSOLE_TOKEN, videoSpeed: 200 })
  dir = mkdtempSync(join(tmpdir(), 'task-lookup-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  const profile = await profiles.create({
    name: 'Sim',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    headers: [],
    nativeAuth: 'bearer',
    timeoutMs: 5_000,
    idleTimeoutMs: 10_000,
  })
  profileId = profile.id
  await profiles.setSecret(profileId, 'apiKey', API_KEY)
  await profiles.setSecret(profileId, 'consoleToken', CONSOLE_TOKEN)
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  ledger = new TaskLedger(dir)
})

afterEach(async () => {
  for (const s of open.splice(0)) await s.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('looking up a task by its id', () => {
  it('shows a task submitted by another client as the gateway answers it, and adds nothing', async () => {
    const video = await videoService()
    const taskId = await videoElsewhere('famC-2.5-t2v-preview', 'a lighthouse')
    const found = await video.lookup({ profileId, kind: 'video-query', taskId })
    expect(found).toMatchObject({ found: true, httpStatus: 200, statusNamed: true, trackedJobId: null })
    expect(['queued', 'in_progress', 'succeeded']).toContain(found.status)
    expect(found.fields).toContainEqual(['task_id', taskId])
    expect(JSON.parse(found.raw)).toMatchObject({ task_id: taskId, format: 'mp4' })
    expect(found.url).toContain(`/v1/video/generations/${taskId}`)
    expect(JSON.stringify(found.exchange)).not.toContain(API_KEY)
    expect(video.list().total).toBe(0)
  })

  it('a wrong id gets the gateway’s own error in words; adopting it adds nothing', async () => {
    const video = await videoService()
    const found = await video.lookup({ profileId, kind: 'video-query', taskId: 'task_nope' })
    expect(found).toMatchObject({ found: false, httpStatus: 404, status: null })
    expect(found.message).toContain('No video task with id "task_nope"')
    const refused = await video.adopt({ profileId, kind: 'video-query', taskId: 'task_nope' }).catch((e) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'TASK_NOT_FOUND' })
    expect((refused as AppError).message).toContain('task_nope')
    expect(video.list().total).toBe(0)
    const images = await imageService()
    const wrong = await images.lookup({ profileId, kind: 'console-image-query', taskId: 'ps_nope' })
    expect(wrong.message).toMatch(/^HTTP 404: No photo-shoot or try-on task with taskId "ps_nope"/)
    await expect(images.adopt({ profileId, kind: 'console-image-query', taskId: 'ps_nope' })).rejects.toThrow(
      'ps_nope',
    )
    expect(images.list().total).toBe(0)
    // A lookup kind of the other domain is refused by name.
    await expect(images.adopt({ profileId, kind: 'video-query', taskId: 'x' })).rejects.toThrow('video-query')
  })

  it('a family A download (13) shows success and size with the base64 elided', async () => {
    const video = await videoService()
    const taskId = await videoElsewhere('famA-2', 'a boat')
    await new Promise((r) => setTimeout(r, 150))
    const found = await video.lookup({ profileId, kind: 'video-download', taskId })
    expect(found).toMatchObject({ found: true, status: 'succeeded', httpStatus: 200 })
    const size = readFileSync(join(SAMPLES, 'famA.mp4')).length
    expect(found.fields).toContainEqual(['size', String(size)])
    expect(found.raw).toContain('elided')
    expect(found.raw.length).toBeLessThan(4000)
  })
})

describe('adopting a task', () => {
  it('follows a family A task from another client through its download, marked adopted, once', async () => {
    const video = await videoService()
    const taskId = await videoElsewhere('famA-2', 'a red kite')
    const adopted = await video.adopt({ profileId, kind: 'video-query', taskId })
    expect(adopted).toMatchObject({ adopted: true, taskId, family: 'A', status: 'submitted' })
    const done = await until(
      () => video.get(adopted.id),
      (j: VideoJob) => j.status === 'succeeded' || j.status === 'failed',
    )
    expect(done.status).toBe('succeeded')
    expect(done.result?.source).toBe('download')
    const bytes = await readFile((await media.path(done.result!.mediaId))!)
    expect(sha(bytes)).toBe(sha(readFileSync(join(SAMPLES, 'famA.mp4'))))
    // The ledger keeps it as adopted across a restart.
    const onDisk = JSON.parse(await readFile(ledger.path, 'utf8')) as {
      jobs: { id: string; adopted?: boolean }[]
    }
    expect(JSON.stringify(onDisk)).toContain('"adopted":true')
    await expect(video.adopt({ profileId, kind: 'video-query', taskId })).rejects.toMatchObject({
      code: 'TASK_ALREADY_TRACKED',
    })
    expect((await video.lookup({ profileId, kind: 'video-query', taskId })).trackedJobId).toBe(adopted.id)
    expect((await video.details(adopted.id)).request).toBeNull()
  })

  it('follows a console video and a try-on from another client to their stored results', async () => {
    const video = await videoService()
    const images = await imageService()
    const cv = (await submitElsewhere(
      '/prod-api/svc/v4/api/svcVideoCompletions',
      { model: 'm', prompt: 'waves', duration: 5, aspect_ratio: '16:9' },
      true,
    )) as { data: { task_id: string } }
    const tryOn = (await submitElsewhere(
      '/prod-api/svc/v4/api/dressing2Submitv4',
      { imageUrl: `${sim.baseUrl}/p.png`, clothingUrl: `${sim.baseUrl}/g.png` },
      true,
    )) as { data: { task_id: string } }
    const v = await video.adopt({ profileId, kind: 'console-video-query', taskId: cv.data.task_id })
    const i = await images.adopt({ profileId, kind: 'console-image-query', taskId: tryOn.data.task_id })
    expect(v).toMatchObject({ kind: 'console', adopted: true })
    expect(i).toMatchObject({ adopted: true, title: expect.stringContaining(tryOn.data.task_id) })
    const vDone = await until(
      () => video.get(v.id),
      (j: VideoJob) => ['succeeded', 'failed'].includes(j.status),
    )
    const iDone = await until(
      () => images.get(i.id),
      (j: ImageJob) => ['succeeded', 'failed'].includes(j.status),
    )
    expect(vDone.status, JSON.stringify(vDone.error)).toBe('succeeded')
    expect(iDone.status, JSON.stringify(iDone.error)).toBe('succeeded')
    expect(iDone.results.length).toBeGreaterThan(0)
  })
})

describe('when polling ends', () => {
  it('stops polling past the limit, says so, and polls again on Keep waiting (the Clock, not real minutes)', async () => {
    const video = await videoService()
    expect(video.getWaitLimit()).toEqual({ minutes: 120 })
    const taskId = await videoElsewhere('famC-2.5-t2v-preview', 'a neverending corridor')
    const job = await video.adopt({ profileId, kind: 'video-query', taskId })
    await until(
      () => video.get(job.id),
      (j: VideoJob) => j.status === 'in_progress',
    )
    skewMs = 121 * 60_000
    const overdue = await until(
      () => video.get(job.id),
      (j: VideoJob) => !!j.overdueAt,
    )
    expect(overdue).toMatchObject({ status: 'in_progress', nextPollAt: null })
    const polls = overdue.polls
    await new Promise((r) => setTimeout(r, 150))
    expect(video.get(job.id).polls).toBe(polls)
    const kept = video.keepWaiting(job.id)
    expect(kept.overdueAt).toBeNull()
    await until(
      () => video.get(job.id),
      (j: VideoJob) => j.polls > polls + 1,
    )
    expect(video.get(job.id).overdueAt).toBeNull()
    // Stop polling is cancel: the job ends visibly.
    expect(video.cancel(job.id).status).toBe('cancelled')
  })

  it('keeps the limit the user set per kind, and an overdue job is not polled after a restart', async () => {
    const images = await imageService()
    expect(images.getWaitLimit()).toEqual({ minutes: 30 })
    await images.setWaitLimit(5)
    const ps = (await submitElsewhere(
      '/prod-api/svc/v4/api/photoShootAdvancedModeSubmit',
      {
        productImageUrl: 'https://e/neverending.png',
        productMaskUrl: 'https://e/m.png',
        templateImageUrl: 'https://e/t.png',
        templateMaskUrl: 'https://e/tm.png',
      },
      true,
    )) as { data: string }
    const job = await images.adopt({ profileId, kind: 'console-image-query', taskId: ps.data })
    await until(
      () => images.get(job.id),
      (j: ImageJob) => j.polls > 0,
    )
    skewMs = 6 * 60_000
    const overdue = await until(
      () => images.get(job.id),
      (j: ImageJob) => !!j.overdueAt,
    )
    expect(overdue.remoteStatus).toBe('RUNNING')
    await images.close()
    ledger = new TaskLedger(dir)
    const again = await imageService()
    expect(again.getWaitLimit()).toEqual({ minutes: 5 })
    const polls = again.get(job.id).polls
    await new Promise((r) => setTimeout(r, 120))
    expect(again.get(job.id)).toMatchObject({ polls, nextPollAt: null, overdueAt: overdue.overdueAt })
  })

  it('shows a status the spec does not name verbatim as unknown and keeps polling', async () => {
    const video = await videoService()
    const images = await imageService()
    const taskId = await videoElsewhere('famC-2.5-t2v-preview', 'an oddstatus harbour')
    const job = await video.adopt({ profileId, kind: 'video-query', taskId })
    const odd = await until(
      () => video.get(job.id),
      (j: VideoJob) => j.status === 'unknown',
    )
    expect(odd.remoteStatus).toBe('on_hold_for_review')
    await until(
      () => video.get(job.id),
      (j: VideoJob) => j.polls > odd.polls + 1,
    )
    const found = await video.lookup({ profileId, kind: 'video-query', taskId })
    expect(found).toMatchObject({ status: 'on_hold_for_review', statusNamed: false })
    const ps = (await submitElsewhere(
      '/prod-api/svc/v4/api/photoShootAdvancedModeSubmit',
      {
        productImageUrl: 'https://e/oddstatus.png',
        productMaskUrl: 'https://e/m.png',
        templateImageUrl: 'https://e/t.png',
        templateMaskUrl: 'https://e/tm.png',
      },
      true,
    )) as { data: string }
    const img = await images.adopt({ profileId, kind: 'console-image-query', taskId: ps.data })
    const oddImg = await until(
      () => images.get(img.id),
      (j: ImageJob) => j.status === 'unknown',
    )
    expect(oddImg.remoteStatus).toBe('AWAITING_MODERATION')
  })
})

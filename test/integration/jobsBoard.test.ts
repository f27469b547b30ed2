// The one jobs surface over both job panels, against the simulator over loopback: video and image jobs share the
// board and the ledger; the board lists each panel's page and both together, routes cancel / retry / keep
// waiting / exchange / delete to the service that holds the job and lookups to the panel the registry names,
// keeps one polling limit per panel, and tells the watching window of every change under `jobs.*`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { JobBoard } from '../../src/main/services/tasks/jobBoard'
import { TaskLedger } from '../../src/main/services/tasks/ledger'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import { ImageTaskService } from '../../src/main/services/images/imageTasks'
import type { EventSink } from '../../src/main/services/ports'
import type { Events } from '../../src/shared/ipc/contract'
import type { JobView } from '../../src/shared/ipc/jobs'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const API_KEY = 'sk-board-key'
const CONSOLE_TOKEN = 'console-board-token'
const TIMING = { pollIntervalMs: { min: 20, max: 30 }, resumeSpreadMs: 10, resultRetryMs: 20, backoffMaxMs: 200 }

let sim: RunningSimulator
let dir: string
let profileId: string
let board: JobBoard
let video: VideoJobService
let images: ImageTaskService
const events: { name: string; payload: unknown }[] = []
const sink: EventSink<Events> = {
  alive: true,
  emit: (name, payload) => void events.push({ name, payload }),
}

async function submitElsewhere(path: string, body: unknown, consoleApi: boolean): Promise<unknown> {
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

async function until(read: () => JobView, done: (j: JobView) => boolean, ms = 8000): Promise<JobView> {
  const end = Date.now() + ms
  for (;;) {
    const j = read()
    if (done(j)) return j
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(j).slice(0, 400)}`)
    await new Promise((r) => setTimeout(r, 15))
  }
}

beforeEach(async () => {
  events.length = 0
  sim = await createSimulator({ apiKey: API_KEY, consoleToken: CONSOLE_TOKEN, videoSpeed: 200 })
  dir = mkdtempSync(join(tmpdir(), 'jobs-board-'))
  const profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
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
  const media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  const ledger = new TaskLedger(dir)
  board = new JobBoard()
  const shared = { profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media, dataDir: dir, ledger, board }
  video = new VideoJobService({ ...shared, timing: TIMING })
  images = new ImageTaskService({ ...shared, timing: TIMING })
  await video.start()
  await images.start()
})

afterEach(async () => {
  await video.close()
  await images.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

it('serves video and image jobs as one list and routes each command to the job’s own service', async () => {
  expect(board.watch('window-1', sink, { video: 50, images: 50 })).toEqual({
    jobs: [],
    totals: { video: 0, images: 0 },
  })
  const videoTask = (
    (await submitElsewhere(
      '/v1/video/generations',
      { model: 'famC-2.5-t2v-preview', prompt: 'a neverending corridor' },
      false,
    )) as { task_id: string }
  ).task_id
  const imageTask = (
    (await submitElsewhere(
      '/prod-api/svc/v4/api/photoShootAdvancedModeSubmit',
      {
        productImageUrl: 'https://e/neverending.png',
        productMaskUrl: 'https://e/m.png',
        templateImageUrl: 'https://e/t.png',
        templateMaskUrl: 'https://e/tm.png',
      },
      true,
    )) as { data: string }
  ).data

  // Lookups go to the panel whose kinds offer them.
  const v = await board.adopt({ profileId, kind: 'video-query', taskId: videoTask })
  const i = await board.adopt({ profileId, kind: 'console-image-query', taskId: imageTask })
  expect(v).toMatchObject({ task: 'video', adopted: true, taskId: videoTask })
  expect(i).toMatchObject({ task: 'photo-shoot', adopted: true, taskId: imageTask })
  expect((await board.lookup({ profileId, kind: 'video-query', taskId: videoTask })).trackedJobId).toBe(v.id)
  expect(
    (await board.lookup({ profileId, kind: 'console-image-query', taskId: imageTask })).trackedJobId,
  ).toBe(i.id)

  // One list per panel, and both together newest first when a window watches (again, after a reload).
  expect(board.list('video', 0, 50).jobs.map((j) => j.id)).toEqual([v.id])
  expect(board.list('images', 0, 50).jobs.map((j) => j.id)).toEqual([i.id])
  const watched = board.watch('window-1', sink, { video: 50, images: 50 })
  expect(watched.totals).toEqual({ video: 1, images: 1 })
  expect(watched.jobs.map((j) => j.id)).toEqual([i.id, v.id])
  expect(board.get(v.id).task).toBe('video')
  expect(board.get(i.id).task).toBe('photo-shoot')

  // One polling limit per panel, with the registry's defaults.
  expect(board.getWaitLimit('video')).toEqual({ minutes: 120 })
  expect(board.getWaitLimit('images')).toEqual({ minutes: 30 })
  expect(await board.setWaitLimit('images', 5)).toEqual({ minutes: 5 })
  expect(images.getWaitLimit()).toEqual({ minutes: 5 })
  expect(video.getWaitLimit()).toEqual({ minutes: 120 })

  // Both jobs are polled; their changes reach the window as jobs.jobChanged.
  await until(
    () => board.get(v.id),
    (j) => j.polls > 0,
  )
  await until(
    () => board.get(i.id),
    (j) => j.polls > 0,
  )
  const changed = events.filter((e) => e.name === 'jobs.jobChanged').map((e) => (e.payload as { job: JobView }).job)
  expect(changed.some((j) => j.id === v.id && j.task === 'video')).toBe(true)
  expect(changed.some((j) => j.id === i.id && j.task === 'photo-shoot')).toBe(true)
  expect(board.exchange(i.id, 'poll')?.request.url).toContain(`taskId=${imageTask}`)

  // Cancel and retry reach the video service only; the image job keeps running.
  expect(board.cancel(v.id).status).toBe('cancelled')
  expect(video.get(v.id).status).toBe('cancelled')
  expect(images.get(i.id).status).not.toBe('cancelled')
  const retried = await board.retry(v.id)
  expect(retried.resubmitted).toBe(false)
  expect(retried.job).toMatchObject({ id: v.id, taskId: videoTask })
  expect(retried.job.status).not.toBe('cancelled')

  // Delete goes to the image service and is told once as jobs.jobRemoved.
  expect(await board.remove(i.id)).toBe(true)
  expect(events.filter((e) => e.name === 'jobs.jobRemoved')).toEqual([
    { name: 'jobs.jobRemoved', payload: { jobId: i.id } },
  ])
  expect(board.list('images', 0, 50).total).toBe(0)
  expect(await board.remove(i.id)).toBe(false)
  expect(() => board.get(i.id)).toThrow(expect.objectContaining({ code: 'JOB_NOT_FOUND' }))
  board.cancel(v.id)
})

it('announces a video job that ends while no watching window shows the Video panel', async () => {
  video.watch('window-1', sink, false)
  const v = await video.submitRaw({
    profileId,
    kind: 'model',
    body: JSON.stringify({ model: 'famC-2.5-t2v-preview', prompt: 'a short wave' }),
    force: false,
  })
  expect(v.task).toBe('video')
  await until(
    () => board.get(v.id),
    (j) => j.status === 'succeeded' || j.status === 'failed',
  )
  await until(
    () => board.get(v.id),
    () => events.some((e) => e.name === 'video.notified'),
  )
  // Only a window that watches can say it shows the panel.
  expect(video.setPanelVisible('window-1', true)).toBe(true)
  expect(video.setPanelVisible('window-never-watched', true)).toBe(false)
})

// Main fetches a URL a gateway names only where it may (S10), and keeps no more of it than its bound: browser mode
// in a process of its own, a job gateway on loopback whose results lead to another loopback port (by address, by
// name, by redirect), and an "internal" server on that port standing for the machine's other services. Before the
// fix the internal server's answer was stored as the job's video, and a 300 MB result was stored whole.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProfile, startHostProcess, type HostProcess, type HostSocket } from '../fakes/hostProcess'
import { startTaskGateway, type TaskGateway, type TaskScenario } from '../fakes/taskGateway'

const KEY = 'sk-results-key'
let dir: string
let host: HostProcess
let socket: HostSocket
let gateway: TaskGateway

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-results-'))
  gateway = await startTaskGateway({ bigBytes: 8 * 1024 * 1024 })
  host = await startHostProcess(join(dir, 'data'))
  socket = await host.connect()
}, 60_000)

afterAll(async () => {
  socket?.close()
  await host?.kill()
  await gateway?.close()
  rmSync(dir, { recursive: true, force: true })
})

const profileFor = (scenario: TaskScenario, resultHosts: string[] = []) =>
  createProfile(
    socket,
    {
      name: `${scenario} ${resultHosts.length}`,
      baseUrl: gateway.url(scenario),
      consoleBaseUrl: gateway.url(scenario),
      resultHosts,
    },
    KEY,
  )

interface Ended {
  status: string
  error: { code: string; message: string } | null
}

/** Follows a task by its id (its query answers at once) and waits for the job to end. */
async function adoptAndWait(profileId: string): Promise<Ended> {
  const adopted = await socket.call<{ job: { id: string } }>('jobs.adoptTask', {
    profileId,
    kind: 'video-query',
    taskId: 'task-1',
  })
  expect(adopted.ok, JSON.stringify(adopted.error)).toBe(true)
  return waitForEnd(adopted.value!.job.id)
}

async function waitForEnd(jobId: string): Promise<Ended> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const got = await socket.call<{ job: Ended }>('jobs.getJob', { jobId })
    if (['succeeded', 'failed', 'cancelled'].includes(got.value!.job.status)) return got.value!.job
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`job ${jobId} did not end`)
}

describe('result URLs a gateway names (S10)', () => {
  it('are refused at another loopback port, by address, by name and by redirect, for videos and images', async () => {
    for (const scenario of ['result-internal', 'result-internal-name', 'result-redirect'] as const) {
      const job = await adoptAndWait(await profileFor(scenario))
      expect(job.status, scenario).toBe('failed')
      expect(job.error, scenario).toMatchObject({ code: 'RESULT_URL_REFUSED' })
      expect(job.error!.message).toMatch(/is a loopback address outside the gateway's origin/)
    }
    const images = await socket.call<{ job: { id: string } }>('images.submitRawRequest', {
      profileId: await profileFor('images-internal'),
      endpoint: 'batchImage',
      body: JSON.stringify({ prompt: 'a cat', model: 'some-model' }),
      force: true,
    })
    expect(images.ok, JSON.stringify(images.error)).toBe(true)
    const imageJob = await waitForEnd(images.value!.job.id)
    expect(imageJob.error).toMatchObject({ code: 'RESULT_URL_REFUSED' })
    expect(gateway.internalHits).toEqual([])
  }, 90_000)

  it("are fetched at the gateway's own origin, and at a host the user allowed for the profile", async () => {
    expect(await adoptAndWait(await profileFor('result-own'))).toMatchObject({ status: 'succeeded' })
    const images = await socket.call<{ job: { id: string } }>('images.submitRawRequest', {
      profileId: await profileFor('images-own'),
      endpoint: 'batchImage',
      body: JSON.stringify({ prompt: 'a cat', model: 'some-model' }),
      force: true,
    })
    expect(await waitForEnd(images.value!.job.id)).toMatchObject({ status: 'succeeded' })
    const allowed = await profileFor('result-internal', [new URL(gateway.internalOrigin).host])
    const listed = await socket.call<{ profiles: { id: string; resultHosts: string[] }[] }>('profiles.list')
    expect(listed.value!.profiles.find((p) => p.id === allowed)!.resultHosts).toEqual([
      new URL(gateway.internalOrigin).host,
    ])
    expect(await adoptAndWait(allowed)).toMatchObject({ status: 'succeeded' })
    expect(gateway.internalHits).toEqual(['GET /private.mp4'])
    gateway.internalHits.length = 0
  }, 90_000)
})

describe('a hosted result larger than its bound', () => {
  it('fails with the bound in words, on Content-Length and while streaming, and leaves no file behind', async () => {
    const set = await socket.call<{ downloads: { videoMaxMB: number } }>('app.updateSettings', {
      downloads: { videoMaxMB: 2 },
    })
    expect(set.value!.downloads.videoMaxMB).toBe(2)
    for (const scenario of ['result-big', 'result-big-chunked'] as const) {
      const job = await adoptAndWait(await profileFor(scenario))
      expect(job.status, scenario).toBe('failed')
      expect(job.error, scenario).toMatchObject({ code: 'RESULT_TOO_LARGE' })
      expect(job.error!.message).toMatch(
        scenario === 'result-big' ? /is 8 MB, over the bound of 2 MB for videos/ : /passed 2(\.\d)? MB/,
      )
    }
    const media = join(dir, 'data', 'media')
    const left = readdirSync(media, { recursive: true }).map(String)
    expect(left.filter((f) => /\.(part|tmp)$/.test(f) || f.startsWith('incoming/'))).toEqual([])
    await socket.call('app.updateSettings', { downloads: { videoMaxMB: 2048 } })
  }, 90_000)
})

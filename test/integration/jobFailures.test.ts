// No video job neither progresses nor shows an error: every failure of a submit or a poll (no key or console
// token, a deleted profile, connection refused, DNS failure, timeout, a malformed or stalled answer, a 401) ends
// in a visible failed state or a visible retrying state naming the cause. Real sockets only: the simulator,
// a closed port, a name that cannot resolve, and loopback servers that stay silent, stall or answer garbage.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { ProfileService } from '../../src/main/services/profiles'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { VideoJobService } from '../../src/main/services/video/videoJobs'
import type { VideoJob, VideoJobRequest } from '../../src/shared/ipc/video'
import type { ProfileFieldsInput as ProfileFields } from '../../src/shared/ipc/profiles'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const API_KEY = 'sk-job-failures-key'
const CONSOLE_TOKEN = 'console-job-failures-token'

let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let profileId: string
let fields: ProfileFields
let service: VideoJobService
const servers: Server[] = []

beforeEach(async () => {
  sim = await createSimulator({ apiKey: API_KEY, consoleToken: CONSOLE_TOKEN, videoSpeed: 20 })
  dir = mkdtempSync(join(tmpdir(), 'job-failures-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  fields = {
    name: 'Sim',
    baseUrl: sim.baseUrl,
    consoleBaseUrl: sim.consoleBaseUrl,
    resultHosts: [],
    headers: [],
    nativeAuth: 'bearer',
    timeoutMs: 400,
    idleTimeoutMs: 10_000,
  }
  profileId = (await profiles.create(fields)).id
  await profiles.setSecret(profileId, 'apiKey', API_KEY)
  await profiles.setSecret(profileId, 'consoleToken', CONSOLE_TOKEN)
  service = new VideoJobService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5 }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
    dataDir: dir,
    random: () => 0.5,
    timing: {
      pollIntervalMs: { min: 20, max: 30 },
      backoffMaxMs: 100,
      maxPollErrors: 3,
      resumeSpreadMs: 10,
      fetchIdleMs: 300,
    },
  })
  await service.start()
})

afterEach(async () => {
  await service.close()
  await sim.close()
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
  rmSync(dir, { recursive: true, force: true })
})

/** A loopback server that answers every request with `handler` (which may never answer). */
async function loopback(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const silent = () => loopback(() => undefined)
const garbage = () =>
  loopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"status": "queued", "task_id": ')
  })
const stalling = () =>
  loopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write('{"status": ')
  })

/** A port that was just free: nothing listens, so connecting is refused. */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return `http://127.0.0.1:${port}`
}
const NO_SUCH_HOST = 'http://no-such-host.invalid'

const modelJob = (): VideoJobRequest => ({
  kind: 'model',
  profileId,
  model: 'famC-2.5-t2v-preview',
  form: { family: 'C', prompt: 'a slow river' },
})
const consoleJob = (): VideoJobRequest => ({
  kind: 'console',
  profileId,
  form: { model: 'svc-video-1', prompt: 'a slow river', duration: 5, aspect_ratio: '16:9' },
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
const failed = (id: string): Promise<VideoJob> =>
  until(`job ${id} to fail`, () => (service.get(id).status === 'failed' ? service.get(id) : undefined))
/** A job that is retrying shows why and when it queries next. */
const retrying = (id: string, cause: RegExp): Promise<VideoJob> =>
  until(`job ${id} to show ${cause}`, () => {
    const job = service.get(id)
    return job.notice && cause.test(job.notice) ? job : undefined
  })

/** Submits against the simulator, waits for the task id, then points the profile at `baseUrl`. */
async function submittedThenMoved(baseUrl: string, request = modelJob()): Promise<VideoJob> {
  const job = await service.submit(request)
  expect(job.taskId).toBeTruthy()
  await profiles.update(profileId, { ...fields, baseUrl, consoleBaseUrl: baseUrl })
  return job
}

describe('video submits end in a visible state', () => {
  it('a profile without an API key is refused before a job exists, with what to do', async () => {
    await profiles.setSecret(profileId, 'apiKey', null)
    await expect(service.submit(modelJob())).rejects.toMatchObject({
      code: 'GATEWAY_NO_SECRET',
      message: expect.stringMatching(/no API key; add it in Settings/),
    })
    expect(service.list().total).toBe(0)
  })

  it('a profile without a console token is refused before a console job exists', async () => {
    await profiles.setSecret(profileId, 'consoleToken', null)
    await expect(service.submit(consoleJob())).rejects.toMatchObject({ code: 'GATEWAY_NO_SECRET' })
    expect(service.list().total).toBe(0)
  })

  it('a deleted profile is refused before a job exists', async () => {
    await profiles.delete(profileId)
    await expect(service.submit(modelJob())).rejects.toMatchObject({ message: expect.any(String) })
    expect(service.list().total).toBe(0)
  })

  it.each([
    ['connection refused', closedPort, 'GATEWAY_UNREACHABLE', /ECONNREFUSED/],
    [
      'a name that does not resolve',
      () => Promise.resolve(NO_SUCH_HOST),
      'GATEWAY_UNREACHABLE',
      /ENOTFOUND|EAI_AGAIN/,
    ],
    ['a server that never answers', silent, 'GATEWAY_TIMEOUT', /No response within/],
    ['an answer that is not JSON', garbage, 'BAD_RESPONSE', /without a task id/],
  ])(
    '%s ends the job as failed at the submit stage, naming the cause',
    async (_name, base, code, message) => {
      await profiles.update(profileId, { ...fields, baseUrl: await base() })
      const job = await service.submit(modelJob())
      expect(job).toMatchObject({ status: 'failed', error: { stage: 'submit', code } })
      expect(job.error!.message).toMatch(message)
      expect(service.exchange(job.id, 'submit')).not.toBeNull()
    },
  )
})

describe('video polls end in a visible state', () => {
  it('a key removed after submit fails the job at the poll stage with what to do', async () => {
    const job = await service.submit(modelJob())
    await profiles.setSecret(profileId, 'apiKey', null)
    expect((await failed(job.id)).error).toMatchObject({
      stage: 'poll',
      code: 'GATEWAY_NO_SECRET',
      message: expect.stringMatching(/add it in Settings/),
    })
  })

  it('a profile deleted after submit fails the job, naming the profile', async () => {
    const job = await service.submit(modelJob())
    await profiles.delete(profileId)
    expect((await failed(job.id)).error).toMatchObject({
      stage: 'local',
      code: 'PROFILE_MISSING',
      message: expect.stringContaining('"Sim"'),
    })
  })

  it('a wrong key after submit fails the job with the 401 and the server message', async () => {
    const job = await service.submit(modelJob())
    await profiles.setSecret(profileId, 'apiKey', 'sk-wrong')
    const done = await failed(job.id)
    expect(done.error).toMatchObject({ stage: 'poll', code: 'HTTP_401', httpStatus: 401 })
    expect(done.error!.message).toMatch(/^HTTP 401: ./)
  })

  it('an expired console token (401 envelope) fails the console job with its code and message', async () => {
    const job = await service.submit(consoleJob())
    await profiles.setSecret(profileId, 'consoleToken', 'expired-token')
    const done = await failed(job.id)
    expect(done.error?.stage).toBe('poll')
    expect(done.error?.code).toMatch(/401/)
    expect(done.error?.message.length).toBeGreaterThan(10)
  })

  it.each([
    ['connection refused', closedPort, /Could not reach .*ECONNREFUSED/],
    [
      'a name that does not resolve',
      () => Promise.resolve(NO_SUCH_HOST),
      /Could not reach .*(ENOTFOUND|EAI_AGAIN)/,
    ],
    ['a server that never answers', silent, /No response within/],
    ['a cut-off answer', garbage, /cut off or malformed/],
    ['an answer that stalls after its headers', stalling, /stalled \(no bytes for 0\.3 s\)/],
  ])(
    '%s: the job shows it is retrying and why, then fails with the cause after the bounded attempts',
    async (_name, base, cause) => {
      const job = await submittedThenMoved(await base())
      const shown = await retrying(job.id, cause)
      expect(['submitted', 'queued', 'in_progress']).toContain(shown.status)
      expect(shown.notice).toMatch(/next query in \d/)
      expect(shown.nextPollAt).not.toBeNull()
      const done = await failed(job.id)
      expect(done.error).toMatchObject({ stage: 'poll', code: 'POLL_GAVE_UP' })
      expect(done.error!.message).toMatch(cause)
      expect(done.error!.message).toMatch(/Retry to keep following it/)
    },
  )

  it('a job that gave up resumes the same task on retry once the gateway is back', async () => {
    const job = await submittedThenMoved(await closedPort())
    await failed(job.id)
    await profiles.update(profileId, fields)
    const { job: again, resubmitted } = await service.retry(job.id)
    expect(resubmitted).toBe(false)
    expect(again.taskId).toBe(job.taskId)
    const done = await until('success', () =>
      service.get(job.id).status === 'succeeded' ? service.get(job.id) : undefined,
    )
    expect(done.resultFetches).toBe(1)
  })
})

describe('job exchanges', () => {
  it('survive a restart: the submit and the last query are still there for the Inspector', async () => {
    const job = await service.submit(modelJob())
    await until('a poll', () => service.exchange(job.id, 'poll'))
    const submit = service.exchange(job.id, 'submit')!
    await service.close()
    service = new VideoJobService({
      profiles,
      gateway: new GatewayClient({ retryBaseMs: 5 }),
      media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
      dataDir: dir,
      timing: { pollIntervalMs: { min: 20, max: 30 }, resumeSpreadMs: 10 },
    })
    await service.start()
    expect(service.exchange(job.id, 'submit')).toEqual(submit)
    expect(service.exchange(job.id, 'submit')?.request.headers).toContainEqual([
      'authorization',
      'Bearer ***',
    ])
    expect(service.exchange(job.id, 'poll')?.response?.status).toBe(200)
    await service.remove(job.id)
    await service.close()
    service = new VideoJobService({
      profiles,
      gateway: new GatewayClient(),
      media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
      dataDir: dir,
    })
    await service.start()
    expect(service.list().total).toBe(0)
  })
})

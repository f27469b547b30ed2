import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JobStore, type JobRecord } from './jobStore'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jobstore-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const record = (id: string, createdAt: number): JobRecord => ({
  id,
  kind: 'model',
  profileId: 'p',
  profileName: 'P',
  model: 'famC-2.5-t2v-preview',
  family: 'C',
  mode: 'text',
  prompt: 'a fox',
  summary: {
    durationSeconds: 5,
    resolution: '720p',
    aspectRatio: '16:9',
    imageCount: 0,
    audio: false,
    sampleCount: 1,
  },
  request: {
    kind: 'model',
    profileId: 'p',
    model: 'famC-2.5-t2v-preview',
    form: { family: 'C', prompt: 'a fox' },
  },
  taskId: `task_${id}`,
  status: 'queued',
  remoteStatus: 'queued',
  createdAt,
  submittedAt: createdAt,
  finishedAt: null,
  updatedAt: createdAt,
  polls: 1,
  error: null,
  result: null,
  resultFetches: 0,
  resultAttempts: 0,
})

describe('JobStore', () => {
  it('round-trips records and reads a missing file as empty', async () => {
    let jobs = [record('a', 1)]
    const store = new JobStore(join(dir, 'jobs.json'), () => jobs)
    expect(await store.load()).toEqual({ jobs: [], dropped: 0 })
    await store.save()
    jobs = []
    expect((await store.load()).jobs).toEqual([record('a', 1)])
  })

  it('coalesces saves asked for during a write and always ends with the newest state', async () => {
    let jobs: JobRecord[] = []
    let snapshots = 0
    const store = new JobStore(join(dir, 'jobs.json'), () => (snapshots++, jobs))
    const saves: Promise<void>[] = []
    for (let i = 0; i < 20; i++) {
      jobs = [...jobs, record(String(i), i)]
      saves.push(store.save())
    }
    await Promise.all(saves)
    expect(snapshots).toBeLessThanOrEqual(3)
    const onDisk = JSON.parse(readFileSync(join(dir, 'jobs.json'), 'utf8')) as { jobs: JobRecord[] }
    expect(onDisk.jobs).toHaveLength(20)
  })

  it('skips unreadable records and survives a corrupt file', async () => {
    const path = join(dir, 'jobs.json')
    writeFileSync(path, JSON.stringify({ version: 1, jobs: [record('ok', 1), { id: 'broken' }] }))
    const store = new JobStore(path, () => [])
    expect(await store.load()).toMatchObject({ jobs: [{ id: 'ok' }], dropped: 1 })
    writeFileSync(path, '{"version": 1, "jobs": [')
    expect(await store.load()).toEqual({ jobs: [], dropped: 1 })
    expect(readFileSync(`${path}.unreadable`, 'utf8')).toBe('{"version": 1, "jobs": [')
  })
})

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jobRecordSchema, VIDEO_TASK_KINDS, type JobRecord } from '../video/jobRecord'
import { LEDGER_FILE, LEGACY_VIDEO_FILE, TaskLedger } from './ledger'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A video job record as `video-jobs.json` (version 1) held it: no `task` field. */
const legacyRecord = (id: string, createdAt: number, kind: 'model' | 'console' = 'model') => ({
  id,
  kind,
  profileId: 'p',
  profileName: 'P',
  model: kind === 'console' ? 'console-video-1' : 'famC-2.5-t2v-preview',
  family: kind === 'console' ? 'console' : 'C',
  mode: 'text',
  prompt: `a fox ${id}`,
  summary: {
    durationSeconds: 5,
    resolution: '720p',
    aspectRatio: '16:9',
    imageCount: 0,
    audio: false,
    sampleCount: 1,
  },
  request:
    kind === 'console'
      ? {
          kind,
          profileId: 'p',
          form: { model: 'console-video-1', prompt: 'a fox', duration: 5, aspect_ratio: '16:9' },
        }
      : { kind, profileId: 'p', model: 'famC-2.5-t2v-preview', form: { family: 'C', prompt: 'a fox' } },
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

const record = (id: string, createdAt: number): JobRecord =>
  jobRecordSchema.parse({ ...legacyRecord(id, createdAt), task: 'video' })

const videoJobs = (ledger: TaskLedger, snapshot: () => JobRecord[] = () => []) =>
  ledger.register(VIDEO_TASK_KINDS, jobRecordSchema, snapshot)

describe('TaskLedger', () => {
  it('migrates a video-jobs.json from before the ledger with every job intact, and keeps the old file', async () => {
    const succeeded = {
      ...legacyRecord('done', 3),
      status: 'succeeded',
      remoteStatus: 'succeeded',
      finishedAt: 9,
      result: {
        mediaId: 'm1',
        mimeType: 'video/mp4',
        bytes: 123,
        name: 'x.mp4',
        source: 'hosted',
        fetchedAt: 9,
      },
      resultFetches: 1,
    }
    const failed = {
      ...legacyRecord('bad', 2),
      status: 'failed',
      error: { stage: 'task', code: 'CONTENT', message: 'refused', httpStatus: null },
    }
    const legacy = [succeeded, failed, legacyRecord('console', 1, 'console')]
    writeFileSync(join(dir, LEGACY_VIDEO_FILE), JSON.stringify({ version: 1, jobs: legacy }))

    const { jobs, dropped } = await videoJobs(new TaskLedger(dir))
    expect(dropped).toBe(0)
    expect(jobs).toEqual([
      { ...succeeded, task: 'video' },
      { ...failed, task: 'video' },
      { ...legacyRecord('console', 1, 'console'), task: 'console-video' },
    ])
    const onDisk = JSON.parse(readFileSync(join(dir, LEDGER_FILE), 'utf8')) as {
      version: number
      jobs: unknown[]
    }
    expect(onDisk.version).toBe(2)
    expect(onDisk.jobs).toHaveLength(3)
    expect(existsSync(join(dir, LEGACY_VIDEO_FILE))).toBe(false)
    expect(JSON.parse(readFileSync(join(dir, `${LEGACY_VIDEO_FILE}.migrated`), 'utf8'))).toEqual({
      version: 1,
      jobs: legacy,
    })

    // A second start reads the ledger, not the old file.
    expect((await videoJobs(new TaskLedger(dir))).jobs.map((j) => j.id)).toEqual(['done', 'bad', 'console'])
  })

  it('round-trips records and reads a missing file as empty', async () => {
    let jobs = [record('a', 1)]
    const ledger = new TaskLedger(dir)
    expect(await videoJobs(ledger, () => jobs)).toEqual({ jobs: [], dropped: 0 })
    await ledger.save()
    jobs = []
    expect((await videoJobs(new TaskLedger(dir))).jobs).toEqual([record('a', 1)])
  })

  it('keeps entries of kinds no registered domain reads through later saves', async () => {
    const tryOn = { task: 'try-on', id: 't1', createdAt: 5, status: 'queued', anything: { kept: true } }
    writeFileSync(join(dir, LEDGER_FILE), JSON.stringify({ version: 2, jobs: [tryOn, record('v', 1)] }))
    const ledger = new TaskLedger(dir)
    const { jobs } = await videoJobs(ledger, () => [record('v', 1), record('w', 7)])
    expect(jobs.map((j) => j.id)).toEqual(['v'])
    await ledger.save()
    const onDisk = JSON.parse(readFileSync(join(dir, LEDGER_FILE), 'utf8')) as { jobs: { id: string }[] }
    expect(onDisk.jobs.map((j) => j.id)).toEqual(['w', 't1', 'v'])
    expect(onDisk.jobs[1]).toEqual(tryOn)
  })

  it('coalesces saves asked for during a write and always ends with the newest state', async () => {
    let jobs: JobRecord[] = []
    let snapshots = 0
    const ledger = new TaskLedger(dir)
    await videoJobs(ledger, () => (snapshots++, jobs))
    const saves: Promise<void>[] = []
    for (let i = 0; i < 20; i++) {
      jobs = [...jobs, record(String(i), i)]
      saves.push(ledger.save())
    }
    await Promise.all(saves)
    expect(snapshots).toBeLessThanOrEqual(3)
    const onDisk = JSON.parse(readFileSync(join(dir, LEDGER_FILE), 'utf8')) as { jobs: JobRecord[] }
    expect(onDisk.jobs).toHaveLength(20)
  })

  it('skips unreadable records and keeps a corrupt file aside', async () => {
    const path = join(dir, LEDGER_FILE)
    writeFileSync(path, JSON.stringify({ version: 2, jobs: [record('ok', 1), { id: 'broken' }] }))
    expect(await videoJobs(new TaskLedger(dir))).toMatchObject({ jobs: [{ id: 'ok' }], dropped: 1 })
    writeFileSync(path, '{"version": 2, "jobs": [')
    expect(await videoJobs(new TaskLedger(dir))).toEqual({ jobs: [], dropped: 1 })
    expect(readFileSync(`${path}.unreadable`, 'utf8')).toBe('{"version": 2, "jobs": [')
  })
})

// The history in its worker thread, as the app uses it: recording never waits for the database, a read made after
// a record sees the run, and a worker that dies (here ended as a crash would end it, mid-write) is a logged,
// recovered state: it is started again and given every batch it had not committed, so no run is lost.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HistoryClient } from '../../src/main/services/history/historyClient'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { madeUpRun } from '../fakes/historyRuns'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-worker-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('the history worker', () => {
  it('records without waiting on the database, and a read after a record sees it', async () => {
    const client = new HistoryClient(dir)
    await client.whenReady()
    const heard: number[] = []
    client.watch((run) => heard.push(run.count))
    client.recordMany(Array.from({ length: 300 }, (_, i) => madeUpRun(i)))
    client.record({ ...madeUpRun(300), cost: { micros: 2_500, currency: 'USD', estimate: false } })
    // Queued, not committed, when record returns: main's loop is not held by the database.
    expect(heard).toEqual([])
    const page = await client.call('list', {}, 0, 5, 'newest')
    expect(page.total).toBe(301)
    expect(page.rows[0]).toMatchObject({ id: 'run-made-up-300', cost: { micros: 2_500, currency: 'USD' } })
    expect((await client.call('list', { query: 'token42' }, 0, 5, 'newest')).rows.map((r) => r.id)).toEqual([
      'run-made-up-42',
    ])
    expect(heard.reduce((a, b) => a + b, 0)).toBe(301)
    await client.close()
  }, 60_000)

  it('starts a dead worker again and gives it every run it had not committed, with a log line', async () => {
    const logs: string[] = []
    const client = new HistoryClient(dir, { log: (m) => logs.push(m) })
    await client.whenReady()
    client.recordMany(Array.from({ length: 50 }, (_, i) => madeUpRun(i)))
    await client.call('list', {}, 0, 1, 'newest')
    // Runs queued and posted, then the worker ends before it can commit them all.
    for (let i = 50; i < 450; i++) client.record(madeUpRun(i))
    client.checkpoint({ ...madeUpRun(999), status: 'running', answer: 'half an answer' })
    const reading = client.call('list', {}, 0, 1, 'newest')
    await client.crashForTest()
    // The call made before the crash is answered by the new worker, with every run in it.
    expect((await reading).total).toBe(451)
    expect(logs.join('\n')).toMatch(/database worker stopped .*starting it again/)
    const all = await client.call('list', {}, 0, 500, 'oldest')
    expect(new Set(all.rows.map((r) => r.id)).size).toBe(451)
    expect((await client.call('get', 'run-made-up-999'))!.answer).toBe('half an answer')
    await client.close()
    // On disk for the next process, the file whole.
    const store = new HistoryStore(dir)
    expect(store.database.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' })
    expect(store.count()).toBe(451)
    expect(store.interrupted.map((r) => r.id)).toEqual(['run-made-up-999'])
    await store.close()
  }, 60_000)

  it('answers why when the file cannot be opened, and every call says so', async () => {
    const logs: string[] = []
    const client = new HistoryClient(join(dir, 'missing', '\0bad'), { log: (m) => logs.push(m) })
    await client.whenReady()
    expect(client.problem).toMatch(/could not be opened/)
    client.record(madeUpRun(1))
    await expect(client.call('list', {}, 0, 1, 'newest')).rejects.toThrow(/could not be opened/)
    await client.close()
  }, 60_000)
})

// The history on real files: text runs recorded by the text service against the simulator through the history's
// worker (a read made on hearing of a run's end sees it), search and filters, open with capture, delete,
// retention; then the store itself: reopen, 10,000 rows, and a writer process killed mid-append that loses
// nothing it had committed.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { TextService } from '../../src/main/services/text/textService'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import type { HistoryClient } from '../../src/main/services/history/historyClient'
import { openHistory, type HistoryAccess } from '../../src/main/services/history/openHistory'
import type { HistoryFilter } from '../../src/shared/ipc/history'
import { gunzipSync } from 'node:zlib'
import { claimDatabase } from '../../src/main/services/history/staleLock'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { Draft } from '../../src/shared/wire'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'
import { RecordingSink } from '../fakes/recordingSink'
import { madeUpRun } from '../fakes/historyRuns'

const KEY = `sk-canary-${Math.random().toString(36).slice(2)}`
let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let access: HistoryAccess
let history: HistoryClient
let service: TextService
let profileId: string
let faultyId: string

const ask = (text: string): Draft => ({
  model: 'sim-model',
  stream: true,
  maxTokens: 200,
  messages: [{ role: 'user', parts: [{ type: 'text', text }] }],
})

async function profile(name: string, headers: { name: string; value: string }[] = []): Promise<string> {
  const view = await profiles.create(profileFieldsSchema.parse({ name, baseUrl: sim.baseUrl, headers }))
  await profiles.setSecret(view.id, 'apiKey', KEY)
  return view.id
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'history-store-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  access = openHistory(join(dir, 'data'), { secrets: () => [KEY] })
  history = (await access.whenOpen())!
  service = new TextService({
    profiles,
    gateway: new GatewayClient({ retryBaseMs: 5, knownSecrets: () => profiles.knownSecrets() }),
    media: new MediaStore(join(dir, 'media'), (id) => `media://${id}`),
    recorder: access.recorder,
  })
  profileId = await profile('Simulator A')
  faultyId = await profile('Faulty', [{ name: 'x-sim-fault', value: '500' }])
}, 60_000)
afterAll(async () => {
  await access.close()
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('recording text runs', () => {
  it('holds the run for any read made on hearing of its end, with profile by name, metrics and capture', async () => {
    const sink = new RecordingSink()
    let rowAtEnd: Promise<unknown> = Promise.resolve('not checked')
    const emit = sink.emit.bind(sink)
    sink.emit = (name: string, payload: unknown) => {
      // The earliest a window can ask: a microtask after the terminal event (IPC and sockets come later still).
      if (name === 'text.runEnded')
        queueMicrotask(() => {
          rowAtEnd = history
            .call('list', {}, 0, 500, 'newest')
            .then((page) => page.rows.find((r) => r.id === (payload as { runId: string }).runId))
        })
      emit(name, payload)
    }
    const { runId } = await service.start(
      { profileId, format: 'messages', draft: ask('Describe a lighthouse') },
      sink,
    )
    const ended = await sink.ended(runId)
    expect(ended.status).toBe('done')
    expect(await rowAtEnd).toMatchObject({
      id: runId,
      status: 'done',
      profile: 'Simulator A',
      format: 'messages',
      kind: 'text',
    })
    await new Promise((resolve) => setTimeout(resolve, 400))
    await history.call('settle')
    const run = await history.call('get', runId)
    expect(run).toMatchObject({ model: 'sim-model', prompt: 'Describe a lighthouse', captureState: 'kept' })
    expect(run!.answer.length).toBeGreaterThan(0)
    expect(run!.answer).toBe(sink.text(runId))
    expect(run!.totalMs).toBeGreaterThan(0)
    expect(run!.exchange?.response?.status).toBe(200)
    const headers = JSON.stringify(run!.exchange?.request.headers)
    expect(headers).toContain('***')
    expect(headers).not.toContain(KEY)
    expect(run!.draft).toMatchObject({ model: 'sim-model' })
  })

  it('records a failed run with its error, and finds runs by a word of the answer and by filters', async () => {
    const sink = new RecordingSink()
    const ok = await service.start({ profileId, format: 'chat', draft: ask('Name a colour') }, sink)
    await sink.ended(ok.runId)
    const bad = await service.start(
      { profileId: faultyId, format: 'chat', draft: ask('Name a colour') },
      sink,
    )
    expect((await sink.ended(bad.runId)).status).toBe('error')
    const failed = await history.call('get', bad.runId)
    expect(failed).toMatchObject({ status: 'error', profile: 'Faulty' })
    expect(failed!.error).toBeTruthy()

    const answer = (await history.call('get', ok.runId))!.answer
    const word = answer.split(/\W+/).find((w) => w.length > 4)!
    const list = (filter: HistoryFilter) => history.call('list', filter, 0, 50, 'newest')
    expect((await list({ query: word.slice(0, -1) })).rows.map((r) => r.id)).toContain(ok.runId)
    expect((await list({ status: 'error' })).rows.map((r) => r.id)).toEqual([bad.runId])
    expect((await list({ profile: 'Faulty' })).total).toBe(1)
    expect((await list({ format: 'messages' })).rows.every((r) => r.format === 'messages')).toBe(true)
    expect((await history.call('facets')).profiles).toEqual(['Faulty', 'Simulator A'])
  })

  it('never writes the key into the database, its write-ahead log or a capture (S7)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await history.call('settle')
    const files = readdirSync(history.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
    expect(files.map((f) => f.slice(history.dataDir.length + 1))).toEqual(
      expect.arrayContaining(['history.db', 'history.db-wal', expect.stringMatching(/^captures\//)]),
    )
    // Captures are compressed: read them as the app does, then look for the key in their text too.
    for (const file of files) {
      const bytes = readFileSync(file)
      const text = file.endsWith('.gz') ? gunzipSync(bytes) : bytes
      expect(text.includes(KEY), file).toBe(false)
    }
  })

  it('deletes runs with their captures, and retention expires old captures but keeps the runs', async () => {
    const sink = new RecordingSink()
    const a = await service.start({ profileId, format: 'native', draft: ask('first') }, sink)
    const b = await service.start({ profileId, format: 'responses', draft: ask('second') }, sink)
    await Promise.all([sink.ended(a.runId), sink.ended(b.runId)])
    await new Promise((resolve) => setTimeout(resolve, 400))
    await history.call('settle')
    const captures = join(history.dataDir, 'captures')
    expect(readdirSync(captures)).toContain(`${a.runId}.json.gz`)
    expect(await history.call('delete', [a.runId, 'no-such-run'])).toBe(1)
    expect(await history.call('get', a.runId)).toBeNull()
    expect(readdirSync(captures)).not.toContain(`${a.runId}.json.gz`)

    const old = (Date.now() - 10 * 86_400_000) / 1000
    utimesSync(join(captures, `${b.runId}.json.gz`), old, old)
    const storage = await history.call('setCaptureRetention', 7)
    expect(storage.retentionDays).toBe(7)
    expect((await history.call('get', b.runId))!.captureState).toBe('expired')
    expect(storage.databaseBytes).toBeGreaterThan(0)
  })
})

describe('the history file', () => {
  it('keeps every run across a reopen', async () => {
    const path = join(dir, 'reopen')
    const first = new HistoryStore(path)
    first.record(madeUpRun(1))
    first.record(madeUpRun(2))
    await first.close()
    const second = new HistoryStore(path)
    expect(second.list({}, 0, 10).rows.map((r) => r.id)).toEqual(['run-made-up-2', 'run-made-up-1'])
    expect(second.list({ query: 'token1' }, 0, 10).total).toBe(1)
    await second.close()
  })

  it('holds 10,000 runs and pages and searches them', async () => {
    const store = new HistoryStore(join(dir, 'large'))
    const runs = Array.from({ length: 10_000 }, (_, i) => madeUpRun(i))
    for (let i = 0; i < runs.length; i += 1000) store.recordMany(runs.slice(i, i + 1000))
    const page = store.list({}, 0, 100)
    expect(page.total).toBe(10_000)
    expect(page.rows[0]!.id).toBe('run-made-up-9999')
    expect(store.list({}, 9_990, 100).rows).toHaveLength(10)
    const otters = store.list({ query: 'otter' }, 0, 500)
    expect(otters.total).toBe(1000)
    // Pages of a word search run newest first and do not overlap.
    expect(otters.rows[0]!.id).toBe('run-made-up-9990')
    const second = store.list({ query: 'otter' }, 500, 500)
    expect(second.rows).toHaveLength(500)
    expect(second.rows[0]!.id).toBe('run-made-up-4990')
    expect(new Set([...otters.rows, ...second.rows].map((r) => r.id)).size).toBe(1000)
    expect(store.list({ query: 'token4242' }, 0, 10).rows.map((r) => r.id)).toEqual(['run-made-up-4242'])
    expect(store.list({ query: 'otter', format: 'chat', status: 'done' }, 0, 500).total).toBeGreaterThan(0)
    await store.close()
  }, 120_000)

  it('loses nothing committed when the writing process is killed mid-append', async () => {
    const path = join(dir, 'crash')
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'historyCrashWriter.ts'), path],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const committed: string[] = []
    let buffer = ''
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject)
      child.on('exit', () => resolve())
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString()
        const lines = buffer.split('\n')
        buffer = lines.pop()!
        committed.push(...lines)
        if (committed.length >= 40 && !child.killed) child.kill('SIGKILL')
      })
    })
    expect(committed.length).toBeGreaterThanOrEqual(40)
    // Killed inside a transaction, the writer leaves SQLite's lock folder (and a hot journal) behind; opening
    // clears a lock whose owner is gone, and SQLite rolls the journal back.
    console.info(`history crash test: lock left behind: ${existsSync(join(path, 'history.db.lock'))}`)
    const store = new HistoryStore(path)
    expect(store.database.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' })
    const ids = new Set(store.list({}, 0, 500).rows.map((r) => r.id))
    for (const id of committed) expect(ids.has(id)).toBe(true)
    // The full-text index stayed in step with the rows, the last committed one included.
    expect(store.list({ query: 'token0' }, 0, 10).rows.map((r) => r.id)).toEqual(['run-made-up-0'])
    const last = committed.at(-1)!.replace('run-made-up-', 'token')
    expect(store.list({ query: last }, 0, 10).rows.map((r) => r.id)).toEqual([committed.at(-1)])
    await store.close()
  }, 60_000)

  it('makes runs whose indexing a crash interrupted searchable when the file is reopened', async () => {
    const path = join(dir, 'crash-before-index')
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'historyCrashWriter.ts'), path, '3'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const signal = await new Promise<string | null>((resolve, reject) => {
      child.on('error', reject)
      child.on('exit', (_code, sig) => resolve(sig))
    })
    expect(signal).toBe('SIGKILL')
    expect(out.trim().split('\n')).toEqual(['run-made-up-0', 'run-made-up-1', 'run-made-up-2'])
    // Committed rows, none of them in the search index yet.
    // Read as the store would open it: the dead writer's lock freed, the file held by this connection alone.
    claimDatabase(join(path, 'history.db'))
    const raw = new sqlite3.Database(join(path, 'history.db'))
    raw.exec('PRAGMA locking_mode = EXCLUSIVE')
    expect(raw.get('SELECT COUNT(*) AS n FROM history_runs WHERE fts_pending = 1')).toEqual({ n: 3 })
    expect(raw.all("SELECT rowid FROM history_words WHERE history_words MATCH 'token1'")).toEqual([])
    raw.close()
    const logs: string[] = []
    const store = new HistoryStore(path, { log: (m) => logs.push(m) })
    expect(logs.join('\n')).toContain('indexed 3 run(s)')
    expect(store.list({ query: 'token1' }, 0, 10).rows.map((r) => r.id)).toEqual(['run-made-up-1'])
    expect(store.list({ query: 'otter' }, 0, 10).rows.map((r) => r.id)).toEqual(['run-made-up-0'])
    await store.close()
  }, 60_000)

  it('indexes an appended run for search shortly after it is committed, and a deleted one leaves the index', async () => {
    const store = new HistoryStore(join(dir, 'follow-up'))
    const answer = `Café naïve 🦦 ${'ß'.repeat(20_000)} token5`
    store.record({ ...madeUpRun(5), answer })
    expect((await store.get('run-made-up-5'))!.answer).toBe(answer)
    const db = store.database
    expect(db.get('SELECT fts_pending AS p FROM history_runs WHERE id = ?', ['run-made-up-5'])).toEqual({
      p: 1,
    })
    await expect
      .poll(() => db.get('SELECT fts_pending AS p FROM history_runs WHERE id = ?', ['run-made-up-5']), {
        timeout: 5_000,
      })
      .toEqual({ p: 0 })
    expect(db.all("SELECT rowid FROM history_words WHERE history_words MATCH 'token5'")).toHaveLength(1)
    store.record(madeUpRun(6))
    // Deleted before its indexing ran, and after: the index never holds a word of a run that is gone.
    expect(await store.delete(['run-made-up-6', 'run-made-up-5'])).toBe(2)
    store.indexPending()
    expect(db.all("SELECT rowid FROM history_words WHERE history_words MATCH 'token5 OR token6'")).toEqual([])
    // FTS5's own check compares the index with the rows it indexes.
    expect(() => db.run("INSERT INTO history_words (history_words) VALUES ('integrity-check')")).not.toThrow()
    await store.close()
  })
})

// A history of the earlier layout moves to the compact one once, newest first, a batch a transaction: a process
// killed in the middle of the move loses no run, and the next open goes on from where it stopped.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HistoryStore } from '../../src/main/services/history/historyStore'
import { MIGRATIONS, migrate } from '../../src/main/services/history/migrations'

const RUNS = 900
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'layout-move-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A history file as the app wrote it before the compact layout (schema version 3), with `RUNS` runs. */
function oldHistory(name: string): string {
  const folder = join(dir, name)
  mkdirSync(folder, { recursive: true })
  const db = new sqlite3.Database(join(folder, 'history.db'))
  migrate(db, MIGRATIONS.slice(0, 3))
  db.exec('BEGIN')
  const insert = db.prepare(
    `INSERT INTO runs (id, created_at, kind, format, model, profile, status, ttft_ms, total_ms, input_tokens,
      output_tokens, prompt, answer, request_body, draft, result, error, capture, fts_pending)
     VALUES (?, ?, 'text', 'chat', ?, 'Staging', ?, 10, 100, 5, 7, ?, ?, ?, ?, '{"summary":{}}', NULL, NULL, 1)`,
  )
  for (let i = 0; i < RUNS; i++)
    insert.run([
      `old-${i}`,
      1_700_000_000_000 + i * 1000,
      `model-${i % 3}`,
      i === RUNS - 1 ? 'running' : 'done',
      `question ${i} about lanterns`,
      `answer ${i} with word${i} and meadow`,
      JSON.stringify({ model: `model-${i % 3}`, messages: [{ role: 'user', content: `question ${i}` }] }),
      JSON.stringify({ model: `model-${i % 3}`, messages: [] }),
    ])
  insert.finalize()
  db.exec('COMMIT')
  db.close()
  return folder
}

describe('moving an earlier layout to the compact one', () => {
  it('moves every run once, newest first, with progress, and keeps them searchable and whole', async () => {
    const store = new HistoryStore(oldHistory('whole'))
    expect(store.layout.progress()).toEqual({ moved: 0, left: RUNS })
    store.layout.step(store, 100)
    // The newest runs come first, already listed and searchable while the rest waits.
    expect(store.layout.progress()).toEqual({ moved: 100, left: RUNS - 100 })
    expect(store.list({}, 0, 1).rows[0]!.id).toBe(`old-${RUNS - 1}`)
    expect(store.list({ query: `word${RUNS - 2}` }, 0, 5).rows.map((r) => r.id)).toEqual([`old-${RUNS - 2}`])
    // A run not moved yet still opens (it is moved on the spot).
    expect((await store.get('old-3'))!.answer).toBe('answer 3 with word3 and meadow')
    while (!store.layout.step(store, 100));
    expect(store.layout.progress()).toBeNull()
    expect(store.count()).toBe(RUNS)
    expect(store.list({ model: 'model-1' }, 0, 500).total).toBe(RUNS / 3)
    expect(store.list({ query: 'lanterns' }, 0, 10).total).toBe(RUNS)
    // A run the earlier process left going arrives as interrupted, with what it had.
    expect((await store.get(`old-${RUNS - 1}`))!.status).toBe('interrupted')
    expect((await store.get('old-42'))!.draft).toEqual({ model: 'model-0', messages: [] })
    expect(store.database.get("SELECT name FROM sqlite_master WHERE name = 'runs'")).toBeNull()
    await store.close()
  })

  it('loses nothing when the process is killed mid-way, and the next open goes on from there', async () => {
    const folder = oldHistory('killed')
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'layoutMoveWorker.ts'), folder, '40'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const progress: string[] = []
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject)
      child.on('exit', () => resolve())
      child.stdout.on('data', (chunk: Buffer) => {
        progress.push(...chunk.toString().trim().split('\n'))
        // Killed while it moves: a batch is usually half-written at that moment.
        if (progress.length >= 5 && !child.killed) child.kill('SIGKILL')
      })
    })
    const committed = Number(progress.filter((p) => p !== 'done').at(-1))
    expect(committed).toBeGreaterThanOrEqual(200)
    expect(committed).toBeLessThan(RUNS)
    const store = new HistoryStore(folder)
    expect(store.database.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' })
    const left = store.layout.progress()!
    // What was committed stays moved; what was not is still in the earlier layout: every run is in one of them.
    expect(left.moved).toBeGreaterThanOrEqual(committed)
    expect(left.moved + left.left).toBe(RUNS)
    expect(store.count()).toBe(left.moved)
    while (!store.layout.step(store, 200));
    expect(store.count()).toBe(RUNS)
    const ids = new Set(store.list({}, 0, 500).rows.map((r) => r.id))
    for (let page = 500; page < RUNS; page += 500)
      for (const row of store.list({}, page, 500).rows) ids.add(row.id)
    expect(ids.size).toBe(RUNS)
    expect(store.list({ query: 'word777' }, 0, 5).rows.map((r) => r.id)).toEqual(['old-777'])
    await store.close()
  }, 60_000)
})

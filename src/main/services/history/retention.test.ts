// The retention setting drops the oldest runs past N days or past N GB, never a pinned run and never a saved
// suite; 0 keeps everything.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { madeUpRun } from '../../../../test/fakes/historyRuns'
import { SuiteStore } from '../cases/suiteStore'
import { HistoryStore } from './historyStore'
import { applyRunRetention } from './retention'
import { workerCalls } from './workerCalls'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 5, 1)
let dir: string
let store: HistoryStore
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-retention-'))
  store = new HistoryStore(dir)
  // One run a day for 30 days, the oldest first.
  store.recordMany(Array.from({ length: 30 }, (_, i) => madeUpRun(i, NOW - 30 * DAY + i * DAY - i * 1000)))
  new SuiteStore(store.database).save({ id: 'suite-1', name: 'Kept', cases: [] })
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('run retention', () => {
  it('keeps nothing older than N days but the pinned runs and the suites', async () => {
    expect(store.pin(['run-made-up-2'], true)).toBe(1)
    store.setSetting('runRetention', JSON.stringify({ keepDays: 7, keepGigabytes: 0 }))
    expect(await applyRunRetention(store, NOW)).toBe(22)
    const left = store.list({}, 0, 50, 'oldest').rows
    expect(left[0]).toMatchObject({ id: 'run-made-up-2', pinned: true })
    expect(left.slice(1).map((r) => r.id)).toEqual(
      Array.from({ length: 7 }, (_, i) => `run-made-up-${23 + i}`),
    )
    expect(new SuiteStore(store.database).list().map((s) => s.name)).toEqual(['Kept'])
  })

  it('drops the oldest runs until the history fits in N GB, pinned runs aside', async () => {
    store.pin(['run-made-up-0'], true)
    const storage = await workerCalls.setRunRetention(
      { store, busy: false },
      { keepDays: 0, keepGigabytes: 1e-9 },
    )
    expect(storage.runRetention).toEqual({ keepDays: 0, keepGigabytes: 1e-9 })
    expect(store.list({}, 0, 50).rows.map((r) => r.id)).toEqual(['run-made-up-0'])
  })

  it('keeps everything with both limits at 0', async () => {
    store.setSetting('runRetention', JSON.stringify({ keepDays: 0, keepGigabytes: 0 }))
    expect(await applyRunRetention(store, NOW)).toBe(0)
    expect(store.count()).toBe(30)
  })
})

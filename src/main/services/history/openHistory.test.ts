// The history opens off the start-up path: not when the app core is built, but at the scheduled open or on the
// spot when a run's record or a history call needs it first; a call that waits for it loses nothing.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HISTORY_FILE, HistoryStore } from './historyStore'
import { HistoryClient } from './historyClient'
import { openHistory } from './openHistory'
import type { RunRecord } from './ports'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'open-history-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = (id: string, status = 'done'): RunRecord => ({
  id,
  kind: 'text',
  createdAt: 1_700_000_000_000,
  format: 'chat',
  model: 'gpt-4o',
  profile: 'Local simulator',
  status,
  ttftMs: 10,
  totalMs: 100,
  inputTokens: null,
  outputTokens: null,
  prompt: 'tell me about lighthouses',
  answer: `answer of ${id}`,
  requestBody: null,
  draft: null,
  result: null,
  error: null,
  capture: null,
})

describe('the history opened after start-up', () => {
  it('touches no file until the scheduled open, and a waiting call gets the store then', async () => {
    const history = openHistory(dir)
    let heard = 0
    history.onOpen(() => heard++)
    history.openAfter(50)
    const waiting = history.whenOpen()
    expect(existsSync(join(dir, HISTORY_FILE))).toBe(false)
    const client = await waiting
    expect(client).toBeInstanceOf(HistoryClient)
    expect(existsSync(join(dir, HISTORY_FILE))).toBe(true)
    expect(heard).toBe(1)
    await history.close()
  })

  it("opens on a run's record that comes before the scheduled open, and keeps the run", async () => {
    const history = openHistory(dir)
    history.openAfter(60_000)
    history.recorder.record(run('run-early'))
    // Opened by the record itself; the scheduled open is then moot.
    const client = (await history.whenOpen())!
    expect((await client.call('list', {}, 0, 10, 'newest')).rows.map((r) => r.id)).toEqual(['run-early'])
    await history.close()
    // On disk, for the next process.
    const reopened = new HistoryStore(dir)
    expect(reopened.list({}, 0, 10).rows.map((r) => r.id)).toEqual(['run-early'])
    await reopened.close()
  })

  it('finds the runs a previous process left running when it opens, for the call that waited', async () => {
    const first = openHistory(dir)
    first.recorder.checkpoint!(run('run-cut', 'running'))
    await first.close()
    const second = openHistory(dir)
    second.openAfter(20)
    expect((await second.whenOpen())!.interrupted.map((r) => r.id)).toEqual(['run-cut'])
    await second.close()
  })

  it('answers why when the file cannot be opened, and records nothing without failing the run', async () => {
    // A folder where the database file should be cannot be opened as one.
    mkdirSync(join(dir, HISTORY_FILE))
    const logged: string[] = []
    const history = openHistory(dir, { log: (m) => logged.push(m) })
    expect(() => history.recorder.record(run('run-lost'))).not.toThrow()
    expect(await history.whenOpen()).toBeNull()
    expect(history.problem).toMatch(/could not be opened/)
    expect(logged).toEqual([history.problem])
    await history.close()
  })
})

// A run still going is kept as `running` and rewritten in place as it grows; it is searchable once it ends; a
// process that stops first leaves it to the next open, which marks it interrupted and lists it once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HistoryStore } from './historyStore'
import type { RunRecord } from './ports'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'checkpoint-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const run = (answer: string, status = 'running'): RunRecord => ({
  id: 'run-1',
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
  answer,
  requestBody: `{"big":"${'b'.repeat(100_000)}"}`,
  draft: { model: 'gpt-4o', messages: [] },
  result: { summary: { toolCalls: [] } },
  error: null,
  capture: null,
})

describe('checkpoints of a running run (R9)', () => {
  it('rewrites the growing answer in place, is searchable once ended, never twice in the list', async () => {
    const store = new HistoryStore(dir)
    store.checkpoint(run('lighthouses guide'))
    store.checkpoint(run('lighthouses guide ships at night'))
    expect((await store.get('run-1'))!).toMatchObject({
      status: 'running',
      answer: 'lighthouses guide ships at night',
    })
    expect(store.list({}, 0, 10).total).toBe(1)
    expect(store.list({ query: 'ships' }, 0, 10).total).toBe(0)
    store.record(run('lighthouses guide ships at night and fog', 'done'))
    expect(store.list({ query: 'fog' }, 0, 10).rows.map((r) => r.status)).toEqual(['done'])
    expect(store.list({}, 0, 10).total).toBe(1)
    await store.close()
  })

  it('marks what a stopped process left running as interrupted on the next open, searchable and listed once', async () => {
    const first = new HistoryStore(dir)
    first.checkpoint(run('half an answer about beacons'))
    await first.close()
    const second = new HistoryStore(dir)
    expect(second.interrupted.map((r) => [r.id, r.answerChars])).toEqual([['run-1', 28]])
    expect((await second.get('run-1'))!.status).toBe('interrupted')
    expect(second.list({ query: 'beacons' }, 0, 10).total).toBe(1)
    expect(second.dismissInterrupted()).toBe(1)
    expect(second.interrupted).toEqual([])
    await second.close()
    const third = new HistoryStore(dir)
    expect(third.interrupted).toEqual([])
    await third.close()
  })
})

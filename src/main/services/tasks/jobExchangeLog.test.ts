import { describe, expect, it } from 'vitest'
import type { Exchange } from '../../../shared/ipc/exchange'
import { answerFacts } from './answerFacts'
import { exchangeEntries } from './exchangeEntries'
import {
  appendExchange,
  dropped,
  emptyLog,
  latestOf,
  MAX_CHARS,
  MAX_POLL_ENTRIES,
  normalizeLog,
} from './jobExchangeLog'

let clock = 1_000
function exchange(body: string | null, status = 200, url = 'https://gw/q?taskId=t1'): Exchange {
  clock += 1000
  return {
    id: `x${clock}`,
    startedAt: clock,
    request: { method: 'GET', url, headers: [], body: null },
    response:
      body === null ? null : { status, statusText: 'OK', headers: [], body, truncated: false, frames: [] },
    timings: { headersMs: 1, firstByteMs: 1, endMs: 2 },
    attempts: 1,
    error: body === null ? 'connection refused' : null,
  }
}
const running = '{"code":200,"msg":"success","data":{"status":"RUNNING"}}'

describe('a job exchange log', () => {
  it('folds queries that answer exactly the same into one entry, keeping the newest exchange and the count', () => {
    const log = emptyLog()
    appendExchange(log, 'submit', exchange('{"code":200,"data":"t1"}', 200, 'https://gw/submit'))
    for (let i = 0; i < 5; i++) appendExchange(log, 'poll', exchange(running))
    const last = exchange('{"code":200,"msg":"success","data":{"status":"SUCCESS"}}')
    appendExchange(log, 'poll', last)
    expect(log.polls.map((p) => [p.n, p.repeats])).toEqual([
      [1, 4],
      [6, 0],
    ])
    expect(log.pollsSeen).toBe(6)
    expect(latestOf(log, 'poll')).toBe(last)
    expect(log.polls[0]!.firstAt).toBeLessThan(log.polls[0]!.exchange.startedAt)
    const list = exchangeEntries(log)
    expect(list.entries.map((e) => e.which)).toEqual(['submit', 'poll', 'poll'])
    expect(list.polls).toEqual({ seen: 6, dropped: 0 })
  })

  it('does not fold a changed status, a different body or a failure without an answer', () => {
    const log = emptyLog()
    appendExchange(log, 'poll', exchange(running))
    appendExchange(log, 'poll', exchange(running, 503))
    appendExchange(log, 'poll', exchange(null))
    appendExchange(log, 'poll', exchange(null))
    appendExchange(log, 'poll', exchange('{"code":200,"data":{"status":"RUNNING","p":1}}'))
    expect(log.polls.map((p) => p.repeats)).toEqual([0, 0, 1, 0])
  })

  it('keeps at most MAX_POLL_ENTRIES entries: the first stays, the oldest after it give way and are counted', () => {
    const log = emptyLog()
    for (let i = 0; i < MAX_POLL_ENTRIES + 40; i++)
      appendExchange(log, 'poll', exchange(`{"code":200,"data":{"status":"RUNNING","n":${i}}}`))
    expect(log.polls).toHaveLength(MAX_POLL_ENTRIES)
    expect(log.polls[0]!.n).toBe(1)
    expect(log.polls[1]!.n).toBe(42)
    expect(log.polls.at(-1)!.n).toBe(MAX_POLL_ENTRIES + 40)
    expect(dropped(log, 'poll')).toBe(40)
  })

  it('keeps about MAX_CHARS of bodies per job whatever a hostile gateway answers', () => {
    const log = emptyLog()
    const big = `{"code":200,"msg":"${'x'.repeat(40_000)}","n":`
    for (let i = 0; i < 30; i++) appendExchange(log, 'poll', exchange(`${big}${i}}`))
    const chars = log.polls.reduce((n, p) => n + (p.exchange.response?.body?.length ?? 0), 0)
    expect(chars).toBeLessThanOrEqual(MAX_CHARS)
    expect(log.polls.length).toBeGreaterThan(2)
    expect(dropped(log, 'poll')).toBe(30 - log.polls.length)
  })

  it('reads a file of the older shape (the latest query and fetch only) as one entry each', () => {
    const poll = exchange(running)
    const result = exchange('<10 bytes>')
    const log = normalizeLog({ polls: [], pollsSeen: 0, results: [], resultsSeen: 0, poll, result })
    expect(log.polls).toEqual([{ exchange: poll, n: 1, repeats: 0, firstAt: poll.startedAt }])
    expect(latestOf(log, 'result')).toBe(result)
    expect('poll' in log).toBe(false)
  })
})

describe('what an answer said', () => {
  it('reads the console envelope, a task status object, a video error and a download result', () => {
    expect(
      answerFacts(
        '{"code":200,"msg":"success","data":{"status":"SUCCESS","result":{"taskId":"ps_1","images":["a","b"]}}}',
      ),
    ).toEqual([
      { field: 'code', value: '200' },
      { field: 'msg', value: 'success' },
      { field: 'data.status', value: 'SUCCESS' },
      { field: 'data.result.taskId', value: 'ps_1' },
      { field: 'data.result.images', value: '2 items' },
    ])
    expect(answerFacts('{"code":200,"msg":"ok","data":"ps_9"}')).toContainEqual({
      field: 'data',
      value: 'ps_9',
    })
    expect(
      answerFacts('{"task_id":"v1","status":"failed","error":{"code":1301,"message":"blocked"}}'),
    ).toEqual([
      { field: 'status', value: 'failed' },
      { field: 'task_id', value: 'v1' },
      { field: 'error.code', value: '1301' },
      { field: 'error.message', value: 'blocked' },
    ])
    expect(answerFacts('{"success":true,"generation_id":"video_1","size":1234}')).toEqual([
      { field: 'success', value: 'true' },
      { field: 'generation_id', value: 'video_1' },
      { field: 'size', value: '1234' },
    ])
  })

  it('reads the start of a body that was cut, shortens long values, and says nothing of plain text', () => {
    const cut = `{"code":500,"msg":"upstream \\"down\\"","data":{"x":"${'y'.repeat(100)}`
    expect(answerFacts(cut)).toEqual([
      { field: 'code', value: '500' },
      { field: 'msg', value: 'upstream "down"' },
    ])
    const long = answerFacts(`{"msg":"${'m'.repeat(1000)}"}`)[0]!
    expect(long.value.length).toBeLessThanOrEqual(160)
    expect(answerFacts('<html>502 Bad Gateway</html>')).toEqual([])
    expect(answerFacts(null)).toEqual([])
  })
})

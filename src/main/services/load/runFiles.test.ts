import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RecordedRequest } from '../../../shared/load/metrics'
import type { RequestPoint } from '../../../shared/load/points'
import { ExchangeRecorder } from '../exchangeRecorder'
import { readRange, RunWriter } from './runFiles'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function ended(index: number): { record: RecordedRequest; point: RequestPoint; exchange: ExchangeRecorder } {
  const record: RecordedRequest = {
    index,
    step: 0,
    warmup: false,
    stream: true,
    sentAt: index * 10.123,
    headersAt: index * 10 + 1,
    contentAt: [index * 10 + 200.456, index * 10 + 220.5],
    contentTokens: [1, 2],
    endAt: index * 10 + 240,
    usageOutput: 3,
    usageInput: 12,
    tokenizerOutput: 3,
    promptTokens: 12,
    httpStatus: 200,
    error: null,
    message: `ünïcode ${index}`,
  }
  const point: RequestPoint = [index, 0, record.sentAt, 200, 240, 10, 3, 'ok', 0]
  const exchange = new ExchangeRecorder(['sk-run-files-secret'])
  exchange.recordRequest('POST', 'http://127.0.0.1/v1/chat/completions', { authorization: 'Bearer x' }, '{}')
  exchange.recordResponse(200, 'OK', new Headers({ 'content-type': 'text/event-stream' }))
  exchange.recordFrame({ data: `{"n":${index},"echo":"sk-run-files-secret"}` })
  exchange.finish()
  return { record, point, exchange }
}

describe('RunWriter', () => {
  it('writes the requests that ended in one turn together, each readable at the byte range its point names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-files-'))
    dirs.push(dir)
    const writer = await RunWriter.create(dir, 'run-1')
    const all = Array.from({ length: 5 }, (_, i) => ended(i))
    for (const e of all.slice(0, 3)) writer.add(e.record, e.point, e.exchange)
    // Three end in one turn, two in a later one: their ranges follow each other as if written one by one.
    await new Promise((resolve) => setImmediate(resolve))
    for (const e of all.slice(3)) writer.add(e.record, e.point, e.exchange)
    await writer.close()

    const text = readFileSync(join(dir, 'run-1', 'requests.ndjson'), 'utf8')
    expect(text.split('\n')).toHaveLength(6)
    const points = readFileSync(join(dir, 'run-1', 'points.ndjson'), 'utf8')
      .trim()
      .split('\n')
    expect(points).toHaveLength(5)
    for (const [i, line] of points.entries()) {
      const stored = JSON.parse(line) as unknown[]
      expect(stored.slice(0, 9)).toEqual(all[i]!.point)
      const [reqAt, reqLen, exAt, exLen] = stored.slice(9) as number[]
      const record = JSON.parse(await readRange(dir, 'run-1', 'requests', reqAt!, reqLen!)) as RecordedRequest
      expect(record.index).toBe(i)
      expect(record.message).toBe(`ünïcode ${i}`)
      expect(record.contentAt).toEqual([i * 10 + 200.46, i * 10 + 220.5])
      const exchange = JSON.parse(await readRange(dir, 'run-1', 'exchanges', exAt!, exLen!)) as {
        id: string
        response: { frames: { data: string }[] }
      }
      expect(exchange.id).toBe(all[i]!.exchange.id)
      expect(exchange.response.frames[0]!.data).toBe(`{"n":${i},"echo":"***"}`)
    }
  })

  it('hands a lone ended request to its files without being asked, and everything at once when flushed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-files-'))
    dirs.push(dir)
    const writer = await RunWriter.create(dir, 'run-2')
    const pointsOf = () =>
      (existsSync(join(dir, 'run-2', 'points.ndjson'))
        ? readFileSync(join(dir, 'run-2', 'points.ndjson'), 'utf8')
        : ''
      )
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as number[])
    const first = ended(7)
    writer.add(first.record, first.point, null)
    // Handed off after a quarter second; the write itself may take a while on a busy machine.
    await vi.waitFor(() => expect(pointsOf().map((p) => p[0])).toEqual([7]), { timeout: 5000, interval: 50 })
    expect(pointsOf()[0]!.slice(11)).toEqual([-1, 0])
    const second = ended(8)
    writer.add(second.record, second.point, second.exchange)
    await writer.flushed()
    expect(pointsOf().map((p) => p[0])).toEqual([7, 8])
    await writer.close()
  })
})

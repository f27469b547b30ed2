import { describe, expect, it } from 'vitest'
import { ExchangeRecorder } from '../exchangeRecorder'
import { ExchangeLog } from './exchangeLog'

const recorder = (chars: number) => {
  const r = new ExchangeRecorder()
  r.recordRequest('POST', 'http://127.0.0.1/v1/x', {}, 'y'.repeat(chars))
  return r
}

describe('ExchangeLog', () => {
  it('keeps the newest exchanges within its count and its size budget, and always the newest', () => {
    const log = new ExchangeLog(3, 1000)
    const a = recorder(400)
    const b = recorder(400)
    const c = recorder(400)
    log.add(a)
    log.add(b)
    log.add(c)
    expect(log.get(a.id)).toBeUndefined()
    expect(log.get(b.id)).toBe(b)
    expect(log.get(c.id)).toBe(c)
    const huge = recorder(5000)
    log.add(huge)
    expect(log.get(huge.id)).toBe(huge)
    expect(log.get(b.id)).toBeUndefined()
    expect(log.get(c.id)).toBeUndefined()
  })

  it('counts a large answer kept whole in one piece, so eight 20 MB answers do not all stay', () => {
    const log = new ExchangeLog(50, 64 * 1024 * 1024)
    const kept = Array.from({ length: 8 }, () => {
      const r = new ExchangeRecorder()
      r.recordBodyChunk('z'.repeat(20 * 1024 * 1024))
      log.add(r)
      return r
    })
    const held = kept.filter((r) => log.get(r.id)).reduce((n, r) => n + r.retainedChars(), 0)
    expect(held).toBeLessThanOrEqual(64 * 1024 * 1024)
    expect(log.get(kept[7]!.id)).toBe(kept[7])
  })
})

import { describe, expect, it } from 'vitest'
import { accumulate, emptyRunSnapshot, foldRun, foldRunAll, snapshotCompletion } from './runFold'
import type { StreamEvent } from './events'

describe('foldRun', () => {
  it('answers a new snapshot per change and the same one when nothing changes', () => {
    const start = emptyRunSnapshot()
    const frozen = JSON.stringify(start)
    const next = foldRun(start, { type: 'text', delta: 'Hi' })
    expect(next).not.toBe(start)
    expect(JSON.stringify(start)).toBe(frozen)
    expect(foldRun(next, { type: 'text', delta: '' })).toBe(next)
    expect(foldRun(next, { type: 'usage', usage: { input: 0, output: 0 } })).toBe(next)
  })

  it('keeps the outcome a stream announces: meta, finish, a mid-stream error and a cut stream', () => {
    const events: StreamEvent[] = [
      { type: 'meta', id: 'resp_1', model: 'm-2024', citations: [{ kind: 'url', url: 'https://a.example' }] },
      { type: 'text', delta: 'Part' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'finish', stopReason: 'length', finish: 'length' },
      { type: 'error', message: 'overloaded', errorType: 'overloaded_error', raw: { x: 1 } },
      { type: 'incomplete', message: 'The stream closed early' },
    ]
    const c = snapshotCompletion(foldRunAll(emptyRunSnapshot(), events))
    expect(c).toMatchObject({
      id: 'resp_1',
      model: 'm-2024',
      text: 'Part',
      images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }],
      stopReason: 'length',
      finish: 'length',
      error: { message: 'overloaded', errorType: 'overloaded_error' },
      incomplete: true,
      warnings: ['The stream closed early'],
      citations: [{ kind: 'url', url: 'https://a.example' }],
    })
    expect(accumulate(events)).toEqual(c)
  })

  it('holds images as its owner does: a media URL past IPC', () => {
    const s = foldRun(emptyRunSnapshot<{ mimeType: string; url: string }>(), {
      type: 'image',
      mimeType: 'image/webp',
      url: 'media://abc',
    })
    expect(s.images).toEqual([{ mimeType: 'image/webp', url: 'media://abc' }])
  })
})

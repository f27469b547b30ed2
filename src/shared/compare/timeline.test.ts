import { describe, expect, it } from 'vitest'
import { laneReader, markAt, timelineLane } from './timeline'

const chat = (delta: object, extra: object = {}) =>
  JSON.stringify({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: null, ...extra }],
  })

describe('timelineLane', () => {
  it('reads each chat completions frame into the kind of mark it makes', () => {
    const frames = [
      { t: 10, data: chat({ role: 'assistant' }) },
      { t: 12, data: chat({ reasoning_content: 'think' }) },
      { t: 15, data: chat({ content: 'Hello' }) },
      {
        t: 16,
        data: chat({
          tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } }],
        }),
      },
      { t: 20, data: chat({}, { finish_reason: 'stop' }) },
      {
        t: 21,
        data: JSON.stringify({
          id: 'c',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'm',
          choices: [],
          usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
        }),
      },
      { t: 22, data: '[DONE]' },
    ]
    const lane = timelineLane('chat', frames, { headersMs: 5, firstByteMs: 9, endMs: 23 })
    expect(lane.marks.map((m) => m.kind)).toEqual([
      'other',
      'reasoning',
      'text',
      'tool',
      'terminal',
      'usage',
      'terminal',
    ])
    expect(lane.marks.map((m) => m.frame)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(lane.counts.text).toBe(1)
    expect(lane).toMatchObject({ headersMs: 5, firstByteMs: 9, endMs: 23 })
  })

  it('reads messages events, and a mid-stream error is an error mark', () => {
    const ev = (event: string, data: object) => ({
      t: 0,
      event,
      data: JSON.stringify({ type: event, ...data }),
    })
    const frames = [
      ev('message_start', {
        message: {
          id: 'msg',
          type: 'message',
          role: 'assistant',
          content: [],
          model: 'm',
          usage: { input_tokens: 3, output_tokens: 0 },
        },
      }),
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
      ev('error', { error: { type: 'overloaded_error', message: 'busy' } }),
    ].map((f, i) => ({ ...f, t: i * 10 }))
    const lane = timelineLane('messages', frames, { headersMs: 1, firstByteMs: 2, endMs: 40 }, 100)
    expect(lane.marks.map((m) => m.kind).slice(2)).toEqual(['text', 'error'])
    expect(lane.marks[3]!.frame).toBe(103)
  })

  it('finds the nearest mark within the tolerance', () => {
    const lane = timelineLane(
      'chat',
      [10, 20, 30].map((t) => ({ t, data: chat({ content: 'x' }) })),
      {
        headersMs: null,
        firstByteMs: null,
        endMs: null,
      },
    )
    expect(markAt(lane, 19, 3)?.t).toBe(20)
    expect(markAt(lane, 27, 3)?.t).toBe(30)
    expect(markAt(lane, 25, 2)).toBeNull()
    expect(markAt(lane, 100, 5)).toBeNull()
  })

  it('reads a stream in slices into the same lane as all at once', () => {
    const frames = Array.from({ length: 9 }, (_, i) => ({ t: i, data: chat({ content: `w${i}` }) }))
    const timings = { headersMs: 1, firstByteMs: 2, endMs: 9 }
    const reader = laneReader('chat', timings)
    for (let at = 0; at < frames.length; at += 4) reader.add(frames.slice(at, at + 4))
    expect(reader.lane()).toEqual(timelineLane('chat', frames, timings))
  })
})

import { describe, expect, it } from 'vitest'
import { completionSchema, parseArguments, streamEventSchema } from './events'
import { accumulate } from './runFold'
import type { StreamEvent } from './events'

describe('accumulate', () => {
  const events: StreamEvent[] = [
    { type: 'meta', id: 'r1', model: 'm' },
    { type: 'reasoning', delta: 'a' },
    { type: 'reasoning', delta: 'b' },
    { type: 'reasoningSignature', signature: 's1' },
    { type: 'reasoning', delta: 'c' },
    { type: 'text', delta: 'Hel' },
    { type: 'text', delta: 'lo' },
    { type: 'toolCallStart', index: 0, id: 'call_1', name: 'f', signature: 'ts' },
    { type: 'toolCallDelta', index: 0, argumentsDelta: '{"a"' },
    { type: 'toolCallDelta', index: 0, argumentsDelta: ':1}' },
    { type: 'toolCallEnd', index: 0, arguments: '{"a":1}', parsedArguments: { a: 1 } },
    { type: 'image', mimeType: 'image/png', data: 'AA' },
    { type: 'usage', usage: { input: 1 } },
    { type: 'usage', usage: { input: 1, output: 2 } },
    { type: 'finish', stopReason: 'stop', finish: 'stop' },
  ]

  it('folds events into the completion model, replacing usage rather than adding it', () => {
    const c = accumulate(events)
    expect(c).toEqual({
      id: 'r1',
      model: 'm',
      text: 'Hello',
      reasoning: 'abc',
      reasoningBlocks: [{ text: 'ab', signature: 's1' }, { text: 'c' }],
      toolCalls: [
        { id: 'call_1', name: 'f', arguments: '{"a":1}', parsedArguments: { a: 1 }, signature: 'ts' },
      ],
      images: [{ mimeType: 'image/png', data: 'AA' }],
      usage: { input: 1, output: 2 },
      stopReason: 'stop',
      finish: 'stop',
      warnings: [],
    })
    expect(completionSchema.safeParse(c).success).toBe(true)
  })

  it('keeps partial output and marks errors and incomplete streams', () => {
    const failed = accumulate([
      { type: 'text', delta: 'part' },
      { type: 'error', message: 'boom', code: 500, raw: {} },
    ])
    expect(failed).toMatchObject({ text: 'part', error: { message: 'boom', code: 500 } })
    const cut = accumulate([
      { type: 'toolCallStart', index: 0, id: 'c', name: 'f' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"x":' },
      { type: 'incomplete', message: 'closed early' },
    ])
    expect(cut).toMatchObject({
      incomplete: true,
      toolCalls: [{ arguments: '{"x":' }],
      warnings: ['closed early'],
    })
    expect(cut.toolCalls[0]?.parsedArguments).toBeUndefined()
  })

  it('declares every event in the zod schema the IPC contract can reuse', () => {
    for (const e of events) expect(streamEventSchema.safeParse(e).success).toBe(true)
    expect(streamEventSchema.safeParse({ type: 'text' }).success).toBe(false)
  })
})

describe('parseArguments', () => {
  it('parses JSON, treats empty arguments as {} and returns undefined for broken JSON', () => {
    expect(parseArguments('{"a":[1]}')).toEqual({ a: [1] })
    expect(parseArguments('  ')).toEqual({})
    expect(parseArguments('{"a":')).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { accumulate, type StreamEvent } from '../../../../shared/wire'
import type { RunEvent } from '../../../../shared/ipc/text'
import {
  endRun,
  foldRunEvent,
  foldRunEvents,
  newRun,
  runCompletion,
  withExchange,
  type RunEnded,
} from './runFold'
import type { Exchange } from '../../../../shared/ipc/exchange'

const EVENTS: StreamEvent[] = [
  { type: 'meta', id: 'msg_1', model: 'm' },
  { type: 'reasoning', delta: 'Let me ' },
  { type: 'reasoning', delta: 'think.' },
  { type: 'reasoningSignature', signature: 'sig-1' },
  { type: 'reasoning', delta: 'More.' },
  { type: 'text', delta: 'Hello' },
  { type: 'text', delta: ', world' },
  { type: 'toolCallStart', index: 3, id: 'call_a', name: 'get_weather' },
  { type: 'toolCallDelta', index: 3, argumentsDelta: '{"city":' },
  { type: 'toolCallStart', index: 4, id: 'call_b', name: 'get_time', signature: 'ts' },
  { type: 'toolCallDelta', index: 3, argumentsDelta: '"Oslo"}' },
  { type: 'toolCallEnd', index: 3, arguments: '{"city":"Oslo"}', parsedArguments: { city: 'Oslo' } },
  { type: 'toolCallEnd', index: 4, arguments: '{}', parsedArguments: {} },
  { type: 'warning', message: 'a frame could not be read', raw: '{' },
  { type: 'usage', usage: { input: 10, output: 20 } },
  { type: 'finish', stopReason: 'tool_use', finish: 'tool_calls' },
]

const ended = (over: Partial<RunEnded> = {}): RunEnded => ({
  runId: 'r1',
  status: 'done',
  summary: {
    id: 'msg_1',
    toolCalls: accumulate(EVENTS).toolCalls,
    images: [],
    usage: { input: 10, output: 20 },
    stopReason: 'tool_use',
    finish: 'tool_calls',
    warnings: [],
  },
  timings: { ttftMs: 5, totalMs: 50, outputTokens: 20, tokensPerSecond: 400 },
  exchangeFollows: false,
  ...over,
})

describe('foldRunEvent', () => {
  it('folds a stream into the same completion the shared accumulator builds', () => {
    const run = foldRunEvents(newRun('r1', 'messages', 'm'), EVENTS as RunEvent[])
    const expected = accumulate(EVENTS)
    const folded = runCompletion(endRun(run, ended()))
    expect(folded.text).toBe(expected.text)
    expect(folded.reasoning).toBe(expected.reasoning)
    expect(folded.reasoningBlocks).toEqual(expected.reasoningBlocks)
    expect(folded.toolCalls).toEqual(expected.toolCalls)
    expect(folded.id).toBe('msg_1')
    expect(folded.usage).toEqual({ input: 10, output: 20 })
    expect(run.warnings).toEqual(['a frame could not be read'])
  })

  it('keeps a refusal apart from the text and marks cut-off tool arguments, as the accumulator does', () => {
    const events: StreamEvent[] = [
      { type: 'refusal', delta: "I'm sorry, " },
      { type: 'refusal', delta: 'no.' },
      { type: 'toolCallStart', index: 0, id: 't1', name: 'plan' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"city": "Par' },
      {
        type: 'toolCallEnd',
        index: 0,
        arguments: '{"city": "Par',
        parsedArguments: { city: 'Par' },
        truncated: true,
      },
    ]
    const folded = runCompletion(foldRunEvents(newRun('r1', 'chat', 'm'), events as RunEvent[]))
    const expected = accumulate(events)
    expect(folded.text).toBe('')
    expect(folded.refusal).toBe("I'm sorry, no.")
    expect(folded.refusal).toBe(expected.refusal)
    expect(folded.toolCalls).toEqual(expected.toolCalls)
    expect(folded.toolCalls[0]?.truncated).toBe(true)
  })

  it('never changes the run it is given', () => {
    const start = newRun('r1', 'chat', 'm')
    const frozen = JSON.stringify(start)
    let run = start
    const seen = [run]
    for (const e of EVENTS as RunEvent[]) {
      const before = JSON.stringify(run)
      const next = foldRunEvent(run, e)
      expect(JSON.stringify(run)).toBe(before)
      run = next
      seen.push(run)
    }
    expect(JSON.stringify(start)).toBe(frozen)
    expect(seen.at(-1)!.text).toBe('Hello, world')
  })

  it('keeps media URLs of images and ignores events that change nothing', () => {
    const run = newRun('r1', 'native', 'm')
    expect(foldRunEvent(run, { type: 'text', delta: '' })).toBe(run)
    expect(foldRunEvent(run, { type: 'toolCallDelta', index: 9, argumentsDelta: 'x' })).toBe(run)
    const withImage = foldRunEvent(run, { type: 'image', mimeType: 'image/png', url: 'media://abc' })
    expect(withImage.images).toEqual([{ mimeType: 'image/png', url: 'media://abc' }])
  })

  it('ends once: after the terminal event nothing folds in and a second end changes nothing', () => {
    const run = foldRunEvents(newRun('r1', 'chat', 'm'), [{ type: 'text', delta: 'partial' }])
    const failed = endRun(run, ended({ status: 'error', error: { message: 'boom', raw: null } }))
    expect(failed).toMatchObject({ status: 'error', text: 'partial', error: { message: 'boom' } })
    expect(foldRunEvent(failed, { type: 'text', delta: ' late' })).toBe(failed)
    expect(endRun(failed, ended())).toBe(failed)
  })

  it('an exchange that follows the end is unknown until it comes; a run that sent nothing has none', () => {
    const run = foldRunEvents(newRun('r1', 'chat', 'm'), [{ type: 'text', delta: 'all of it' }])
    const done = endRun(run, ended({ exchangeFollows: true }))
    expect(done.status).toBe('done')
    expect(done.text).toBe('all of it')
    expect(done.exchange).toBeUndefined()
    const exchange = { id: 'x1', startedAt: 1 } as unknown as Exchange
    const recorded = withExchange(done, exchange)
    expect(recorded.exchange).toBe(exchange)
    expect(recorded).toMatchObject({ status: 'done', text: 'all of it' })
    expect(
      endRun(newRun('r2', 'chat', 'm'), ended({ status: 'error', exchangeFollows: false })).exchange,
    ).toBeNull()
  })
})

// The wire conformance rules over hand-built exchanges: a conformant answer of each format passes, and each broken
// rule (missing [DONE], a second terminal event, events after it, event names, error shapes) is named once.
import { describe, expect, it } from 'vitest'
import { checkErrorAnswer, conformanceOf, hasErrorShape, type WireExchange } from './conformance'
import { checkStream, midStreamError } from './streamConformance'

const sse = (kind: WireExchange['kind'], frames: WireExchange['frames']): WireExchange => ({
  kind,
  stream: true,
  status: 200,
  contentType: 'text/event-stream',
  body: '',
  frames,
  transportError: null,
})
const json = (kind: WireExchange['kind'], status: number, body: unknown): WireExchange => ({
  kind,
  stream: false,
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
  frames: [],
  transportError: null,
})
const d = (o: unknown) => ({ data: JSON.stringify(o) })
const e = (event: string, o: Record<string, unknown>) => ({
  event,
  data: JSON.stringify({ type: event, ...o }),
})

const chunk = (extra: Record<string, unknown>) => ({ id: 'c1', object: 'chat.completion.chunk', ...extra })
const chatOk = [
  d(chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }] })),
  d(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })),
  d(chunk({ choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })),
  { data: '[DONE]' },
]
const messagesOk = [
  e('message_start', { message: { id: 'msg_1', usage: { input_tokens: 3, output_tokens: 0 } } }),
  e('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  e('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
  e('content_block_stop', { index: 0 }),
  e('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 1 } }),
  e('message_stop', {}),
]
const responsesOk = [
  e('response.created', { sequence_number: 0, response: { id: 'resp_1' } }),
  e('response.output_text.delta', { sequence_number: 1, delta: 'Hi' }),
  e('response.completed', {
    sequence_number: 2,
    response: { id: 'resp_1', output: [{ id: 'msg_1', type: 'message' }], usage: { input_tokens: 1 } },
  }),
]
const nativeOk = [
  d({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }] }),
  d({
    candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 1 },
  }),
]

describe('stream conformance', () => {
  it('finds nothing wrong with a conformant stream of each format', () => {
    expect(checkStream(sse('chat', chatOk))).toEqual([])
    expect(checkStream(sse('messages', messagesOk))).toEqual([])
    expect(checkStream(sse('responses', responsesOk))).toEqual([])
    expect(checkStream(sse('native', nativeOk))).toEqual([])
  })

  it('names a chat stream without [DONE], a second finish and missing usage', () => {
    expect(checkStream(sse('chat', chatOk.slice(0, 3)))).toEqual(['stream ended without data: [DONE]'])
    const twice = [chatOk[0]!, chatOk[1]!, chatOk[1]!, chatOk[2]!, chatOk[3]!]
    expect(checkStream(sse('chat', twice))).toEqual(['2 chunks carry a finish_reason, not exactly one'])
    expect(checkStream(sse('chat', [chatOk[0]!, chatOk[1]!, chatOk[3]!]))).toEqual([
      'usage missing from the last chunk',
    ])
    expect(checkStream(sse('chat', [chatOk[0]!, chatOk[3]!]))).toContain(
      'stream ended without a terminal event (no finish_reason)',
    )
  })

  it('names messages without message_stop, with two, with events after it, and a [DONE] line', () => {
    expect(checkStream(sse('messages', messagesOk.slice(0, 5)))).toEqual([
      'stream ended without a terminal event (message_stop)',
    ])
    expect(checkStream(sse('messages', [...messagesOk, messagesOk[5]!]))).toEqual([
      '2 message_stop events, not exactly one',
    ])
    expect(checkStream(sse('messages', [...messagesOk, e('ping', {})]))).toEqual([
      'events after message_stop',
    ])
    expect(checkStream(sse('messages', [...messagesOk, { data: '[DONE]' }]))).toEqual([
      'a [DONE] line, which the messages format does not have',
    ])
    const renamed = [
      messagesOk[0]!,
      { event: 'content_block_start', data: JSON.stringify({ type: 'ping' }) },
      ...messagesOk.slice(2),
    ]
    expect(checkStream(sse('messages', renamed))).toEqual([
      'event name content_block_start differs from its data.type ping',
    ])
  })

  it("takes a proxy's [DONE] after a responses stream, but not events after its terminal event", () => {
    expect(checkStream(sse('responses', [...responsesOk, { data: '[DONE]' }]))).toEqual([])
    expect(
      checkStream(
        sse('responses', [...responsesOk, e('response.output_text.delta', { sequence_number: 3 })]),
      ),
    ).toEqual(['events after the terminal event'])
    expect(checkStream(sse('responses', responsesOk.slice(0, 2)))).toEqual([
      'stream ended without a terminal event',
    ])
  })

  it("names native event lines and a finish reason outside the spec's set", () => {
    const named = nativeOk.map((f) => ({ event: 'message', ...f }))
    expect(checkStream(sse('native', named))).toEqual(['event: lines, which the native format does not have'])
    const odd = [nativeOk[0]!, d({ candidates: [{ finishReason: 'DONE' }], usageMetadata: {} })]
    expect(checkStream(sse('native', odd))).toEqual(['finish reason "DONE" is not in the spec\'s set'])
  })

  it("reads a mid-stream error in the format's shape as the gateway failing", () => {
    const failed = [
      ...messagesOk.slice(0, 3),
      e('error', { error: { type: 'overloaded_error', message: 'busy' } }),
    ]
    expect(midStreamError(sse('messages', failed))).toBe('busy')
    expect(checkStream(sse('messages', failed))).toEqual([])
    expect(midStreamError(sse('chat', chatOk))).toBeNull()
  })
})

describe('answers and error bodies', () => {
  it("checks a whole body's object, finish reason and usage", () => {
    const ok = {
      id: 'c',
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }
    expect(conformanceOf(json('chat', 200, ok))).toEqual([])
    expect(conformanceOf(json('chat', 200, { ...ok, object: 'x', usage: undefined }))).toEqual([
      'object is x, not chat.completion',
      'usage missing from the response',
    ])
  })

  it("knows each format's error shape and refuses the others'", () => {
    const openai = { error: { message: 'm', type: 't', param: null, code: null } }
    const messages = { type: 'error', error: { type: 'invalid_request', message: 'm' } }
    const native = { error: { code: 400, message: 'm', status: 'INVALID_ARGUMENT' } }
    expect([hasErrorShape('openai', openai), hasErrorShape('openai', messages)]).toEqual([true, false])
    expect([hasErrorShape('messages', messages), hasErrorShape('messages', openai)]).toEqual([true, false])
    expect([hasErrorShape('native', native), hasErrorShape('native', openai)]).toEqual([true, false])
    // count_tokens answers an invalid key as {error: {message, type}} (spec: Count tokens).
    expect(
      hasErrorShape(
        'messages',
        { error: { message: 'k', type: 'invalid_request_error' } },
        'count_tokens',
        401,
      ),
    ).toBe(true)
    expect(checkErrorAnswer(json('native', 500, openai), [400])).toEqual([
      'status 500 where the spec says 400',
      "error body not in the format's shape {error: {code, message, status}}",
    ])
  })
})

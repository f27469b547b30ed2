import { describe, expect, it } from 'vitest'
import { appendAssistantTurn, appendToolResults, assistantTurn, pendingToolCalls } from './conversation'
import type { Draft } from './draft'
import { emptyCompletion } from './events'
import { accumulate } from './runFold'
import { formats } from './index'
import { foldRaw, sse } from '../../../test/fakes/sseFrames'
import { validateDraft } from './validate'

const start: Draft = {
  model: 'm',
  maxTokens: 4000,
  tools: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] }],
}

/** Round one's answer in each format's own non-streamed shape: one call to get_weather. */
const FIRST_ANSWERS = {
  chat: {
    id: 'chatcmpl-1',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
            },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
  responses: {
    id: 'resp_1',
    status: 'completed',
    output: [
      {
        id: 'fc_1',
        type: 'function_call',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Oslo"}',
      },
    ],
  },
  messages: {
    id: 'msg_1',
    content: [
      { type: 'thinking', thinking: 'Use the tool.', signature: 'sig-1' },
      { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } },
    ],
    stop_reason: 'tool_use',
  },
  native: {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            {
              functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } },
              thoughtSignature: 'ts-1',
            },
          ],
        },
        finishReason: 'STOP',
      },
    ],
  },
} as const

describe('a two-round tool call', () => {
  it('carries the call and its result in each format’s own shape', () => {
    const bodies: Record<string, Record<string, unknown>> = {}
    for (const format of ['chat', 'responses', 'messages', 'native'] as const) {
      const adapter = formats[format]
      const completion = adapter.parseResponse(FIRST_ANSWERS[format])
      expect(completion.finish).toBe('tool_calls')
      const withCall = appendAssistantTurn(start, completion)
      const pending = pendingToolCalls(withCall)
      expect(pending.map((p) => p.name)).toEqual(['get_weather'])
      const next = appendToolResults(
        withCall,
        pending.map((p) => ({ callId: p.id, name: p.name, content: '{"tempC":4}' })),
      )
      expect(pendingToolCalls(next)).toEqual([])
      expect(validateDraft(format, next).filter((i) => i.severity === 'error')).toEqual([])
      bodies[format] = adapter.build(next).body
    }

    expect((bodies.chat?.messages as unknown[]).slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: '{"tempC":4}' },
    ])
    expect((bodies.responses?.input as unknown[]).slice(-2)).toEqual([
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '{"tempC":4}' },
    ])
    expect((bodies.messages?.messages as unknown[]).slice(-2)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Use the tool.', signature: 'sig-1' },
          { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '{"tempC":4}' }] },
    ])
    expect((bodies.native?.contents as unknown[]).slice(-2)).toEqual([
      {
        role: 'model',
        parts: [
          {
            functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } },
            thoughtSignature: 'ts-1',
          },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'call_1', name: 'get_weather', response: { tempC: 4 } } }],
      },
    ])
  })

  it('continues from a streamed answer the same way as from a parsed one', () => {
    const raw = sse([
      [
        'message_start',
        {
          type: 'message_start',
          message: { id: 'msg_2', model: 'm', content: [], usage: { input_tokens: 3, output_tokens: 1 } },
        },
      ],
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 1,
          content_block: { type: 'tool_use', id: 'toolu_7', name: 'get_weather', input: {} },
        },
      ],
      [
        'content_block_delta',
        {
          type: 'content_block_delta',
          index: 1,
          delta: { type: 'input_json_delta', partial_json: '{"city":"Oslo"}' },
        },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 1 }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    ])
    const completion = accumulate(foldRaw(formats.messages, raw).events)
    const next = appendAssistantTurn(start, completion)
    expect(next.messages.at(-1)).toEqual({
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Checking.' },
        { type: 'toolCall', id: 'toolu_7', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      ],
    })
    expect(start.messages).toHaveLength(1)
  })
})

describe('a refused turn', () => {
  it('carries the refusal on as the assistant turn’s text, and an answer wins over it', () => {
    const refused = { ...emptyCompletion(), refusal: 'I cannot help with that.' }
    expect(assistantTurn(refused)).toEqual({
      role: 'assistant',
      parts: [{ type: 'text', text: 'I cannot help with that.' }],
    })
    expect(assistantTurn({ ...refused, text: 'Here it is.' }).parts).toEqual([
      { type: 'text', text: 'Here it is.' },
    ])
  })
})

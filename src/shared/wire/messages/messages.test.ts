import { describe, expect, it } from 'vitest'
import type { Draft } from '../draft'
import { accumulate } from '../runFold'
import {
  build,
  buildCountTokens,
  messages,
  parseCountTokens,
  parseRequest,
  parseResponse,
  RESPONSE_FORMAT_DESCRIPTION,
} from '.'
import { foldRaw, joinDeltas, sse } from '../../../../test/fakes/sseFrames'

const ev = (type: string, fields: object = {}): [string, object] => [type, { type, ...fields }]

// Thinking with its signature, a ping in the middle, a text block, a tool_use block whose first
// input_json_delta is "", then message_delta with the stop reason and message_stop.
const STREAM = sse([
  ev('message_start', {
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'claude-x',
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 25,
        output_tokens: 1,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 0,
      },
    },
  }),
  ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
  ev('ping'),
  ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Weather needs ' } }),
  ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'a tool.' } }),
  ev('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' } }),
  ev('content_block_stop', { index: 0 }),
  ev('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
  ev('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Let me ' } }),
  ev('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'check.' } }),
  ev('content_block_stop', { index: 1 }),
  ev('content_block_start', {
    index: 2,
    content_block: { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: {} },
  }),
  ev('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '' } }),
  ev('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"location": ' } }),
  ev('content_block_delta', {
    index: 2,
    delta: { type: 'input_json_delta', partial_json: '"San Francisco"}' },
  }),
  ev('content_block_stop', { index: 2 }),
  ev('message_delta', {
    delta: { stop_reason: 'tool_use', stop_sequence: null },
    usage: { output_tokens: 89 },
  }),
  ev('message_stop'),
])

const baseDraft: Draft = {
  model: 'claude-x',
  maxTokens: 1024,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
}

const historyDraft: Draft = {
  model: 'claude-x',
  stream: true,
  maxTokens: 2048,
  temperature: 1,
  topP: 0.9,
  topK: 40,
  stopSequences: ['###'],
  systemBlocks: [
    { text: 'You are a weather bot.' },
    { text: 'Long cached context', cacheControl: { type: 'persistent' } },
  ],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'Weather here?', cacheControl: { type: 'ephemeral' } },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'image', url: 'data:image/webp;base64,UklGRg==' },
        { type: 'image', url: 'https://example.test/sky.jpg' },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'Need the tool.', signature: 'sig-1' },
        { type: 'text', text: 'Checking.' },
        { type: 'toolCall', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"SF"}' },
      ],
    },
    {
      role: 'tool',
      parts: [
        { type: 'toolResult', callId: 'toolu_1', name: 'get_weather', content: '18°C', isError: false },
      ],
    },
    { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
  toolChoice: 'auto',
  extras: {
    messages: {
      thinking: { type: 'enabled', budget_tokens: 1500 },
      disable_parallel_tool_use: true,
      metadata: { user_id: 'u1' },
    },
  },
}

describe('messages build', () => {
  it('builds system blocks with cache_control, base64 images, replayed thinking, tool_use and tool_result', () => {
    const req = build(historyDraft)
    expect(req.path).toBe('/v1/messages')
    expect(req.headers['anthropic-version']).toBe('2023-06-01')
    expect(req.body).toEqual({
      model: 'claude-x',
      max_tokens: 2048,
      stream: true,
      temperature: 1,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['###'],
      system: [
        { type: 'text', text: 'You are a weather bot.' },
        { type: 'text', text: 'Long cached context', cache_control: { type: 'persistent' } },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?', cache_control: { type: 'ephemeral' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRg==' } },
            { type: 'image', source: { type: 'url', url: 'https://example.test/sky.jpg' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Need the tool.', signature: 'sig-1' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'SF' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C', is_error: false },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          input_schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 1500 },
      metadata: { user_id: 'u1' },
    })
  })

  it('sends a string system and string content for plain text, and maps tool choices', () => {
    const req = build({ ...baseDraft, system: 'Short.', toolChoice: 'required', tools: [{ name: 'f' }] })
    expect(req.body).toMatchObject({
      system: 'Short.',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ name: 'f', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'any' },
    })
    expect(
      build({ ...baseDraft, tools: [{ name: 'f' }], toolChoice: { name: 'f' } }).body.tool_choice,
    ).toEqual({ type: 'tool', name: 'f' })
    expect(build({ ...baseDraft, toolChoice: 'none' }).body.tool_choice).toEqual({ type: 'none' })
  })

  it('maps the neutral thinking knob to budget_tokens and structured output to a forced tool', () => {
    const req = build({
      ...baseDraft,
      thinking: { enabled: true, effort: 'high' },
      responseFormat: { name: 'answer', schema: { type: 'object' } },
    })
    expect(req.body.thinking).toEqual({ type: 'enabled', budget_tokens: 8192 })
    expect(req.body.tools).toEqual([
      { name: 'answer', description: expect.any(String), input_schema: { type: 'object' } },
    ])
    expect(req.body.tool_choice).toEqual({ type: 'tool', name: 'answer' })
  })

  it('builds a count_tokens request with model, system, messages and tools only', () => {
    const req = buildCountTokens({
      ...baseDraft,
      system: 'S',
      temperature: 0.5,
      tools: [{ name: 't', description: 'd' }],
    })
    expect(req.path).toBe('/v1/messages/count_tokens')
    expect(req.body).toEqual({
      model: 'claude-x',
      system: 'S',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ name: 't', description: 'd', input_schema: { type: 'object', properties: {} } }],
    })
    expect(parseCountTokens({ input_tokens: 42 })).toBe(42)
    expect(() => parseCountTokens({})).toThrow(/input_tokens/)
  })
})

describe('messages parseResponse', () => {
  it('reads thinking with signature, text, tool_use, cache usage and the stop reason', () => {
    const c = parseResponse({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [
        { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
        { type: 'text', text: 'Calling the tool.' },
        { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Oslo' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        output_tokens: 30,
        cache_creation_input_tokens: 2000,
        cache_read_input_tokens: 0,
      },
    })
    expect(c).toMatchObject({
      id: 'msg_1',
      text: 'Calling the tool.',
      reasoning: 'Hmm.',
      reasoningBlocks: [{ text: 'Hmm.', signature: 'sig' }],
      toolCalls: [
        {
          id: 'toolu_9',
          name: 'get_weather',
          arguments: '{"city":"Oslo"}',
          parsedArguments: { city: 'Oslo' },
        },
      ],
      usage: { input: 10, output: 30, cacheCreation: 2000, cachedRead: 0, total: 2040 },
      stopReason: 'tool_use',
      finish: 'tool_calls',
    })
  })

  it('reads an error body and the overloaded type', () => {
    const body = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }
    expect(messages.parseError(body, 529)).toEqual({
      status: 529,
      errorType: 'overloaded_error',
      message: 'Overloaded',
      raw: body,
    })
  })
})

describe('messages fold', () => {
  it('folds thinking, signature, text, a tool call and usage in order, ignoring pings', () => {
    const { events, folder } = foldRaw(messages, STREAM)
    expect(joinDeltas(events)).toEqual([
      { type: 'meta', id: 'msg_01', model: 'claude-x' },
      { type: 'usage', usage: { input: 25, output: 1, cachedRead: 100, cacheCreation: 0, total: 126 } },
      { type: 'reasoning', delta: 'Weather needs a tool.' },
      { type: 'reasoningSignature', signature: 'EqQBCgIYAhIM' },
      { type: 'text', delta: 'Let me check.' },
      { type: 'toolCallStart', index: 0, id: 'toolu_01', name: 'get_weather' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"location": ' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '"San Francisco"}' },
      {
        type: 'toolCallEnd',
        index: 0,
        arguments: '{"location": "San Francisco"}',
        parsedArguments: { location: 'San Francisco' },
      },
      { type: 'usage', usage: { input: 25, output: 89, cachedRead: 100, cacheCreation: 0, total: 214 } },
      { type: 'finish', stopReason: 'tool_use', finish: 'tool_calls' },
    ])
    expect(folder.status).toBe('complete')
    expect(accumulate(events).reasoningBlocks).toEqual([
      { text: 'Weather needs a tool.', signature: 'EqQBCgIYAhIM' },
    ])
  })

  it('yields the same events whatever the chunk boundaries', () => {
    const whole = foldRaw(messages, STREAM).events
    for (const size of [1, 4, 33]) expect(foldRaw(messages, STREAM, size).events).toEqual(whole)
  })

  it('ends a tool call with no argument pieces as {}', () => {
    const raw = sse([
      ev('content_block_start', {
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_2', name: 'now', input: {} },
      }),
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '' } }),
      ev('content_block_stop', { index: 0 }),
      ev('message_stop'),
    ])
    expect(foldRaw(messages, raw).events).toContainEqual({
      type: 'toolCallEnd',
      index: 0,
      arguments: '{}',
      parsedArguments: {},
    })
  })

  it('ends with an error event on event: error mid-stream and keeps the partial text', () => {
    const raw =
      STREAM.slice(
        0,
        STREAM.indexOf('event: content_block_stop\ndata: {"type":"content_block_stop","index":1}'),
      ) + sse([['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]])
    const { events, folder } = foldRaw(messages, raw)
    expect(events.at(-1)).toEqual({
      type: 'error',
      errorType: 'overloaded_error',
      message: 'Overloaded',
      raw: expect.anything(),
    })
    expect(folder.status).toBe('error')
    expect(accumulate(events).text).toBe('Let me check.')
  })

  it('marks a stream cut after message_delta but before message_stop incomplete', () => {
    const cut = STREAM.slice(0, STREAM.indexOf('event: message_stop'))
    const { events, folder } = foldRaw(messages, cut)
    expect(events.at(-1)).toEqual({ type: 'incomplete', message: expect.stringContaining('message_stop') })
    expect(folder.status).toBe('incomplete')
  })

  it('ignores unknown event types and unknown delta types', () => {
    const raw = sse([
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'citations_delta', citation: {} } }),
      ev('future_event', { x: 1 }),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'ok' } }),
      ev('message_stop'),
    ])
    expect(foldRaw(messages, raw).events).toEqual([
      { type: 'text', delta: 'ok' },
      { type: 'finish', stopReason: null, finish: 'other' },
    ])
  })
})

describe('messages parseRequest', () => {
  it('reads the build tests’ bodies back into drafts that rebuild them, with nothing unmapped', () => {
    const drafts: Draft[] = [
      baseDraft,
      historyDraft,
      { ...baseDraft, system: 'Short.', toolChoice: 'required', tools: [{ name: 'f' }] },
      {
        ...baseDraft,
        thinking: { enabled: true, effort: 'high' },
        responseFormat: { name: 'answer', schema: { type: 'object' } },
      },
      {
        ...baseDraft,
        tools: [{ name: 'f' }],
        toolChoice: 'none',
        responseFormat: { name: 'answer', schema: { type: 'object' } },
        extras: { messages: { thinking: { type: 'disabled' }, disable_parallel_tool_use: false } },
      },
    ]
    for (const draft of drafts) {
      const body = build(draft).body
      const read = parseRequest(body)
      expect(read.unmapped).toEqual([])
      expect(build(read.draft).body).toEqual(body)
    }
  })

  it('splits merged user turns into tool and user turns, and reads structured output back from the forced tool', () => {
    const { draft, unmapped } = parseRequest({
      model: 'claude-x',
      max_tokens: 2048,
      system: [
        { type: 'text', text: 'You are a weather bot.' },
        { type: 'text', text: 'Long context', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?', cache_control: { type: 'ephemeral' } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Need the tool.', signature: 'sig-1' },
            { type: 'redacted_thinking', data: 'abc' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'SF' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'text', text: '18°C' }],
              is_error: false,
            },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          input_schema: { type: 'object', properties: { city: { type: 'string' } } },
          cache_control: { type: 'ephemeral' },
        },
        { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
        { name: 'answer', description: RESPONSE_FORMAT_DESCRIPTION, input_schema: { type: 'object' } },
      ],
      tool_choice: { type: 'tool', name: 'answer', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 1500 },
      metadata: { user_id: 'u1' },
      stop_sequences: ['###'],
      temperature: 1,
      top_k: 40,
      service_tier: 'auto',
    })
    expect(draft).toEqual({
      model: 'claude-x',
      maxTokens: 2048,
      systemBlocks: [
        { text: 'You are a weather bot.' },
        { text: 'Long context', cacheControl: { type: 'ephemeral' } },
      ],
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Weather here?', cacheControl: { type: 'ephemeral' } },
            { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: 'Need the tool.', signature: 'sig-1' },
            { type: 'text', text: 'Checking.' },
            { type: 'toolCall', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"SF"}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            { type: 'toolResult', callId: 'toolu_1', name: 'get_weather', content: '18°C', isError: false },
          ],
        },
        { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
      ],
      temperature: 1,
      topK: 40,
      stopSequences: ['###'],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      responseFormat: { name: 'answer', schema: { type: 'object' } },
      thinking: { enabled: true, budgetTokens: 1500 },
      extras: {
        messages: {
          disable_parallel_tool_use: true,
          metadata: { user_id: 'u1' },
          web_search: { max_uses: 3 },
        },
      },
    })
    expect(unmapped).toEqual([
      'system[1].cache_control.ttl',
      'messages[0].content[2]',
      'messages[1].content[1]',
      'tools[0].cache_control',
      'service_tier',
    ])
  })

  it('lists blocks build would not send (unsigned or user thinking, sourceless images) and odd fields', () => {
    const { draft, unmapped } = parseRequest({
      model: 'claude-x',
      max_tokens: -0.5,
      system: 42,
      messages: [
        { role: 'system', content: 'x' },
        { role: 'user', content: 5 },
        {
          role: 'user',
          content: [
            { type: 'thinking', thinking: 't', signature: 's' },
            { type: 'image', source: { type: 'base64', data: 'AA==' } },
            { type: 'tool_use', id: 't1', name: 'f', input: 'oops' },
          ],
        },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'unsigned' }] },
      ],
      tool_choice: { type: 'sometimes' },
      thinking: { type: 'enabled', budget_tokens: 'lots' },
    })
    expect(draft).toEqual({
      model: 'claude-x',
      messages: [
        { role: 'user', parts: [{ type: 'toolCall', id: 't1', name: 'f', arguments: '{}' }] },
        { role: 'assistant', parts: [] },
      ],
    })
    expect([...unmapped].sort()).toEqual(
      [
        'max_tokens',
        'system',
        'messages[0]',
        'messages[1].content',
        'messages[2].content[0]',
        'messages[2].content[1]',
        'messages[2].content[2].input',
        'messages[3].content[0]',
        'tool_choice',
        'thinking',
      ].sort(),
    )
  })
})

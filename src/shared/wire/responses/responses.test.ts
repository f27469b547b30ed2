import { describe, expect, it } from 'vitest'
import type { Draft } from '../draft'
import { accumulate } from '../runFold'
import { build, parseRequest, parseResponse, responses } from '.'
import { foldRaw, joinDeltas, sse } from '../../../../test/fakes/sseFrames'

const RESPONSE_IN_PROGRESS = {
  id: 'resp_1',
  object: 'response',
  created_at: 1730000000,
  status: 'in_progress',
  model: 'gpt-x',
  output: [],
  usage: null,
}

let seq = 0
const ev = (type: string, fields: object): [string, object] => [
  type,
  { type, sequence_number: seq++, ...fields },
]

// The documented order: created, in_progress, a reasoning item with two summary parts, a message item whose
// text deltas carry `obfuscation`, the `.done` events, and response.completed with usage.
const TEXT_STREAM = sse([
  ev('response.created', { response: RESPONSE_IN_PROGRESS }),
  ev('response.in_progress', { response: RESPONSE_IN_PROGRESS }),
  ev('response.output_item.added', { output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } }),
  ev('response.reasoning_summary_part.added', {
    item_id: 'rs_1',
    output_index: 0,
    summary_index: 0,
    part: { type: 'summary_text', text: '' },
  }),
  ev('response.reasoning_summary_text.delta', {
    item_id: 'rs_1',
    output_index: 0,
    summary_index: 0,
    delta: 'Plan the answer.',
  }),
  ev('response.reasoning_summary_text.done', {
    item_id: 'rs_1',
    output_index: 0,
    summary_index: 0,
    text: 'Plan the answer.',
  }),
  ev('response.reasoning_summary_part.added', {
    item_id: 'rs_1',
    output_index: 0,
    summary_index: 1,
    part: { type: 'summary_text', text: '' },
  }),
  ev('response.reasoning_summary_text.delta', {
    item_id: 'rs_1',
    output_index: 0,
    summary_index: 1,
    delta: 'Then answer.',
  }),
  ev('response.output_item.done', { output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } }),
  ev('response.output_item.added', {
    output_index: 1,
    item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] },
  }),
  ev('response.content_part.added', {
    item_id: 'msg_1',
    output_index: 1,
    content_index: 0,
    part: { type: 'output_text', text: '', annotations: [] },
  }),
  ev('response.output_text.delta', {
    item_id: 'msg_1',
    output_index: 1,
    content_index: 0,
    delta: 'Bonjour',
    obfuscation: 'x1',
  }),
  ev('response.some_future_event', { whatever: true }),
  ev('response.output_text.delta', {
    item_id: 'msg_1',
    output_index: 1,
    content_index: 0,
    delta: ' à tous',
    obfuscation: 'y2',
  }),
  ev('response.output_text.done', {
    item_id: 'msg_1',
    output_index: 1,
    content_index: 0,
    text: 'Bonjour à tous',
  }),
  ev('response.content_part.done', {
    item_id: 'msg_1',
    output_index: 1,
    content_index: 0,
    part: { type: 'output_text', text: 'Bonjour à tous', annotations: [] },
  }),
  ev('response.output_item.done', {
    output_index: 1,
    item: {
      id: 'msg_1',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Bonjour à tous', annotations: [] }],
    },
  }),
  ev('response.completed', {
    response: {
      ...RESPONSE_IN_PROGRESS,
      status: 'completed',
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 2 },
        output_tokens: 20,
        output_tokens_details: { reasoning_tokens: 12 },
        total_tokens: 30,
      },
    },
  }),
])

const TOOL_STREAM = sse([
  ev('response.created', { response: RESPONSE_IN_PROGRESS }),
  ev('response.output_item.added', {
    output_index: 0,
    item: {
      id: 'fc_1',
      type: 'function_call',
      status: 'in_progress',
      call_id: 'call_1',
      name: 'get_weather',
      arguments: '',
    },
  }),
  ev('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 0, delta: '{"city":' }),
  ev('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 0, delta: '"Rome"}' }),
  ev('response.function_call_arguments.done', {
    item_id: 'fc_1',
    output_index: 0,
    arguments: '{"city":"Rome"}',
  }),
  ev('response.output_item.done', {
    output_index: 0,
    item: {
      id: 'fc_1',
      type: 'function_call',
      status: 'completed',
      call_id: 'call_1',
      name: 'get_weather',
      arguments: '{"city":"Rome"}',
    },
  }),
  ev('response.completed', {
    response: {
      ...RESPONSE_IN_PROGRESS,
      status: 'completed',
      usage: { input_tokens: 5, output_tokens: 9, total_tokens: 14 },
    },
  }),
])

const baseDraft: Draft = {
  model: 'gpt-x',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
}

const extrasDraft: Draft = {
  ...baseDraft,
  tools: [{ name: 'f' }],
  toolChoice: { name: 'f' },
  responseFormat: { name: 'out', schema: { type: 'object' } },
  extras: {
    responses: {
      reasoning: { effort: 'high', summary: 'detailed' },
      previous_response_id: 'resp_0',
      truncation: 'auto',
      parallel_tool_calls: false,
      max_tool_calls: 3,
      metadata: { run: '7' },
      user: 'u-1',
      web_search_preview: {
        search_context_size: 'high',
        user_location: { country: 'DE', city: 'Berlin' },
      },
      file_search: { vector_store_ids: ['vs_1'] },
      apiVersion: '2025-04-01-preview',
    },
  },
}

const historyDraft: Draft = {
  model: 'gpt-x',
  stream: true,
  system: 'Be exact.',
  temperature: 1,
  topP: 0.98,
  maxTokens: 500,
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'Read these' },
        { type: 'image', url: 'https://example.test/a.png', detail: 'low' },
        { type: 'image', mimeType: 'image/jpeg', data: '/9j/4AAQ' },
        { type: 'file', url: 'https://example.test/report.pdf' },
        { type: 'file', filename: 'notes.pdf', dataUrl: 'data:application/pdf;base64,JVBERi0=' },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Checking.' },
        { type: 'toolCall', id: 'call_9', name: 'search', arguments: '{"q":"x"}' },
      ],
    },
    {
      role: 'tool',
      parts: [{ type: 'toolResult', callId: 'call_9', name: 'search', content: 'three hits' }],
    },
  ],
  tools: [{ name: 'search', description: 'Search', parameters: { type: 'object', properties: {} } }],
  toolChoice: 'required',
}

describe('responses build', () => {
  it('builds input items with images, files, tool calls and function_call_output', () => {
    const req = build(historyDraft)
    expect(req.path).toBe('/v1/responses')
    expect(req.body).toEqual({
      model: 'gpt-x',
      instructions: 'Be exact.',
      stream: true,
      temperature: 1,
      top_p: 0.98,
      max_output_tokens: 500,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Read these' },
            { type: 'input_image', image_url: 'https://example.test/a.png', detail: 'low' },
            { type: 'input_image', image_url: 'data:image/jpeg;base64,/9j/4AAQ', detail: 'auto' },
            { type: 'input_file', file_url: 'https://example.test/report.pdf' },
            { type: 'input_file', filename: 'notes.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
          ],
        },
        { role: 'assistant', content: 'Checking.' },
        { type: 'function_call', call_id: 'call_9', name: 'search', arguments: '{"q":"x"}' },
        { type: 'function_call_output', call_id: 'call_9', output: 'three hits' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'search', description: 'Search', parameters: { type: 'object', properties: {} } },
        },
      ],
      tool_choice: 'required',
    })
  })

  it('places responses extras, hosted tools and structured output, in the spec or flat tool shape', () => {
    const req = build(extrasDraft)
    expect(req.path).toBe('/v1/responses?api-version=2025-04-01-preview')
    expect(req.body).toMatchObject({
      reasoning: { effort: 'high', summary: 'detailed' },
      previous_response_id: 'resp_0',
      truncation: 'auto',
      parallel_tool_calls: false,
      max_tool_calls: 3,
      metadata: { run: '7' },
      user: 'u-1',
      text: { format: { type: 'json_schema', name: 'out', schema: { type: 'object' } } },
      tool_choice: { type: 'function', function: { name: 'f' } },
      tools: [
        { type: 'function', function: { name: 'f' } },
        {
          type: 'web_search_preview',
          search_context_size: 'high',
          user_location: { type: 'approximate', country: 'DE', city: 'Berlin' },
        },
        { type: 'file_search', vector_store_ids: ['vs_1'] },
      ],
    })
    const flat = build({
      ...extrasDraft,
      extras: { responses: { functionToolShape: 'flat', tool_choice: { type: 'file_search' } } },
    })
    expect(flat.body.tools).toEqual([{ type: 'function', name: 'f' }])
    expect(flat.body.tool_choice).toEqual({ type: 'file_search' })
  })

  it('maps the neutral thinking knob to reasoning with an auto summary', () => {
    expect(build({ ...baseDraft, thinking: { enabled: true } }).body.reasoning).toEqual({
      effort: 'medium',
      summary: 'auto',
    })
  })
})

describe('responses parseResponse', () => {
  it('reads message text, reasoning summary, function calls, usage and the id for previous_response_id', () => {
    const c = parseResponse({
      id: 'resp_42',
      object: 'response',
      created_at: 1730000000,
      model: 'gpt-x-2025',
      status: 'completed',
      output: [
        { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Think.' }] },
        {
          id: 'msg_1',
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Calling.', annotations: [] }],
        },
        {
          id: 'fc_1',
          type: 'function_call',
          status: 'completed',
          name: 'get_weather',
          call_id: 'call_1',
          arguments: '{"city":"Lima"}',
        },
      ],
      usage: {
        input_tokens: 9,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 4,
        output_tokens_details: { reasoning_tokens: 2 },
        total_tokens: 13,
      },
    })
    expect(c).toMatchObject({
      id: 'resp_42',
      model: 'gpt-x-2025',
      text: 'Calling.',
      reasoning: 'Think.',
      toolCalls: [
        {
          id: 'call_1',
          name: 'get_weather',
          arguments: '{"city":"Lima"}',
          parsedArguments: { city: 'Lima' },
        },
      ],
      usage: { input: 9, output: 4, reasoning: 2, cachedRead: 0, total: 13 },
      stopReason: 'completed',
      finish: 'tool_calls',
    })
  })

  it('maps an incomplete response cut by max_output_tokens to a length finish', () => {
    const c = parseResponse({
      id: 'r',
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [],
    })
    expect(c.stopReason).toBe('max_output_tokens')
    expect(c.finish).toBe('length')
  })
})

describe('responses fold', () => {
  it('folds reasoning summary parts, text deltas and response.completed usage', () => {
    const { events, folder } = foldRaw(responses, TEXT_STREAM)
    expect(joinDeltas(events)).toEqual([
      { type: 'meta', id: 'resp_1', model: 'gpt-x' },
      { type: 'reasoning', delta: 'Plan the answer.\n\nThen answer.' },
      { type: 'text', delta: 'Bonjour à tous' },
      { type: 'usage', usage: { input: 10, output: 20, reasoning: 12, cachedRead: 2, total: 30 } },
      { type: 'finish', stopReason: 'completed', finish: 'stop' },
    ])
    expect(folder.status).toBe('complete')
  })

  it('yields the same events whatever the chunk boundaries', () => {
    const whole = foldRaw(responses, TEXT_STREAM).events
    for (const size of [1, 3, 16, 100]) expect(foldRaw(responses, TEXT_STREAM, size).events).toEqual(whole)
    expect(foldRaw(responses, TOOL_STREAM, 1).events).toEqual(foldRaw(responses, TOOL_STREAM).events)
  })

  it('folds a function call from function_call_arguments deltas and ends it once', () => {
    const { events } = foldRaw(responses, TOOL_STREAM)
    expect(events.filter((e) => e.type.startsWith('toolCall'))).toEqual([
      { type: 'toolCallStart', index: 0, id: 'call_1', name: 'get_weather' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"city":' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '"Rome"}' },
      { type: 'toolCallEnd', index: 0, arguments: '{"city":"Rome"}', parsedArguments: { city: 'Rome' } },
    ])
    expect(events.at(-1)).toEqual({ type: 'finish', stopReason: 'completed', finish: 'tool_calls' })
  })

  it('recovers text the deltas missed from output_text.done', () => {
    const raw = sse([
      ev('response.output_text.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: 'Hel' }),
      ev('response.output_text.done', { item_id: 'm', output_index: 0, content_index: 0, text: 'Hello' }),
      ev('response.completed', { response: { id: 'r', status: 'completed' } }),
    ])
    expect(accumulate(foldRaw(responses, raw).events).text).toBe('Hello')
  })

  it('ends with one error event on an error event followed by response.failed', () => {
    const raw = sse([
      ev('response.created', { response: RESPONSE_IN_PROGRESS }),
      ev('response.output_text.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: 'Par' }),
      [
        'error',
        {
          type: 'error',
          code: 'server_error',
          message: 'The model crashed',
          param: null,
          sequence_number: 9,
        },
      ],
      ev('response.failed', {
        response: {
          ...RESPONSE_IN_PROGRESS,
          status: 'failed',
          error: { code: 'server_error', message: 'failed' },
        },
      }),
    ])
    const { events, folder } = foldRaw(responses, raw)
    expect(events.filter((e) => e.type === 'error')).toEqual([
      {
        type: 'error',
        code: 'server_error',
        message: 'The model crashed',
        raw: expect.objectContaining({ type: 'error' }),
      },
    ])
    expect(folder.status).toBe('error')
    expect(accumulate(events).text).toBe('Par')
  })

  it('turns response.failed into an error event with the response error', () => {
    const raw = sse([
      ev('response.failed', {
        response: { id: 'r', status: 'failed', error: { code: 'rate_limit_exceeded', message: 'Slow down' } },
      }),
    ])
    expect(foldRaw(responses, raw).events).toEqual([
      {
        type: 'error',
        code: 'rate_limit_exceeded',
        message: 'Slow down',
        raw: expect.objectContaining({ type: 'response.failed' }),
      },
    ])
  })

  it('completes on response.incomplete with a length finish', () => {
    const raw = sse([
      ev('response.incomplete', {
        response: { id: 'r', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } },
      }),
    ])
    const { events, folder } = foldRaw(responses, raw)
    expect(events).toEqual([{ type: 'finish', stopReason: 'max_output_tokens', finish: 'length' }])
    expect(folder.status).toBe('complete')
  })

  it('marks a stream without a terminal event incomplete', () => {
    const cut = TEXT_STREAM.slice(0, TEXT_STREAM.indexOf('event: response.completed'))
    const { events, folder } = foldRaw(responses, cut)
    expect(events.at(-1)).toEqual({
      type: 'incomplete',
      message: expect.stringContaining('response.completed'),
    })
    expect(folder.status).toBe('incomplete')
  })
})

describe('responses parseRequest', () => {
  it('reads the build tests’ bodies back into drafts that rebuild them, with nothing unmapped', () => {
    const flat: Draft = {
      ...extrasDraft,
      extras: { responses: { functionToolShape: 'flat', tool_choice: { type: 'file_search' } } },
    }
    const neutral: Draft = { ...baseDraft, thinking: { enabled: true } }
    for (const draft of [baseDraft, historyDraft, extrasDraft, flat, neutral]) {
      const body = build(draft).body
      const read = parseRequest(body)
      expect(read.unmapped).toEqual([])
      expect(build(read.draft).body).toEqual(body)
    }
  })

  it('reads a body as the SDK sends it, with typed items and flat tools, and lists what the form cannot hold', () => {
    const { draft, unmapped } = parseRequest({
      model: 'gpt-x',
      instructions: 'Be exact.',
      input: [
        { role: 'developer', content: 'Prefer tables.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Read these' },
            { type: 'input_image', image_url: 'data:image/jpeg;base64,/9j/4AAQ', detail: 'low' },
            { type: 'input_file', filename: 'notes.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
            { type: 'input_file', file_url: 'https://example.test/report.pdf' },
            { type: 'input_file', file_id: 'file-1' },
          ],
        },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_1',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_9',
          name: 'search',
          arguments: '{"q":"x"}',
          status: 'completed',
        },
        { type: 'function_call_output', call_id: 'call_9', output: 'three hits' },
      ],
      tools: [
        {
          type: 'function',
          name: 'search',
          description: 'Search',
          parameters: { type: 'object' },
          strict: true,
        },
        { type: 'web_search_preview', search_context_size: 'high' },
      ],
      tool_choice: { type: 'function', name: 'search' },
      text: { format: { type: 'json_schema', name: 'out', schema: { type: 'object' }, strict: true } },
      reasoning: { effort: 'high', summary: 'auto' },
      max_output_tokens: 500,
      stream: false,
      store: false,
      include: ['reasoning.encrypted_content'],
    })
    expect(draft).toEqual({
      model: 'gpt-x',
      stream: false,
      system: 'Be exact.',
      messages: [
        { role: 'developer', parts: [{ type: 'text', text: 'Prefer tables.' }] },
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Read these' },
            { type: 'image', mimeType: 'image/jpeg', data: '/9j/4AAQ', detail: 'low' },
            {
              type: 'file',
              filename: 'notes.pdf',
              mimeType: 'application/pdf',
              dataUrl: 'data:application/pdf;base64,JVBERi0=',
            },
            { type: 'file', url: 'https://example.test/report.pdf' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Checking.' },
            { type: 'toolCall', id: 'call_9', name: 'search', arguments: '{"q":"x"}' },
          ],
        },
        {
          role: 'tool',
          parts: [{ type: 'toolResult', callId: 'call_9', name: 'search', content: 'three hits' }],
        },
      ],
      maxTokens: 500,
      tools: [{ name: 'search', description: 'Search', parameters: { type: 'object' } }],
      toolChoice: { name: 'search' },
      responseFormat: { name: 'out', schema: { type: 'object' } },
      thinking: { enabled: true, effort: 'high' },
      extras: {
        responses: { web_search_preview: { search_context_size: 'high' }, functionToolShape: 'flat' },
      },
    })
    expect(unmapped).toEqual([
      'input[1].content[4]',
      'input[2]',
      'input[3].content[0].annotations',
      'input[3].id',
      'input[3].status',
      'input[4].id',
      'input[4].status',
      'tools[0].strict',
      'text.format.strict',
      'store',
      'include',
    ])
  })

  it('reads a string input as one user turn and keeps the valid part of odd extras', () => {
    const { draft, unmapped } = parseRequest({
      model: 'gpt-x',
      input: 'Hello',
      tools: [{ type: 'web_search' }, { type: 'function', description: 'no name' }],
      tool_choice: { type: 'mcp' },
      truncation: 'sometimes',
      metadata: { run: 7, team: 'a' },
      max_tool_calls: 2.5,
      reasoning: { effort: 'low', summary: 'concise' },
    })
    expect(draft).toEqual({
      model: 'gpt-x',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
      extras: { responses: { reasoning: { effort: 'low' }, metadata: { team: 'a' } } },
    })
    expect([...unmapped].sort()).toEqual(
      [
        'tools[0]',
        'tools[1]',
        'tool_choice',
        'truncation',
        'metadata.run',
        'max_tool_calls',
        'reasoning.summary',
      ].sort(),
    )
  })
})

import { describe, expect, it } from 'vitest'
import { build, chat, parseRequest, parseResponse } from '.'
import type { Draft } from '../draft'
import { accumulate } from '../runFold'
import { foldRaw, joinDeltas } from '../../../../test/fakes/sseFrames'

const chunk = (delta: object, finish: string | null = null, extra: object = {}): string =>
  `data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1730000000, model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`

// What a real server sends: a keep-alive comment, a first chunk without choices, the role, reasoning under both
// field names, text split mid-word (with a multi-byte character), a finish chunk with an empty delta, the
// usage chunk with `choices: []` (stream_options.include_usage), then [DONE].
const TEXT_STREAM =
  ': OPENROUTER PROCESSING\n\n' +
  `data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1730000000, model: 'gpt-x', choices: [] })}\n\n` +
  chunk({ role: 'assistant', content: '' }) +
  chunk({ reasoning_content: 'The user greets' }) +
  chunk({ reasoning: ', so greet back.' }) +
  chunk({ content: 'Hel' }) +
  chunk({ content: 'lo — ☃ wörld' }) +
  chunk({}, 'stop') +
  `data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1730000000, model: 'gpt-x', choices: [], usage: { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21, prompt_tokens_details: { cached_tokens: 4 }, completion_tokens_details: { reasoning_tokens: 5 } } })}\n\n` +
  'data: [DONE]\n\n'

// Two parallel tool calls streamed as fragments by index; usage rides on the finish chunk; no [DONE].
const TOOL_STREAM =
  chunk({
    role: 'assistant',
    content: null,
    tool_calls: [
      { index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } },
    ],
  }) +
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }) +
  chunk({
    tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } }],
  }) +
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }) +
  chunk({ tool_calls: [{ index: 1, function: { arguments: '{"tz":"CET"}' } }] }) +
  chunk({}, 'tool_calls', { usage: { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 } })

const baseDraft: Draft = {
  model: 'gpt-x',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
}

const historyDraft: Draft = {
  model: 'gpt-x',
  stream: true,
  system: 'Be brief.',
  temperature: 0.3,
  topP: 0.9,
  maxTokens: 256,
  stopSequences: ['END'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=', detail: 'high' },
        { type: 'image', url: 'https://example.test/cat.jpg' },
      ],
    },
    {
      role: 'assistant',
      parts: [{ type: 'toolCall', id: 'call_1', name: 'lookup', arguments: '{"q":"cat"}' }],
    },
    {
      role: 'tool',
      parts: [{ type: 'toolResult', callId: 'call_1', name: 'lookup', content: '{"found":true}' }],
    },
  ],
  tools: [
    {
      name: 'lookup',
      description: 'Look up',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    },
  ],
  toolChoice: { name: 'lookup' },
  responseFormat: { name: 'answer', schema: { type: 'object' } },
}

describe('chat build', () => {
  it('builds the chat completions body with system, images, tool history and stream options', () => {
    const req = build(historyDraft)
    expect(req.method).toBe('POST')
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.accept).toBe('text/event-stream')
    expect(req.body).toEqual({
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' } },
            { type: 'image_url', image_url: { url: 'https://example.test/cat.jpg' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', name: 'lookup', content: '{"found":true}' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 256,
      stop: ['END'],
      tools: [
        {
          type: 'function',
          function: {
            name: 'lookup',
            description: 'Look up',
            parameters: { type: 'object', properties: { q: { type: 'string' } } },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'lookup' } },
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } },
    })
  })

  it('sends a plain string for a single text part and omits stream_options when not streaming', () => {
    const req = build(baseDraft)
    expect(req.body).toEqual({ model: 'gpt-x', messages: [{ role: 'user', content: 'Hi' }], stream: false })
    expect(req.headers.accept).toBe('application/json')
  })

  it('places every chat extra at its exact place in the body', () => {
    const req = build({
      ...baseDraft,
      stream: true,
      extras: {
        chat: {
          thinking: { type: 'enabled' },
          enable_thinking: true,
          svc_thinking_to_content: true,
          thinking_config: { thinking_budget: 2048, include_thoughts: true },
          thinkingLevel: 'LOW',
          reasoning_effort: 'high',
          web_search_options: {
            search_context_size: 'medium',
            user_location: { approximate: { country: 'FR', city: 'Paris' } },
          },
          search_parameters: { mode: 'auto', return_citations: true },
          parameters: {
            enable_search: true,
            search_options: { region: 'eu', recency_days: 7 },
            incremental_output: true,
          },
          vendorSearch: 'extra_body',
        },
      },
    })
    expect(req.body).toMatchObject({
      thinking: { type: 'enabled' },
      enable_thinking: true,
      svc_thinking_to_content: true,
      extra_body: {
        vendor: {
          thinking_config: { thinking_budget: 2048, include_thoughts: true },
          tools: [{ vendorSearch: {} }],
        },
      },
      generationConfig: { thinkingConfig: { thinkingLevel: 'LOW' } },
      reasoning_effort: 'high',
      web_search_options: {
        search_context_size: 'medium',
        user_location: { type: 'approximate', approximate: { country: 'FR', city: 'Paris' } },
      },
      search_parameters: { mode: 'auto', return_citations: true },
      parameters: {
        enable_search: true,
        search_options: { region: 'eu', recency_days: 7 },
        incremental_output: true,
      },
    })
  })

  it('adds vendorSearch as a function tool and maps the neutral thinking knob to reasoning_effort', () => {
    const req = build({
      ...baseDraft,
      thinking: { enabled: true, effort: 'low' },
      extras: { chat: { vendorSearch: 'function' } },
    })
    expect(req.body.tools).toEqual([{ type: 'function', function: { name: 'vendorSearch' } }])
    expect(req.body.reasoning_effort).toBe('low')
  })
})

describe('chat parseResponse', () => {
  it('reads text, reasoning, tool calls, usage and the stop reason of a chat completion', () => {
    const c = parseResponse({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1730000000,
      model: 'gpt-x-2025',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            reasoning_content: 'Need weather.',
            tool_calls: [
              {
                id: 'call_w',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: {
        prompt_tokens: 50,
        completion_tokens: 20,
        total_tokens: 70,
        completion_tokens_details: { reasoning_tokens: 8 },
      },
    })
    expect(c).toMatchObject({
      id: 'chatcmpl-1',
      model: 'gpt-x-2025',
      text: '',
      reasoning: 'Need weather.',
      toolCalls: [
        {
          id: 'call_w',
          name: 'get_weather',
          arguments: '{"city":"Oslo"}',
          parsedArguments: { city: 'Oslo' },
        },
      ],
      usage: { input: 50, output: 20, reasoning: 8, total: 70 },
      stopReason: 'tool_calls',
      finish: 'tool_calls',
    })
  })

  it('maps length to a length finish and reads generated images from data URLs', () => {
    const c = parseResponse({
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'cut',
            images: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }],
          },
          finish_reason: 'length',
        },
      ],
    })
    expect(c.text).toBe('cut')
    expect(c.finish).toBe('length')
    expect(c.images).toEqual([{ mimeType: 'image/png', data: 'AAAA' }])
  })

  it('refuses a body that is not a JSON object', () => {
    expect(() => parseResponse('nope')).toThrow(/JSON object/)
  })

  it('reads an error body with message, type and code', () => {
    expect(
      chat.parseError(
        {
          error: {
            message: 'Invalid key',
            type: 'authentication_error',
            param: null,
            code: 'invalid_api_key',
          },
        },
        401,
      ),
    ).toEqual({
      status: 401,
      message: 'Invalid key',
      errorType: 'authentication_error',
      code: 'invalid_api_key',
      raw: {
        error: { message: 'Invalid key', type: 'authentication_error', param: null, code: 'invalid_api_key' },
      },
    })
  })
})

describe('chat fold', () => {
  it('folds a text stream with reasoning in both field names, usage on a choices-less chunk and [DONE]', () => {
    const { events, folder } = foldRaw(chat, TEXT_STREAM)
    expect(joinDeltas(events)).toEqual([
      { type: 'meta', id: 'chatcmpl-9', model: 'gpt-x' },
      { type: 'reasoning', delta: 'The user greets, so greet back.' },
      { type: 'text', delta: 'Hello — ☃ wörld' },
      { type: 'finish', stopReason: 'stop', finish: 'stop' },
      { type: 'usage', usage: { input: 12, output: 9, reasoning: 5, cachedRead: 4, total: 21 } },
    ])
    expect(folder.status).toBe('complete')
  })

  it('yields the same events whatever the chunk boundaries and line endings', () => {
    const whole = foldRaw(chat, TEXT_STREAM).events
    for (const size of [1, 2, 7, 64]) expect(foldRaw(chat, TEXT_STREAM, size).events).toEqual(whole)
    expect(foldRaw(chat, TEXT_STREAM.replace(/\n/g, '\r\n'), 5).events).toEqual(whole)
    expect(foldRaw(chat, TOOL_STREAM, 3).events).toEqual(foldRaw(chat, TOOL_STREAM).events)
  })

  it('assembles parallel tool call fragments by index and completes on a finish_reason without [DONE]', () => {
    const { events, folder } = foldRaw(chat, TOOL_STREAM)
    expect(events.filter((e) => e.type.startsWith('toolCall'))).toEqual([
      { type: 'toolCallStart', index: 0, id: 'call_a', name: 'get_weather' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"city":' },
      { type: 'toolCallStart', index: 1, id: 'call_b', name: 'get_time' },
      { type: 'toolCallDelta', index: 0, argumentsDelta: '"Paris"}' },
      { type: 'toolCallDelta', index: 1, argumentsDelta: '{"tz":"CET"}' },
      { type: 'toolCallEnd', index: 0, arguments: '{"city":"Paris"}', parsedArguments: { city: 'Paris' } },
      { type: 'toolCallEnd', index: 1, arguments: '{"tz":"CET"}', parsedArguments: { tz: 'CET' } },
    ])
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { input: 30, output: 20, total: 50 } },
      { type: 'finish', stopReason: 'tool_calls', finish: 'tool_calls' },
    ])
    expect(folder.status).toBe('complete')
    expect(accumulate(events).toolCalls.map((t) => t.parsedArguments)).toEqual([
      { city: 'Paris' },
      { tz: 'CET' },
    ])
  })

  it('ends with an error event on a mid-stream error and keeps the partial text', () => {
    const raw =
      chunk({ content: 'Partial ' }) +
      'data: {"error":{"message":"Upstream overloaded","type":"server_error","code":502}}\n\n' +
      chunk({ content: 'ignored' })
    const { events, folder } = foldRaw(chat, raw)
    expect(events.map((e) => e.type)).toEqual(['meta', 'text', 'error'])
    expect(events[2]).toMatchObject({
      type: 'error',
      message: 'Upstream overloaded',
      errorType: 'server_error',
      code: 502,
    })
    expect(folder.status).toBe('error')
    const c = accumulate(events)
    expect(c.text).toBe('Partial ')
    expect(c.error?.message).toBe('Upstream overloaded')
  })

  it('marks a stream that stops before finish_reason and [DONE] as incomplete', () => {
    const { events, folder } = foldRaw(chat, chunk({ content: 'Half a sen' }))
    expect(events.at(-1)).toEqual({ type: 'incomplete', message: expect.stringContaining('[DONE]') })
    expect(folder.status).toBe('incomplete')
    expect(accumulate(events)).toMatchObject({ text: 'Half a sen', incomplete: true })
  })

  it('reports a malformed frame as a warning and keeps folding', () => {
    const raw =
      chunk({ content: 'a' }) +
      'data: {"choices": [tru\n\n' +
      chunk({ content: 'b' }, 'stop') +
      'data: [DONE]\n\n'
    const { events } = foldRaw(chat, raw)
    expect(events.find((e) => e.type === 'warning')).toEqual({
      type: 'warning',
      message: expect.stringContaining('not a JSON object'),
      raw: '{"choices": [tru',
    })
    expect(accumulate(events).text).toBe('ab')
  })

  it('continues index-less fragments by id, as some servers send them', () => {
    const raw =
      chunk({
        tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'a', arguments: '{"n":' } }],
      }) +
      chunk({ tool_calls: [{ id: 'call_x', function: { arguments: '1}' } }] }) +
      chunk({ tool_calls: [{ id: 'call_y', type: 'function', function: { name: 'b', arguments: '{}' } }] }) +
      'data: [DONE]\n\n'
    const c = accumulate(foldRaw(chat, raw).events)
    expect(c.toolCalls.map((t) => [t.id, t.name, t.arguments])).toEqual([
      ['call_x', 'a', '{"n":1}'],
      ['call_y', 'b', '{}'],
    ])
    expect(c.finish).toBe('other')
  })

  it('ignores frames after [DONE]', () => {
    const folder = chat.createFolder()
    folder.push({ data: '[DONE]' })
    expect(
      folder.push({ data: JSON.stringify({ choices: [{ index: 0, delta: { content: 'late' } }] }) }),
    ).toEqual([])
    expect(folder.end()).toEqual([])
  })
})

describe('chat parseRequest', () => {
  it('reads the build tests’ bodies back into drafts that rebuild them, with nothing unmapped', () => {
    const extras: Draft = {
      ...baseDraft,
      stream: true,
      extras: {
        chat: {
          thinking: { type: 'enabled' },
          enable_thinking: true,
          svc_thinking_to_content: false,
          thinking_config: { thinking_budget: 2048, include_thoughts: true },
          thinkingLevel: 'LOW',
          reasoning_effort: 'high',
          web_search_options: { user_location: { approximate: { country: 'FR', city: 'Paris' } } },
          search_parameters: { mode: 'auto', return_citations: true },
          parameters: { enable_search: true, search_options: { region: 'eu', recency_days: 7 } },
          vendorSearch: 'extra_body',
        },
      },
    }
    const search: Draft = { ...baseDraft, extras: { chat: { vendorSearch: 'function' } } }
    for (const draft of [baseDraft, historyDraft, extras, search]) {
      const body = build(draft).body
      const read = parseRequest(body)
      expect(read.unmapped).toEqual([])
      expect(build(read.draft).body).toEqual(body)
    }
    // The history draft is already in the form build reads back, so it comes back unchanged.
    expect(parseRequest(build(historyDraft).body).draft).toEqual(historyDraft)
  })

  it('reads a body as an SDK sends it and lists the fields the form cannot hold', () => {
    const { draft, unmapped } = parseRequest({
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' } },
            { type: 'image_url', image_url: { url: 'https://example.test/cat.jpg' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } },
            { id: 'call_2', type: 'function', function: { name: 'lookup', arguments: '{"q":"dog"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"found":true}' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'no dog' }] },
        { role: 'user', content: 'Thanks', name: 'ann' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      max_tokens: 256,
      stop: 'END',
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Look up', parameters: { type: 'object' }, strict: true },
        },
      ],
      tool_choice: 'auto',
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } },
      reasoning_effort: 'low',
      extra_body: { vendor: { thinking_config: { thinking_budget: 1024, include_thoughts: true } } },
      web_search_options: {
        search_context_size: 'medium',
        user_location: { type: 'approximate', approximate: { country: 'FR' } },
      },
      logprobs: true,
      top_logprobs: 3,
      seed: null,
    })
    expect(draft).toEqual({
      model: 'gpt-x',
      stream: true,
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=', detail: 'high' },
            { type: 'image', url: 'https://example.test/cat.jpg' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'toolCall', id: 'call_1', name: 'lookup', arguments: '{"q":"cat"}' },
            { type: 'toolCall', id: 'call_2', name: 'lookup', arguments: '{"q":"dog"}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            { type: 'toolResult', callId: 'call_1', name: 'lookup', content: '{"found":true}' },
            { type: 'toolResult', callId: 'call_2', name: 'lookup', content: 'no dog' },
          ],
        },
        { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
      ],
      temperature: 0.3,
      maxTokens: 256,
      stopSequences: ['END'],
      tools: [{ name: 'lookup', description: 'Look up', parameters: { type: 'object' } }],
      toolChoice: 'auto',
      responseFormat: { name: 'answer', schema: { type: 'object' } },
      thinking: { enabled: true, effort: 'low' },
      extras: {
        chat: {
          thinking_config: { thinking_budget: 1024, include_thoughts: true },
          web_search_options: {
            search_context_size: 'medium',
            user_location: { type: 'approximate', approximate: { country: 'FR' } },
          },
        },
      },
    })
    // A null field means "unset" to servers, so `seed: null` is not listed.
    expect(unmapped).toEqual(['messages[5].name', 'tools[0].function.strict', 'logprobs', 'top_logprobs'])
  })

  it('lists fields of the wrong type or shape and keeps the rest of their object', () => {
    const { draft, unmapped } = parseRequest({
      model: 7,
      messages: [
        null,
        'hi',
        { role: 'alien', content: 'x' },
        {
          role: 'user',
          content: [
            { type: 'input_audio', input_audio: {} },
            { type: 'text', text: 5 },
            { type: 'text', text: 'ok' },
          ],
        },
        { role: 'assistant', content: 'sure', tool_calls: [{ id: 'c', type: 'custom', custom: {} }] },
      ],
      temperature: 'hot',
      stream_options: { include_usage: true },
      stop: [1, 'x'],
      tool_choice: 3,
      response_format: { type: 'json_object' },
      reasoning_effort: 'extreme',
      thinking: { type: 'maybe' },
      parameters: { enable_search: 'yes', incremental_output: true },
      extra_body: { vendor: { tools: [{ other: {} }] } },
    })
    expect(draft).toEqual({
      model: '',
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'ok' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'sure' }] },
      ],
      stopSequences: ['x'],
      extras: { chat: { parameters: { incremental_output: true } } },
    })
    expect([...unmapped].sort()).toEqual(
      [
        'model',
        'messages[0]',
        'messages[1]',
        'messages[2]',
        'messages[3].content[0]',
        'messages[3].content[1]',
        'messages[4].tool_calls[0]',
        'temperature',
        // stream_options without stream is the user's own, not build's
        'stream_options',
        'stop[0]',
        'reasoning_effort',
        'thinking',
        'parameters.enable_search',
        'extra_body.vendor.tools',
        'tool_choice',
        'response_format',
      ].sort(),
    )
  })

  it('takes the model and stream from the context when the body lacks them', () => {
    expect(parseRequest({ messages: [] }, { model: 'ctx-model', stream: true }).draft).toEqual({
      model: 'ctx-model',
      stream: true,
      messages: [],
    })
  })
})

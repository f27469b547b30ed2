import { describe, expect, it } from 'vitest'
import { SYNTH_ID_PREFIX } from '../adapter'
import type { Draft } from '../draft'
import { accumulate } from '../runFold'
import { build, native, NATIVE_RESPONSE_FORMAT_NAME, nativePath, parseRequest, parseResponse } from '.'
import { foldRaw, joinDeltas, sse } from '../../../../test/fakes/sseFrames'

const chunk = (parts: object[], usage: object, finishReason?: string): [undefined, object] => [
  undefined,
  {
    candidates: [{ content: { parts, role: 'model' }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    usageMetadata: usage,
    modelVersion: 'gem-x-001',
    responseId: 'resp-abc',
  },
]

// Thought parts first (includeThoughts), running usage totals, the last chunk with finishReason.
const TEXT_STREAM = sse([
  chunk([{ text: '**Planning** the reply', thought: true }], { promptTokenCount: 9, totalTokenCount: 9 }),
  chunk([{ text: 'Hello' }], {
    promptTokenCount: 9,
    candidatesTokenCount: 1,
    thoughtsTokenCount: 5,
    totalTokenCount: 15,
  }),
  chunk(
    [{ text: ', wörld ☃' }],
    { promptTokenCount: 9, candidatesTokenCount: 4, thoughtsTokenCount: 5, totalTokenCount: 18 },
    'STOP',
  ),
])

// A function call whole in one chunk, with its thoughtSignature beside it.
const TOOL_STREAM = sse([
  chunk(
    [{ functionCall: { name: 'get_weather', args: { city: 'Kyoto' } }, thoughtSignature: 'CtMBAVSoXO' }],
    { promptTokenCount: 20, candidatesTokenCount: 8, totalTokenCount: 28 },
    'STOP',
  ),
])

const baseDraft: Draft = {
  model: 'gem-x',
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
}

const historyDraft: Draft = {
  model: 'gem-x',
  stream: true,
  system: 'Be kind.',
  temperature: 0.4,
  topP: 0.8,
  topK: 20,
  maxTokens: 800,
  stopSequences: ['STOP!'],
  messages: [
    {
      role: 'user',
      parts: [
        { type: 'text', text: 'Look' },
        { type: 'image', mimeType: 'image/png', data: 'iVBOR' },
        { type: 'image', url: 'data:image/jpeg;base64,/9j/' },
        { type: 'image', url: 'https://example.test/x.png', mimeType: 'image/png' },
      ],
    },
    {
      role: 'assistant',
      parts: [
        {
          type: 'toolCall',
          id: `${SYNTH_ID_PREFIX}abc`,
          name: 'get_weather',
          arguments: '{"city":"Kyoto"}',
          signature: 'sig-A',
        },
        { type: 'toolCall', id: 'fc-real', name: 'get_time', arguments: '{}' },
      ],
    },
    {
      role: 'tool',
      parts: [
        {
          type: 'toolResult',
          callId: `${SYNTH_ID_PREFIX}abc`,
          name: 'get_weather',
          content: '{"temp":21}',
        },
      ],
    },
    {
      role: 'tool',
      parts: [{ type: 'toolResult', callId: 'fc-real', name: 'get_time', content: '10:00' }],
    },
  ],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
  toolChoice: { name: 'get_weather' },
  thinking: { enabled: true, budgetTokens: 1024 },
  extras: {
    native: {
      generationConfig: {
        responseModalities: ['TEXT', 'IMAGE'],
        thinkingConfig: { includeThoughts: false },
        imageConfig: { aspectRatio: '16:9', imageOutputOptions: { mimeType: 'image/jpeg' } },
      },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }],
      cachedContent: 'cachedContents/123',
      vendorSearch: true,
    },
  },
}

describe('native build', () => {
  it('builds contents, systemInstruction, generationConfig, tools and functionResponse parts', () => {
    const req = build(historyDraft)
    expect(req.path).toBe('/v1beta/models/gem-x:streamGenerateContent?alt=sse')
    expect(req.body).toEqual({
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Look' },
            { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
            { inlineData: { mimeType: 'image/jpeg', data: '/9j/' } },
            { fileData: { mimeType: 'image/png', fileUri: 'https://example.test/x.png' } },
          ],
        },
        {
          role: 'model',
          parts: [
            { functionCall: { name: 'get_weather', args: { city: 'Kyoto' } }, thoughtSignature: 'sig-A' },
            { functionCall: { id: 'fc-real', name: 'get_time', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { temp: 21 } } },
            { functionResponse: { id: 'fc-real', name: 'get_time', response: { result: '10:00' } } },
          ],
        },
      ],
      systemInstruction: { parts: [{ text: 'Be kind.' }] },
      generationConfig: {
        temperature: 0.4,
        topP: 0.8,
        topK: 20,
        maxOutputTokens: 800,
        stopSequences: ['STOP!'],
        responseModalities: ['TEXT', 'IMAGE'],
        thinkingConfig: { includeThoughts: false, thinkingBudget: 1024 },
        imageConfig: { aspectRatio: '16:9', imageOutputOptions: { mimeType: 'image/jpeg' } },
      },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Weather',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          ],
        },
        { vendorSearch: {} },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      cachedContent: 'cachedContents/123',
    })
  })

  it('uses the generateContent path when not streaming and the v1 prefix when asked', () => {
    expect(build(baseDraft).path).toBe('/v1beta/models/gem-x:generateContent')
    expect(nativePath('gem-x', true, 'v1')).toBe('/v1/models/gem-x:streamGenerateContent?alt=sse')
    expect(build(baseDraft).body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] })
  })

  it('maps structured output and explicit toolConfig, and turns thinking off with a zero budget', () => {
    const req = build({
      ...baseDraft,
      responseFormat: { name: 'out', schema: { type: 'object' } },
      thinking: { enabled: false },
      toolChoice: 'auto',
      extras: { native: { toolConfig: { functionCallingConfig: { mode: 'NONE' } } } },
    })
    expect(req.body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object' },
      thinkingConfig: { thinkingBudget: 0 },
    })
    expect(req.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } })
  })
})

describe('native parseResponse', () => {
  it('reads thought parts, text, function calls with signatures, images, usage and finishReason', () => {
    const c = parseResponse({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'thinking…', thought: true },
              { text: 'Here is a picture.' },
              { inlineData: { mimeType: 'image/png', data: 'iVBORw0' } },
              { functionCall: { name: 'save', args: { n: 1 } }, thoughtSignature: 'sig' },
            ],
          },
          finishReason: 'STOP',
          index: 0,
          safetyRatings: [],
        },
      ],
      usageMetadata: {
        promptTokenCount: 5,
        candidatesTokenCount: 7,
        thoughtsTokenCount: 3,
        cachedContentTokenCount: 2,
        totalTokenCount: 15,
      },
      modelVersion: 'gem-x-001',
      responseId: 'r-1',
    })
    expect(c).toMatchObject({
      id: 'r-1',
      model: 'gem-x-001',
      text: 'Here is a picture.',
      reasoning: 'thinking…',
      images: [{ mimeType: 'image/png', data: 'iVBORw0' }],
      toolCalls: [{ name: 'save', arguments: '{"n":1}', parsedArguments: { n: 1 }, signature: 'sig' }],
      usage: { input: 5, output: 7, reasoning: 3, cachedRead: 2, total: 15 },
      stopReason: 'STOP',
      finish: 'tool_calls',
    })
    expect(c.toolCalls[0]?.id.startsWith(SYNTH_ID_PREFIX)).toBe(true)
  })

  it('maps MAX_TOKENS to length and a blocked prompt to content_filter', () => {
    expect(
      parseResponse({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: 'MAX_TOKENS' }] })
        .finish,
    ).toBe('length')
    expect(parseResponse({ promptFeedback: { blockReason: 'SAFETY' } })).toMatchObject({
      stopReason: 'SAFETY',
      finish: 'content_filter',
    })
  })

  it('reads a whole answer by the stream folder’s rules, without calling a body lacking finishReason cut', () => {
    const body = {
      candidates: [
        { content: { parts: [{ text: 'Hi' }, { functionCall: { name: 'f', args: { a: [1] } } }] } },
      ],
    }
    const whole = parseResponse(body)
    expect(whole).toMatchObject({ text: 'Hi', warnings: [], stopReason: null, finish: null })
    expect(whole.incomplete).toBeUndefined()
    const streamed = accumulate(native.createFolder().push({ data: JSON.stringify(body) }))
    expect(whole.toolCalls.map(({ id: _id, ...call }) => call)).toEqual(
      streamed.toolCalls.map(({ id: _id, ...call }) => call),
    )
  })

  it('reads the native error body', () => {
    const body = { error: { code: 400, message: 'contents is required', status: 'INVALID_ARGUMENT' } }
    expect(native.parseError(body, 400)).toEqual({
      status: 400,
      code: 400,
      errorType: 'INVALID_ARGUMENT',
      message: 'contents is required',
      raw: body,
    })
  })
})

describe('native fold', () => {
  it('folds thoughts, text, running usage totals and the finish chunk', () => {
    const { events, folder } = foldRaw(native, TEXT_STREAM)
    expect(joinDeltas(events)).toEqual([
      { type: 'meta', id: 'resp-abc', model: 'gem-x-001', modelVersion: 'gem-x-001' },
      { type: 'reasoning', delta: '**Planning** the reply' },
      { type: 'usage', usage: { input: 9, total: 9 } },
      { type: 'text', delta: 'Hello' },
      { type: 'usage', usage: { input: 9, output: 1, reasoning: 5, total: 15 } },
      { type: 'text', delta: ', wörld ☃' },
      { type: 'usage', usage: { input: 9, output: 4, reasoning: 5, total: 18 } },
      { type: 'finish', stopReason: 'STOP', finish: 'stop' },
    ])
    expect(folder.status).toBe('complete')
    expect(accumulate(events)).toMatchObject({ text: 'Hello, wörld ☃', usage: { output: 4, total: 18 } })
  })

  it('yields the same events whatever the chunk boundaries and line endings', () => {
    const whole = foldRaw(native, TEXT_STREAM).events
    for (const size of [1, 5, 50]) expect(foldRaw(native, TEXT_STREAM, size).events).toEqual(whole)
    expect(foldRaw(native, TEXT_STREAM.replace(/\n/g, '\r'), 9).events).toEqual(whole)
  })

  it('folds a whole functionCall into start, one delta and end, keeping its thoughtSignature', () => {
    const { events } = foldRaw(native, TOOL_STREAM)
    const start = events.find((e) => e.type === 'toolCallStart')
    expect(start).toMatchObject({ index: 0, name: 'get_weather', signature: 'CtMBAVSoXO' })
    expect(events.filter((e) => e.type === 'toolCallDelta' || e.type === 'toolCallEnd')).toEqual([
      { type: 'toolCallDelta', index: 0, argumentsDelta: '{"city":"Kyoto"}' },
      { type: 'toolCallEnd', index: 0, arguments: '{"city":"Kyoto"}', parsedArguments: { city: 'Kyoto' } },
    ])
    expect(events.at(-1)).toEqual({ type: 'finish', stopReason: 'STOP', finish: 'tool_calls' })
    expect(accumulate(events).toolCalls[0]?.signature).toBe('CtMBAVSoXO')
  })

  it('yields generated images from inlineData parts', () => {
    const raw = sse([
      chunk([{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo' } }], { totalTokenCount: 3 }, 'STOP'),
    ])
    expect(foldRaw(native, raw).events).toContainEqual({
      type: 'image',
      mimeType: 'image/png',
      data: 'iVBORw0KGgo',
    })
  })

  it('ends with an error event on an error chunk and keeps the partial text', () => {
    const raw =
      sse([chunk([{ text: 'Once upon' }], { totalTokenCount: 2 })]) +
      sse([[undefined, { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }]])
    const { events, folder } = foldRaw(native, raw)
    expect(events.at(-1)).toEqual({
      type: 'error',
      code: 503,
      errorType: 'UNAVAILABLE',
      message: 'The model is overloaded.',
      raw: expect.anything(),
    })
    expect(folder.status).toBe('error')
    expect(accumulate(events).text).toBe('Once upon')
  })

  it('marks a stream without a finishReason chunk incomplete', () => {
    const cut = sse([chunk([{ text: 'Once upon' }], { totalTokenCount: 2 })])
    const { events, folder } = foldRaw(native, cut)
    expect(events.at(-1)).toEqual({ type: 'incomplete', message: expect.stringContaining('finishReason') })
    expect(folder.status).toBe('incomplete')
  })

  it('does not dispatch a last event that lacks its blank line, so a cut frame counts as missing', () => {
    const unterminated = TEXT_STREAM.slice(0, -2)
    expect(foldRaw(native, unterminated).folder.status).toBe('incomplete')
  })
})

describe('native parseRequest', () => {
  it('reads the build tests’ bodies back into drafts that rebuild them, with nothing unmapped', () => {
    const drafts: Draft[] = [
      baseDraft,
      historyDraft,
      {
        ...baseDraft,
        responseFormat: { name: 'out', schema: { type: 'object' } },
        thinking: { enabled: false },
        toolChoice: 'auto',
        extras: { native: { toolConfig: { functionCallingConfig: { mode: 'NONE' } } } },
      },
    ]
    for (const draft of drafts) {
      const body = build(draft).body
      const read = parseRequest(body, { model: draft.model, stream: draft.stream })
      expect(read.unmapped).toEqual([])
      expect(build(read.draft)).toEqual(build(draft))
    }
  })

  it('takes model and stream from the context, answers id-less calls by name and unwraps tool results', () => {
    const { draft, unmapped } = parseRequest(
      {
        contents: [
          {
            role: 'user',
            parts: [
              { text: 'Look' },
              { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
              { fileData: { mimeType: 'audio/mp3', fileUri: 'https://example.test/a.mp3' } },
            ],
          },
          {
            role: 'model',
            parts: [
              { text: 'Planning', thought: true },
              { functionCall: { name: 'get_weather', args: { city: 'Kyoto' } }, thoughtSignature: 'sig-A' },
              { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'get_weather', response: { temp: 21 } } },
              { functionResponse: { name: 'get_weather', response: { error: 'no station' } } },
            ],
          },
        ],
        systemInstruction: { role: 'user', parts: [{ text: 'Be kind.' }] },
        generationConfig: {
          temperature: 0.4,
          topK: 20,
          maxOutputTokens: 800,
          stopSequences: ['STOP!'],
          responseMimeType: 'application/json',
          responseJsonSchema: { type: 'object' },
          thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 },
          candidateCount: 1,
          seed: 5,
        },
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF', method: 'SEVERITY' }],
        tools: [
          {
            functionDeclarations: [
              { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
            ],
          },
          { vendorSearch: {} },
          { codeExecution: {} },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
        cachedContent: 'cachedContents/123',
        labels: { team: 'a' },
      },
      { model: 'gem-x', stream: true },
    )
    const calls = draft.messages[1]?.parts ?? []
    const [kyoto, oslo] = calls.map((p) => (p.type === 'toolCall' ? p.id : ''))
    expect(kyoto).toMatch(new RegExp(`^${SYNTH_ID_PREFIX}`))
    expect(oslo).not.toBe(kyoto)
    expect(draft).toEqual({
      model: 'gem-x',
      stream: true,
      system: 'Be kind.',
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Look' },
            { type: 'image', mimeType: 'image/png', data: 'iVBOR' },
            { type: 'file', url: 'https://example.test/a.mp3', mimeType: 'audio/mp3' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            {
              type: 'toolCall',
              id: kyoto,
              name: 'get_weather',
              arguments: '{"city":"Kyoto"}',
              signature: 'sig-A',
            },
            { type: 'toolCall', id: oslo, name: 'get_weather', arguments: '{"city":"Oslo"}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            { type: 'toolResult', callId: kyoto, name: 'get_weather', content: '{"temp":21}' },
            { type: 'toolResult', callId: oslo, name: 'get_weather', content: 'no station', isError: true },
          ],
        },
      ],
      temperature: 0.4,
      topK: 20,
      maxTokens: 800,
      stopSequences: ['STOP!'],
      responseFormat: { name: NATIVE_RESPONSE_FORMAT_NAME, schema: { type: 'object' } },
      thinking: { enabled: true, budgetTokens: 1024, includeThoughts: true },
      tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object' } }],
      toolChoice: { name: 'get_weather' },
      extras: {
        native: {
          generationConfig: { candidateCount: 1, seed: 5 },
          safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }],
          vendorSearch: true,
          cachedContent: 'cachedContents/123',
        },
      },
    })
    expect(unmapped).toEqual(['contents[1].parts[0]', 'safetySettings[0].method', 'tools[2]', 'labels'])
  })

  it('reads each tool result content back to the text that rebuilds its response object', () => {
    const contents = ['sunny', '42', '"42"', '', '{"a":1}', '{"result":5}', 'null', '[1,2]', 'true']
    for (const content of contents) {
      for (const isError of [undefined, true]) {
        const draft: Draft = {
          ...baseDraft,
          messages: [
            { role: 'assistant', parts: [{ type: 'toolCall', id: 'c1', name: 'f', arguments: '{}' }] },
            { role: 'tool', parts: [{ type: 'toolResult', callId: 'c1', name: 'f', content, isError }] },
          ],
        }
        const body = build(draft).body
        expect(build(parseRequest(body, { model: 'gem-x' }).draft).body).toEqual(body)
      }
    }
    const read = parseRequest({
      contents: [
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'c1', name: 'f', response: { result: 'sunny' } } }],
        },
      ],
    })
    expect(read.draft.messages).toEqual([
      { role: 'tool', parts: [{ type: 'toolResult', callId: 'c1', name: 'f', content: 'sunny' }] },
    ])
  })

  it('lists odd parts and fields, keeping the valid rest of open generationConfig extras', () => {
    const { draft, unmapped } = parseRequest({
      model: 'gem-x',
      stream: true,
      contents: [
        { role: 'function', parts: [] },
        {
          parts: [
            { text: 'hi', thoughtSignature: 's' },
            { functionCall: { args: {} } },
            { inlineData: { mimeType: 'image/png' } },
            { executableCode: { code: '1' } },
          ],
        },
        { role: 'model', parts: 'nope' },
      ],
      systemInstruction: 'Be kind',
      generationConfig: {
        temperature: 'warm',
        responseModalities: ['TEXT', 'SMELL'],
        thinkingConfig: { thinkingBudget: 'x' },
      },
      toolConfig: { functionCallingConfig: { mode: 'SOMETIMES' } },
      tools: 'all',
    })
    expect(draft).toEqual({
      model: '',
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', parts: [] },
      ],
      extras: { native: { generationConfig: { responseModalities: ['TEXT'], thinkingConfig: {} } } },
    })
    expect([...unmapped].sort()).toEqual(
      [
        'model',
        'stream',
        'contents[0]',
        'contents[1].parts[0].thoughtSignature',
        'contents[1].parts[1]',
        'contents[1].parts[2]',
        'contents[1].parts[3]',
        'contents[2].parts',
        'systemInstruction',
        'generationConfig.temperature',
        'generationConfig.responseModalities[1]',
        'generationConfig.thinkingConfig.thinkingBudget',
        'toolConfig',
        'tools',
      ].sort(),
    )
  })
})

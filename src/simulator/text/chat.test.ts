import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../server'
import { jsonEvents, postJson, readSse, startSimulator } from '../../../test/fakes/simulatorClient'
import { checkSchema } from './schema'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city', 'unit'],
    },
  },
}
const timeTool = {
  type: 'function',
  function: {
    name: 'get_time',
    description: 'Current local time in a timezone',
    parameters: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
  },
}

describe('chat completions', () => {
  let sim: RunningSimulator
  const chat = async (body: Json, headers: Record<string, string> = {}) => {
    const response = await postJson(sim, '/v1/chat/completions', { model: 'gpt-4o', ...body }, headers)
    return { status: response.status, body: (await response.json()) as Json }
  }
  const stream = async (body: Json) =>
    readSse(await postJson(sim, '/v1/chat/completions', { model: 'gpt-4o', stream: true, ...body }))

  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('answers a chat.completion that says it is simulated and quotes the last user message', async () => {
    const { status, body } = await chat({
      messages: [{ role: 'user', content: 'Tell me about the Eiffel Tower' }],
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      id: expect.stringMatching(/^chatcmpl-/),
    })
    const choice = body.choices[0]
    expect(choice).toMatchObject({ index: 0, finish_reason: 'stop', message: { role: 'assistant' } })
    expect(choice.message.content).toContain('simulated')
    expect(choice.message.content).toContain('Tell me about the Eiffel Tower')
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens)
    expect(body.usage.completion_tokens_details).toEqual({ reasoning_tokens: 0 })
  })

  it('is deterministic for the same request', async () => {
    const request = { messages: [{ role: 'user', content: 'Same question twice' }] }
    const [a, b] = await Promise.all([chat(request), chat(request)])
    expect(a.body.choices[0].message.content).toBe(b.body.choices[0].message.content)
    expect(a.body.usage).toEqual(b.body.usage)
  })

  it('streams chunks: role first, content pieces, a finish chunk, the usage chunk and [DONE]', async () => {
    const read = await stream({
      messages: [{ role: 'user', content: 'Stream please' }],
      stream_options: { include_usage: true },
    })
    expect(read.events.every((event) => event.event === undefined)).toBe(true)
    expect(read.events.at(-1)?.data).toBe('[DONE]')
    const chunks = jsonEvents(read).map((event) => event.data as Json)
    expect(chunks[0]?.choices[0].delta).toMatchObject({ role: 'assistant' })
    expect(
      chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0]?.id),
    ).toBe(true)
    const finish = chunks.at(-2)
    expect(finish?.choices[0]).toMatchObject({ finish_reason: 'stop', delta: {} })
    const usageChunk = chunks.at(-1)
    expect(usageChunk?.choices).toEqual([])
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')
    expect(text).toContain('Stream please')
    const nonStream = await chat({ messages: [{ role: 'user', content: 'Stream please' }] })
    expect(text).toBe(nonStream.body.choices[0].message.content)
    expect(usageChunk?.usage).toEqual(nonStream.body.usage)
  })

  it('sends no usage chunk unless stream_options.include_usage is true', async () => {
    const chunks = jsonEvents(await stream({ messages: [{ role: 'user', content: 'Hi' }] })).map(
      (e) => e.data as Json,
    )
    expect(chunks.every((chunk) => chunk.choices.length === 1 && !('usage' in chunk))).toBe(true)
  })

  it('calls a tool the user mentions, with arguments that satisfy its schema', async () => {
    const { body } = await chat({
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [weatherTool, timeTool],
    })
    const choice = body.choices[0]
    expect(choice.finish_reason).toBe('tool_calls')
    expect(choice.message.content).toBeNull()
    expect(choice.message.tool_calls).toHaveLength(1)
    const call = choice.message.tool_calls[0]
    expect(call).toMatchObject({
      id: expect.stringMatching(/^call_/),
      type: 'function',
      function: { name: 'get_weather' },
    })
    const args = JSON.parse(call.function.arguments)
    expect(checkSchema(weatherTool.function.parameters, args)).toEqual([])
    expect(args.city).toBe('Paris')
  })

  it('answers in text when tool_choice is auto and no tool is mentioned, and never calls with none', async () => {
    const auto = await chat({ messages: [{ role: 'user', content: 'Write a haiku' }], tools: [weatherTool] })
    expect(auto.body.choices[0].finish_reason).toBe('stop')
    const none = await chat({
      messages: [{ role: 'user', content: 'weather in Paris' }],
      tools: [weatherTool],
      tool_choice: 'none',
    })
    expect(none.body.choices[0].message.tool_calls).toBeUndefined()
  })

  it('forces a named tool and calls several matching tools in parallel', async () => {
    const forced = await chat({
      messages: [{ role: 'user', content: 'Write a haiku' }],
      tools: [weatherTool, timeTool],
      tool_choice: { type: 'function', function: { name: 'get_time' } },
    })
    expect(forced.body.choices[0].message.tool_calls.map((c: Json) => c.function.name)).toEqual(['get_time'])
    const parallel = await chat({
      messages: [{ role: 'user', content: 'What is the weather and the local time in Rome?' }],
      tools: [weatherTool, timeTool],
    })
    expect(parallel.body.choices[0].message.tool_calls.map((c: Json) => c.function.name)).toEqual([
      'get_weather',
      'get_time',
    ])
    const serial = await chat({
      messages: [{ role: 'user', content: 'What is the weather and the local time in Rome?' }],
      tools: [weatherTool, timeTool],
      parallel_tool_calls: false,
    })
    expect(serial.body.choices[0].message.tool_calls).toHaveLength(1)
  })

  it('streams tool calls as indexed fragments whose arguments join to the JSON', async () => {
    const chunks = jsonEvents(
      await stream({
        messages: [{ role: 'user', content: 'weather and time in Oslo' }],
        tools: [weatherTool, timeTool],
      }),
    ).map((e) => e.data as Json)
    const fragments = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])
    const heads = fragments.filter((fragment: Json) => fragment.id)
    expect(
      heads.map((head: Json) => [head.index, head.type, head.function.name, head.function.arguments]),
    ).toEqual([
      [0, 'function', 'get_weather', ''],
      [1, 'function', 'get_time', ''],
    ])
    const args = [0, 1].map((index) =>
      fragments
        .filter((f: Json) => f.index === index)
        .map((f: Json) => f.function.arguments)
        .join(''),
    )
    expect(JSON.parse(args[0] ?? '')).toMatchObject({ city: 'Oslo' })
    expect(JSON.parse(args[1] ?? '')).toHaveProperty('timezone')
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('tool_calls')
  })

  it('answers with the tool result when the next request carries it', async () => {
    const { body } = await chat({
      messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temperature":21,"sky":"sunny"}' },
      ],
      tools: [weatherTool],
    })
    const message = body.choices[0].message
    expect(body.choices[0].finish_reason).toBe('stop')
    expect(message.content).toContain('get_weather')
    expect(message.content).toContain('"temperature":21')
  })

  it('returns JSON that validates against response_format json_schema', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'integer', minimum: 0 },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'age', 'tags'],
      additionalProperties: false,
    }
    const { body } = await chat({
      messages: [{ role: 'user', content: 'Describe Ada Lovelace' }],
      response_format: { type: 'json_schema', json_schema: { name: 'person', schema, strict: true } },
    })
    const parsed = JSON.parse(body.choices[0].message.content)
    expect(checkSchema(schema, parsed)).toEqual([])
  })

  it('reasons with a -thinking suffix and reports reasoning tokens', async () => {
    const { body } = await chat({
      model: 'deepseek-r1-thinking',
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
    })
    const message = body.choices[0].message
    expect(message.reasoning_content).toContain('Simulated reasoning')
    expect(body.usage.completion_tokens_details.reasoning_tokens).toBeGreaterThan(0)
    expect(body.usage.completion_tokens).toBeGreaterThan(
      body.usage.completion_tokens_details.reasoning_tokens,
    )
    const off = await chat({
      model: 'deepseek-r1-nothinking',
      reasoning_effort: 'high',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(off.body.choices[0].message.reasoning_content).toBeUndefined()
  })

  it('reasons for thinking{type:enabled} and reasoning_effort, streaming reasoning_content before content', async () => {
    const enabled = await chat({ thinking: { type: 'enabled' }, messages: [{ role: 'user', content: 'Hi' }] })
    expect(enabled.body.choices[0].message.reasoning_content).toBeTruthy()
    const chunks = jsonEvents(
      await stream({ reasoning_effort: 'low', messages: [{ role: 'user', content: 'Hi' }] }),
    ).map((e) => e.data as Json)
    const kinds = chunks.map((chunk) => Object.keys(chunk.choices[0]?.delta ?? {}).join(','))
    const firstReasoning = kinds.indexOf('reasoning_content')
    const firstContent = kinds.findIndex((kind, index) => index > 0 && kind === 'content')
    expect(firstReasoning).toBeGreaterThan(0)
    expect(firstContent).toBeGreaterThan(firstReasoning)
  })

  it('honours enable_thinking and thinking_config only when streaming', async () => {
    const nonStream = await chat({ enable_thinking: true, messages: [{ role: 'user', content: 'Hi' }] })
    expect(nonStream.body.choices[0].message.reasoning_content).toBeUndefined()
    expect(nonStream.body.usage.completion_tokens_details.reasoning_tokens).toBe(0)
    const streamed = jsonEvents(
      await stream({ enable_thinking: true, messages: [{ role: 'user', content: 'Hi' }] }),
    )
    expect(streamed.some((e) => (e.data as Json).choices[0]?.delta.reasoning_content)).toBe(true)
    const vendor = jsonEvents(
      await stream({
        extra_body: { vendor: { thinking_config: { thinking_budget: 2048, include_thoughts: true } } },
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    )
    expect(vendor.some((e) => (e.data as Json).choices[0]?.delta.reasoning_content)).toBe(true)
    const vendorOff = await chat({
      extra_body: { vendor: { thinking_config: { thinking_budget: 2048, include_thoughts: true } } },
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(vendorOff.body.choices[0].message.reasoning_content).toBeUndefined()
  })

  it('inlines reasoning into content with svc_thinking_to_content', async () => {
    const { body } = await chat({
      model: 'm-thinking',
      svc_thinking_to_content: true,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    const message = body.choices[0].message
    expect(message.reasoning_content).toBeUndefined()
    expect(message.content).toMatch(
      /^<think>\nSimulated reasoning[\s\S]*<\/think>\n\nThis is a simulated answer/,
    )
  })

  it('stops at a stop sequence and at max_tokens with finish_reason length', async () => {
    const stopped = await chat({ messages: [{ role: 'user', content: 'Hi' }], stop: ['answer'] })
    expect(stopped.body.choices[0].message.content).toBe('This is a simulated ')
    expect(stopped.body.choices[0].finish_reason).toBe('stop')
    const capped = await chat({ messages: [{ role: 'user', content: 'Hi' }], max_tokens: 5 })
    expect(capped.body.choices[0].finish_reason).toBe('length')
    expect(capped.body.usage.completion_tokens).toBeLessThanOrEqual(5)
  })

  it('produces about n tokens of markdown for the sim:tokens=<n> trigger', async () => {
    const { body } = await chat({ messages: [{ role: 'user', content: 'sim:tokens=2000 go' }] })
    expect(body.usage.completion_tokens).toBeGreaterThan(1500)
    expect(body.choices[0].message.content).toContain('```ts')
  })

  it('runs the vendorSearch tool itself instead of returning it as a call', async () => {
    const search = {
      type: 'function',
      function: { name: 'vendorSearch', description: 'Search the web', parameters: {} },
    }
    const viaTool = await chat({
      messages: [{ role: 'user', content: 'Search the web for news' }],
      tools: [search],
    })
    expect(viaTool.body.choices[0].message.tool_calls).toBeUndefined()
    expect(viaTool.body.choices[0].message.content).toContain('Simulated search')
    const viaExtra = await chat({
      messages: [{ role: 'user', content: 'Latest news' }],
      extra_body: { vendor: { tools: [{ vendorSearch: {} }] } },
    })
    expect(viaExtra.body.choices[0].message.content).toContain('Simulated search')
    const plain = await chat({ messages: [{ role: 'user', content: 'Latest news' }] })
    expect(plain.body.choices[0].message.content).not.toContain('Simulated search')
  })

  it('validates the request with the openai error shape', async () => {
    const cases: [Json, string][] = [
      [{ messages: [{ role: 'user', content: 'x' }], temperature: 2.5 }, 'temperature'],
      [{ messages: [{ role: 'user', content: 'x' }], top_p: 1.5 }, 'top_p'],
      [{ messages: [] }, 'messages'],
      [{ model: undefined, messages: [{ role: 'user', content: 'x' }] }, 'model'],
      [{ messages: [{ role: 'user', content: 'x' }], enable_search: true }, 'enable_search'],
      [{ messages: [{ role: 'user', content: 'x' }], max_tokens: 0 }, 'max_tokens'],
    ]
    for (const [body, param] of cases) {
      const result = await chat(body)
      expect(result.status, param).toBe(400)
      expect(result.body).toEqual({
        error: { message: expect.any(String), type: 'invalid_request_error', param, code: null },
      })
    }
  })

  it('answers a missing- model with a 404 model_not_found error', async () => {
    const { status, body } = await chat({
      model: 'missing-model',
      messages: [{ role: 'user', content: 'x' }],
    })
    expect(status).toBe(404)
    expect(body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'model_not_found',
      param: 'model',
    })
  })
})

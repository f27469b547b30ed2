// Conformance: the official `openai` SDK, unmodified, against a simulator started here. Chat completions
// (create, the stream() helper with tool calls, parse() with a zod schema) and responses (create, stream()
// with a function call, previous_response_id). Every case checks what the SDK hands back.
import OpenAI from 'openai'
import { zodResponseFormat } from 'openai/helpers/zod'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city', 'unit'],
      additionalProperties: false,
    },
  },
}

let sim: RunningSimulator
let client: OpenAI

beforeAll(async () => {
  sim = await createSimulator()
  client = new OpenAI({ apiKey: sim.options.apiKey, baseURL: `${sim.baseUrl}/v1`, maxRetries: 0 })
})
afterAll(async () => {
  await sim.close()
})

describe('openai SDK: chat completions', () => {
  it('create() returns the simulated text and consistent usage', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'Name three rivers in Europe' },
      ],
    })
    const message = completion.choices[0]?.message
    expect(message?.role).toBe('assistant')
    expect(message?.content).toContain('Name three rivers in Europe')
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0),
    )
    expect(completion.usage?.completion_tokens).toBeGreaterThan(10)
  })

  it('stream() helper assembles streamed text and the usage chunk', async () => {
    const stream = client.chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Stream a short answer' }],
      stream_options: { include_usage: true },
    })
    const deltas: string[] = []
    stream.on('content', (delta) => deltas.push(delta))
    const final = await stream.finalChatCompletion()
    expect(deltas.length).toBeGreaterThan(5)
    expect(final.choices[0]?.message.content).toBe(deltas.join(''))
    expect(final.choices[0]?.message.content).toContain('Stream a short answer')
    expect(final.usage?.completion_tokens).toBeGreaterThan(0)
  })

  it('stream() helper assembles parallel tool calls with parsed arguments, and the tool result round trip', async () => {
    const timeTool = {
      type: 'function' as const,
      function: {
        name: 'get_time',
        description: 'Current local time in a timezone',
        parameters: {
          type: 'object',
          properties: { timezone: { type: 'string' } },
          required: ['timezone'],
          additionalProperties: false,
        },
      },
    }
    const stream = client.chat.completions.stream({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'What is the weather and the local time in Vienna?' }],
      tools: [weatherTool, timeTool],
    })
    const done: string[] = []
    stream.on('tool_calls.function.arguments.done', (event) => done.push(event.name))
    const final = await stream.finalChatCompletion()
    const message = final.choices[0]?.message
    expect(final.choices[0]?.finish_reason).toBe('tool_calls')
    const calls = (message?.tool_calls ?? []).flatMap((call) => (call.type === 'function' ? [call] : []))
    expect(calls.map((call) => call.function.name)).toEqual(['get_weather', 'get_time'])
    expect(done).toEqual(['get_weather', 'get_time'])
    const args = JSON.parse(calls[0]?.function.arguments ?? '{}') as { city: string; unit: string }
    expect(args.city).toBe('Vienna')
    expect(['celsius', 'fahrenheit']).toContain(args.unit)

    const answer = await client.chat.completions.create({
      model: 'gpt-4o',
      tools: [weatherTool, timeTool],
      messages: [
        { role: 'user', content: 'What is the weather and the local time in Vienna?' },
        { role: 'assistant', content: null, tool_calls: message?.tool_calls ?? [] },
        ...calls.map((call) => ({
          role: 'tool' as const,
          tool_call_id: call.id,
          content: `{"${call.function.name}":"ok-42"}`,
        })),
      ],
    })
    expect(answer.choices[0]?.message.content).toContain('ok-42')
    expect(answer.choices[0]?.message.tool_calls).toBeUndefined()
  })

  it('parse() with a zod response format yields a parsed object', async () => {
    const Person = z.object({ name: z.string(), age: z.number().int(), languages: z.array(z.string()) })
    const completion = await client.chat.completions.parse({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Describe Grace Hopper' }],
      response_format: zodResponseFormat(Person, 'person'),
    })
    const parsed = completion.choices[0]?.message.parsed
    expect(parsed).not.toBeNull()
    expect(Person.parse(parsed)).toEqual(parsed)
  })

  it('surfaces a missing- model as NotFoundError and a bad key as AuthenticationError', async () => {
    await expect(
      client.chat.completions.create({ model: 'missing-gpt', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    const badKey = new OpenAI({ apiKey: 'wrong', baseURL: `${sim.baseUrl}/v1`, maxRetries: 0 })
    await expect(
      badKey.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError)
  })

  it('retries a 429 with retry-after-ms and succeeds (fault once per key)', async () => {
    const retrying = new OpenAI({ apiKey: sim.options.apiKey, baseURL: `${sim.baseUrl}/v1`, maxRetries: 2 })
    const { data, response } = await retrying.chat.completions
      .create(
        { model: 'gpt-4o', messages: [{ role: 'user', content: 'Retry me' }] },
        { headers: { 'x-sim-fault': '429:0.02', 'x-sim-fault-once': `sdk-retry-${Date.now()}` } },
      )
      .withResponse()
    expect(response.headers.get('x-sim-attempt')).toBe('2')
    expect(data.choices[0]?.message.content).toContain('Retry me')
  })

  it('surfaces a mid-stream error chunk as an APIError', async () => {
    const stream = client.chat.completions.stream(
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] },
      { headers: { 'x-sim-fault': 'error:3' } },
    )
    await expect(stream.finalChatCompletion()).rejects.toBeInstanceOf(OpenAI.APIError)
  })
})

describe('openai SDK: responses', () => {
  const lookupTool = {
    type: 'function' as const,
    name: 'lookup_order',
    description: 'Look up an order status by order number',
    strict: true,
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' } },
      required: ['order_id'],
      additionalProperties: false,
    },
  }

  it('create() returns output_text and usage', async () => {
    const response = await client.responses.create({
      model: 'gpt-4o',
      input: 'Summarise the plot of Hamlet',
      instructions: 'Be brief',
    })
    expect(response.status).toBe('completed')
    expect(response.output_text).toContain('Summarise the plot of Hamlet')
    expect(response.usage?.total_tokens).toBe(
      (response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0),
    )
  })

  it('stream() helper yields text deltas and a final response with reasoning', async () => {
    const stream = client.responses.stream({
      model: 'gpt-5',
      input: 'Plan a weekend in Porto',
      reasoning: { effort: 'low', summary: 'auto' },
    })
    const deltas: string[] = []
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta))
    const final = await stream.finalResponse()
    expect(final.output_text).toBe(deltas.join(''))
    expect(final.output.map((item) => item.type)).toEqual(['reasoning', 'message'])
    expect(final.usage?.output_tokens_details.reasoning_tokens).toBeGreaterThan(0)
  })

  it('stream() helper with a function call, then the output continues through previous_response_id', async () => {
    const stream = client.responses.stream({
      model: 'gpt-4o',
      input: [{ role: 'user', content: 'Where is my order 7781?' }],
      tools: [lookupTool],
    })
    const argDeltas: string[] = []
    stream.on('response.function_call_arguments.delta', (event) => argDeltas.push(event.delta))
    const final = await stream.finalResponse()
    const call = final.output.find((item) => item.type === 'function_call')
    if (call?.type !== 'function_call') throw new Error('expected a function_call item')
    expect(call.name).toBe('lookup_order')
    expect(argDeltas.join('')).toBe(call.arguments)
    expect(typeof (JSON.parse(call.arguments) as { order_id: unknown }).order_id).toBe('string')

    const next = await client.responses.create({
      model: 'gpt-4o',
      previous_response_id: final.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"status":"delivered"}' }],
      tools: [lookupTool],
    })
    expect(next.output_text).toContain('delivered')
  })
})

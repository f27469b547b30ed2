import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../server'
import { API_KEY, jsonEvents, postJson, readSse, startSimulator } from '../../../test/fakes/simulatorClient'
import { checkSchema } from './schema'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const searchTool = {
  name: 'search_docs',
  description: 'Search the product documentation',
  input_schema: {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 10 } },
    required: ['query', 'limit'],
  },
}

const longText = 'The quick brown fox jumps over the lazy dog. '.repeat(150)

describe('messages', () => {
  let sim: RunningSimulator
  const send = async (body: Json, path = '/v1/messages', headers: Record<string, string> = {}) => {
    const response = await postJson(
      sim,
      path,
      { model: 'claude-sonnet-4-6', max_tokens: 1024, ...body },
      headers,
    )
    return { status: response.status, body: (await response.json()) as Json }
  }
  const stream = async (body: Json) =>
    readSse(
      await postJson(sim, '/v1/messages', {
        model: 'claude-sonnet-4-6',
        max_tokens: 4096,
        stream: true,
        ...body,
      }),
    )

  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('answers a message object with a text block, end_turn and usage', async () => {
    const { status, body } = await send({
      system: 'You are terse.',
      messages: [{ role: 'user', content: 'Describe Kyoto' }],
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      stop_reason: 'end_turn',
      stop_sequence: null,
    })
    expect(body.id).toMatch(/^msg_/)
    expect(body.content).toHaveLength(1)
    expect(body.content[0].type).toBe('text')
    expect(body.content[0].text).toContain('Describe Kyoto')
    expect(body.usage).toEqual({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    })
  })

  it('streams message_start → block events → message_delta → message_stop with event names equal to data.type', async () => {
    const read = await stream({ messages: [{ role: 'user', content: 'Hello' }] })
    const events = jsonEvents(read)
    expect(events.every((event) => event.event === event.data.type)).toBe(true)
    const types = events.map((event) => event.data.type).filter((type) => type !== 'content_block_delta')
    expect(types).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
    const start = events[0]?.data as Json
    expect(start.message).toMatchObject({ content: [], stop_reason: null, usage: { output_tokens: 0 } })
    const text = events
      .filter((event) => event.data.type === 'content_block_delta')
      .map((event) => (event.data as Json).delta.text)
      .join('')
    expect(text).toContain('Hello')
    const delta = events.at(-2)?.data as Json
    expect(delta.delta).toEqual({ stop_reason: 'end_turn', stop_sequence: null })
    expect(delta.usage.output_tokens).toBeGreaterThan(0)
    expect(read.raw.endsWith('\n\n')).toBe(true)
  })

  it('streams thinking deltas then one signature_delta before the thinking block stops', async () => {
    const events = jsonEvents(
      await stream({
        thinking: { type: 'enabled', budget_tokens: 2048 },
        messages: [{ role: 'user', content: 'Why?' }],
      }),
    ).map((event) => event.data as Json)
    const start = events.find((event) => event.type === 'content_block_start')
    expect(start?.content_block).toEqual({ type: 'thinking', thinking: '', signature: '' })
    const thinkingDeltas = events.filter((event) => event.index === 0 && event.type === 'content_block_delta')
    expect(thinkingDeltas.at(-1)?.delta.type).toBe('signature_delta')
    expect(thinkingDeltas.slice(0, -1).every((event) => event.delta.type === 'thinking_delta')).toBe(true)
    const stopIndex = events.findIndex((event) => event.type === 'content_block_stop' && event.index === 0)
    expect(events[stopIndex - 1]?.delta.type).toBe('signature_delta')
    const textStart = events.find((event) => event.type === 'content_block_start' && event.index === 1)
    expect(textStart?.content_block).toEqual({ type: 'text', text: '' })
  })

  it('returns a thinking block with a signature for a -thinking model suffix', async () => {
    const { body } = await send({
      model: 'claude-sonnet-4-6-thinking',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(body.content.map((block: Json) => block.type)).toEqual(['thinking', 'text'])
    expect(body.content[0].signature).toMatch(/^[A-Za-z0-9+/=]{20,}$/)
  })

  it('uses a tool with schema-valid input, streamed as input_json_delta from an empty input', async () => {
    const plain = await send({
      messages: [{ role: 'user', content: 'Search the docs for rate limits' }],
      tools: [searchTool],
    })
    expect(plain.body.stop_reason).toBe('tool_use')
    const toolUse = plain.body.content.find((block: Json) => block.type === 'tool_use')
    expect(toolUse).toMatchObject({ name: 'search_docs', id: expect.stringMatching(/^toolu_/) })
    expect(checkSchema(searchTool.input_schema, toolUse.input)).toEqual([])

    const events = jsonEvents(
      await stream({
        messages: [{ role: 'user', content: 'Search the docs for rate limits' }],
        tools: [searchTool],
      }),
    ).map((event) => event.data as Json)
    const start = events.find((event) => event.type === 'content_block_start')
    expect(start?.content_block).toMatchObject({ type: 'tool_use', name: 'search_docs', input: {} })
    const pieces = events
      .filter((event) => event.delta?.type === 'input_json_delta')
      .map((event) => event.delta.partial_json)
    expect(pieces[0]).toBe('')
    expect(checkSchema(searchTool.input_schema, JSON.parse(pieces.join('')))).toEqual([])
  })

  it('forces tool use with tool_choice any/tool and answers the tool_result in text', async () => {
    const forced = await send({
      messages: [{ role: 'user', content: 'Hello' }],
      tools: [searchTool],
      tool_choice: { type: 'tool', name: 'search_docs' },
    })
    const toolUse = forced.body.content.find((block: Json) => block.type === 'tool_use')
    expect(toolUse.name).toBe('search_docs')
    const any = await send({
      messages: [{ role: 'user', content: 'Hello' }],
      tools: [searchTool],
      tool_choice: { type: 'any' },
    })
    expect(any.body.stop_reason).toBe('tool_use')

    const answer = await send({
      tools: [searchTool],
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: [toolUse] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Limits are 60 rpm.' }],
        },
      ],
    })
    expect(answer.body.stop_reason).toBe('end_turn')
    expect(answer.body.content[0].text).toContain('Limits are 60 rpm.')
  })

  it('honours stop_sequences and max_tokens', async () => {
    const stopped = await send({ messages: [{ role: 'user', content: 'Hi' }], stop_sequences: ['simulated'] })
    expect(stopped.body).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: 'simulated' })
    expect(stopped.body.content[0].text).toBe('This is a ')
    const capped = await send({ messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4 })
    expect(capped.body.stop_reason).toBe('max_tokens')
    expect(capped.body.usage.output_tokens).toBeLessThanOrEqual(4)
  })

  it('reports cache creation on the first request and a cache read on an identical repeat', async () => {
    const body = {
      system: [{ type: 'text', text: longText, cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: `Question ${Math.random()}` }],
    }
    const first = await send(body)
    expect(first.body.usage.cache_creation_input_tokens).toBeGreaterThanOrEqual(1024)
    expect(first.body.usage.cache_read_input_tokens).toBe(0)
    const second = await send({ ...body, messages: [{ role: 'user', content: 'A different question' }] })
    expect(second.body.usage.cache_read_input_tokens).toBe(first.body.usage.cache_creation_input_tokens)
    expect(second.body.usage.cache_creation_input_tokens).toBe(0)
    const changed = await send({ ...body, system: [{ ...body.system[0], text: `${longText}!` }] })
    expect(changed.body.usage.cache_read_input_tokens).toBe(0)
  })

  it('does not cache a marked prefix below the 1024-token minimum', async () => {
    const { body } = await send({
      system: [{ type: 'text', text: 'Short system prompt', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Hi' }],
    })
    expect(body.usage.cache_creation_input_tokens).toBe(0)
  })

  it('expires an ephemeral cache entry after five minutes of the simulator clock', async () => {
    let now = 1_000_000
    const clocked = await startSimulator({ clock: { now: () => now } })
    try {
      const body = {
        model: 'm',
        max_tokens: 64,
        system: [{ type: 'text', text: longText, cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: 'Hi' }],
      }
      const usage = async () => ((await (await postJson(clocked, '/v1/messages', body)).json()) as Json).usage
      expect((await usage()).cache_creation_input_tokens).toBeGreaterThan(0)
      now += 4 * 60 * 1000
      expect((await usage()).cache_read_input_tokens).toBeGreaterThan(0)
      now += 5 * 60 * 1000 + 1
      expect((await usage()).cache_creation_input_tokens).toBeGreaterThan(0)
    } finally {
      await clocked.close()
    }
  })

  it('validates per the spec with the messages error shape', async () => {
    const cases: Json[] = [
      { max_tokens: undefined, messages: [{ role: 'user', content: 'x' }] },
      { max_tokens: 0, messages: [{ role: 'user', content: 'x' }] },
      { messages: [] },
      {
        thinking: { type: 'enabled', budget_tokens: 1024 },
        max_tokens: 4000,
        messages: [{ role: 'user', content: 'x' }],
      },
      { temperature: 1.5, messages: [{ role: 'user', content: 'x' }] },
      { messages: [{ role: 'system', content: 'x' }] },
    ]
    for (const body of cases) {
      const result = await send(body)
      expect(result.status, JSON.stringify(body)).toBe(400)
      expect(result.body).toEqual({
        type: 'error',
        error: { type: 'invalid_request', message: expect.any(String) },
      })
    }
    const missing = await send({ model: 'missing-claude', messages: [{ role: 'user', content: 'x' }] })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'model: missing-claude' },
    })
  })
})

describe('count_tokens', () => {
  let sim: RunningSimulator
  const count = async (body: Json, headers: Record<string, string> = {}) => {
    const response = await postJson(sim, '/v1/messages/count_tokens', body, headers)
    return { status: response.status, body: (await response.json()) as Json }
  }
  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('counts system, messages and tools, equal to the input usage of the same messages request', async () => {
    const body = {
      model: 'claude-sonnet-4-6',
      system: 'Be kind.',
      messages: [{ role: 'user', content: 'Hello there' }],
      tools: [searchTool],
    }
    const { status, body: counted } = await count(body)
    expect(status).toBe(200)
    expect(counted).toEqual({ input_tokens: expect.any(Number) })
    const used = (await (
      await postJson(sim, '/v1/messages', { ...body, max_tokens: 50, tool_choice: { type: 'none' } })
    ).json()) as Json
    expect(used.usage.input_tokens).toBe(counted.input_tokens)
    const withoutTools = await count({ ...body, tools: undefined })
    expect(withoutTools.body.input_tokens).toBeLessThan(counted.input_tokens)
  })

  it('counts an image as about 1000 tokens', async () => {
    const text = {
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }] }],
    }
    const image = {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
    }
    const difference = (await count(image)).body.input_tokens - (await count(text)).body.input_tokens
    expect(difference).toBe(1000)
  })

  it('answers missing fields with the count_tokens error shape naming the field', async () => {
    const noModel = await count({ messages: [{ role: 'user', content: 'x' }] })
    expect(noModel.status).toBe(400)
    expect(noModel.body).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'model: Field required' },
    })
    const noMessages = await count({ model: 'm' })
    expect(noMessages.body.error.message).toBe('messages: Field required')
  })

  it('answers an invalid key with {error:{message,type}}', async () => {
    const response = await fetch(`${sim.baseUrl}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { 'x-api-key': `${API_KEY}-wrong` },
      body: JSON.stringify({ model: 'm', messages: [] }),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error' },
    })
  })
})

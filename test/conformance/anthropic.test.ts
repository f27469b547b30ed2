// Conformance: the official `@anthropic-ai/sdk`, unmodified, against a simulator started here: messages
// create, the stream() helper and finalMessage() with thinking and tool use, the tool_result round trip,
// countTokens, and the SDK's error classes. Every case checks what the SDK hands back.
import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'

const searchTool: Anthropic.Tool = {
  name: 'search_docs',
  description: 'Search the product documentation',
  input_schema: {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 5 } },
    required: ['query', 'limit'],
  },
}

let sim: RunningSimulator
let client: Anthropic

beforeAll(async () => {
  sim = await createSimulator()
  // The spec's only style on model endpoints is `Authorization: Bearer`: `authToken` sends it (with `apiKey`
  // the SDK would send `x-api-key`, which the spec does not name and the simulator refuses).
  client = new Anthropic({ authToken: sim.options.apiKey, apiKey: null, baseURL: sim.baseUrl, maxRetries: 0 })
})
afterAll(async () => {
  await sim.close()
})

describe('anthropic SDK: messages', () => {
  it('create() returns a text block, end_turn and usage', async () => {
    const message = await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 512,
      system: 'You are concise.',
      messages: [{ role: 'user', content: 'Explain photosynthesis' }],
    })
    expect(message.role).toBe('assistant')
    expect(message.stop_reason).toBe('end_turn')
    const block = message.content[0]
    expect(block?.type === 'text' && block.text).toContain('Explain photosynthesis')
    expect(message.usage.input_tokens).toBeGreaterThan(0)
    expect(message.usage.output_tokens).toBeGreaterThan(0)
  })

  it('stream() with thinking emits thinking and text, and finalMessage() holds both blocks with a signature', async () => {
    const stream = client.messages.stream({
      model: 'claude-sonnet-4-6',
      max_tokens: 4096,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      messages: [{ role: 'user', content: 'Why do leaves change colour?' }],
    })
    const thinking: string[] = []
    const text: string[] = []
    const signatures: string[] = []
    stream.on('thinking', (delta) => thinking.push(delta))
    stream.on('text', (delta) => text.push(delta))
    stream.on('signature', (signature) => signatures.push(signature))
    const final = await stream.finalMessage()
    expect(final.content.map((block) => block.type)).toEqual(['thinking', 'text'])
    const [thinkingBlock, textBlock] = final.content
    if (thinkingBlock?.type !== 'thinking' || textBlock?.type !== 'text') throw new Error('unexpected blocks')
    expect(thinkingBlock.thinking).toBe(thinking.join(''))
    expect(thinkingBlock.thinking).toContain('Simulated reasoning')
    expect(signatures).toEqual([thinkingBlock.signature])
    expect(textBlock.text).toBe(text.join(''))
    expect(final.usage.output_tokens).toBeGreaterThan(0)
    expect(final.stop_reason).toBe('end_turn')
  })

  it('stream() with a tool yields a tool_use block with parsed input, then answers the tool_result', async () => {
    const stream = client.messages.stream({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      tools: [searchTool],
      messages: [{ role: 'user', content: 'Search the docs for webhooks' }],
    })
    const final = await stream.finalMessage()
    expect(final.stop_reason).toBe('tool_use')
    const toolUse = final.content.find((block) => block.type === 'tool_use')
    if (toolUse?.type !== 'tool_use') throw new Error('expected tool_use')
    expect(toolUse.name).toBe('search_docs')
    const input = toolUse.input as { query: string; limit: number }
    expect(typeof input.query).toBe('string')
    expect(input.limit).toBeGreaterThanOrEqual(1)
    expect(input.limit).toBeLessThanOrEqual(5)

    const answer = await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      tools: [searchTool],
      messages: [
        { role: 'user', content: 'Search the docs for webhooks' },
        { role: 'assistant', content: final.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Webhooks retry 5 times.' }],
        },
      ],
    })
    const block = answer.content[0]
    expect(block?.type === 'text' && block.text).toContain('Webhooks retry 5 times.')
  })

  it('countTokens() counts the same input the messages usage reports', async () => {
    const params = {
      model: 'claude-sonnet-4-6',
      system: 'Be precise.',
      messages: [{ role: 'user' as const, content: 'How many tokens is this?' }],
    }
    const counted = await client.messages.countTokens(params)
    const created = await client.messages.create({ ...params, max_tokens: 64 })
    expect(counted.input_tokens).toBeGreaterThan(5)
    expect(counted.input_tokens).toBe(created.usage.input_tokens)
  })

  it('surfaces validation, missing- model, overload and mid-stream errors as SDK error classes', async () => {
    await expect(
      client.messages.create({ model: 'm', max_tokens: 0, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(Anthropic.BadRequestError)
    await expect(
      client.messages.create({
        model: 'missing-claude',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toBeInstanceOf(Anthropic.NotFoundError)
    await expect(
      client.messages.create(
        { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] },
        { headers: { 'x-sim-fault': '529' } },
      ),
    ).rejects.toMatchObject({ status: 529, error: { type: 'error', error: { type: 'overloaded_error' } } })
    const stream = client.messages.stream(
      { model: 'm', max_tokens: 100, messages: [{ role: 'user', content: 'x' }] },
      { headers: { 'x-sim-fault': 'error:4' } },
    )
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.APIError)
  })
})

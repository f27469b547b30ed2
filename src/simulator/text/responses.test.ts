import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../server'
import { jsonEvents, postJson, readSse, startSimulator } from '../../../test/fakes/simulatorClient'
import { checkSchema } from './schema'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const lookupTool = {
  type: 'function',
  name: 'lookup_order',
  description: 'Look up an order status by order number',
  parameters: {
    type: 'object',
    properties: { order_id: { type: 'string' }, include_items: { type: 'boolean' } },
    required: ['order_id', 'include_items'],
    additionalProperties: false,
  },
}

describe('responses', () => {
  let sim: RunningSimulator
  const create = async (body: Json) => {
    const response = await postJson(sim, '/v1/responses', { model: 'gpt-4o', ...body })
    return { status: response.status, body: (await response.json()) as Json }
  }
  const stream = async (body: Json) =>
    jsonEvents(
      await readSse(await postJson(sim, '/v1/responses', { model: 'gpt-4o', stream: true, ...body })),
    )

  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('answers a completed response object with a message item and usage', async () => {
    const { status, body } = await create({ input: 'Tell me about Lisbon', instructions: 'Be brief' })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4o',
      instructions: 'Be brief',
    })
    expect(body.id).toMatch(/^resp_/)
    expect(body.output).toHaveLength(1)
    const [message] = body.output
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      status: 'completed',
      id: expect.stringMatching(/^msg_/),
    })
    expect(message.content[0]).toMatchObject({ type: 'output_text', annotations: [] })
    expect(message.content[0].text).toContain('Tell me about Lisbon')
    expect(message.content[0].text).toContain('Be brief')
    expect(body.usage).toMatchObject({
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    })
    expect(body.usage.total_tokens).toBe(body.usage.input_tokens + body.usage.output_tokens)
  })

  it('streams the typed event sequence with matching names, item ids and growing sequence numbers', async () => {
    const read = await readSse(
      await postJson(sim, '/v1/responses', { model: 'gpt-4o', stream: true, input: 'Hi' }),
    )
    const events = jsonEvents(read)
    expect(events.every((event) => event.event === event.data.type)).toBe(true)
    expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, index) => index))
    const types = [...new Set(events.map((event) => event.data.type))]
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ])
    const added = events.find((event) => event.data.type === 'response.output_item.added')?.data as Json
    expect(added.item).toMatchObject({ type: 'message', content: [] })
    const deltas = events
      .filter((event) => event.data.type === 'response.output_text.delta')
      .map((e) => e.data as Json)
    expect(deltas.every((delta) => delta.item_id === added.item.id)).toBe(true)
    const done = events.find((event) => event.data.type === 'response.output_text.done')?.data as Json
    expect(deltas.map((delta) => delta.delta).join('')).toBe(done.text)
    const completed = events.at(-1)?.data as Json
    expect(completed.response).toMatchObject({ status: 'completed', output: [{ id: added.item.id }] })
    expect(events[0]?.data).toMatchObject({ response: { status: 'in_progress', output: [] } })
    expect(read.raw).not.toContain('[DONE]')
  })

  it('calls a function with schema-valid arguments, streaming them with fc_ item ids and call_ call ids', async () => {
    const events = await stream({
      input: [{ role: 'user', content: 'Where is my order 4411?' }],
      tools: [lookupTool],
    })
    const added = events.find((event) => event.data.type === 'response.output_item.added')?.data as Json
    expect(added.item).toMatchObject({ type: 'function_call', name: 'lookup_order', arguments: '' })
    expect(added.item.id).toMatch(/^fc_/)
    expect(added.item.call_id).toMatch(/^call_/)
    const deltas = events
      .filter((event) => event.data.type === 'response.function_call_arguments.delta')
      .map((e) => e.data as Json)
    expect(deltas.every((delta) => delta.item_id === added.item.id)).toBe(true)
    const done = events.find((event) => event.data.type === 'response.function_call_arguments.done')
      ?.data as Json
    expect(deltas.map((delta) => delta.delta).join('')).toBe(done.arguments)
    expect(checkSchema(lookupTool.parameters, JSON.parse(done.arguments))).toEqual([])
  })

  it('continues a stored response with previous_response_id and a function_call_output', async () => {
    const first = await create({ input: 'Check order status 4411 please', tools: [lookupTool] })
    const call = first.body.output.find((item: Json) => item.type === 'function_call')
    expect(call).toBeDefined()
    const second = await create({
      previous_response_id: first.body.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"status":"shipped"}' }],
      tools: [lookupTool],
    })
    expect(second.status).toBe(200)
    expect(second.body.previous_response_id).toBe(first.body.id)
    const text = second.body.output[0].content[0].text
    expect(text).toContain('lookup_order')
    expect(text).toContain('shipped')
  })

  it('reads earlier turns through previous_response_id', async () => {
    const first = await create({ input: 'My name is Ada.' })
    const second = await create({ previous_response_id: first.body.id, input: 'What did I say?' })
    expect(second.body.output[0].content[0].text).toContain('turn 2')
  })

  it('rejects an unknown previous_response_id and does not store store:false responses', async () => {
    const unknown = await create({ previous_response_id: 'resp_nope', input: 'Hi' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toMatchObject({
      param: 'previous_response_id',
      code: 'previous_response_not_found',
    })
    const unstored = await create({ input: 'Hi', store: false })
    const continued = await create({ previous_response_id: unstored.body.id, input: 'Again' })
    expect(continued.status).toBe(400)
  })

  it('adds a reasoning item with summary deltas when reasoning.summary is asked for', async () => {
    const events = await stream({
      model: 'gpt-5',
      input: 'Plan a trip',
      reasoning: { effort: 'low', summary: 'auto' },
    })
    const types = events.map((event) => event.data.type)
    expect(types).toContain('response.reasoning_summary_part.added')
    expect(types).toContain('response.reasoning_summary_text.delta')
    const added = events.find((event) => event.data.type === 'response.output_item.added')?.data as Json
    expect(added.item).toMatchObject({ type: 'reasoning', summary: [] })
    const completed = events.at(-1)?.data as Json
    expect(completed.response.output.map((item: Json) => item.type)).toEqual(['reasoning', 'message'])
    expect(completed.response.output[0].summary[0].text).toContain('Simulated reasoning')
    expect(completed.response.usage.output_tokens_details.reasoning_tokens).toBeGreaterThan(0)
    expect(completed.response.reasoning).toEqual({ effort: 'low', summary: 'auto' })
  })

  it('returns JSON that validates against text.format json_schema', async () => {
    const schema = {
      type: 'object',
      properties: { title: { type: 'string' }, score: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['title', 'score'],
    }
    const { body } = await create({
      input: 'Rate this',
      text: { format: { type: 'json_schema', name: 'rating', schema, strict: true } },
    })
    expect(checkSchema(schema, JSON.parse(body.output[0].content[0].text))).toEqual([])
  })

  it('ends incomplete with incomplete_details when max_output_tokens is reached', async () => {
    const { body } = await create({ input: 'Hi', max_output_tokens: 6 })
    expect(body.status).toBe('incomplete')
    expect(body.incomplete_details).toEqual({ reason: 'max_output_tokens' })
    const events = await stream({ input: 'Hi', max_output_tokens: 6 })
    expect(events.at(-1)?.data.type).toBe('response.incomplete')
  })

  it('validates with the openai-like error shape and answers missing- models with 404', async () => {
    expect((await create({ input: 'x', temperature: 3 })).body.error).toMatchObject({
      param: 'temperature',
      type: 'invalid_request_error',
    })
    expect((await create({ input: 'x', top_p: -1 })).status).toBe(400)
    expect((await create({})).body.error).toMatchObject({ param: 'input' })
    const missing = await create({ model: 'missing-x', input: 'x' })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('model_not_found')
  })

  it('rejects a file over 50 MB', async () => {
    const big = `data:application/pdf;base64,${'A'.repeat(Math.ceil((50 * 1024 * 1024 * 4) / 3) + 8)}`
    const { status, body } = await create({
      input: [{ role: 'user', content: [{ type: 'input_file', filename: 'big.pdf', file_data: big }] }],
    })
    expect(status).toBe(400)
    expect(body.error.message).toContain('50 MB')
  })
})

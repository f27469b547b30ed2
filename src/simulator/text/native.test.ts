import { inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../server'
import { jsonEvents, postJson, readSse, startSimulator } from '../../../test/fakes/simulatorClient'
import { checkSchema } from './schema'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const user = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] })
const weather = {
  functionDeclarations: [
    {
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: {
        type: 'OBJECT',
        properties: { city: { type: 'STRING' }, days: { type: 'INTEGER' } },
        required: ['city'],
      },
    },
  ],
}

/** Reads width and height from a PNG and checks that its image data inflates. */
function pngInfo(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64')
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  const idatAt = bytes.indexOf('IDAT')
  const length = bytes.readUInt32BE(idatAt - 4)
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  expect(inflateSync(bytes.subarray(idatAt + 4, idatAt + 4 + length))).toHaveLength((width * 3 + 1) * height)
  return { width, height }
}

describe('native generateContent', () => {
  let sim: RunningSimulator
  const generate = async (body: Json, model = 'gemini-2.5-flash', version = 'v1beta') => {
    const response = await postJson(sim, `/${version}/models/${model}:generateContent`, body)
    return { status: response.status, body: (await response.json()) as Json }
  }
  const stream = async (body: Json, model = 'gemini-2.5-flash') =>
    readSse(await postJson(sim, `/v1beta/models/${model}:streamGenerateContent?alt=sse`, body))

  beforeAll(async () => {
    sim = await startSimulator()
  })
  afterAll(async () => {
    await sim.close()
  })

  it('answers a GenerateContentResponse on /v1beta and /v1', async () => {
    for (const version of ['v1beta', 'v1']) {
      const { status, body } = await generate(
        { ...user('Describe Venice'), systemInstruction: { parts: [{ text: 'Answer in English' }] } },
        'gemini-2.5-flash',
        version,
      )
      expect(status).toBe(200)
      const candidate = body.candidates[0]
      expect(candidate).toMatchObject({ index: 0, finishReason: 'STOP', content: { role: 'model' } })
      expect(candidate.safetyRatings.length).toBeGreaterThan(0)
      expect(candidate.content.parts[0].text).toContain('Describe Venice')
      expect(body.modelVersion).toBe('gemini-2.5-flash')
      expect(new Date(body.createTime).toISOString()).toBe(body.createTime)
      const usage = body.usageMetadata
      expect(usage.totalTokenCount).toBe(usage.promptTokenCount + usage.candidatesTokenCount)
    }
  })

  it('streams data-only chunks with running usage and finishReason on the last chunk', async () => {
    const read = await stream(user('Tell me a story'))
    expect(read.events.every((event) => event.event === undefined)).toBe(true)
    expect(read.raw.endsWith('\n\n')).toBe(true)
    const chunks = jsonEvents(read).map((event) => event.data as Json)
    expect(chunks.length).toBeGreaterThan(3)
    expect(chunks.slice(0, -1).every((chunk) => chunk.candidates[0].finishReason === undefined)).toBe(true)
    expect(chunks.at(-1)?.candidates[0].finishReason).toBe('STOP')
    const counts = chunks.map((chunk) => chunk.usageMetadata.candidatesTokenCount)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    const text = chunks
      .map((chunk) => chunk.candidates[0].content.parts.map((p: Json) => p.text).join(''))
      .join('')
    const whole = await generate(user('Tell me a story'))
    expect(text).toBe(whole.body.candidates[0].content.parts[0].text)
    expect(chunks.at(-1)?.usageMetadata).toEqual(whole.body.usageMetadata)
  })

  it('answers the stream endpoint without alt=sse as one JSON array of chunks', async () => {
    const response = await postJson(sim, '/v1beta/models/g:streamGenerateContent', user('Hi'))
    const body = (await response.json()) as Json[]
    expect(Array.isArray(body)).toBe(true)
    expect(body.at(-1)?.candidates[0].finishReason).toBe('STOP')
  })

  it('returns a whole functionCall part with schema-valid args, then answers the functionResponse', async () => {
    const first = await generate({ ...user('What is the weather in Madrid?'), tools: [weather] })
    const parts = first.body.candidates[0].content.parts
    expect(parts).toHaveLength(1)
    const call = parts[0].functionCall
    expect(call.name).toBe('get_weather')
    expect(call.args.city).toBe('Madrid')
    expect(checkSchema(weather.functionDeclarations[0]?.parameters ?? {}, call.args)).toEqual([])

    const chunks = jsonEvents(await stream({ ...user('What is the weather in Madrid?'), tools: [weather] }))
    const callChunk = chunks.find(
      (event) => (event.data as Json).candidates[0].content.parts[0]?.functionCall,
    )
    expect((callChunk?.data as Json).candidates[0].content.parts[0].functionCall.args.city).toBe('Madrid')

    const second = await generate({
      contents: [
        { role: 'user', parts: [{ text: 'What is the weather in Madrid?' }] },
        { role: 'model', parts: [{ functionCall: call }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: 30 } } }] },
      ],
      tools: [weather],
    })
    expect(second.body.candidates[0].content.parts[0].text).toContain('{"temp":30}')
  })

  it('honours toolConfig NONE and ANY with allowedFunctionNames', async () => {
    const none = await generate({
      ...user('weather in Madrid'),
      tools: [weather],
      toolConfig: { functionCallingConfig: { mode: 'NONE' } },
    })
    expect(none.body.candidates[0].content.parts[0].functionCall).toBeUndefined()
    const any = await generate({
      ...user('Hello'),
      tools: [weather],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
    })
    expect(any.body.candidates[0].content.parts[0].functionCall.name).toBe('get_weather')
  })

  it('returns thought parts and thoughtsTokenCount with thinkingConfig.includeThoughts', async () => {
    const { body } = await generate({
      ...user('Why?'),
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    })
    const parts = body.candidates[0].content.parts
    expect(parts[0]).toMatchObject({ thought: true })
    expect(parts[0].text).toContain('Simulated reasoning')
    expect(parts[1].thoughtSignature).toBeTruthy()
    const usage = body.usageMetadata
    expect(usage.thoughtsTokenCount).toBeGreaterThan(0)
    expect(usage.totalTokenCount).toBe(
      usage.promptTokenCount + usage.candidatesTokenCount + usage.thoughtsTokenCount,
    )
    const hidden = await generate({
      ...user('Why?'),
      generationConfig: { thinkingConfig: { thinkingBudget: 2048 } },
    })
    expect(hidden.body.candidates[0].content.parts.some((part: Json) => part.thought)).toBe(false)
    expect(hidden.body.usageMetadata.thoughtsTokenCount).toBeGreaterThan(0)
    const off = await generate(
      { ...user('Why?'), generationConfig: { thinkingConfig: { thinkingBudget: 0 } } },
      'm-thinking',
    )
    expect(off.body.usageMetadata.thoughtsTokenCount).toBeUndefined()
  })

  it('returns JSON that validates against responseSchema with responseMimeType application/json', async () => {
    const schema = {
      type: 'OBJECT',
      properties: {
        recipe: { type: 'STRING' },
        minutes: { type: 'INTEGER' },
        steps: { type: 'ARRAY', items: { type: 'STRING' } },
      },
      required: ['recipe', 'minutes', 'steps'],
    }
    const { body } = await generate({
      ...user('A pasta recipe'),
      generationConfig: { responseMimeType: 'application/json', responseSchema: schema },
    })
    expect(checkSchema(schema, JSON.parse(body.candidates[0].content.parts[0].text))).toEqual([])
  })

  it('returns a valid, deterministic inlineData PNG for responseModalities IMAGE', async () => {
    const request = {
      ...user('A red bicycle'),
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '16:9' } },
    }
    const first = await generate(request, 'gemini-2.5-flash-image')
    const second = await generate(request, 'gemini-2.5-flash-image')
    const image = first.body.candidates[0].content.parts.find((part: Json) => part.inlineData)?.inlineData
    expect(image.mimeType).toBe('image/png')
    expect(pngInfo(image.data)).toEqual({ width: 128, height: 72 })
    expect(
      second.body.candidates[0].content.parts.find((part: Json) => part.inlineData)?.inlineData.data,
    ).toBe(image.data)
  })

  it('adds groundingMetadata and a search note when a vendorSearch tool is offered', async () => {
    const { body } = await generate({ ...user('Who won the match?'), tools: [{ vendorSearch: {} }] })
    const candidate = body.candidates[0]
    expect(candidate.groundingMetadata.webSearchQueries).toEqual(['Who won the match?'])
    expect(candidate.content.parts[0].text).toContain('Simulated search')
  })

  it('honours maxOutputTokens and stopSequences', async () => {
    const capped = await generate({ ...user('Hi'), generationConfig: { maxOutputTokens: 5 } })
    expect(capped.body.candidates[0].finishReason).toBe('MAX_TOKENS')
    expect(capped.body.usageMetadata.candidatesTokenCount).toBeLessThanOrEqual(5)
    const stopped = await generate({ ...user('Hi'), generationConfig: { stopSequences: ['simulated'] } })
    expect(stopped.body.candidates[0].content.parts[0].text).toBe('This is a ')
  })

  it('answers errors with {error:{code,message,status}}: missing contents, bad temperature, missing- model', async () => {
    const noContents = await generate({})
    expect(noContents.status).toBe(400)
    expect(noContents.body).toEqual({
      error: { code: 400, message: 'contents is required.', status: 'INVALID_ARGUMENT' },
    })
    const hot = await generate({ ...user('x'), generationConfig: { temperature: 2.1 } })
    expect(hot.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
    const missing = await generate(user('x'), 'missing-gemini')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' })
  })
})

// Conformance: the official `@google/genai` SDK, unmodified, against a simulator started here (httpOptions
// baseUrl + apiVersion): generateContent and generateContentStream with text, a function call and its
// response, thoughts, JSON output and an image. Every case checks what the SDK hands back.
import { ApiError, GoogleGenAI, Type, type FunctionDeclaration } from '@google/genai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'

const getWeather: FunctionDeclaration = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: {
    type: Type.OBJECT,
    properties: { city: { type: Type.STRING }, days: { type: Type.INTEGER } },
    required: ['city'],
  },
}

/** What the SDK sends as `x-goog-api-key`; not a key, and not read by a spec-conformant gateway. */
const SDK_KEY_PLACEHOLDER = 'placeholder-not-a-key'

let sim: RunningSimulator
let ai: GoogleGenAI

beforeAll(async () => {
  sim = await createSimulator()
  ai = new GoogleGenAI({
    // The SDK always sends its key as `x-goog-api-key`, a style the spec does not name: the key travels in
    // the spec's `x-vendor-api-key` header instead, and the SDK's own slot holds a placeholder.
    apiKey: SDK_KEY_PLACEHOLDER,
    httpOptions: {
      baseUrl: sim.baseUrl,
      apiVersion: 'v1beta',
      headers: { 'x-vendor-api-key': sim.options.apiKey },
    },
  })
})
afterAll(async () => {
  await sim.close()
})

describe('@google/genai SDK: native content generation', () => {
  it('generateContent() returns text and usage metadata', async () => {
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Tell me about the Danube',
      config: { systemInstruction: 'Answer briefly' },
    })
    expect(response.text).toContain('Tell me about the Danube')
    expect(response.candidates?.[0]?.finishReason).toBe('STOP')
    const usage = response.usageMetadata
    expect(usage?.totalTokenCount).toBe((usage?.promptTokenCount ?? 0) + (usage?.candidatesTokenCount ?? 0))
  })

  it('works on the /v1 API version too', async () => {
    const v1 = new GoogleGenAI({
      // The SDK always sends its key as `x-goog-api-key`, a style the spec does not name: the key travels in
      // the spec's `x-vendor-api-key` header instead, and the SDK's own slot holds a placeholder.
      apiKey: SDK_KEY_PLACEHOLDER,
      httpOptions: {
        baseUrl: sim.baseUrl,
        apiVersion: 'v1',
        headers: { 'x-vendor-api-key': sim.options.apiKey },
      },
    })
    const response = await v1.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello from v1' })
    expect(response.text).toContain('Hello from v1')
  })

  it('generateContentStream() yields chunks whose text joins to the whole answer', async () => {
    const stream = await ai.models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: 'Stream about Prague',
    })
    const pieces: string[] = []
    let last
    for await (const chunk of stream) {
      pieces.push(chunk.text ?? '')
      last = chunk
    }
    const whole = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Stream about Prague',
    })
    expect(pieces.length).toBeGreaterThan(3)
    expect(pieces.join('')).toBe(whole.text)
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP')
    expect(last?.usageMetadata?.candidatesTokenCount).toBe(whole.usageMetadata?.candidatesTokenCount)
  })

  it('generateContentStream() with a function declaration yields functionCalls, then the functionResponse is answered', async () => {
    const stream = await ai.models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: 'What is the weather in Lisbon?',
      config: { tools: [{ functionDeclarations: [getWeather] }] },
    })
    const calls = []
    for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []))
    expect(calls).toHaveLength(1)
    expect(calls[0]?.name).toBe('get_weather')
    expect(calls[0]?.args).toMatchObject({ city: 'Lisbon' })

    const answer = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: [
        { role: 'user', parts: [{ text: 'What is the weather in Lisbon?' }] },
        { role: 'model', parts: [{ functionCall: calls[0] }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'get_weather', response: { forecast: 'sunny-19' } } }],
        },
      ],
      config: { tools: [{ functionDeclarations: [getWeather] }] },
    })
    expect(answer.functionCalls).toBeUndefined()
    expect(answer.text).toContain('sunny-19')
  })

  it('generateContent() with a forced function call (mode ANY) returns functionCalls', async () => {
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Hello',
      config: {
        tools: [{ functionDeclarations: [getWeather] }],
        toolConfig: {
          functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['get_weather'] },
        },
      },
    })
    expect(response.functionCalls?.map((call) => call.name)).toEqual(['get_weather'])
  })

  it('includeThoughts returns thought parts and thoughtsTokenCount', async () => {
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-pro',
      contents: 'Why is the sea salty?',
      config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    })
    const parts = response.candidates?.[0]?.content?.parts ?? []
    expect(parts.some((part) => part.thought && part.text?.includes('Simulated reasoning'))).toBe(true)
    expect(response.text).toContain('Why is the sea salty?')
    expect(response.usageMetadata?.thoughtsTokenCount).toBeGreaterThan(0)
  })

  it('responseSchema JSON output parses to the declared shape', async () => {
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'List a recipe',
      config: {
        responseMimeType: 'application/json',
        responseSchema: {
          type: Type.OBJECT,
          properties: {
            name: { type: Type.STRING },
            minutes: { type: Type.INTEGER },
            steps: { type: Type.ARRAY, items: { type: Type.STRING } },
          },
          required: ['name', 'minutes', 'steps'],
        },
      },
    })
    const parsed = JSON.parse(response.text ?? '') as { name: unknown; minutes: unknown; steps: unknown }
    expect(typeof parsed.name).toBe('string')
    expect(Number.isInteger(parsed.minutes)).toBe(true)
    expect(Array.isArray(parsed.steps)).toBe(true)
  })

  it('responseModalities IMAGE returns inlineData PNG bytes', async () => {
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash-image',
      contents: 'A lighthouse at dusk',
      config: { responseModalities: ['TEXT', 'IMAGE'] },
    })
    const image = response.candidates?.[0]?.content?.parts?.find((part) => part.inlineData)?.inlineData
    expect(image?.mimeType).toBe('image/png')
    expect(
      Buffer.from(image?.data ?? '', 'base64')
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG')
    expect(response.text).toContain('A lighthouse at dusk')
  })

  it('surfaces a missing- model and a missing key as ApiError with the status', async () => {
    await expect(ai.models.generateContent({ model: 'missing-gemini', contents: 'x' })).rejects.toMatchObject(
      { status: 404 },
    )
    const anonymous = new GoogleGenAI({
      apiKey: 'wrong',
      httpOptions: { baseUrl: sim.baseUrl, apiVersion: 'v1beta' },
    })
    const failure = await anonymous.models
      .generateContent({ model: 'gemini-2.5-flash', contents: 'x' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(401)
  })
})

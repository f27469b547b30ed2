// Conformance: the official `openai` and `@google/genai` SDKs, unmodified, against a simulator started here.
// openai's embeddings.create asks for base64 by default and decodes it; genai's embedContent calls
// :batchEmbedContents. Each case checks the vectors the SDK hands back against the simulator's own function.
import OpenAI from 'openai'
import { GoogleGenAI } from '@google/genai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { modelVector } from '../../src/simulator/embeddings'
import { embeddingModel } from '../../src/shared/catalog/embeddingModels'

/** What the SDK sends as `x-goog-api-key`; not a key, and not read by a spec-conformant gateway. */
const SDK_KEY_PLACEHOLDER = 'placeholder-not-a-key'

let sim: RunningSimulator
let openai: OpenAI
let genai: GoogleGenAI

beforeAll(async () => {
  sim = await createSimulator()
  openai = new OpenAI({ apiKey: sim.options.apiKey, baseURL: `${sim.baseUrl}/v1`, maxRetries: 0 })
  genai = new GoogleGenAI({
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

const expected = (text: string, id: string, format: 'openai' | 'native', size?: number): number[] => {
  const model = embeddingModel(id, format)
  return Array.from(modelVector(text, model, size ?? model.dimensions))
}

describe('openai SDK: embeddings', () => {
  it('create() (base64 on the wire by default) decodes to the float vectors', async () => {
    const res = await openai.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['alpine meadow', 'city traffic'],
    })
    expect(res.data).toHaveLength(2)
    expect(res.data[0]?.embedding).toHaveLength(1536)
    expect(res.data[0]?.embedding).toEqual(expected('alpine meadow', 'text-embedding-3-small', 'openai'))
    expect(res.data[1]?.embedding).toEqual(expected('city traffic', 'text-embedding-3-small', 'openai'))
    expect(res.usage.prompt_tokens).toBeGreaterThan(0)
  })

  it('create() with encoding_format float and dimensions', async () => {
    const res = await openai.embeddings.create({
      model: 'text-embedding-3-large',
      input: 'alpine meadow',
      encoding_format: 'float',
      dimensions: 256,
    })
    expect(res.data[0]?.embedding).toHaveLength(256)
    expect(res.data[0]?.embedding).toEqual(expected('alpine meadow', 'text-embedding-3-large', 'openai', 256))
  })

  it('surfaces a refused request as a BadRequestError naming the field', async () => {
    await expect(
      openai.embeddings.create({ model: 'text-embedding-ada-002', input: 'x', dimensions: 8 }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('dimensions') })
  })
})

describe('@google/genai SDK: embedContent', () => {
  it('embedContent() returns one embedding per content with the model values', async () => {
    const res = await genai.models.embedContent({
      model: 'text-embedding-004',
      contents: ['glacier', 'desert'],
    })
    expect(res.embeddings).toHaveLength(2)
    expect(res.embeddings?.[0]?.values).toEqual(expected('glacier', 'text-embedding-004', 'native'))
    expect(res.embeddings?.[1]?.values).toEqual(expected('desert', 'text-embedding-004', 'native'))
  })

  it('embedContent() honours outputDimensionality on vendor-embedding-001', async () => {
    const res = await genai.models.embedContent({
      model: 'vendor-embedding-001',
      contents: 'glacier',
      config: { outputDimensionality: 128, taskType: 'RETRIEVAL_QUERY' },
    })
    expect(res.embeddings?.[0]?.values).toHaveLength(128)
    expect(res.embeddings?.[0]?.values).toEqual(expected('glacier', 'vendor-embedding-001', 'native', 128))
  })
})

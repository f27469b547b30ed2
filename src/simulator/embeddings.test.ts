import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createSimulator, type RunningSimulator } from './server'
import { embedText } from './embeddings'

const KEY = 'sk-embed-test'
let sim: RunningSimulator

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
})
afterAll(() => sim.close())

const cosine = (a: number[], b: number[]): number => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0)
const norm = (a: number[]): number => Math.sqrt(a.reduce((s, x) => s + x * x, 0))

interface Answer {
  object: string
  model: string
  data: { index: number; object: string; embedding: number[] }[]
  usage: { prompt_tokens: number; total_tokens: number }
  error: { message: string; type: string; status: string; code: number }
  embedding: { values: number[] }
  metadata: { usage: { prompt_tokens: number } }
  embeddings: { values: number[] }[]
}

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${KEY}` },
) {
  const res = await fetch(`${sim.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Answer }
}

const embeddings = (body: unknown) => post('/v1/embeddings', body)

describe('/v1/embeddings', () => {
  it('answers one unit vector per input with the model dimension and token usage', async () => {
    const { status, json } = await embeddings({
      model: 'text-embedding-3-small',
      input: ['hello world', 'goodbye'],
    })
    expect(status).toBe(200)
    expect(json.object).toBe('list')
    expect(json.model).toBe('text-embedding-3-small')
    expect(json.data.map((d) => [d.index, d.object])).toEqual([
      [0, 'embedding'],
      [1, 'embedding'],
    ])
    for (const d of json.data) {
      expect(d.embedding).toHaveLength(1536)
      expect(norm(d.embedding)).toBeCloseTo(1, 5)
    }
    expect(json.usage.prompt_tokens).toBeGreaterThanOrEqual(3)
    expect(json.usage.total_tokens).toBe(json.usage.prompt_tokens)
  })

  it.each([
    ['text-embedding-3-small', 1536],
    ['text-embedding-3-large', 3072],
    ['text-embedding-ada-002', 1536],
    ['some-unlisted-model', 1536],
  ])('%s has %i dimensions', async (model, dims) => {
    const { json } = await embeddings({ model, input: 'x' })
    expect(json.data[0]!.embedding).toHaveLength(dims)
  })

  it('puts texts that share words closer together', async () => {
    const { json } = await embeddings({
      model: 'text-embedding-3-small',
      input: ['the cat sat on the mat', 'a cat sat on a mat today', 'quarterly revenue grew by nine percent'],
    })
    const [a = [], b = [], c = []] = json.data.map((d) => d.embedding)
    expect(cosine(a, b)).toBeGreaterThan(0.4)
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.3)
  })

  it('is deterministic across requests', async () => {
    const one = await embeddings({ model: 'text-embedding-3-small', input: 'same text' })
    const two = await embeddings({ model: 'text-embedding-3-small', input: 'same text' })
    expect(one.json.data[0]!.embedding).toEqual(two.json.data[0]!.embedding)
  })

  it('base64 is the same vector as little-endian float32', async () => {
    const floats = await embeddings({ model: 'text-embedding-3-large', input: 'river delta' })
    const b64 = await embeddings({
      model: 'text-embedding-3-large',
      input: 'river delta',
      encoding_format: 'base64',
    })
    const bytes = Buffer.from(b64.json.data[0]!.embedding as unknown as string, 'base64')
    expect(bytes.length).toBe(3072 * 4)
    const decoded = Array.from({ length: 3072 }, (_, i) => bytes.readFloatLE(i * 4))
    expect(decoded).toEqual(floats.json.data[0]!.embedding)
  })

  it('shortens vectors with dimensions (truncated and renormalised) where the model allows it', async () => {
    const full = await embeddings({ model: 'text-embedding-3-small', input: 'solar panels on roofs' })
    const short = await embeddings({
      model: 'text-embedding-3-small',
      input: 'solar panels on roofs',
      dimensions: 256,
    })
    const v = short.json.data[0]!.embedding
    expect(v).toHaveLength(256)
    expect(norm(v)).toBeCloseTo(1, 5)
    const head = full.json.data[0]!.embedding.slice(0, 256)
    expect(cosine(v, head) / norm(head)).toBeCloseTo(1, 5)
  })

  it.each([
    [
      { model: 'text-embedding-ada-002', input: 'x', dimensions: 512 },
      400,
      'dimensions is not supported by text-embedding-ada-002',
    ],
    [
      { model: 'text-embedding-3-small', input: 'x', dimensions: 5000 },
      400,
      'dimensions must be an integer from 1 to 1536',
    ],
    [
      { model: 'text-embedding-3-small', input: 'x', encoding_format: 'hex' },
      400,
      'encoding_format must be one of float, base64',
    ],
    [{ model: 'text-embedding-3-small', input: [] }, 400, 'input is required'],
    [{ model: 'text-embedding-3-small', input: ['a', ''] }, 400, 'input[1] must not be empty'],
    [{ input: 'x' }, 400, 'model is required'],
    [{ model: 'missing-embedder', input: 'x' }, 404, 'does not exist'],
  ])('refuses %j', async (body, status, message) => {
    const res = await embeddings(body)
    expect(res.status).toBe(status)
    expect(res.json.error.message).toContain(message)
    expect(res.json.error.type).toBe('invalid_request_error')
  })
})

describe('native embedContent and batchEmbedContents', () => {
  const content = (text: string) => ({ content: { parts: [{ text }] } })

  it('embedContent answers embedding.values and usage on /v1beta and /v1, with x-vendor-api-key or ?key=', async () => {
    const a = await post('/v1beta/models/text-embedding-004:embedContent', content('mountain lake'), {
      'x-vendor-api-key': KEY,
    })
    const b = await post(
      `/v1/models/text-embedding-004:embedContent?key=${KEY}`,
      content('mountain lake'),
      {},
    )
    expect(a.status).toBe(200)
    expect(a.json.embedding.values).toHaveLength(768)
    expect(a.json.embedding.values).toEqual(b.json.embedding.values)
    expect(a.json.metadata.usage.prompt_tokens).toBeGreaterThan(0)
  })

  it('vendor-embedding-001 honours outputDimensionality; text-embedding-004 refuses it', async () => {
    const full = await post('/v1beta/models/vendor-embedding-001:embedContent', content('x'), {
      'x-vendor-api-key': KEY,
    })
    expect(full.json.embedding.values).toHaveLength(3072)
    const short = await post(
      '/v1beta/models/vendor-embedding-001:embedContent',
      { ...content('x'), outputDimensionality: 768 },
      { 'x-vendor-api-key': KEY },
    )
    expect(short.json.embedding.values).toHaveLength(768)
    const refused = await post(
      '/v1beta/models/text-embedding-004:embedContent',
      { ...content('x'), outputDimensionality: 256 },
      { 'x-vendor-api-key': KEY },
    )
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
  })

  it('batchEmbedContents answers one embedding per request, equal to the single calls', async () => {
    const single = await post('/v1beta/models/text-embedding-004:embedContent', content('first'), {
      'x-vendor-api-key': KEY,
    })
    const batch = await post(
      '/v1beta/models/text-embedding-004:batchEmbedContents',
      { requests: [{ model: 'models/text-embedding-004', ...content('first') }, content('second')] },
      { 'x-vendor-api-key': KEY },
    )
    expect(batch.status).toBe(200)
    expect(batch.json.embeddings).toHaveLength(2)
    expect(batch.json.embeddings[0]!.values).toEqual(single.json.embedding.values)
  })

  it.each([
    ['embedContent', {}, 'content is required'],
    ['embedContent', { content: { parts: [{ text: '  ' }] } }, 'at least one non-empty text'],
    ['batchEmbedContents', { requests: [] }, 'requests is required'],
    [
      'batchEmbedContents',
      { requests: [{ model: 'models/other', content: { parts: [{ text: 'x' }] } }] },
      'differs from the model in the path',
    ],
  ])('%s refuses %j in the native error shape', async (method, body, message) => {
    const res = await post(`/v1beta/models/text-embedding-004:${method}`, body, { 'x-vendor-api-key': KEY })
    expect(res.status).toBe(400)
    expect(res.json.error.status).toBe('INVALID_ARGUMENT')
    expect(res.json.error.message).toContain(message)
  })

  it('answers NOT_FOUND for a missing- model', async () => {
    const res = await post('/v1beta/models/missing-embed:embedContent', content('x'), {
      'x-vendor-api-key': KEY,
    })
    expect(res.status).toBe(404)
    expect(res.json.error.status).toBe('NOT_FOUND')
  })
})

describe('embedText', () => {
  it('gives a unit vector even for text without word characters', () => {
    const v = embedText('!!!', 64)
    expect(Math.hypot(...v)).toBeCloseTo(1, 5)
    expect(embedText('!!!', 64)).toEqual(v)
    expect(embedText('???', 64)).not.toEqual(v)
  })

  it('treats CJK characters as tokens, so shared characters bring texts closer', () => {
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0)
    const a = embedText('今天天气很好', 512)
    expect(dot(a, embedText('天气很好', 512))).toBeGreaterThan(dot(a, embedText('股票市场', 512)))
  })
})

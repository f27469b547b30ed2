import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createSimulator, type RunningSimulator } from './server'
import { bm25, relevance } from './rerank'

const KEY = 'sk-rerank-test'
let sim: RunningSimulator

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
})
afterAll(() => sim.close())

interface Answer {
  model: string
  results: { index: number; relevance_score: number; document?: string }[]
  usage: { total_tokens: number }
  error: { message: string }
}

async function rerank(body: unknown) {
  const res = await fetch(`${sim.baseUrl}/v1/rerank`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Answer }
}

const DOCS = [
  'Paris is the capital of France.',
  'The Eiffel Tower is in Paris, the capital city of France.',
  'Bananas are rich in potassium.',
  'France borders Spain.',
]

describe('/v1/rerank', () => {
  it('sorts by relevance in 0-1 with original indexes and usage', async () => {
    const { status, json } = await rerank({ model: 'rerank-v1', query: 'capital of France', documents: DOCS })
    expect(status).toBe(200)
    expect(json.model).toBe('rerank-v1')
    const scores = json.results.map((r) => r.relevance_score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    for (const s of scores) expect(s >= 0 && s <= 1).toBe(true)
    expect(
      json.results
        .map((r: { index: number }) => r.index)
        .slice(0, 2)
        .sort(),
    ).toEqual([0, 1])
    expect(json.results.at(-1)).toEqual({ index: 2, relevance_score: 0 })
    expect(json.results[0]!.document).toBeUndefined()
    expect(json.usage.total_tokens).toBeGreaterThan(0)
  })

  it('cuts to top_n and echoes documents when return_documents is true', async () => {
    const { json } = await rerank({
      model: 'rerank-v1',
      query: 'bananas',
      documents: DOCS,
      top_n: 1,
      return_documents: true,
    })
    expect(json.results).toEqual([{ index: 2, relevance_score: expect.any(Number), document: DOCS[2] }])
    expect(json.results[0]!.relevance_score).toBeGreaterThan(0)
  })

  it('accepts {text} documents and a top_n above the count', async () => {
    const { json } = await rerank({
      model: 'r',
      query: 'spain',
      documents: DOCS.map((text) => ({ text })),
      top_n: 10,
    })
    expect(json.results).toHaveLength(4)
    expect(json.results[0]!.index).toBe(3)
  })

  it.each([
    [{ query: 'q', documents: ['a'] }, 'model is required'],
    [{ model: 'r', documents: ['a'] }, 'query is required'],
    [{ model: 'r', query: 'q', documents: [] }, 'documents is required'],
    [{ model: 'r', query: 'q', documents: [1] }, 'documents is required'],
    [{ model: 'r', query: 'q', documents: ['a'], top_n: 0 }, 'top_n must be a positive integer'],
    [
      { model: 'r', query: 'q', documents: ['a'], return_documents: 'yes' },
      'return_documents must be true or false',
    ],
  ])('refuses %j', async (body, message) => {
    const { status, json } = await rerank(body)
    expect(status).toBe(400)
    expect(json.error.message).toContain(message)
  })
})

describe('bm25', () => {
  it('scores repeated and rarer terms higher, and non-matching documents 0', () => {
    const [a, b, c] = bm25('solar wind', ['solar solar power', 'solar and wind', 'coal'])
    expect(b).toBeGreaterThan(a!)
    expect(c).toBe(0)
    expect(relevance(0)).toBe(0)
    expect(relevance(1e9)).toBeLessThanOrEqual(1)
  })
})

import { describe, expect, it } from 'vitest'
import { readPriceFile, detectKind, PRICE_CSV_COLUMNS } from './priceImport'
import { writePriceFile } from './priceExport'
import type { ModelPrice } from '../../../shared/cost/prices'

const NOW = Date.parse('2025-06-15T12:00:00Z')

// Written by hand in the shape of LiteLLM's model_prices_and_context_window.json: per-token USD costs, the
// context-window fields, modes, a documentation entry, and two bad entries among good ones.
const LITELLM = `{
  "sample_spec": {
    "max_tokens": "LEGACY parameter. set to max_output_tokens if provider specifies it.",
    "input_cost_per_token": 0.0,
    "mode": "one of: chat, embedding, completion, image_generation, audio_transcription, audio_speech, image_generation, moderation, rerank"
  },
  "gpt-4o": {
    "max_tokens": 16384,
    "max_input_tokens": 128000,
    "max_output_tokens": 16384,
    "input_cost_per_token": 2.5e-06,
    "output_cost_per_token": 1e-05,
    "cache_read_input_token_cost": 1.25e-06,
    "litellm_provider": "openai",
    "mode": "chat",
    "supports_vision": true
  },
  "anthropic/claude-sonnet-4-6": {
    "max_input_tokens": 200000,
    "max_output_tokens": 64000,
    "input_cost_per_token": 3e-06,
    "output_cost_per_token": 1.5e-05,
    "cache_creation_input_token_cost": 3.75e-06,
    "cache_creation_input_token_cost_above_1hr": 6e-06,
    "cache_read_input_token_cost": 3e-07,
    "litellm_provider": "anthropic",
    "mode": "chat"
  },
  "broken-negative": {
    "input_cost_per_token": -1e-06,
    "output_cost_per_token": 1e-06,
    "mode": "chat"
  },
  "broken-text": {
    "input_cost_per_token": "cheap",
    "mode": "chat"
  },
  "text-embedding-3-small": {
    "max_input_tokens": 8191,
    "input_cost_per_token": 2e-08,
    "output_cost_per_token": 0.0,
    "litellm_provider": "openai",
    "mode": "embedding"
  },
  "cohere/rerank-v3.5": {
    "input_cost_per_query": 0.002,
    "litellm_provider": "cohere",
    "mode": "rerank"
  },
  "context-only": { "max_input_tokens": 4096, "mode": "chat" }
}
`

describe("reading LiteLLM's price file", () => {
  const read = readPriceFile('model_prices_and_context_window.json', LITELLM, undefined, NOW)

  it('takes per-token costs as prices per 1M tokens, in USD, with the context-window fields', () => {
    expect(read.kind).toBe('litellm')
    const gpt = read.rows.find((r) => r.model === 'gpt-4o')
    expect(gpt).toEqual({
      model: 'gpt-4o',
      currency: 'USD',
      input: 2.5,
      output: 10,
      cachedRead: 1.25,
      contextWindow: 128000,
      maxOutput: 16384,
      setAt: '2025-06-15',
      source: 'import',
    })
    expect(read.rows.find((r) => r.model === 'anthropic/claude-sonnet-4-6')).toMatchObject({
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      cachedRead: 0.3,
    })
  })

  it('reads embedding and rerank models as such', () => {
    expect(read.rows.find((r) => r.model === 'text-embedding-3-small')).toMatchObject({
      embedding: 0.02,
      output: 0,
    })
    expect(read.rows.find((r) => r.model === 'text-embedding-3-small')?.input).toBeUndefined()
    expect(read.rows.find((r) => r.model === 'cohere/rerank-v3.5')).toMatchObject({ rerankSearch: 0.002 })
  })

  it('names each bad entry by line, field and rule and imports the rest', () => {
    expect(read.problems).toEqual([
      { line: 30, model: 'broken-negative', field: 'input_cost_per_token', rule: 'a number not below 0' },
      { line: 35, model: 'broken-text', field: 'input_cost_per_token', rule: 'a number not below 0' },
    ])
    expect(read.rows.map((r) => r.model)).toEqual([
      'gpt-4o',
      'anthropic/claude-sonnet-4-6',
      'text-embedding-3-small',
      'cohere/rerank-v3.5',
    ])
    // The documentation entry is skipped, the entry with a context window only is counted apart.
    expect(read.withoutPrice).toBe(1)
  })

  it('says where a file that is not JSON breaks', () => {
    const bad = readPriceFile('prices.json', '{\n  "gpt-4o": { "input_cost_per_token": 1e-6, }\n}', 'litellm')
    expect(bad.rows).toEqual([])
    expect(bad.problems[0]).toMatchObject({ line: 2, field: 'file' })
    expect(bad.problems[0]!.rule).toMatch(/^not JSON/)
  })
})

describe('reading a price CSV', () => {
  const CSV = [
    'model,currency,input_per_1m,output_per_1m,cached_read_per_1m,set_on,colour',
    'gpt-4o,USD,2.50,10.00,1.25,2025-05-01,blue',
    'claude-sonnet-4-6,usd,3,15,,2025-05-02,',
    'bad-number,USD,two,10,,2025-05-01,',
    'bad-currency,DOLLARS,1,2,,2025-05-01,',
    'bad-date,USD,1,2,,May 1st,',
    ',USD,1,2,,,',
    '"quoted, name",EUR,1,2,,,',
  ].join('\n')
  const read = readPriceFile('prices.csv', CSV, undefined, NOW)

  it('imports the good rows, an empty cell being no price', () => {
    expect(read.kind).toBe('csv')
    expect(read.rows).toEqual([
      {
        model: 'gpt-4o',
        currency: 'USD',
        input: 2.5,
        output: 10,
        cachedRead: 1.25,
        setAt: '2025-05-01',
        source: 'import',
      },
      {
        model: 'claude-sonnet-4-6',
        currency: 'USD',
        input: 3,
        output: 15,
        setAt: '2025-05-02',
        source: 'import',
      },
    ])
  })

  it('names every bad row by line, field and rule', () => {
    expect(read.problems).toEqual([
      { line: 1, model: null, field: 'colour', rule: 'not a column of the price CSV; it was ignored' },
      { line: 4, model: 'bad-number', field: 'input_per_1m', rule: 'a number' },
      { line: 5, model: 'bad-currency', field: 'currency', rule: 'a three-letter code such as USD or EUR' },
      { line: 6, model: 'bad-date', field: 'set_on', rule: 'a date as YYYY-MM-DD' },
      { line: 7, model: '', field: 'model', rule: 'name the model' },
      { line: 8, model: 'quoted, name', field: 'model', rule: 'a model id has no spaces' },
    ])
  })

  it('refuses a file without the columns it needs, naming them', () => {
    const read2 = readPriceFile('p.csv', 'name,price\na,1\n')
    expect(read2.rows).toEqual([])
    expect(read2.problems).toEqual([
      { line: 1, model: null, field: 'model', rule: 'a column the price CSV needs (see the README)' },
    ])
  })
})

describe('price files', () => {
  const rows: ModelPrice[] = [
    {
      model: 'gpt-4o',
      currency: 'USD',
      input: 2.5,
      output: 10,
      cachedRead: 1.25,
      contextWindow: 128000,
      maxOutput: 16384,
      setAt: '2025-01-02',
      source: 'user',
    },
    {
      model: 'claude-sonnet-4-6',
      currency: 'USD',
      input: 3,
      output: 15,
      cachedRead: 0.3,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      reasoning: 15,
      setAt: '2025-01-03',
      source: 'user',
    },
    {
      model: 'text-embedding-3-small',
      currency: 'USD',
      embedding: 0.02,
      setAt: '2025-01-02',
      source: 'user',
    },
    { model: 'rerank-v1', currency: 'USD', rerankSearch: 0.002, setAt: '2025-01-02', source: 'user' },
    {
      model: 'famC-2.5-t2v-preview',
      currency: 'EUR',
      videoByResolution: { '480p': 0.05, '1080p': 0.15 },
      setAt: '2025-01-02',
      source: 'user',
    },
  ]
  const imported = (r: ModelPrice) => ({ ...r, source: 'import' })

  it("read back from the app's JSON and from CSV as written", () => {
    for (const kind of ['app', 'csv'] as const) {
      const file = writePriceFile(kind, rows, 'test')
      const back = readPriceFile(file.name, file.text, undefined, NOW)
      expect(back.kind).toBe(kind)
      expect(back.problems).toEqual([])
      expect(back.rows).toEqual(rows.map(imported))
    }
  })

  it("read back from LiteLLM's shape with every USD price (that shape has no currency)", () => {
    const file = writePriceFile('litellm', rows, 'test')
    expect(file.skipped).toBe(1)
    const back = readPriceFile(file.name, file.text, undefined, NOW)
    expect(back.problems).toEqual([])
    expect(back.rows).toEqual(
      rows.filter((r) => r.currency === 'USD').map((r) => ({ ...imported(r), setAt: '2025-06-15' })),
    )
  })

  it('are told apart by their name and marks', () => {
    expect(detectKind('x.csv', '{')).toBe('csv')
    expect(detectKind('x.json', writePriceFile('app', rows, 's').text)).toBe('app')
    expect(detectKind('x.json', LITELLM)).toBe('litellm')
    expect(PRICE_CSV_COLUMNS.slice(0, 2)).toEqual(['model', 'currency'])
  })
})

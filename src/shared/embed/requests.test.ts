import { describe, expect, it } from 'vitest'
import {
  buildEmbed,
  buildRerank,
  errorMessageOf,
  parseRerank,
  textsOfEmbedBody,
  validateEmbed,
  validateRerank,
  type EmbedDraft,
  type RerankDraft,
} from './requests'

const draft = (patch: Partial<EmbedDraft> = {}): EmbedDraft => ({
  format: 'embeddings',
  model: 'text-embedding-3-small',
  inputs: [
    { label: 'a', text: 'alpine meadow' },
    { label: 'b', text: 'city traffic' },
  ],
  encoding: 'float',
  dimensions: '',
  taskType: '',
  apiVersion: 'v1beta',
  ...patch,
})

const rerank = (patch: Partial<RerankDraft> = {}): RerankDraft => ({
  model: 'rerank-v1',
  query: 'mountains',
  documents: [
    { label: '', text: 'alps' },
    { label: '', text: 'sea' },
  ],
  topN: '',
  returnDocuments: false,
  ...patch,
})

describe('embed requests', () => {
  it('builds /v1/embeddings with the batch as an array, the encoding and dimensions', () => {
    expect(buildEmbed(draft({ encoding: 'base64', dimensions: '256' }))).toEqual({
      kind: 'model',
      method: 'POST',
      path: '/v1/embeddings',
      body: {
        model: 'text-embedding-3-small',
        input: ['alpine meadow', 'city traffic'],
        encoding_format: 'base64',
        dimensions: 256,
      },
    })
    expect(buildEmbed(draft({ inputs: [{ label: '', text: 'one' }] })).body.input).toBe('one')
  })

  it('puts the native model in the path and builds batch items without model', () => {
    const built = buildEmbed(
      draft({
        format: 'batchEmbedContents',
        model: 'models/vendor-embedding-001',
        taskType: 'RETRIEVAL_QUERY',
        dimensions: '64',
      }),
    )
    expect(built.kind).toBe('native')
    expect(built.path).toBe('/v1beta/models/vendor-embedding-001:batchEmbedContents')
    expect(built.body).toEqual({
      requests: [
        {
          content: { parts: [{ text: 'alpine meadow' }] },
          taskType: 'RETRIEVAL_QUERY',
          outputDimensionality: 64,
        },
        {
          content: { parts: [{ text: 'city traffic' }] },
          taskType: 'RETRIEVAL_QUERY',
          outputDimensionality: 64,
        },
      ],
    })
    for (const item of built.body.requests as object[]) expect(item).not.toHaveProperty('model')
    const single = buildEmbed(
      draft({
        format: 'embedContent',
        model: 'text-embedding-004',
        apiVersion: 'v1',
        inputs: [{ label: '', text: 'x' }],
      }),
    )
    expect(single.path).toBe('/v1/models/text-embedding-004:embedContent')
    expect(single.body).toEqual({ content: { parts: [{ text: 'x' }] } })
  })

  it('refuses empty inputs, a missing model and a batch on embedContent, naming the field', () => {
    const issues = validateEmbed(
      draft({
        model: ' ',
        inputs: [
          { label: '', text: 'ok' },
          { label: '', text: '  ' },
        ],
      }),
    )
    expect(issues.map((i) => [i.field, i.rule])).toEqual([
      ['model', 'required'],
      ['inputs[1]', 'non-empty'],
    ])
    expect(validateEmbed(draft({ inputs: [] })).map((i) => i.field)).toEqual(['inputs'])
    expect(validateEmbed(draft({ format: 'embedContent' }))).toMatchObject([
      { field: 'inputs', rule: 'single' },
    ])
  })

  it('warns that dimensions works with some models only when the model is not one this app knows', () => {
    expect(validateEmbed(draft({ dimensions: '256' }))).toEqual([])
    const unknown = validateEmbed(draft({ model: 'my-embedder', dimensions: '256' }))
    expect(unknown).toEqual([
      expect.objectContaining({ field: 'dimensions', rule: 'some_models', severity: 'warning' }),
    ])
    expect(unknown[0]!.message).toContain('dimensions works with some models only')
    const native = validateEmbed(
      draft({
        format: 'embedContent',
        model: 'my-embedder',
        dimensions: '64',
        inputs: [{ label: 'a', text: 'x' }],
      }),
    )
    expect(native.find((i) => i.rule === 'some_models')?.message).toContain('outputDimensionality')
  })

  it('refuses non-integer dimensions and dimensions on a fixed-size model, naming the rule', () => {
    expect(validateEmbed(draft({ dimensions: '12.5' }))).toMatchObject([
      { field: 'dimensions', rule: 'integer' },
    ])
    expect(validateEmbed(draft({ dimensions: 'abc', model: '' })).map((i) => i.rule)).toContain('integer')
    const fixed = validateEmbed(draft({ model: 'text-embedding-ada-002', dimensions: '8' }))
    expect(fixed).toMatchObject([{ field: 'dimensions', rule: 'unsupported' }])
    expect(fixed[0]!.message).toContain('1536')
    expect(
      validateEmbed(draft({ format: 'batchEmbedContents', model: 'text-embedding-004', dimensions: '8' }))[0]!
        .message,
    ).toContain('outputDimensionality')
    expect(validateEmbed(draft({ dimensions: '5000' }))).toMatchObject([{ rule: 'range' }])
    expect(validateEmbed(draft({ dimensions: '512' }))).toEqual([])
  })

  it('leaves a field that is not a number yet out of the previewed body', () => {
    expect(buildEmbed(draft({ dimensions: '12.5' })).body).not.toHaveProperty('dimensions')
    const native = buildEmbed(draft({ format: 'batchEmbedContents', dimensions: 'x' })).body
    expect((native.requests as Record<string, unknown>[])[0]).not.toHaveProperty('outputDimensionality')
    expect(buildRerank(rerank({ topN: 'two' })).body).not.toHaveProperty('top_n')
  })

  it('reads the texts back from a hand-edited body in each format', () => {
    expect(textsOfEmbedBody('embeddings', { input: ['a', 'b'] })).toEqual(['a', 'b'])
    expect(textsOfEmbedBody('embeddings', { input: 'a' })).toEqual(['a'])
    expect(textsOfEmbedBody('embedContent', { content: { parts: [{ text: 'a' }] } })).toEqual(['a'])
    expect(
      textsOfEmbedBody('batchEmbedContents', { requests: [{ content: { parts: [{ text: 'a' }] } }] }),
    ).toEqual(['a'])
    expect(textsOfEmbedBody('batchEmbedContents', { requests: 3 })).toBeNull()
  })
})

describe('rerank requests', () => {
  it('builds the body with top_n and return_documents only when set', () => {
    expect(buildRerank(rerank()).body).toEqual({
      model: 'rerank-v1',
      query: 'mountains',
      documents: ['alps', 'sea'],
    })
    expect(buildRerank(rerank({ topN: '1', returnDocuments: true })).body).toMatchObject({
      top_n: 1,
      return_documents: true,
    })
  })

  it('refuses an empty query, no documents and top_n out of range', () => {
    expect(validateRerank(rerank({ query: '' }))).toMatchObject([{ field: 'query', rule: 'required' }])
    expect(validateRerank(rerank({ documents: [] }))).toMatchObject([
      { field: 'documents', rule: 'required' },
    ])
    expect(validateRerank(rerank({ topN: '3' }))).toMatchObject([{ field: 'topN', rule: 'range' }])
    expect(validateRerank(rerank({ topN: '0' }))[0]!.message).toContain('from 1 to 2')
    expect(validateRerank(rerank({ topN: '2' }))).toEqual([])
  })

  it('parses results and the error bodies of both styles', () => {
    expect(
      parseRerank({
        model: 'rerank-v1',
        results: [{ index: 1, relevance_score: 0.9, document: 'sea' }],
        usage: { total_tokens: 7 },
      }),
    ).toEqual({ model: 'rerank-v1', results: [{ index: 1, score: 0.9, document: 'sea' }], totalTokens: 7 })
    expect(() => parseRerank({})).toThrow(/results/)
    expect(errorMessageOf({ error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } })).toBe(
      'bad (INVALID_ARGUMENT)',
    )
    expect(errorMessageOf({ error: { message: 'no key', type: 'invalid_request_error' } })).toBe(
      'no key (invalid_request_error)',
    )
    expect(errorMessageOf('x')).toBeNull()
  })
})

// The embeddings service against the simulator over loopback: endpoints 7-10 in every shape, the errors the spec
// lists (400, 401, 404, 429, 500 and a body cut short), the cross-format check, result sets kept in main, file
// import from real files in a temp folder, and exports written to disk.
import { mkdtempSync, rmSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type RunningSimulator } from '../../src/simulator/server'
import { embedText, modelVector } from '../../src/simulator/embeddings'
import { embeddingModel } from '../../src/shared/catalog/embeddingModels'
import { GatewayClient } from '../../src/main/services/gateway'
import { MediaStore } from '../../src/main/services/mediaStore'
import { ProfileService } from '../../src/main/services/profiles'
import { EmbeddingsService } from '../../src/main/services/embeddings/embeddingsService'
import { profileFieldsSchema } from '../../src/shared/ipc/profiles'
import type { EmbedDraft, RerankDraft } from '../../src/shared/embed/requests'
import type { EmbedOutcome } from '../../src/shared/ipc/embeddings'
import { IPC_MESSAGE_LIMIT } from '../../src/shared/ipc/media'
import { InMemorySecretStore, InMemorySettingsStore } from '../fakes/memory'

const KEY = 'sk-embeddings-0123456789'
let sim: RunningSimulator
let dir: string
let profiles: ProfileService
let media: MediaStore
let service: EmbeddingsService
let plain: string
let n = 0

async function profileWith(
  headers: { name: string; value: string }[] = [],
  nativeAuth: 'header' | 'query' | 'bearer' = 'header',
  key = KEY,
) {
  const view = await profiles.create(
    profileFieldsSchema.parse({
      name: `p${n++}`,
      baseUrl: sim.baseUrl,
      headers,
      nativeAuth,
      timeoutMs: 20_000,
    }),
  )
  await profiles.setSecret(view.id, 'apiKey', key)
  return view.id
}

const SENTENCES = [
  'The cat sat on the mat.',
  'A cat is sitting on a mat.',
  'Stock markets fell sharply today.',
  'Rain is expected tomorrow.',
  'The kitten naps on the rug.',
]

const draft = (patch: Partial<EmbedDraft> = {}): EmbedDraft => ({
  format: 'embeddings',
  model: 'text-embedding-3-small',
  inputs: SENTENCES.map((text, i) => ({ label: `s${i}`, text })),
  encoding: 'float',
  dimensions: '',
  taskType: '',
  apiVersion: 'v1beta',
  ...patch,
})

const rerankDraft = (patch: Partial<RerankDraft> = {}): RerankDraft => ({
  model: 'rerank-v1',
  query: 'cat on a mat',
  documents: SENTENCES.map((text) => ({ label: '', text })),
  topN: '',
  returnDocuments: true,
  ...patch,
})

const embed = (d: EmbedDraft, profileId = plain, rawBody?: string) =>
  service.embed({ profileId, requestId: `r${n++}`, draft: d, ...(rawBody ? { rawBody } : {}) })

function done(o: EmbedOutcome) {
  if (o.status !== 'done') throw new Error(`expected done, got ${JSON.stringify(o).slice(0, 400)}`)
  return o
}

beforeAll(async () => {
  sim = await createSimulator({ apiKey: KEY })
  dir = mkdtempSync(join(tmpdir(), 'embeddings-'))
  profiles = new ProfileService(new InMemorySettingsStore(), new InMemorySecretStore())
  media = new MediaStore(join(dir, 'media'), (id) => `/media/${id}`)
  service = new EmbeddingsService({ profiles, gateway: new GatewayClient({ retryBaseMs: 5 }), media })
  plain = await profileWith()
})
afterAll(async () => {
  await sim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('embed: endpoints 9, 7 and 8', () => {
  it('embeds five sentences with /v1/embeddings (float) and keeps the vectors in main', async () => {
    const o = done(await embed(draft()))
    expect(o.set.count).toBe(5)
    expect(o.set.dimensions).toBe(1536)
    expect(o.set.labels).toEqual(['s0', 's1', 's2', 's3', 's4'])
    expect(o.usage.promptTokens).toBeGreaterThan(0)
    expect(o.usage.totalTokens).toBe(o.usage.promptTokens)
    const expected = modelVector(SENTENCES[2]!, embeddingModel('text-embedding-3-small', 'openai'), 1536)
    expect(o.set.rows[2]!.first).toEqual(Array.from(expected.subarray(0, 5)))
    expect(o.set.rows[2]!.norm).toBeCloseTo(1, 5)
    expect((await service.getVector(o.set.setId, 2)).values).toEqual(Array.from(expected))
    expect(o.exchange.request.url).toBe(`${sim.baseUrl}/v1/embeddings`)
    expect(JSON.stringify(o.exchange)).not.toContain(KEY)
    expect(o.set.projection.points).toHaveLength(5)
  })

  it('decodes base64 to exactly the float vectors', async () => {
    const f = done(await embed(draft()))
    const b = done(await embed(draft({ encoding: 'base64', dimensions: '256' })))
    expect(b.set.dimensions).toBe(256)
    const full = done(await embed(draft({ encoding: 'base64' })))
    for (let i = 0; i < 5; i++)
      expect((await service.getVector(full.set.setId, i)).values).toEqual(
        (await service.getVector(f.set.setId, i)).values,
      )
  })

  it('embeds one input with native embedContent in each auth form (header, ?key=, Bearer)', async () => {
    for (const auth of ['header', 'query', 'bearer'] as const) {
      const o = done(
        await embed(
          draft({
            format: 'embedContent',
            model: 'text-embedding-004',
            inputs: [{ label: '', text: 'hello' }],
          }),
          await profileWith([], auth),
        ),
      )
      expect(o.set.dimensions).toBe(768)
      expect((await service.getVector(o.set.setId, 0)).values).toEqual(Array.from(embedText('hello', 768)))
      expect(o.exchange.request.url).toContain('/v1beta/models/text-embedding-004:embedContent')
      if (auth === 'query') expect(o.exchange.request.url).toContain('key=***')
    }
  })

  it('embeds a batch with batchEmbedContents on /v1 with outputDimensionality', async () => {
    const o = done(
      await embed(
        draft({
          format: 'batchEmbedContents',
          model: 'vendor-embedding-001',
          apiVersion: 'v1',
          dimensions: '128',
          taskType: 'RETRIEVAL_DOCUMENT',
        }),
      ),
    )
    expect(o.set.count).toBe(5)
    expect(o.set.dimensions).toBe(128)
    expect(o.exchange.request.url).toContain('/v1/models/vendor-embedding-001:batchEmbedContents')
  })

  it('sends a hand-edited body as written and labels the vectors from it', async () => {
    const o = done(
      await embed(
        draft(),
        plain,
        JSON.stringify({ model: 'text-embedding-3-large', input: ['x', 'y', 'z'] }),
      ),
    )
    expect(o.set.count).toBe(3)
    expect(o.set.dimensions).toBe(3072)
    expect(o.set.labels).toEqual(['#1', '#2', '#3'])
  })

  it('computes the heatmap picture, exact cells, neighbours and the projection from the kept set', async () => {
    const o = done(await embed(draft()))
    const picture = service.getHeatmap(o.set.setId)
    expect(picture).toMatchObject({ n: 5, size: 5 })
    const q = Buffer.from(picture.data, 'base64')
    expect(q.length).toBe(25)
    expect(q[0]).toBe(255)
    expect(service.getCosine(o.set.setId, 2, 2).cosine).toBeCloseTo(1, 6)
    expect(() => service.getCosine(o.set.setId, 5, 0)).toThrow(/matrix has 5 rows/)
    const near = service.getNeighbours(o.set.setId, 0, 2).neighbours
    const model = embeddingModel('text-embedding-3-small', 'openai')
    const vs = SENTENCES.map((t) => modelVector(t, model, 1536))
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, k) => s + x * b[k]!, 0)
    const expected = [1, 2, 3, 4].sort((a, b) => dot(vs[0]!, vs[b]!) - dot(vs[0]!, vs[a]!))
    expect(near.map((x) => x.index)).toEqual(expected.slice(0, 2))
    expect(near[0]!.cosine).toBeCloseTo(dot(vs[0]!, vs[expected[0]!]!), 5)
    expect(near[0]!.cosine).toBeGreaterThan(near[1]!.cosine)
  })

  it('answers a batch of 2,048 inputs; every message stays under 256 KB', async () => {
    const inputs = Array.from({ length: 2048 }, (_, i) => ({ label: '', text: `input number ${i}` }))
    const o = done(await embed(draft({ inputs, encoding: 'base64', dimensions: '64' })))
    expect(o.set.count).toBe(2048)
    expect(JSON.stringify(o).length).toBeLessThan(IPC_MESSAGE_LIMIT)
    const picture = service.getHeatmap(o.set.setId)
    expect(JSON.stringify(picture).length).toBeLessThan(IPC_MESSAGE_LIMIT)
    expect(picture).toMatchObject({ n: 2048, size: 360 })
    expect(Buffer.from(picture.data, 'base64').length).toBe(360 * 360)
    // A 2,048 × 2,048 cosine matrix and its projection: a few seconds of paced work in main, more when loaded.
  }, 90_000)
})

describe('embed: errors', () => {
  it('refuses bad drafts before sending, naming the field', async () => {
    const o = await embed(draft({ inputs: [{ label: '', text: '' }] }))
    expect(o).toMatchObject({ status: 'failed', exchange: null, error: { code: 'EMBED_INVALID_DRAFT' } })
    if (o.status === 'failed') expect(o.error.message).toContain('inputs[0]')
  })

  it.each([
    ['a wrong key (401)', async () => profileWith([], 'header', 'sk-wrong'), draft(), 401, /401/],
    ['an unknown model (404)', async () => plain, draft({ model: 'missing-model' }), 404, /does not exist/],
    [
      'an unknown native model (404)',
      async () => plain,
      draft({ format: 'batchEmbedContents', model: 'missing-x' }),
      404,
      /NOT_FOUND/,
    ],
    [
      'a rate limit (429)',
      async () => profileWith([{ name: 'x-sim-fault', value: '429:0.01' }]),
      draft(),
      429,
      /429.*retry later/i,
    ],
    [
      'a server error (500)',
      async () => profileWith([{ name: 'x-sim-fault', value: '500' }]),
      draft({ format: 'batchEmbedContents', model: 'text-embedding-004' }),
      500,
      /500/,
    ],
  ])('shows the gateway own error for %s', async (_name, profile, d, status, message) => {
    const o = await embed(d, await profile())
    expect(o.status).toBe('failed')
    if (o.status !== 'failed') return
    expect(o.error.httpStatus).toBe(status)
    expect(o.error.message).toMatch(message)
    expect(o.exchange?.response?.status).toBe(status)
  })

  it('fails a body cut short and an unreachable gateway with a reason', async () => {
    const cut = await embed(draft(), await profileWith([{ name: 'x-sim-fault', value: 'drop:1' }]))
    expect(cut).toMatchObject({ status: 'failed', error: { code: 'EMBED_BAD_RESPONSE' } })
    const view = await profiles.create(
      profileFieldsSchema.parse({ name: 'down', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }),
    )
    await profiles.setSecret(view.id, 'apiKey', KEY)
    const down = await embed(draft(), view.id)
    expect(down).toMatchObject({ status: 'failed', error: { code: 'GATEWAY_UNREACHABLE' } })
  })

  it('is stopped by its id', async () => {
    const slow = await profileWith([{ name: 'x-sim-fault', value: 'latency:2000' }])
    const pending = service.embed({ profileId: slow, requestId: 'stop-me', draft: draft() })
    await new Promise((r) => setTimeout(r, 100))
    expect(service.stop('stop-me')).toEqual({ stopped: true })
    expect((await pending).status).toBe('stopped')
  })
})

describe('cross-format check', () => {
  it('finds every input equal across float, base64 and native', async () => {
    const o = await service.crossCheck({
      profileId: plain,
      requestId: 'cc',
      draft: draft({ model: 'vendor-embedding-001' }),
    })
    expect(o.status).toBe('done')
    if (o.status !== 'done') return
    expect(o.rows).toHaveLength(5)
    expect(o.disagreements).toBe(0)
    for (const r of o.rows) {
      expect(r.base64).toMatchObject({ maxAbsDiff: 0, agrees: true })
      expect(r.native.agrees).toBe(true)
    }
    expect(o.exchanges).toHaveLength(3)
  })

  it('names the step that failed', async () => {
    const o = await service.crossCheck({
      profileId: plain,
      requestId: 'cc2',
      draft: draft({ model: 'missing-model' }),
    })
    expect(o).toMatchObject({ status: 'failed', step: '/v1/embeddings (float)', error: { httpStatus: 404 } })
  })
})

describe('rerank: endpoint 10', () => {
  it('ranks documents by relevance, descending, with the documents returned', async () => {
    const o = await service.rerank({ profileId: plain, requestId: 'rr', draft: rerankDraft() })
    expect(o.status).toBe('done')
    if (o.status !== 'done') return
    expect(o.results).toHaveLength(5)
    const scores = o.results.map((r) => r.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(o.results[0]!.document).toBe(SENTENCES[o.results[0]!.index])
    expect(o.totalTokens).toBeGreaterThan(0)
  })

  it('cuts to top_n and refuses bad drafts before sending', async () => {
    const o = await service.rerank({
      profileId: plain,
      requestId: 'rr2',
      draft: rerankDraft({ topN: '2', returnDocuments: false }),
    })
    expect(o.status === 'done' && o.results.length).toBe(2)
    expect(
      await service.rerank({ profileId: plain, requestId: 'rr3', draft: rerankDraft({ query: ' ' }) }),
    ).toMatchObject({
      status: 'failed',
      error: { message: expect.stringContaining('query') },
    })
  })

  it('shows the gateway error for an unknown model and a wrong key', async () => {
    const o = await service.rerank({
      profileId: plain,
      requestId: 'rr4',
      draft: rerankDraft({ model: 'missing-rerank' }),
    })
    expect(o).toMatchObject({ status: 'failed', error: { httpStatus: 404 } })
    const bad = await service.rerank({
      profileId: await profileWith([], 'header', 'sk-bad'),
      requestId: 'rr5',
      draft: rerankDraft(),
    })
    expect(bad).toMatchObject({ status: 'failed', error: { httpStatus: 401 } })
  })

  it('ranks the same documents by embedding cosine for comparison', async () => {
    const o = await service.rankByEmbedding({
      profileId: plain,
      requestId: 'rbe',
      draft: draft(),
      query: 'cat on a mat',
      documents: rerankDraft().documents,
    })
    expect(o.status).toBe('done')
    if (o.status !== 'done') return
    expect(o.ranking.map((r) => r.index).sort()).toEqual([0, 1, 2, 3, 4])
    expect(o.ranking[0]!.cosine).toBeGreaterThanOrEqual(o.ranking[4]!.cosine)
  })
})

describe('files and exports', () => {
  const put = (name: string, text: string | Buffer) => media.putBytes(Buffer.from(text), 'text/plain', name)

  it('reads .txt lines, a chosen .csv column and .jsonl objects', async () => {
    const txt = await put('a.txt', 'one\n\ntwo\r\nthree\n')
    expect((await service.readTextFile(txt.id)).items.map((i) => i.text)).toEqual(['one', 'two', 'three'])
    const csv = await put('b.csv', 'label,text,other\nA,"hello, world",x\nB,second,y\n')
    const read = await service.readTextFile(csv.id)
    expect(read).toMatchObject({ columns: ['label', 'text', 'other'], column: 'text' })
    expect(read.items).toEqual([
      { label: 'A', text: 'hello, world' },
      { label: 'B', text: 'second' },
    ])
    expect((await service.readTextFile(csv.id, 'other')).items.map((i) => i.text)).toEqual(['x', 'y'])
    const jsonl = await put('c.jsonl', '"plain"\n{"text":"obj","label":"L"}\n')
    expect((await service.readTextFile(jsonl.id)).items).toEqual([
      { label: 'line 1', text: 'plain' },
      { label: 'L', text: 'obj' },
    ])
  })

  it('refuses a file that is not text and a CSV without the chosen column', async () => {
    const bin = await put('img.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))
    await expect(service.readTextFile(bin.id)).rejects.toThrow(/file: "img.txt" is a PNG image, not text\. Import UTF-8 .txt, .csv or .jsonl; your inputs are unchanged\./)
    const latin = await put('l.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]))
    await expect(service.readTextFile(latin.id)).rejects.toThrow(/not UTF-8/)
    const csv = await put('b.csv', 'a,b\n1,2\n')
    await expect(service.readTextFile(csv.id, 'text')).rejects.toThrow(
      /column: "b.csv" has no column "text" \(its columns: a, b\)/,
    )
    const bad = await put('d.jsonl', '{"text":1}\n')
    await expect(service.readTextFile(bad.id)).rejects.toThrow(/line 1/)
  })

  it('writes JSON, CSV and .npy files with every vector', async () => {
    const o = done(await embed(draft({ dimensions: '8' })))
    const json = await service.exportSet(o.set.setId, 'json')
    const path = (url: string | null) => join(dir, 'media', url!.split('/').pop()!)
    const parsed = JSON.parse(readFileSync(path(json.url), 'utf8'))
    expect(parsed.items).toHaveLength(5)
    expect(parsed.items[1].embedding).toEqual((await service.getVector(o.set.setId, 1)).values)
    const csv = readFileSync(path((await service.exportSet(o.set.setId, 'csv')).url), 'utf8')
      .trim()
      .split('\n')
    expect(csv[0]).toBe('label,text,v0,v1,v2,v3,v4,v5,v6,v7')
    expect(csv).toHaveLength(6)
    const npy = readFileSync(path((await service.exportSet(o.set.setId, 'npy')).url))
    expect(npy.subarray(0, 6).toString('latin1')).toBe('\x93NUMPY')
    const headerLen = npy.readUInt16LE(8)
    expect((10 + headerLen) % 64).toBe(0)
    expect(npy.subarray(10, 10 + headerLen).toString('latin1')).toContain("'shape': (5, 8)")
    expect(npy.readFloatLE(10 + headerLen + 8 * 4)).toBe((await service.getVector(o.set.setId, 1)).values[0])
  })
})

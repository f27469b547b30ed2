// GET /v1/models, served only when the simulator is started with a list shape (`--models openai|anthropic|gemini`,
// option `modelList`): the spec shows no list endpoint, so by default the simulator has none and answers 404 like
// any unknown path. The list is the catalog's models plus one only this gateway knows (`sim-echo-1`), in the shape
// asked: OpenAI's with OpenRouter-style `pricing` and context fields, Anthropic's paged by `limit` / `after_id`,
// or Gemini's paged by `pageSize` / `pageToken`. The headers of the last list request are kept for tests.
import type { SimContext, SimRoute } from './types'
import { sendJson } from './http'
import { KNOWN_TEXT_MODELS } from '../shared/catalog/textModels'
import { EMBEDDING_MODELS, RERANK_MODELS } from '../shared/catalog/embeddingModels'

export const MODEL_LIST_SHAPES = ['openai', 'anthropic', 'gemini'] as const
export type ModelListShape = (typeof MODEL_LIST_SHAPES)[number]

/** Where the last list request's headers are kept (`sim.state.stores`). */
export const LIST_HEADERS_STORE = 'models.lastHeaders'

/** A model only the simulator's list names, with a price in its listing. */
export const GATEWAY_ONLY_MODEL = 'sim-echo-1'

interface SimModel {
  id: string
  name: string
  context: number
  maxOutput: number
  input: string[]
  output: string[]
  /** USD per token, as OpenRouter writes it. */
  prompt?: string
  completion?: string
}

function listed(): SimModel[] {
  const text = KNOWN_TEXT_MODELS.map((m) => ({
    id: m.id,
    name: m.id.replace(/-/g, ' '),
    context: 128_000,
    maxOutput: 16_384,
    input: ['text', 'image'],
    output: m.imageOutput ? ['text', 'image'] : ['text'],
  }))
  const embeddings = EMBEDDING_MODELS.map((m) => ({
    id: m.id,
    name: m.id,
    context: 8191,
    maxOutput: 1,
    input: ['text'],
    output: ['embeddings'],
  }))
  const rerank = RERANK_MODELS.map((id) => ({
    id,
    name: id,
    context: 4096,
    maxOutput: 1,
    input: ['text'],
    output: ['text'],
  }))
  const echo: SimModel = {
    id: GATEWAY_ONLY_MODEL,
    name: 'Simulator echo 1',
    context: 32_768,
    maxOutput: 4096,
    input: ['text'],
    output: ['text'],
    prompt: '0.0000005',
    completion: '0.0000015',
  }
  return [...text, ...embeddings, ...rerank, echo]
}

const page = (all: SimModel[], start: number, size: number) => all.slice(start, start + size)
const size = (raw: string | null, fallback: number) => {
  const n = Number(raw)
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : fallback
}

function answer(ctx: SimContext, shape: ModelListShape): void {
  const all = listed()
  const q = ctx.url.searchParams
  if (shape === 'openai') {
    sendJson(ctx, 200, {
      object: 'list',
      data: all.map((m) => ({
        id: m.id,
        object: 'model',
        created: 1_735_689_600,
        owned_by: 'simulator',
        name: m.name,
        context_length: m.context,
        architecture: { input_modalities: m.input, output_modalities: m.output },
        top_provider: { context_length: m.context, max_completion_tokens: m.maxOutput },
        ...(m.prompt
          ? { pricing: { prompt: m.prompt, completion: m.completion, request: '0', image: '0' } }
          : {}),
      })),
    })
    return
  }
  if (shape === 'anthropic') {
    const limit = size(q.get('limit'), 20)
    const after = q.get('after_id')
    const start = after ? all.findIndex((m) => m.id === after) + 1 : 0
    const items = page(all, start, limit)
    sendJson(ctx, 200, {
      data: items.map((m) => ({
        type: 'model',
        id: m.id,
        display_name: m.name,
        created_at: '2025-01-01T00:00:00Z',
      })),
      has_more: start + items.length < all.length,
      first_id: items[0]?.id ?? null,
      last_id: items.at(-1)?.id ?? null,
    })
    return
  }
  const pageSize = size(q.get('pageSize'), 50)
  const start = Number(q.get('pageToken') ?? 0) || 0
  const items = page(all, start, pageSize)
  const next = start + items.length
  sendJson(ctx, 200, {
    models: items.map((m) => ({
      name: `models/${m.id}`,
      displayName: m.name,
      inputTokenLimit: m.context,
      outputTokenLimit: m.maxOutput,
      supportedGenerationMethods: m.output.includes('embeddings')
        ? ['embedContent']
        : ['generateContent', 'countTokens'],
    })),
    ...(next < all.length ? { nextPageToken: String(next) } : {}),
  })
}

export const modelListRoutes: SimRoute[] = [
  {
    method: 'GET',
    path: /^\/v1\/models$/,
    auth: 'model',
    errorStyle: 'openai',
    // Without a list shape there is no such endpoint: a 404 like any unknown path, before auth and faults (so a
    // picker's list call never uses up a fault meant for the next model request).
    served: (options) => options.modelList !== undefined,
    handle(ctx) {
      const shape = ctx.sim.options.modelList!
      ctx.sim.stores.set(LIST_HEADERS_STORE, { ...ctx.req.headers })
      answer(ctx, shape)
    },
  },
]

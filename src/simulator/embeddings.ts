// Embedding endpoints 7-9: `/v1/embeddings` (float or base64 = little-endian float32) and native
// `:embedContent` / `:batchEmbedContents` on `/v1beta` and `/v1`. Vectors are feature-hashed tokens and
// character trigrams, L2-normalised: deterministic, and texts that share words have higher cosine similarity.
// A shorter `dimensions` / `outputDimensionality` truncates the full vector and renormalises it.
import type { SimContext, SimRoute } from './types'
import { sendError } from './errors'
import { sendJson } from './http'
import { countTokens, loadTokenizer } from './text/tokens'
import { MISSING_MODEL_PREFIX } from './text/route'
import { hash32 } from './media'
import {
  EMBEDDING_ENCODINGS,
  embeddingModel,
  stripModelsPrefix,
  type EmbeddingModel,
} from '../shared/catalog/embeddingModels'

/** Word tokens, lower-cased; CJK characters count one token each (they are written without spaces). */
export function embeddingTokens(text: string): string[] {
  const out: string[] = []
  for (const m of text
    .toLowerCase()
    .matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu)) {
    out.push(m[0])
  }
  return out
}

const SLOTS_PER_FEATURE = 4

function addFeature(v: Float64Array, feature: string, weight: number): void {
  for (let k = 0; k < SLOTS_PER_FEATURE; k++) {
    const h = hash32(`${k}\u0000${feature}`)
    v[h % v.length] = (v[h % v.length] ?? 0) + (h & 0x80000000 ? -weight : weight)
  }
}

/** The deterministic unit vector of a text with `dims` dimensions. */
export function embedText(text: string, dims: number): Float32Array {
  const v = new Float64Array(dims)
  const tokens = embeddingTokens(text)
  for (const token of tokens) {
    addFeature(v, `w:${token}`, 1)
    // Trigrams make inflections of a word (run, running) land near each other.
    const padded = `^${token}$`
    for (let i = 0; i + 3 <= padded.length; i++) addFeature(v, `t:${padded.slice(i, i + 3)}`, 0.25)
  }
  if (tokens.length === 0) addFeature(v, `raw:${text}`, 1)
  return normalise(v)
}

function normalise(v: Float64Array | Float32Array): Float32Array {
  let norm = 0
  for (const x of v) norm += x * x
  norm = Math.sqrt(norm) || 1
  return Float32Array.from(v, (x) => x / norm)
}

/** A model's vector of a text, at the full size or truncated to `size` and renormalised. */
export function modelVector(text: string, model: EmbeddingModel, size: number): Float32Array {
  const full = embedText(text, model.dimensions)
  return size >= model.dimensions ? full : normalise(full.subarray(0, size))
}

/** Little-endian float32 bytes as base64 (the `encoding_format: base64` wire form). */
export function float32Base64(v: Float32Array): string {
  const buf = Buffer.alloc(v.length * 4)
  v.forEach((x, i) => buf.writeFloatLE(x, i * 4))
  return buf.toString('base64')
}

class EmbedError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message)
  }
}

function checkModelExists(model: string): void {
  if (model.startsWith(MISSING_MODEL_PREFIX)) {
    throw new EmbedError(
      404,
      `The model ${JSON.stringify(model)} does not exist or you do not have access to it.`,
      'model',
    )
  }
}

/** The output size asked for, checked against the model (spec: only some models take it). */
function outputSize(model: EmbeddingModel, requested: unknown, field: string): number {
  if (requested === undefined || requested === null) return model.dimensions
  if (!model.customDimensions) {
    throw new EmbedError(
      400,
      `${field} is not supported by ${model.id}: its vectors always have ${model.dimensions} dimensions.`,
      field,
    )
  }
  if (
    typeof requested !== 'number' ||
    !Number.isInteger(requested) ||
    requested < 1 ||
    requested > model.dimensions
  ) {
    throw new EmbedError(
      400,
      `${field} must be an integer from 1 to ${model.dimensions} for ${model.id} (got ${JSON.stringify(requested)}).`,
      field,
    )
  }
  return requested
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function withErrors(
  style: 'openai' | 'native',
  handle: (ctx: SimContext) => void,
): (ctx: SimContext) => Promise<void> {
  return async (ctx) => {
    await loadTokenizer()
    try {
      handle(ctx)
    } catch (error) {
      if (!(error instanceof EmbedError)) throw error
      if (style === 'native') {
        sendError(
          ctx,
          error.status,
          'native',
          error.status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT',
          error.message,
        )
      } else {
        sendError(ctx, error.status, 'openai', 'invalid_request_error', error.message, {
          param: error.param,
          ...(error.status === 404 ? { code: 'model_not_found' } : { code: null }),
        })
      }
    }
  }
}

function openaiEmbeddings(ctx: SimContext): void {
  const body = ctx.body
  if (!isObject(body)) throw new EmbedError(400, 'The request body must be a JSON object.')
  if (typeof body.model !== 'string' || body.model === '')
    throw new EmbedError(400, 'model is required (a string).', 'model')
  checkModelExists(body.model)
  const input = body.input
  const texts = typeof input === 'string' ? [input] : input
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === 'string')) {
    throw new EmbedError(400, 'input is required: a string or a non-empty array of strings.', 'input')
  }
  const empty = texts.findIndex((t) => t === '')
  if (empty >= 0)
    throw new EmbedError(400, `input${Array.isArray(input) ? `[${empty}]` : ''} must not be empty.`, 'input')
  const encoding = body.encoding_format ?? 'float'
  if (typeof encoding !== 'string' || !(EMBEDDING_ENCODINGS as readonly string[]).includes(encoding)) {
    throw new EmbedError(
      400,
      `encoding_format must be one of ${EMBEDDING_ENCODINGS.join(', ')} (got ${JSON.stringify(encoding)}).`,
      'encoding_format',
    )
  }
  const model = embeddingModel(body.model, 'openai')
  const size = outputSize(model, body.dimensions, 'dimensions')
  const tokens = (texts as string[]).reduce((sum, t) => sum + countTokens(t), 0)
  sendJson(ctx, 200, {
    object: 'list',
    data: (texts as string[]).map((t, index) => {
      const v = modelVector(t, model, size)
      return {
        object: 'embedding',
        index,
        embedding: encoding === 'base64' ? float32Base64(v) : Array.from(v),
      }
    }),
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  })
}

interface NativeRequest {
  text: string
  size: number
}

/** One embedContent request (a body, or an item of batchEmbedContents' `requests`). */
function nativeRequest(item: unknown, model: EmbeddingModel, at: string): NativeRequest {
  if (!isObject(item)) throw new EmbedError(400, `${at || 'The request body'} must be a JSON object.`)
  const content = item.content
  const parts = isObject(content) ? content.parts : undefined
  if (!Array.isArray(parts)) throw new EmbedError(400, `${at}content is required: {parts: [{text}]}.`)
  const texts = parts.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : ''))
  if (!texts.some((t) => t.trim() !== ''))
    throw new EmbedError(400, `${at}content.parts needs at least one non-empty text.`)
  if (item.taskType !== undefined && typeof item.taskType !== 'string')
    throw new EmbedError(400, `${at}taskType must be a string.`)
  return {
    text: texts.join('\n'),
    size: outputSize(model, item.outputDimensionality, `${at}outputDimensionality`),
  }
}

function nativeModel(ctx: SimContext): EmbeddingModel {
  const id = stripModelsPrefix(decodeURIComponent(ctx.params.model ?? ''))
  checkModelExists(id)
  return embeddingModel(id, 'native')
}

function embedContent(ctx: SimContext): void {
  const model = nativeModel(ctx)
  const req = nativeRequest(ctx.body, model, '')
  const tokens = countTokens(req.text)
  sendJson(ctx, 200, {
    embedding: { values: Array.from(modelVector(req.text, model, req.size)) },
    metadata: { usage: { prompt_tokens: tokens, total_tokens: tokens } },
  })
}

function batchEmbedContents(ctx: SimContext): void {
  const model = nativeModel(ctx)
  const body = ctx.body
  const requests = isObject(body) ? body.requests : undefined
  if (!Array.isArray(requests) || requests.length === 0) {
    throw new EmbedError(400, 'requests is required: a non-empty array of embedContent requests.')
  }
  const parsed = requests.map((r, i) => {
    // Items may repeat the model (the official SDK sends `models/<id>`); it must be the path's model.
    if (isObject(r) && typeof r.model === 'string' && stripModelsPrefix(r.model) !== model.id) {
      throw new EmbedError(
        400,
        `requests[${i}].model ${JSON.stringify(r.model)} differs from the model in the path (${model.id}).`,
      )
    }
    return nativeRequest(r, model, `requests[${i}].`)
  })
  sendJson(ctx, 200, {
    embeddings: parsed.map((r) => ({ values: Array.from(modelVector(r.text, model, r.size)) })),
  })
}

export const embeddingRoutes: SimRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/embeddings\/?$/,
    auth: 'model',
    errorStyle: 'openai',
    handle: withErrors('openai', openaiEmbeddings),
  },
  {
    method: 'POST',
    path: /^\/(?<version>v1beta|v1)\/models\/(?<model>[^/:]+):embedContent$/,
    auth: 'native',
    errorStyle: 'native',
    handle: withErrors('native', embedContent),
  },
  {
    method: 'POST',
    path: /^\/(?<version>v1beta|v1)\/models\/(?<model>[^/:]+):batchEmbedContents$/,
    auth: 'native',
    errorStyle: 'native',
    handle: withErrors('native', batchEmbedContents),
  },
]

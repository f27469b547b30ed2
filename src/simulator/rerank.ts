// Rerank endpoint 10: BM25 over the request's own documents, squashed to 0-1 with s / (s + 1), sorted by
// score (ties keep the original order), cut to `top_n`, documents echoed when `return_documents` is true.
// Documents without a shared term score exactly 0.
import type { SimContext, SimRoute } from './types'
import { sendError } from './errors'
import { sendJson } from './http'
import { countTokens, loadTokenizer } from './text/tokens'
import { MISSING_MODEL_PREFIX } from './text/route'
import { embeddingTokens } from './embeddings'

const K1 = 1.2
const B = 0.75

/** BM25 scores of each document for the query (IDF over these documents). */
export function bm25(query: string, documents: string[]): number[] {
  const docs = documents.map(embeddingTokens)
  const avg = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length) || 1
  const terms = [...new Set(embeddingTokens(query))]
  const df = new Map(terms.map((t) => [t, docs.filter((d) => d.includes(t)).length]))
  return docs.map((doc) => {
    let score = 0
    for (const t of terms) {
      const tf = doc.filter((w) => w === t).length
      if (tf === 0) continue
      const n = df.get(t) ?? 0
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avg))
    }
    return score
  })
}

/** Relevance in 0-1: monotonic in the BM25 score. */
export const relevance = (score: number): number => Math.round((score / (score + 1)) * 1e6) / 1e6

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function refuse(ctx: SimContext, message: string, param: string, status = 400): void {
  sendError(ctx, status, 'openai', 'invalid_request_error', message, {
    param,
    code: status === 404 ? 'model_not_found' : null,
  })
}

function rerank(ctx: SimContext): void {
  const body = ctx.body
  if (!isObject(body)) return refuse(ctx, 'The request body must be a JSON object.', 'body')
  const { model, query, documents, top_n: topN, return_documents: returnDocs } = body
  if (typeof model !== 'string' || model === '')
    return refuse(ctx, 'model is required (a string), e.g. rerank-v1.', 'model')
  if (model.startsWith(MISSING_MODEL_PREFIX)) {
    return refuse(
      ctx,
      `The model ${JSON.stringify(model)} does not exist or you do not have access to it.`,
      'model',
      404,
    )
  }
  if (typeof query !== 'string' || query.trim() === '')
    return refuse(ctx, 'query is required: a non-empty string.', 'query')
  // Strings are what the spec shows; `{text}` objects (as other rerank APIs take) are read too.
  const texts = Array.isArray(documents)
    ? documents.map((d) =>
        typeof d === 'string' ? d : isObject(d) && typeof d.text === 'string' ? d.text : undefined,
      )
    : undefined
  if (!texts || texts.length === 0 || texts.some((t) => t === undefined)) {
    return refuse(ctx, 'documents is required: a non-empty array of strings.', 'documents')
  }
  if (
    topN !== undefined &&
    topN !== null &&
    (typeof topN !== 'number' || !Number.isInteger(topN) || topN < 1)
  ) {
    return refuse(ctx, `top_n must be a positive integer (got ${JSON.stringify(topN)}).`, 'top_n')
  }
  if (returnDocs !== undefined && returnDocs !== null && typeof returnDocs !== 'boolean') {
    return refuse(ctx, 'return_documents must be true or false.', 'return_documents')
  }
  const docs = texts as string[]
  const scores = bm25(query, docs)
  const results = scores
    .map((score, index) => ({ index, relevance_score: relevance(score) }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, typeof topN === 'number' ? topN : docs.length)
    .map((r) => (returnDocs === true ? { ...r, document: docs[r.index] } : r))
  const tokens = countTokens(query) * docs.length + docs.reduce((n, d) => n + countTokens(d), 0)
  sendJson(ctx, 200, { model, results, usage: { total_tokens: tokens } })
}

export const rerankRoutes: SimRoute[] = [
  {
    method: 'POST',
    path: /^\/v1\/rerank\/?$/,
    auth: 'model',
    errorStyle: 'openai',
    handle: async (ctx) => {
      await loadTokenizer()
      rerank(ctx)
    },
  },
]

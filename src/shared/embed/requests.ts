// Requests of spec endpoints 7-10 built from a draft, and the draft's rules checked before sending. Format
// differences (path, body shape, which fields exist) live here and nowhere else; main and the panel both call
// these, so the rule the panel shows is the rule main enforces. Invariant: build never runs on a draft with errors.
import { EMBEDDING_MODELS, embeddingModel, type EmbeddingEncoding } from '../catalog/embeddingModels'
import { errorTextOf, meaningful } from '../wire/errorText'

/** embeddings = endpoint 9, embedContent = 7, batchEmbedContents = 8. */
export const EMBED_FORMATS = ['embeddings', 'embedContent', 'batchEmbedContents'] as const
export type EmbedFormat = (typeof EMBED_FORMATS)[number]

export const EMBED_FORMAT_LABELS: Record<EmbedFormat, string> = {
  embeddings: 'Embeddings (/v1/embeddings)',
  embedContent: 'Native embedContent',
  batchEmbedContents: 'Native batchEmbedContents',
}

export interface TextItem {
  label: string
  text: string
}

export interface EmbedDraft {
  format: EmbedFormat
  model: string
  inputs: TextItem[]
  encoding: EmbeddingEncoding
  /** As typed: empty means the model's full size. */
  dimensions: string
  /** Native only; empty means not sent. */
  taskType: string
  apiVersion: 'v1beta' | 'v1'
}

export interface RerankDraft {
  model: string
  query: string
  documents: TextItem[]
  /** As typed: empty means all documents. */
  topN: string
  returnDocuments: boolean
}

export interface DraftIssue {
  /** The form field, e.g. `model`, `inputs[2]`, `dimensions`. */
  field: string
  rule: string
  message: string
  severity: 'error' | 'warning'
}

export interface BuiltRequest {
  kind: 'model' | 'native'
  method: 'POST'
  path: string
  body: Record<string, unknown>
}

/** Characters of input text per request the app carries to main in one message (M1: 256 KB per message). */
export const MAX_DRAFT_TEXT_CHARS = 200_000

export const isNativeFormat = (format: EmbedFormat): boolean => format !== 'embeddings'

const err = (field: string, rule: string, message: string): DraftIssue => ({
  field,
  rule,
  message,
  severity: 'error',
})

function textIssues(items: TextItem[], field: string, noun: string): DraftIssue[] {
  const issues: DraftIssue[] = []
  if (items.length === 0) issues.push(err(field, 'required', `Add at least one ${noun}.`))
  items.forEach((item, i) => {
    if (item.text.trim() === '')
      issues.push(
        err(`${field}[${i}]`, 'non-empty', `${noun[0]!.toUpperCase()}${noun.slice(1)} ${i + 1} is empty.`),
      )
  })
  const chars = items.reduce((sum, item) => sum + item.text.length + item.label.length, 0)
  if (chars > MAX_DRAFT_TEXT_CHARS)
    issues.push(
      err(
        field,
        'size',
        `The ${noun}s hold ${chars.toLocaleString('en-US')} characters; one request carries at most ${MAX_DRAFT_TEXT_CHARS.toLocaleString('en-US')}.`,
      ),
    )
  return issues
}

/** Parses a typed positive integer; null when empty, NaN when not an integer. */
export function parsePositiveInt(text: string): number | null {
  const t = text.trim()
  if (t === '') return null
  return /^\d+$/.test(t) ? Number(t) : Number.NaN
}

export function validateEmbed(draft: EmbedDraft): DraftIssue[] {
  const issues: DraftIssue[] = []
  const model = draft.model.trim()
  if (model === '') issues.push(err('model', 'required', 'Model is required.'))
  else if (isNativeFormat(draft.format) && /[/:?#\s]/.test(model.replace(/^models\//, '')))
    issues.push(
      err('model', 'path', 'The native model id goes in the path: no "/", ":", "?", "#" or spaces.'),
    )
  issues.push(...textIssues(draft.inputs, 'inputs', 'input'))
  if (draft.format === 'embedContent' && draft.inputs.length > 1)
    issues.push(
      err('inputs', 'single', 'embedContent embeds one input; choose batchEmbedContents for several.'),
    )
  const dims = parsePositiveInt(draft.dimensions)
  const field = isNativeFormat(draft.format) ? 'outputDimensionality' : 'dimensions'
  if (dims !== null && model !== '') {
    const info = embeddingModel(model, isNativeFormat(draft.format) ? 'native' : 'openai')
    if (Number.isNaN(dims) || dims < 1)
      issues.push(err('dimensions', 'integer', `${field} must be a whole number of at least 1.`))
    else if (!info.customDimensions)
      issues.push(
        err(
          'dimensions',
          'unsupported',
          `${info.id} does not take ${field}: its vectors always have ${info.dimensions} dimensions.`,
        ),
      )
    else if (dims > info.dimensions)
      issues.push(err('dimensions', 'range', `${field} must be from 1 to ${info.dimensions} for ${info.id}.`))
    if (!EMBEDDING_MODELS.some((m) => m.id === info.id))
      issues.push({
        field: 'dimensions',
        rule: 'some_models',
        message: `${field} works with some models only (spec); ${info.id} is not in this app's list, so the gateway decides.`,
        severity: 'warning',
      })
  } else if (dims !== null && Number.isNaN(dims)) {
    issues.push(err('dimensions', 'integer', `${field} must be a whole number of at least 1.`))
  }
  return issues
}

export function validateRerank(draft: RerankDraft): DraftIssue[] {
  const issues: DraftIssue[] = []
  if (draft.model.trim() === '') issues.push(err('model', 'required', 'Model is required.'))
  if (draft.query.trim() === '') issues.push(err('query', 'required', 'Query is required.'))
  issues.push(...textIssues(draft.documents, 'documents', 'document'))
  const topN = parsePositiveInt(draft.topN)
  if (topN !== null && (Number.isNaN(topN) || topN < 1 || topN > Math.max(1, draft.documents.length)))
    issues.push(
      err(
        'topN',
        'range',
        `top_n must be a whole number from 1 to ${Math.max(1, draft.documents.length)} (the number of documents).`,
      ),
    )
  return issues
}

export const hasErrors = (issues: readonly DraftIssue[]): boolean =>
  issues.some((i) => i.severity === 'error')

function nativePath(draft: EmbedDraft, method: 'embedContent' | 'batchEmbedContents'): string {
  const id = draft.model.trim().replace(/^models\//, '')
  return `/${draft.apiVersion}/models/${encodeURIComponent(id)}:${method}`
}

function nativeItem(draft: EmbedDraft, text: string): Record<string, unknown> {
  const item: Record<string, unknown> = { content: { parts: [{ text }] } }
  if (draft.taskType.trim() !== '') item.taskType = draft.taskType.trim()
  const dims = parsePositiveInt(draft.dimensions)
  if (dims !== null && Number.isFinite(dims)) item.outputDimensionality = dims
  return item
}

/**
 * The request of an embed draft. Batch items carry no `model` (spec 8): the model is in the path. A field that
 * is not a number yet is left out (the preview of a draft with errors still shows a valid body).
 */
export function buildEmbed(draft: EmbedDraft): BuiltRequest {
  const texts = draft.inputs.map((i) => i.text)
  if (draft.format === 'embedContent')
    return {
      kind: 'native',
      method: 'POST',
      path: nativePath(draft, 'embedContent'),
      body: nativeItem(draft, texts[0] ?? ''),
    }
  if (draft.format === 'batchEmbedContents')
    return {
      kind: 'native',
      method: 'POST',
      path: nativePath(draft, 'batchEmbedContents'),
      body: { requests: texts.map((t) => nativeItem(draft, t)) },
    }
  const body: Record<string, unknown> = {
    model: draft.model.trim(),
    input: texts.length === 1 ? texts[0] : texts,
    encoding_format: draft.encoding,
  }
  const dims = parsePositiveInt(draft.dimensions)
  if (dims !== null && Number.isFinite(dims)) body.dimensions = dims
  return { kind: 'model', method: 'POST', path: '/v1/embeddings', body }
}

export function buildRerank(draft: RerankDraft): BuiltRequest {
  const body: Record<string, unknown> = {
    model: draft.model.trim(),
    query: draft.query,
    documents: draft.documents.map((d) => d.text),
  }
  const topN = parsePositiveInt(draft.topN)
  if (topN !== null && Number.isFinite(topN)) body.top_n = topN
  if (draft.returnDocuments) body.return_documents = true
  return { kind: 'model', method: 'POST', path: '/v1/rerank', body }
}

/** The input texts a (possibly hand-edited) request body carries, in order; null when the shape is unknown. */
export function textsOfEmbedBody(format: EmbedFormat, body: unknown): string[] | null {
  const o = body as Record<string, unknown> | null
  if (typeof o !== 'object' || o === null) return null
  const partsText = (item: unknown): string | null => {
    const parts = (item as { content?: { parts?: unknown } } | null)?.content?.parts
    if (!Array.isArray(parts)) return null
    return parts
      .map((p) => (typeof (p as { text?: unknown })?.text === 'string' ? (p as { text: string }).text : ''))
      .join('\n')
  }
  if (format === 'embeddings') {
    if (typeof o.input === 'string') return [o.input]
    return Array.isArray(o.input) && o.input.every((t) => typeof t === 'string')
      ? (o.input as string[])
      : null
  }
  if (format === 'embedContent') {
    const t = partsText(o)
    return t === null ? null : [t]
  }
  if (!Array.isArray(o.requests)) return null
  const texts = o.requests.map(partsText)
  return texts.every((t): t is string => t !== null) ? texts : null
}

/** The message of a gateway error body in any format's shape (`{error:{message}}`, `{message}`), else null. */
export function errorMessageOf(body: unknown): string | null {
  const o = body as { error?: unknown } | null
  if (typeof o !== 'object' || o === null) return null
  const e = o.error as { status?: unknown; type?: unknown } | undefined
  const message = errorTextOf(body)
  if (message === undefined) return null
  const tag = e && typeof e === 'object' ? (meaningful(e.status) ?? meaningful(e.type)) : undefined
  return tag ? `${message} (${tag})` : message
}

export interface RerankResultItem {
  index: number
  score: number
  document?: string
}

/** Parses a rerank response; throws an Error naming what is missing. */
export function parseRerank(body: unknown): {
  model: string | null
  results: RerankResultItem[]
  totalTokens: number | null
} {
  const o = body as { model?: unknown; results?: unknown; usage?: { total_tokens?: unknown } } | null
  if (!o || !Array.isArray(o.results)) throw new Error('the rerank response has no results array')
  const results = o.results.map((r, i) => {
    const item = r as { index?: unknown; relevance_score?: unknown; document?: unknown }
    if (typeof item.index !== 'number' || typeof item.relevance_score !== 'number')
      throw new Error(`results[${i}] lacks index or relevance_score`)
    const doc =
      typeof item.document === 'string'
        ? item.document
        : typeof (item.document as { text?: unknown } | undefined)?.text === 'string'
          ? (item.document as { text: string }).text
          : undefined
    return { index: item.index, score: item.relevance_score, ...(doc !== undefined ? { document: doc } : {}) }
  })
  return {
    model: typeof o.model === 'string' ? o.model : null,
    results,
    totalTokens: typeof o.usage?.total_tokens === 'number' ? o.usage.total_tokens : null,
  }
}

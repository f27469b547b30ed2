// Reads a gateway's model list in the three shapes real servers send at GET /v1/models: OpenAI's (`data[].id`,
// `owned_by`; OpenRouter adds `name`, `context_length`, `architecture` modalities, `top_provider` and `pricing`
// in USD per token or per unit, as strings), Anthropic's (`data[].id` with `display_name`, paged by `has_more` and
// `last_id`) and Gemini's (`models[].name` as `models/<id>` with `inputTokenLimit` / `outputTokenLimit`, paged by
// `nextPageToken`). Hostile input: every value is checked, strings are cut, counts bounded.
import type { ModelKind } from '../../../shared/ipc/models'

export type ListShape = 'openai' | 'anthropic' | 'gemini'

/** Prices a list carries, per 1M tokens or per unit, in USD (OpenRouter-style `pricing`). */
export interface ListedPricing {
  input?: number
  output?: number
  cachedRead?: number
  cacheWrite?: number
  reasoning?: number
  image?: number
}

export interface ListedModel {
  id: string
  name?: string
  ownedBy?: string
  kind?: ModelKind
  contextWindow?: number
  maxOutput?: number
  inputModalities?: string[]
  outputModalities?: string[]
  pricing?: ListedPricing
}

export interface ListPage {
  shape: ListShape
  models: ListedModel[]
  /** The query for the next page, when the list says there is one. */
  next: Record<string, string> | null
}

const MAX_ID = 200
const MAX_TEXT = 200

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, MAX_TEXT) : undefined
const count = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n < 1e9 ? n : undefined
}
const strings = (v: unknown): string[] | undefined => {
  if (!Array.isArray(v)) return undefined
  const out = v
    .flatMap((s) => (typeof s === 'string' && s.length <= 40 ? [s.toLowerCase()] : []))
    .slice(0, 10)
  return out.length ? out : undefined
}
const modelId = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined
  const id = v.trim()
  return id && id.length <= MAX_ID && !/[\s\p{Cc}]/u.test(id) ? id : undefined
}

/** One OpenRouter price (a string or number of USD per token or per unit); -1 (variable) and junk are none. */
function price(v: unknown, scale: number): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return undefined
  return Number((n * scale).toPrecision(12))
}

function pricing(v: unknown): ListedPricing | undefined {
  const p = obj(v)
  if (!p) return undefined
  const out: ListedPricing = {}
  const set = (key: keyof ListedPricing, value: number | undefined) =>
    value !== undefined && (out[key] = value)
  set('input', price(p.prompt, 1e6))
  set('output', price(p.completion, 1e6))
  set('cachedRead', price(p.input_cache_read, 1e6))
  set('cacheWrite', price(p.input_cache_write, 1e6))
  set('reasoning', price(p.internal_reasoning, 1e6))
  set('image', price(p.image, 1))
  return Object.keys(out).length ? out : undefined
}

function kindOfModalities(output: string[] | undefined): ModelKind | undefined {
  if (!output) return undefined
  if (output.includes('embeddings') || output.includes('embedding')) return 'embedding'
  if (output.includes('video')) return 'video'
  if (output.includes('text')) return 'text'
  if (output.includes('image')) return 'image'
  return undefined
}

function openai(item: Json): ListedModel | null {
  const id = modelId(item.id)
  if (!id) return null
  const m: ListedModel = { id }
  const name = text(item.name)
  if (name && name !== id) m.name = name
  const owner = text(item.owned_by)
  if (owner) m.ownedBy = owner
  const arch = obj(item.architecture)
  const top = obj(item.top_provider)
  const context = count(item.context_length) ?? count(item.context_window) ?? count(top?.context_length)
  if (context) m.contextWindow = context
  const maxOut = count(top?.max_completion_tokens) ?? count(item.max_output_tokens)
  if (maxOut) m.maxOutput = maxOut
  const input = strings(arch?.input_modalities)
  const output = strings(arch?.output_modalities)
  if (input) m.inputModalities = input
  if (output) m.outputModalities = output
  const kind = kindOfModalities(output)
  if (kind) m.kind = kind
  const p = pricing(item.pricing)
  if (p) m.pricing = p
  return m
}

function anthropic(item: Json): ListedModel | null {
  const id = modelId(item.id)
  if (!id) return null
  const m: ListedModel = { id, kind: 'text' }
  const name = text(item.display_name)
  if (name && name !== id) m.name = name
  const context = count(item.max_input_tokens)
  if (context) m.contextWindow = context
  const maxOut = count(item.max_tokens)
  if (maxOut) m.maxOutput = maxOut
  return m
}

function gemini(item: Json): ListedModel | null {
  const id = modelId(typeof item.name === 'string' ? item.name.replace(/^models\//, '') : item.baseModelId)
  if (!id) return null
  const m: ListedModel = { id }
  const name = text(item.displayName)
  if (name && name !== id) m.name = name
  const context = count(item.inputTokenLimit)
  if (context) m.contextWindow = context
  const maxOut = count(item.outputTokenLimit)
  if (maxOut) m.maxOutput = maxOut
  const methods = strings(item.supportedGenerationMethods)?.map((s) => s.toLowerCase())
  if (methods?.some((s) => s.includes('embed'))) m.kind = 'embedding'
  else if (methods?.some((s) => s.includes('generatecontent'))) m.kind = 'text'
  else if (methods?.some((s) => s.includes('predictlongrunning'))) m.kind = 'video'
  return m
}

/** A page of a model list, or null when the body is not a list in any of the three shapes. */
export function readListPage(body: unknown): ListPage | null {
  const root = obj(body)
  if (!root) return null
  if (Array.isArray(root.models)) {
    const models = root.models.flatMap((i) => (obj(i) ? [gemini(obj(i)!)] : [])).filter((m) => m !== null)
    const token = text(root.nextPageToken)
    return { shape: 'gemini', models, next: token ? { pageToken: token } : null }
  }
  if (!Array.isArray(root.data)) return null
  const items = root.data.flatMap((i) => (obj(i) ? [obj(i)!] : []))
  const isAnthropic =
    'has_more' in root || items.some((i) => i.type === 'model' || typeof i.display_name === 'string')
  if (isAnthropic) {
    const models = items.map(anthropic).filter((m) => m !== null)
    const last = text(root.last_id) ?? models.at(-1)?.id
    return { shape: 'anthropic', models, next: root.has_more === true && last ? { after_id: last } : null }
  }
  return { shape: 'openai', models: items.map(openai).filter((m) => m !== null), next: null }
}

// Messages, request side: a draft becomes the `/v1/messages` body (tool results as `tool_result` blocks in
// a user turn, images as base64 sources, signed thinking replayed) and the count_tokens body.
import { MESSAGES_WEB_SEARCH_TOOL, thinkingBudget } from '../../catalog/textParams'
import { jsonHeaders, WireParseError } from '../adapter'
import type { BuiltRequest } from '../adapter'
import { parseDataUrl } from '../dataUrl'
import type { CacheControl, Draft, DraftMessage, ImagePart } from '../draft'
import { parseArguments } from '../events'
import { withUnknownExtras } from '../extraFields'
import { compact, isObject, num, obj } from '../read'
import type { JsonObject } from '../read'

export const MESSAGES_PATH = '/v1/messages'
export const COUNT_TOKENS_PATH = '/v1/messages/count_tokens'
/** Sent because upstream servers require it; the gateway accepts any value. */
export const ANTHROPIC_VERSION = '2023-06-01'

const cache = (c: CacheControl | undefined): JsonObject | undefined => (c ? { type: c.type } : undefined)

function systemField(draft: Draft): unknown {
  const blocks = draft.systemBlocks ?? []
  if (blocks.length > 0) {
    return blocks.map((b) => compact({ type: 'text', text: b.text, cache_control: cache(b.cacheControl) }))
  }
  return draft.system ? draft.system : undefined
}

function imageBlock(p: ImagePart): JsonObject {
  const fromUrl = p.url !== undefined ? parseDataUrl(p.url) : undefined
  const source =
    p.data !== undefined
      ? { type: 'base64', media_type: p.mimeType ?? 'image/png', data: p.data }
      : fromUrl?.base64
        ? { type: 'base64', media_type: fromUrl.mimeType, data: fromUrl.data }
        : { type: 'url', url: p.url ?? '' }
  return compact({ type: 'image', source, cache_control: cache(p.cacheControl) })
}

function objectArgs(args: string): JsonObject {
  const parsed = parseArguments(args)
  return isObject(parsed) ? parsed : {}
}

function toBlocks(m: DraftMessage): JsonObject[] {
  const blocks: JsonObject[] = []
  // Signed thinking goes first: the API checks it precedes the tool_use it led to.
  for (const p of m.parts) {
    if (p.type === 'reasoning' && m.role === 'assistant' && p.signature) {
      blocks.push({ type: 'thinking', thinking: p.text, signature: p.signature })
    }
  }
  for (const p of m.parts) {
    if (p.type === 'text' && p.text !== '') {
      blocks.push(compact({ type: 'text', text: p.text, cache_control: cache(p.cacheControl) }))
    } else if (p.type === 'image') blocks.push(imageBlock(p))
    else if (p.type === 'toolCall')
      blocks.push({ type: 'tool_use', id: p.id, name: p.name, input: objectArgs(p.arguments) })
    else if (p.type === 'toolResult') {
      blocks.push(
        compact({ type: 'tool_result', tool_use_id: p.callId, content: p.content, is_error: p.isError }),
      )
    }
  }
  return blocks
}

/** Draft turns as messages-format turns: tool turns become user turns, and same-role neighbours merge. */
export function toMessages(draft: Draft): JsonObject[] {
  const out: { role: string; blocks: JsonObject[] }[] = []
  for (const m of draft.messages) {
    const role = m.role === 'assistant' ? 'assistant' : 'user'
    const blocks = toBlocks(m)
    const last = out[out.length - 1]
    if (last && last.role === role) last.blocks.push(...blocks)
    else out.push({ role, blocks })
  }
  // "Cache the conversation": the last block marked caches everything before it (spec: prompt caching).
  const cacheLast = draft.extras?.messages?.cacheLastTurn
  const lastBlock = out.at(-1)?.blocks.at(-1)
  if (cacheLast && lastBlock) lastBlock.cache_control = { type: cacheLast }
  return out.map(({ role, blocks }) => {
    const only = blocks[0]
    // A lone plain text block is sent as a string, the simplest form every server accepts.
    if (blocks.length === 1 && only?.type === 'text' && only.cache_control === undefined)
      return { role, content: only.text }
    return { role, content: blocks }
  })
}

/** Description of the forced tool that carries structured output; parseRequest recognises it by this text. */
export const RESPONSE_FORMAT_DESCRIPTION = 'Return the answer as JSON matching this schema.'

function toolDefinitions(draft: Draft): JsonObject[] {
  const tools = (draft.tools ?? []).map((t) =>
    compact({
      name: t.name,
      description: t.description,
      input_schema: t.parameters ?? { type: 'object', properties: {} },
    }),
  )
  // Structured output in this format is a forced tool whose input is the JSON (see toolChoice below).
  if (draft.responseFormat) {
    tools.push({
      name: draft.responseFormat.name,
      description: RESPONSE_FORMAT_DESCRIPTION,
      input_schema: draft.responseFormat.schema,
    })
  }
  return tools
}

function toolChoice(draft: Draft): JsonObject | undefined {
  const choice = draft.toolChoice
  const disable = draft.extras?.messages?.disable_parallel_tool_use
  let base: JsonObject | undefined
  if (choice === 'auto') base = { type: 'auto' }
  else if (choice === 'none') base = { type: 'none' }
  else if (choice === 'required') base = { type: 'any' }
  else if (choice !== undefined) base = { type: 'tool', name: choice.name }
  else if (draft.responseFormat) base = { type: 'tool', name: draft.responseFormat.name }
  if (disable !== undefined) base = { ...(base ?? { type: 'auto' }), disable_parallel_tool_use: disable }
  return base
}

function thinkingField(draft: Draft): JsonObject | undefined {
  const extra = draft.extras?.messages?.thinking
  if (extra) return { ...extra }
  const t = draft.thinking
  if (!t?.enabled) return undefined
  return { type: 'enabled', budget_tokens: thinkingBudget(t) }
}

export function build(draft: Draft): BuiltRequest {
  const stream = draft.stream === true
  const tools = toolDefinitions(draft)
  const webSearch = draft.extras?.messages?.web_search
  // First, so the structured-output tool stays last (where parseRequest recognises it).
  if (webSearch) tools.unshift({ ...MESSAGES_WEB_SEARCH_TOOL, ...webSearch })
  const metadata = draft.extras?.messages?.metadata
  const body = withUnknownExtras(
    'messages',
    draft.extras?.messages,
    compact({
      model: draft.model,
      max_tokens: draft.maxTokens,
      system: systemField(draft),
      messages: toMessages(draft),
      stream,
      temperature: draft.temperature,
      top_p: draft.topP,
      top_k: draft.topK,
      stop_sequences:
        draft.stopSequences && draft.stopSequences.length > 0 ? [...draft.stopSequences] : undefined,
      tools: tools.length > 0 ? tools : undefined,
      tool_choice: toolChoice(draft),
      thinking: thinkingField(draft),
      metadata: metadata ? { ...metadata } : undefined,
    }),
  )
  return {
    method: 'POST',
    path: MESSAGES_PATH,
    headers: { ...jsonHeaders(stream), 'anthropic-version': ANTHROPIC_VERSION },
    body,
  }
}

/** The count_tokens request (endpoint 4): model, messages, system and tools only. */
export function buildCountTokens(draft: Draft): BuiltRequest {
  const tools = toolDefinitions(draft)
  const body = compact({
    model: draft.model,
    system: systemField(draft),
    messages: toMessages(draft),
    tools: tools.length > 0 ? tools : undefined,
  })
  return {
    method: 'POST',
    path: COUNT_TOKENS_PATH,
    headers: { ...jsonHeaders(false), 'anthropic-version': ANTHROPIC_VERSION },
    body,
  }
}

/** `input_tokens` of a count_tokens answer. */
export function parseCountTokens(json: unknown): number {
  const n = num(obj(json)?.input_tokens)
  if (n === undefined) throw new WireParseError('A count_tokens answer must carry a numeric input_tokens')
  return n
}

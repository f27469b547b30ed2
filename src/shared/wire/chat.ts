// Chat completions (`/v1/chat/completions`): build the request from a draft, parse a `chat.completion`, and
// fold `chat.completion.chunk` frames into common events. Only choice 0 is read. A stream is complete at
// `[DONE]`, or at its end when a finish_reason was seen (some servers omit `[DONE]`); otherwise incomplete.
import { jsonHeaders, synthId, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter } from './adapter'
import { parseDataUrl, toDataUrl } from './dataUrl'
import { systemText } from './draft'
import type { Draft, DraftMessage, DraftPart, ImagePart } from './draft'
import { emptyCompletion, parseArguments, toolCallEnd } from './events'
import type {
  Completion,
  Finish,
  FolderStatus,
  ImageOutput,
  SseFrame,
  StreamEvent,
  StreamFolder,
  Usage,
} from './events'
import { FORMAT_LABELS } from './format'
import { SVC_THINKING_TO_CONTENT, VENDOR_KEY, VENDOR_SEARCH_TOOL } from './names'
import { arr, compact, isObject, num, obj, parseJson, readError, str } from './read'
import type { JsonObject } from './read'

export const CHAT_PATH = '/v1/chat/completions'

// ---------------------------------------------------------------- build

export function build(draft: Draft): BuiltRequest {
  const x = draft.extras?.chat ?? {}
  const stream = draft.stream === true
  const messages: JsonObject[] = []
  const system = systemText(draft)
  if (system) messages.push({ role: 'system', content: system })
  for (const m of draft.messages) messages.push(...toChatMessages(m))

  const tools: JsonObject[] = (draft.tools ?? []).map((t) => ({
    type: 'function',
    function: compact({ name: t.name, description: t.description, parameters: t.parameters }),
  }))
  if (x.vendorSearch === 'function') tools.push({ type: 'function', function: { name: VENDOR_SEARCH_TOOL } })

  const vendor: JsonObject = {}
  if (x.thinking_config) vendor.thinking_config = { ...x.thinking_config }
  if (x.vendorSearch === 'extra_body') vendor.tools = [{ [VENDOR_SEARCH_TOOL]: {} }]

  const neutralEffort = draft.thinking?.enabled ? (draft.thinking.effort ?? 'medium') : undefined
  const body = compact({
    model: draft.model,
    messages,
    stream,
    stream_options: stream ? { include_usage: true } : undefined,
    temperature: draft.temperature,
    top_p: draft.topP,
    max_tokens: draft.maxTokens,
    stop: draft.stopSequences && draft.stopSequences.length > 0 ? [...draft.stopSequences] : undefined,
    tools: tools.length > 0 ? tools : undefined,
    tool_choice: chatToolChoice(draft),
    response_format: draft.responseFormat
      ? {
          type: 'json_schema',
          json_schema: { name: draft.responseFormat.name, schema: draft.responseFormat.schema },
        }
      : undefined,
    reasoning_effort: x.reasoning_effort ?? neutralEffort,
    thinking: x.thinking ? { ...x.thinking } : undefined,
    enable_thinking: x.enable_thinking,
    [SVC_THINKING_TO_CONTENT]: x.svc_thinking_to_content,
    extra_body: Object.keys(vendor).length > 0 ? { [VENDOR_KEY]: vendor } : undefined,
    generationConfig: x.thinkingLevel ? { thinkingConfig: { thinkingLevel: x.thinkingLevel } } : undefined,
    web_search_options: x.web_search_options ? withLocationType(x.web_search_options) : undefined,
    search_parameters: x.search_parameters ? { ...x.search_parameters } : undefined,
    parameters: x.parameters ? { ...x.parameters } : undefined,
  })
  return { method: 'POST', path: CHAT_PATH, headers: jsonHeaders(stream), body }
}

function chatToolChoice(draft: Draft): unknown {
  const choice = draft.toolChoice
  if (choice === undefined) return undefined
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } }
}

// Upstream servers require `user_location.type: approximate` beside the spec's `approximate` object.
function withLocationType(options: JsonObject): JsonObject {
  const location = obj(options.user_location)
  if (!location || location.type !== undefined || location.approximate === undefined) return { ...options }
  return { ...options, user_location: { type: 'approximate', ...location } }
}

function imageUrl(part: ImagePart): string {
  return part.data !== undefined
    ? toDataUrl(part.mimeType ?? 'application/octet-stream', part.data)
    : (part.url ?? '')
}

function toChatMessages(m: DraftMessage): JsonObject[] {
  if (m.role === 'tool') {
    return m.parts.flatMap((p) =>
      p.type === 'toolResult'
        ? [{ role: 'tool', tool_call_id: p.callId, name: p.name, content: p.content }]
        : [],
    )
  }
  if (m.role === 'assistant') {
    const text = m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')
    const calls = m.parts.flatMap((p) =>
      p.type === 'toolCall'
        ? [{ id: p.id, type: 'function', function: { name: p.name, arguments: p.arguments } }]
        : [],
    )
    if (calls.length === 0) return [{ role: 'assistant', content: text }]
    return [{ role: 'assistant', content: text === '' ? null : text, tool_calls: calls }]
  }
  return [{ role: m.role, content: chatContent(m.parts) }]
}

function chatContent(parts: DraftPart[]): string | JsonObject[] {
  const only = parts[0]
  if (parts.length === 1 && only?.type === 'text') return only.text
  return parts.flatMap((p): JsonObject[] => {
    if (p.type === 'text') return [{ type: 'text', text: p.text }]
    if (p.type === 'image')
      return [{ type: 'image_url', image_url: compact({ url: imageUrl(p), detail: p.detail }) }]
    return []
  })
}

// ---------------------------------------------------------------- parse

const FINISH_MAP: Record<string, Finish> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
}

export const chatFinish = (reason: string | null | undefined): Finish =>
  reason ? (FINISH_MAP[reason] ?? 'other') : 'other'

export function chatUsage(u: JsonObject): Usage {
  return compact({
    input: num(u.prompt_tokens),
    output: num(u.completion_tokens),
    reasoning: num(obj(u.completion_tokens_details)?.reasoning_tokens),
    cachedRead: num(obj(u.prompt_tokens_details)?.cached_tokens),
    total: num(u.total_tokens),
  })
}

function imagesOf(list: unknown): ImageOutput[] {
  return arr(list).flatMap((item) => {
    const url = str(obj(obj(item)?.image_url)?.url) ?? str(obj(item)?.url)
    const parsed = url ? parseDataUrl(url) : undefined
    return parsed?.base64 ? [{ mimeType: parsed.mimeType, data: parsed.data }] : []
  })
}

function choiceZero(body: JsonObject): JsonObject | undefined {
  const choices = arr(body.choices).flatMap((c) => (isObject(c) ? [c] : []))
  return choices.find((c) => c.index === 0) ?? choices.find((c) => c.index === undefined) ?? undefined
}

export function parseResponse(json: unknown): Completion {
  const body = obj(json)
  if (!body) throw new WireParseError('A chat completion body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.id)
  c.model = str(body.model)
  const choice = choiceZero(body) ?? obj(arr(body.choices)[0])
  const message = obj(choice?.message) ?? {}
  const content = message.content
  if (typeof content === 'string') c.text = content
  else
    for (const part of arr(content)) {
      const p = obj(part)
      if (p?.type === 'text' && typeof p.text === 'string') c.text += p.text
    }
  c.images = [...imagesOf(content), ...imagesOf(message.images)]
  const refusal = str(message.refusal)
  if (refusal && c.text === '') c.text = refusal
  c.reasoning = str(message.reasoning_content) ?? str(message.reasoning) ?? ''
  if (c.reasoning !== '') c.reasoningBlocks = [{ text: c.reasoning }]
  c.toolCalls = arr(message.tool_calls).flatMap((tc) => {
    const t = obj(tc)
    const fn = obj(t?.function)
    if (!t || !fn) return []
    const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {})
    const parsed = parseArguments(args)
    const call = { id: str(t.id) ?? synthId(), name: str(fn.name) ?? '', arguments: args }
    return [parsed === undefined ? call : { ...call, parsedArguments: parsed }]
  })
  const usage = obj(body.usage)
  if (usage) c.usage = chatUsage(usage)
  const reason = str(choice?.finish_reason) ?? null
  c.stopReason = reason
  c.finish = refusal ? 'refusal' : reason === null ? null : chatFinish(reason)
  return c
}

export const parseError = readError

// ---------------------------------------------------------------- fold

interface OpenCall {
  args: string
  ended: boolean
}

export function createFolder(): StreamFolder {
  let status: FolderStatus = 'open'
  let closed = false
  let finished = false
  let metaSent = false
  let refusal = false
  const calls = new Map<number, OpenCall>()
  const indexById = new Map<string, number>()

  const endCalls = (out: StreamEvent[]): void => {
    for (const [index, call] of calls) {
      if (call.ended) continue
      call.ended = true
      out.push(toolCallEnd(index, call.args))
    }
  }

  const onToolFragments = (fragments: unknown[], out: StreamEvent[]): void => {
    for (const raw of fragments) {
      const f = obj(raw)
      if (!f) continue
      const fn = obj(f.function) ?? {}
      const id = str(f.id)
      // Without an index (some servers), a known id continues its call, a new id opens the next call and a
      // fragment with neither continues the last one.
      let index = num(f.index)
      if (index === undefined) {
        const known = id !== undefined ? indexById.get(id) : undefined
        index = known ?? (id !== undefined || calls.size === 0 ? calls.size : calls.size - 1)
      }
      let call = calls.get(index)
      if (!call) {
        call = { args: '', ended: false }
        calls.set(index, call)
        if (id !== undefined) indexById.set(id, index)
        out.push({ type: 'toolCallStart', index, id: id ?? synthId(), name: str(fn.name) ?? '' })
      }
      const piece =
        typeof fn.arguments === 'string' ? fn.arguments : fn.arguments ? JSON.stringify(fn.arguments) : ''
      if (piece !== '' && !call.ended) {
        call.args += piece
        out.push({ type: 'toolCallDelta', index, argumentsDelta: piece })
      }
    }
  }

  return {
    get status() {
      return status
    },
    push(frame: SseFrame): StreamEvent[] {
      if (closed) return []
      const out: StreamEvent[] = []
      const data = frame.data.trim()
      if (data === '[DONE]') {
        endCalls(out)
        // Every completed stream yields exactly one finish, even when no chunk named a finish_reason.
        if (!finished) out.push({ type: 'finish', stopReason: null, finish: 'other' })
        finished = true
        closed = true
        status = 'complete'
        return out
      }
      const json = parseJson(data)
      const chunk = obj(json)
      if (!chunk) {
        return [
          {
            type: 'warning',
            message: 'Skipped a chat stream frame that is not a JSON object',
            raw: frame.data,
          },
        ]
      }
      if (chunk.error !== undefined && chunk.error !== null) {
        closed = true
        status = 'error'
        return [{ type: 'error', ...readError(json) }]
      }
      if (!metaSent && (chunk.id !== undefined || chunk.model !== undefined)) {
        metaSent = true
        out.push(compact({ type: 'meta' as const, id: str(chunk.id), model: str(chunk.model) }))
      }
      const choice = choiceZero(chunk)
      const delta = obj(choice?.delta) ?? {}
      const reasoning = str(delta.reasoning_content) ?? str(delta.reasoning)
      if (reasoning) out.push({ type: 'reasoning', delta: reasoning })
      const content = str(delta.content)
      if (content) out.push({ type: 'text', delta: content })
      const refusalText = str(delta.refusal)
      if (refusalText) {
        refusal = true
        out.push({ type: 'text', delta: refusalText })
      }
      for (const image of imagesOf(delta.images)) out.push({ type: 'image', ...image })
      onToolFragments(arr(delta.tool_calls), out)
      const reason = str(choice?.finish_reason)
      const finishing = reason !== undefined && reason !== '' && !finished
      // Calls end before usage and finish, so a consumer sees complete calls when the turn ends.
      if (finishing) endCalls(out)
      const usage = obj(chunk.usage)
      if (usage) out.push({ type: 'usage', usage: chatUsage(usage) })
      if (finishing) {
        finished = true
        status = 'complete'
        out.push({ type: 'finish', stopReason: reason, finish: refusal ? 'refusal' : chatFinish(reason) })
      }
      return out
    },
    end(): StreamEvent[] {
      if (closed) return []
      closed = true
      if (finished) return []
      status = 'incomplete'
      return [
        { type: 'incomplete', message: 'The chat stream closed before [DONE] and without a finish_reason' },
      ]
    },
  }
}

export const chat: FormatAdapter = {
  id: 'chat',
  label: FORMAT_LABELS.chat,
  build,
  parseResponse,
  parseError,
  createFolder,
}

// Chat completions (`/v1/chat/completions`): build the request from a draft and read one back, parse a
// `chat.completion`, and fold `chat.completion.chunk` frames into common events. Only choice 0 is read. A
// stream is complete at `[DONE]`, or at its end when a finish_reason was seen (some servers omit `[DONE]`);
// otherwise incomplete.
import { CHAT_REASONING_EFFORTS, IMAGE_DETAILS, THINKING_LEVELS } from '../catalog/textParams'
import { jsonHeaders, synthId, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter, ParsedRequest, ParseRequestContext } from './adapter'
import { parseDataUrl, toDataUrl } from './dataUrl'
import { chatExtrasSchema, systemText } from './draft'
import type {
  ChatExtras,
  Draft,
  DraftMessage,
  DraftPart,
  ImagePart,
  ToolCallPart,
  ToolDefinition,
  ToolResultPart,
} from './draft'
import { emptyCompletion, parseArguments, toolCallEnd } from './events'
import type { Completion, Finish, ImageOutput, StreamEvent, StreamFolder, Usage } from './events'
import { FORMAT_LABELS } from './format'
import { createStreamFolder } from './streamFold'
import { SVC_THINKING_TO_CONTENT, VENDOR_KEY, VENDOR_SEARCH_TOOL } from './names'
import { arr, compact, isObject, num, obj, readError, str } from './read'
import type { JsonObject } from './read'
import {
  draftHead,
  Fields,
  imageFromUrl,
  jsonEqual,
  nonEmpty,
  objectsOf,
  put,
  readRequest,
  readToolDefinition,
  salvage,
  salvageInto,
  textOf,
} from './requestReader'
import type { Unmapped } from './requestReader'

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

// ---------------------------------------------------------------- parse request

/** The inverse of `build`: a chat completions body as a draft, and what the draft cannot express. */
export function parseRequest(body: unknown, context: ParseRequestContext = {}): ParsedRequest {
  return readRequest(body, context, (f) => {
    const draft = draftHead(f, context)
    const out = f.out
    const x: ChatExtras = {}
    // build writes stream_options from stream; any other value is the user's own.
    const options = f.take('stream_options')
    if (options !== undefined && !(draft.stream === true && jsonEqual(options, { include_usage: true })))
      f.reject('stream_options')
    put(draft, 'temperature', f.num('temperature'))
    put(draft, 'topP', f.num('top_p'))
    put(draft, 'maxTokens', f.int('max_tokens'))
    const stop = typeof f.value.stop === 'string' ? [f.str('stop') ?? ''] : f.strings('stop')
    if (stop && stop.length > 0) draft.stopSequences = stop
    readChatMessages(f.list('messages') ?? [], draft, out)

    const effort = f.oneOf('reasoning_effort', CHAT_REASONING_EFFORTS)
    if (effort) draft.thinking = { enabled: true, effort }
    put(x, 'thinking', salvage(chatExtrasSchema.shape.thinking, f.take('thinking'), f.at('thinking'), out))
    put(x, 'enable_thinking', f.bool('enable_thinking'))
    put(x, 'svc_thinking_to_content', f.bool(SVC_THINKING_TO_CONTENT))
    const vendor = f.obj('extra_body')
    const inner = vendor?.obj(VENDOR_KEY)
    if (inner) {
      const budget = salvage(
        chatExtrasSchema.shape.thinking_config,
        inner.take('thinking_config'),
        inner.at('thinking_config'),
        out,
      )
      put(x, 'thinking_config', budget)
      const tools = inner.take('tools')
      if (jsonEqual(tools, [{ [VENDOR_SEARCH_TOOL]: {} }])) x.vendorSearch = 'extra_body'
      else if (tools !== undefined) inner.reject('tools')
      inner.done()
    }
    vendor?.done()
    const generation = f.obj('generationConfig')
    const thinkingConfig = generation?.obj('thinkingConfig')
    put(x, 'thinkingLevel', thinkingConfig?.oneOf('thinkingLevel', THINKING_LEVELS))
    thinkingConfig?.done()
    generation?.done()
    salvageInto(x, chatExtrasSchema.shape, ['web_search_options', 'search_parameters', 'parameters'], f)

    readChatTools(f, draft, x)
    readChatToolChoice(f, draft)
    const format = f.obj('response_format')
    if (format) {
      const schema = format.obj('json_schema')
      const name = schema?.str('name')
      const shape = schema?.take('schema')
      if (format.str('type') === 'json_schema' && name !== undefined && isObject(shape)) {
        draft.responseFormat = { name, schema: shape }
        schema?.done()
        format.done()
      } else out.add(format.path)
    }
    if (nonEmpty(x)) draft.extras = { chat: x }
    return draft
  })
}

function readChatMessages(list: unknown[], draft: Draft, out: Unmapped): void {
  const names = new Map<string, string>()
  objectsOf(list, 'messages', out).forEach((m, i) => {
    if (!m) return
    const role = m.str('role')
    const content = m.take('content')
    if (role === 'tool') {
      const callId = m.str('tool_call_id') ?? ''
      const part: ToolResultPart = {
        type: 'toolResult',
        callId,
        name: m.str('name') ?? names.get(callId) ?? '',
        content: textOf(content, m.at('content'), out, 'text'),
      }
      // Results of one turn travel as one chat message each; the draft keeps them as one tool turn.
      const last = draft.messages[draft.messages.length - 1]
      if (last?.role === 'tool') last.parts.push(part)
      else draft.messages.push({ role: 'tool', parts: [part] })
    } else if (role === 'assistant') {
      const parts: DraftPart[] = []
      const text = textOf(content, m.at('content'), out, 'text')
      if (text !== '' || !m.has('tool_calls')) parts.push({ type: 'text', text })
      objectsOf(m.list('tool_calls') ?? [], m.at('tool_calls'), out).forEach((c) => {
        const call = c && readChatToolCall(c)
        if (!call) return
        parts.push(call)
        names.set(call.id, call.name)
      })
      draft.messages.push({ role: 'assistant', parts })
    } else if (role === 'system' && i === 0 && typeof content === 'string' && content !== '') {
      // build writes the draft's system prompt as the first message, and only when it is not empty.
      draft.system = content
    } else if (role === 'system' || role === 'developer' || role === 'user') {
      draft.messages.push({ role, parts: chatParts(content, m.at('content'), out) })
    } else {
      out.add(m.path)
      return
    }
    m.done()
  })
}

function readChatToolCall(c: Fields): ToolCallPart | undefined {
  const type = c.take('type')
  const fn = c.obj('function')
  const name = fn?.str('name')
  if ((type !== undefined && type !== 'function') || !fn || name === undefined) {
    c.out.add(c.path)
    return undefined
  }
  const args = fn.take('arguments')
  let text = '{}'
  if (typeof args === 'string') text = args
  else if (isObject(args)) text = JSON.stringify(args)
  else if (args !== undefined) c.out.add(fn.at('arguments'))
  const id = c.str('id') ?? ''
  fn.done()
  c.done()
  return { type: 'toolCall', id, name, arguments: text }
}

function chatParts(content: unknown, path: string, out: Unmapped): DraftPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  if (!Array.isArray(content)) {
    if (content !== undefined) out.add(path)
    return []
  }
  return objectsOf(content, path, out).flatMap((p): DraftPart[] => {
    if (!p) return []
    const type = p.str('type')
    if (type === 'text' && typeof p.value.text === 'string') {
      const text = p.str('text') ?? ''
      p.done()
      return [{ type: 'text', text }]
    }
    const image = type === 'image_url' ? p.obj('image_url') : undefined
    const url = image?.str('url')
    if (!image || url === undefined) {
      out.add(p.path)
      return []
    }
    const part = imageFromUrl(url)
    put(part, 'detail', image.oneOf('detail', IMAGE_DETAILS))
    image.done()
    p.done()
    return [part]
  })
}

function readChatTools(f: Fields, draft: Draft, x: ChatExtras): void {
  const list = f.list('tools')
  if (!list) return
  const items = objectsOf(list, 'tools', f.out)
  // build appends the bare search function last; only there is it the extra rather than a user's tool.
  const last = list.length - 1
  if (
    !x.vendorSearch &&
    jsonEqual(list[last], { type: 'function', function: { name: VENDOR_SEARCH_TOOL } })
  ) {
    x.vendorSearch = 'function'
    items.pop()
  }
  const tools: ToolDefinition[] = []
  for (const t of items) {
    if (!t) continue
    const fn = t.str('type') === 'function' ? t.obj('function') : undefined
    const tool = fn && readToolDefinition(fn)
    if (!fn || !tool) {
      f.out.add(t.path)
      continue
    }
    fn.done()
    t.done()
    tools.push(tool)
  }
  if (tools.length > 0) draft.tools = tools
}

function readChatToolChoice(f: Fields, draft: Draft): void {
  const choice = f.take('tool_choice')
  if (choice === 'auto' || choice === 'none' || choice === 'required') {
    draft.toolChoice = choice
    return
  }
  const c = Fields.of(choice, 'tool_choice', f.out)
  const fn = c?.str('type') === 'function' ? c.obj('function') : undefined
  const name = fn?.str('name')
  if (c && fn && name !== undefined) {
    draft.toolChoice = { name }
    fn.done()
    c.done()
  } else if (choice !== undefined) f.out.add('tool_choice')
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
  if (refusal) c.refusal = refusal
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

  return createStreamFolder({
    name: 'chat',
    incompleteMessage: 'The chat stream closed before [DONE] and without a finish_reason',
    sentinel(data, out, control) {
      if (data !== '[DONE]') return false
      endCalls(out)
      // Every completed stream yields exactly one finish, even when no chunk named a finish_reason.
      control.complete({ close: true })
      return true
    },
    error: (chunk, json) => (chunk.error !== undefined && chunk.error !== null ? readError(json) : undefined),
    chunk(chunk, _frame, out, control) {
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
      // A refusal is its own field: the SDK keeps `content` empty and `refusal` filled.
      const refusalText = str(delta.refusal)
      if (refusalText) {
        refusal = true
        out.push({ type: 'refusal', delta: refusalText })
      }
      for (const image of imagesOf(delta.images)) out.push({ type: 'image', ...image })
      onToolFragments(arr(delta.tool_calls), out)
      const reason = str(choice?.finish_reason)
      const finishing = reason !== undefined && reason !== ''
      // Calls end before usage and finish, so a consumer sees complete calls when the turn ends.
      if (finishing) endCalls(out)
      const usage = obj(chunk.usage)
      if (usage) out.push({ type: 'usage', usage: chatUsage(usage) })
      if (finishing) {
        out.push({ type: 'finish', stopReason: reason, finish: refusal ? 'refusal' : chatFinish(reason) })
        // A usage chunk may still follow before [DONE].
        control.complete()
      }
    },
  })
}

export const chat: FormatAdapter = {
  id: 'chat',
  label: FORMAT_LABELS.chat,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

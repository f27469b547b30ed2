// Messages (`/v1/messages`, `/v1/messages/count_tokens`): build content blocks from a draft (tool results
// as `tool_result` blocks in a user turn, images as base64 sources, signed thinking replayed) and read them
// back, parse a `message`, and fold the block event stream. Only `message_stop` completes a stream;
// `event: error` ends it as an error.
import { THINKING_BUDGET_BY_EFFORT } from '../catalog/textParams'
import { jsonHeaders, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter, ParsedRequest, ParseRequestContext } from './adapter'
import { parseDataUrl } from './dataUrl'
import { cacheControlSchema, messagesExtrasSchema } from './draft'
import type {
  CacheControl,
  Draft,
  DraftMessage,
  DraftPart,
  ImagePart,
  MessagesExtras,
  SystemBlock,
  TextPart,
  ToolDefinition,
  ToolResultPart,
} from './draft'
import { emptyCompletion, parseArguments, parsePartialArguments, toolCallEnd } from './events'
import type { Completion, Finish, StreamEvent, StreamFolder, Usage } from './events'
import { FORMAT_LABELS } from './format'
import { createStreamFolder } from './streamFold'
import { arr, compact, isObject, num, obj, readError, str } from './read'
import type { JsonObject } from './read'
import {
  draftHead,
  Fields,
  jsonEqual,
  nonEmpty,
  objectsOf,
  put,
  readRequest,
  readToolDefinition,
  salvage,
  textOf,
} from './requestReader'
import type { Unmapped } from './requestReader'

export const MESSAGES_PATH = '/v1/messages'
export const COUNT_TOKENS_PATH = '/v1/messages/count_tokens'
/** Sent because upstream servers require it; the gateway accepts any value. */
export const ANTHROPIC_VERSION = '2023-06-01'

// ---------------------------------------------------------------- build

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
  return { type: 'enabled', budget_tokens: t.budgetTokens ?? THINKING_BUDGET_BY_EFFORT[t.effort ?? 'medium'] }
}

export function build(draft: Draft): BuiltRequest {
  const stream = draft.stream === true
  const tools = toolDefinitions(draft)
  const metadata = draft.extras?.messages?.metadata
  const body = compact({
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
  })
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

// ---------------------------------------------------------------- parse request

/** The inverse of `build`: a messages body as a draft, and what the draft cannot express. */
export function parseRequest(body: unknown, context: ParseRequestContext = {}): ParsedRequest {
  return readRequest(body, context, (f) => {
    const draft = draftHead(f, context)
    const out = f.out
    const x: MessagesExtras = {}
    put(draft, 'maxTokens', f.int('max_tokens'))
    put(draft, 'temperature', f.num('temperature'))
    put(draft, 'topP', f.num('top_p'))
    put(draft, 'topK', f.int('top_k'))
    const stop = f.strings('stop_sequences')
    if (stop && stop.length > 0) draft.stopSequences = stop
    const system = f.take('system')
    if (typeof system === 'string') {
      if (system !== '') draft.system = system
    } else if (Array.isArray(system)) {
      const blocks = readSystemBlocks(system, out)
      if (blocks.length > 0) draft.systemBlocks = blocks
    } else if (system !== undefined) f.reject('system')
    readTurns(f.list('messages') ?? [], draft, out)
    readMessagesTools(f, draft, x)

    // build writes {type: enabled, budget_tokens} for the neutral knob; anything else is the extra.
    const thinking = f.take('thinking')
    const budget = isObject(thinking) ? thinking.budget_tokens : undefined
    if (Number.isSafeInteger(budget) && jsonEqual(thinking, { type: 'enabled', budget_tokens: budget })) {
      draft.thinking = { enabled: true, budgetTokens: budget as number }
    } else put(x, 'thinking', salvage(messagesExtrasSchema.shape.thinking, thinking, 'thinking', out))
    put(x, 'metadata', salvage(messagesExtrasSchema.shape.metadata, f.take('metadata'), 'metadata', out))
    if (nonEmpty(x)) draft.extras = { messages: x }
    return draft
  })
}

const readCacheControl = (b: Fields): CacheControl | undefined =>
  salvage(cacheControlSchema, b.take('cache_control'), b.at('cache_control'), b.out)

function readSystemBlocks(list: unknown[], out: Unmapped): SystemBlock[] {
  return objectsOf(list, 'system', out).flatMap((b): SystemBlock[] => {
    if (!b) return []
    if (b.value.type !== 'text' || typeof b.value.text !== 'string') {
      out.add(b.path)
      return []
    }
    b.skip('type')
    const block: SystemBlock = { text: b.str('text') ?? '' }
    put(block, 'cacheControl', readCacheControl(b))
    b.done()
    return [block]
  })
}

function readTurns(list: unknown[], draft: Draft, out: Unmapped): void {
  const names = new Map<string, string>()
  objectsOf(list, 'messages', out).forEach((m) => {
    if (!m) return
    const role = m.value.role
    if (role !== 'user' && role !== 'assistant') return out.add(m.path)
    m.skip('role')
    const content = m.take('content')
    const path = m.at('content')
    m.done()
    if (typeof content === 'string') {
      draft.messages.push({ role, parts: [{ type: 'text', text: content }] })
      return
    }
    if (!Array.isArray(content)) return out.add(path)
    let current: DraftMessage | undefined
    for (const b of objectsOf(content, path, out)) {
      const part = b && readBlock(b, role, names)
      if (!part) continue
      const wanted = part.type === 'toolResult' && role === 'user' ? 'tool' : role
      // build merges neighbouring turns and writes each turn's thinking first: split where a tool turn's
      // results meet other user blocks, and where thinking follows other blocks.
      const split =
        !current ||
        current.role !== wanted ||
        (part.type === 'reasoning' && current.parts.some((p) => p.type !== 'reasoning'))
      if (split) {
        current = { role: wanted, parts: [] }
        draft.messages.push(current)
      }
      current?.parts.push(part)
    }
    if (!current) draft.messages.push({ role, parts: [] })
  })
}

function readBlock(b: Fields, role: 'user' | 'assistant', names: Map<string, string>): DraftPart | undefined {
  const part = blockPart(b, role, names)
  if (!part) b.out.add(b.path)
  else {
    b.skip('type')
    b.done()
  }
  return part
}

function blockPart(b: Fields, role: 'user' | 'assistant', names: Map<string, string>): DraftPart | undefined {
  const v = b.value
  switch (v.type) {
    case 'text': {
      if (typeof v.text !== 'string') return undefined
      const part: TextPart = { type: 'text', text: b.str('text') ?? '' }
      put(part, 'cacheControl', readCacheControl(b))
      return part
    }
    case 'image': {
      const source = obj(v.source)
      let part: ImagePart
      if (
        source?.type === 'base64' &&
        typeof source.data === 'string' &&
        typeof source.media_type === 'string'
      ) {
        part = { type: 'image', mimeType: source.media_type, data: source.data }
      } else if (source?.type === 'url' && typeof source.url === 'string') {
        part = { type: 'image', url: source.url }
      } else return undefined
      const s = b.obj('source')
      for (const key of ['type', 'data', 'media_type', 'url']) s?.skip(key)
      s?.done()
      put(part, 'cacheControl', readCacheControl(b))
      return part
    }
    case 'thinking': {
      // build replays only signed thinking, and only on assistant turns.
      const text = v.thinking
      const signature = v.signature
      if (
        role !== 'assistant' ||
        typeof text !== 'string' ||
        typeof signature !== 'string' ||
        signature === ''
      )
        return undefined
      b.skip('thinking')
      b.skip('signature')
      return { type: 'reasoning', text, signature }
    }
    case 'tool_use': {
      const id = v.id
      const name = v.name
      if (typeof id !== 'string' || typeof name !== 'string') return undefined
      b.skip('id')
      b.skip('name')
      names.set(id, name)
      const input = b.take('input')
      if (input !== undefined && !isObject(input)) b.out.add(b.at('input'))
      return { type: 'toolCall', id, name, arguments: isObject(input) ? JSON.stringify(input) : '{}' }
    }
    case 'tool_result': {
      const callId = v.tool_use_id
      if (typeof callId !== 'string') return undefined
      b.skip('tool_use_id')
      const content = textOf(b.take('content'), b.at('content'), b.out, 'text')
      const part: ToolResultPart = { type: 'toolResult', callId, name: names.get(callId) ?? '', content }
      put(part, 'isError', b.bool('is_error'))
      return part
    }
    default:
      return undefined
  }
}

function readMessagesTools(f: Fields, draft: Draft, x: MessagesExtras): void {
  const list = f.list('tools') ?? []
  const choice = f.take('tool_choice')
  const items = objectsOf(list, 'tools', f.out)
  // Structured output is the last tool, with build's description, forced by tool_choice.
  const last = list[list.length - 1]
  if (
    isObject(last) &&
    isObject(choice) &&
    choice.type === 'tool' &&
    typeof choice.name === 'string' &&
    isObject(last.input_schema) &&
    jsonEqual(last, {
      name: choice.name,
      description: RESPONSE_FORMAT_DESCRIPTION,
      input_schema: last.input_schema,
    })
  ) {
    draft.responseFormat = { name: choice.name, schema: last.input_schema }
    items.pop()
  }
  const tools: ToolDefinition[] = []
  for (const t of items) {
    if (!t) continue
    // Server tools (web search, code execution…) carry a `type`; the draft holds function tools only.
    const tool = t.has('type') ? undefined : readToolDefinition(t, 'input_schema')
    if (!tool) {
      f.out.add(t.path)
      continue
    }
    t.done()
    tools.push(tool)
  }
  if (tools.length > 0) draft.tools = tools
  if (choice === undefined) return
  const c = Fields.of(choice, 'tool_choice', f.out)
  const type = c?.value.type
  const name = c?.value.name
  if (!c) return f.out.add('tool_choice')
  if (type === 'auto' || type === 'none') draft.toolChoice = type
  else if (type === 'any') draft.toolChoice = 'required'
  else if (type === 'tool' && typeof name === 'string') {
    if (!draft.responseFormat) draft.toolChoice = { name }
    c.skip('name')
  } else return f.out.add('tool_choice')
  c.skip('type')
  put(x, 'disable_parallel_tool_use', c.bool('disable_parallel_tool_use'))
  c.done()
}

// ---------------------------------------------------------------- parse

const FINISH_MAP: Record<string, Finish> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'refusal',
}

export const messagesFinish = (reason: string | null | undefined): Finish =>
  reason ? (FINISH_MAP[reason] ?? 'other') : 'other'

/** Usage with a total that counts cache reads and writes, which `input_tokens` leaves out. */
export function messagesUsage(u: JsonObject): Usage {
  const usage: Usage = compact({
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    cachedRead: num(u.cache_read_input_tokens),
    cacheCreation: num(u.cache_creation_input_tokens),
  })
  if (usage.input === undefined && usage.output === undefined) return usage
  const parts = [usage.input, usage.output, usage.cachedRead, usage.cacheCreation]
  return { ...usage, total: parts.reduce<number>((sum, n) => sum + (n ?? 0), 0) }
}

export function parseResponse(json: unknown): Completion {
  const body = obj(json)
  if (!body) throw new WireParseError('A messages body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.id)
  c.model = str(body.model)
  const reasoning: string[] = []
  for (const raw of arr(body.content)) {
    const block = obj(raw)
    if (!block) continue
    if (block.type === 'text') c.text += str(block.text) ?? ''
    else if (block.type === 'thinking') {
      const text = str(block.thinking) ?? ''
      reasoning.push(text)
      c.reasoningBlocks.push(compact({ text, signature: str(block.signature) }))
    } else if (block.type === 'tool_use') {
      const input = block.input ?? {}
      const args = JSON.stringify(input)
      c.toolCalls.push({
        id: str(block.id) ?? '',
        name: str(block.name) ?? '',
        arguments: args,
        parsedArguments: input,
      })
    }
  }
  c.reasoning = reasoning.join('\n\n')
  const usage = obj(body.usage)
  if (usage) c.usage = messagesUsage(usage)
  c.stopReason = str(body.stop_reason) ?? null
  c.finish = c.stopReason === null ? null : messagesFinish(c.stopReason)
  return c
}

export const parseError = readError

// ---------------------------------------------------------------- fold

type Block =
  | { kind: 'text' }
  | { kind: 'thinking' }
  | { kind: 'tool'; index: number; args: string; initial: string; ended: boolean }

export function createFolder(): StreamFolder {
  let nextTool = 0
  let usage: JsonObject = {}
  let stopReason: string | undefined
  const blocks = new Map<number, Block>()

  const onUsage = (u: JsonObject | undefined, out: StreamEvent[]): void => {
    if (!u) return
    // message_delta repeats only what changed; keep the rest from message_start.
    for (const [k, v] of Object.entries(u)) if (v !== null && v !== undefined) usage[k] = v
    out.push({ type: 'usage', usage: messagesUsage(usage) })
  }

  const endTool = (block: Extract<Block, { kind: 'tool' }>, out: StreamEvent[]): void => {
    if (block.ended) return
    block.ended = true
    const args = block.args || block.initial || '{}'
    const end = toolCallEnd(block.index, args)
    // Cut off mid-call: recover what the partial JSON holds, as the SDK's stream helper does.
    if (end.parsedArguments === undefined && block.args !== '') {
      const recovered = parsePartialArguments(block.args)
      out.push(
        recovered === undefined
          ? { ...end, truncated: true }
          : { ...end, parsedArguments: recovered, truncated: true },
      )
    } else out.push(end)
  }

  return createStreamFolder({
    name: 'messages',
    incompleteMessage: 'The messages stream closed before message_stop',
    error: (chunk, json, frame) =>
      (str(chunk.type) ?? frame.event) === 'error' ? readError(json) : undefined,
    chunk(data, frame, out, control) {
      switch (str(data.type) ?? frame.event) {
        case 'message_start': {
          const message = obj(data.message) ?? {}
          out.push(compact({ type: 'meta' as const, id: str(message.id), model: str(message.model) }))
          usage = {}
          onUsage(obj(message.usage), out)
          break
        }
        case 'content_block_start': {
          const index = num(data.index) ?? blocks.size
          const block = obj(data.content_block) ?? {}
          if (block.type === 'text') {
            blocks.set(index, { kind: 'text' })
            const text = str(block.text)
            if (text) out.push({ type: 'text', delta: text })
          } else if (block.type === 'thinking') {
            blocks.set(index, { kind: 'thinking' })
            const text = str(block.thinking)
            if (text) out.push({ type: 'reasoning', delta: text })
          } else if (block.type === 'tool_use') {
            const input = obj(block.input)
            const initial = input && Object.keys(input).length > 0 ? JSON.stringify(input) : ''
            const tool: Block = { kind: 'tool', index: nextTool++, args: '', initial, ended: false }
            blocks.set(index, tool)
            out.push({
              type: 'toolCallStart',
              index: tool.index,
              id: str(block.id) ?? '',
              name: str(block.name) ?? '',
            })
          }
          break
        }
        case 'content_block_delta': {
          const block = blocks.get(num(data.index) ?? -1)
          const delta = obj(data.delta) ?? {}
          if (delta.type === 'text_delta') {
            const text = str(delta.text)
            if (text) out.push({ type: 'text', delta: text })
          } else if (delta.type === 'thinking_delta') {
            const text = str(delta.thinking)
            if (text) out.push({ type: 'reasoning', delta: text })
          } else if (delta.type === 'signature_delta') {
            const signature = str(delta.signature)
            if (signature) out.push({ type: 'reasoningSignature', signature })
          } else if (delta.type === 'input_json_delta' && block?.kind === 'tool') {
            // The first piece is often "": no event for it.
            const piece = str(delta.partial_json) ?? ''
            if (piece !== '' && !block.ended) {
              block.args += piece
              out.push({ type: 'toolCallDelta', index: block.index, argumentsDelta: piece })
            }
          }
          break
        }
        case 'content_block_stop': {
          const block = blocks.get(num(data.index) ?? -1)
          if (block?.kind === 'tool') endTool(block, out)
          break
        }
        case 'message_delta': {
          // A tool block left open by the token limit still ends, with what its arguments hold.
          for (const block of blocks.values()) if (block.kind === 'tool') endTool(block, out)
          onUsage(obj(data.usage), out)
          const reason = str(obj(data.delta)?.stop_reason)
          if (reason && stopReason === undefined) {
            stopReason = reason
            out.push({ type: 'finish', stopReason: reason, finish: messagesFinish(reason) })
          }
          break
        }
        case 'message_stop':
          control.complete({ close: true })
          break
        default:
          // ping and event types this client does not know
          break
      }
    },
  })
}

export const messages: FormatAdapter = {
  id: 'messages',
  label: FORMAT_LABELS.messages,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

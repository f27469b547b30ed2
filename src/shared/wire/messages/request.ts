// Messages, read back: a request body becomes a draft. Every field the draft cannot hold is listed as
// unmapped, never dropped silently.
import { MESSAGES_WEB_SEARCH_TOOL } from '../../catalog/textParams'
import type { ParsedRequest, ParseRequestContext } from '../adapter'
import { cacheControlSchema, messagesExtrasSchema } from '../draft'
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
} from '../draft'
import { isObject, obj } from '../read'
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
} from '../requestReader'
import type { Unmapped } from '../requestReader'
import { RESPONSE_FORMAT_DESCRIPTION } from './build'

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
    // The last block's cache_control is the form's "Cache the conversation" (build writes it there).
    const lastPart = draft.messages.at(-1)?.parts.at(-1)
    if ((lastPart?.type === 'text' || lastPart?.type === 'image') && lastPart.cacheControl) {
      x.cacheLastTurn = lastPart.cacheControl.type
      delete lastPart.cacheControl
    }
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
    // build's web search tool (with any fields of its own) is the extra that wrote it.
    const v = t.value
    if (
      !x.web_search &&
      v.type === MESSAGES_WEB_SEARCH_TOOL.type &&
      v.name === MESSAGES_WEB_SEARCH_TOOL.name
    ) {
      const { type: _type, name: _name, ...own } = v
      for (const key of Object.keys(v)) t.take(key)
      x.web_search = own as MessagesExtras['web_search']
      continue
    }
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

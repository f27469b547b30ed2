// Chat completions, read back: a request body (raw Request JSON or an imported capture) becomes a draft.
// Every field the draft cannot hold is listed as unmapped, never dropped silently.
import { CHAT_REASONING_EFFORTS, IMAGE_DETAILS, THINKING_LEVELS } from '../../catalog/textParams'
import type { ParsedRequest, ParseRequestContext } from '../adapter'
import { chatExtrasSchema } from '../draft'
import type { ChatExtras, Draft, DraftPart, ToolCallPart, ToolDefinition, ToolResultPart } from '../draft'
import { SVC_THINKING_TO_CONTENT, VENDOR_KEY, VENDOR_SEARCH_TOOL } from '../names'
import { isObject } from '../read'
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
} from '../requestReader'
import type { Unmapped } from '../requestReader'

/** The inverse of `build`: a chat completions body as a draft, and what the draft cannot express. */
export function parseRequest(body: unknown, context: ParseRequestContext = {}): ParsedRequest {
  return readRequest(body, context, (f) => {
    const draft = draftHead(f, context)
    const out = f.out
    const x: ChatExtras = {}
    // build writes stream_options from stream unless the form unchecked it; any other value is the user's own.
    const options = f.take('stream_options')
    if (options !== undefined && !(draft.stream === true && jsonEqual(options, { include_usage: true })))
      f.reject('stream_options')
    if (options === undefined && f.value.stream === true) x.streamUsage = false
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
    // build adds the location's type unless the form unchecked it.
    const location = x.web_search_options?.user_location
    if (location?.approximate !== undefined && location.type === undefined) x.locationType = false

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

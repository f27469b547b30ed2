// Responses, read back: a request body becomes a draft. Every field the draft cannot hold is listed as
// unmapped, never dropped silently.
import { CHAT_REASONING_EFFORTS, IMAGE_DETAILS } from '../../catalog/textParams'
import type { ParsedRequest, ParseRequestContext } from '../adapter'
import { parseDataUrl } from '../dataUrl'
import { responsesExtrasSchema } from '../draft'
import type {
  Draft,
  DraftMessage,
  DraftPart,
  FilePart,
  ResponsesExtras,
  ToolCallPart,
  ToolDefinition,
  ToolResultPart,
} from '../draft'
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

type NeutralEffort = (typeof CHAT_REASONING_EFFORTS)[number]

const isNeutralEffort = (v: unknown): v is NeutralEffort =>
  (CHAT_REASONING_EFFORTS as readonly unknown[]).includes(v)

/** The inverse of `build`: a responses body as a draft, and what the draft cannot express. */
export function parseRequest(body: unknown, context: ParseRequestContext = {}): ParsedRequest {
  return readRequest(body, context, (f) => {
    const draft = draftHead(f, context)
    const out = f.out
    const x: ResponsesExtras = {}
    const instructions = f.str('instructions')
    if (instructions) draft.system = instructions
    put(draft, 'temperature', f.num('temperature'))
    put(draft, 'topP', f.num('top_p'))
    put(draft, 'maxTokens', f.int('max_output_tokens'))
    const input = f.take('input')
    if (typeof input === 'string')
      draft.messages.push({ role: 'user', parts: [{ type: 'text', text: input }] })
    else if (Array.isArray(input)) readInputItems(input, draft, out)
    else if (input !== undefined) f.reject('input')

    // build writes {effort, summary: auto} for the neutral knob; any other reasoning is the extra.
    const reasoning = f.take('reasoning')
    const effort = isObject(reasoning) ? reasoning.effort : undefined
    if (isNeutralEffort(effort) && jsonEqual(reasoning, { effort, summary: 'auto' })) {
      draft.thinking = { enabled: true, effort }
    } else put(x, 'reasoning', salvage(responsesExtrasSchema.shape.reasoning, reasoning, 'reasoning', out))
    const simple = [
      'previous_response_id',
      'truncation',
      'parallel_tool_calls',
      'max_tool_calls',
      'metadata',
      'user',
    ] as const
    salvageInto(x, responsesExtrasSchema.shape, simple, f)

    let shape = readResponsesTools(f, draft, x)
    const choice = f.take('tool_choice')
    if (choice === 'auto' || choice === 'none' || choice === 'required') draft.toolChoice = choice
    else if (choice !== undefined) {
      const c = Fields.of(choice, 'tool_choice', out)
      const named = c && namedFunction(c)
      if (c && named) {
        draft.toolChoice = { name: named.name }
        shape ??= named.shape
      } else if (c && (c.value.type === 'web_search_preview' || c.value.type === 'file_search')) {
        x.tool_choice = { type: c.value.type }
        c.skip('type')
        c.done()
      } else out.add('tool_choice')
    }
    if (shape === 'flat') x.functionToolShape = 'flat'

    const text = f.obj('text')
    const format = text?.obj('format')
    if (format) {
      const name = format.value.name
      const schema = format.value.schema
      if (format.value.type === 'json_schema' && typeof name === 'string' && isObject(schema)) {
        draft.responseFormat = { name, schema }
        for (const key of ['type', 'name', 'schema']) format.skip(key)
        format.done()
      } else out.add(format.path)
    }
    text?.done()
    if (nonEmpty(x)) draft.extras = { responses: x }
    return draft
  })
}

type ToolShape = 'spec' | 'flat'

/** A named function in the spec shape `{type, function: {name}}` or the flat `{type, name}`, consumed. */
function namedFunction(c: Fields): { name: string; shape: ToolShape } | undefined {
  if (c.value.type !== 'function') return undefined
  const nested = isObject(c.value.function)
  const fn = nested ? c.obj('function') : c
  const name = fn?.value.name
  if (!fn || typeof name !== 'string') return undefined
  c.skip('type')
  fn.skip('name')
  fn.done()
  if (nested) c.done()
  return { name, shape: nested ? 'spec' : 'flat' }
}

/** Function tools and the hosted tools build adds from extras; the shape of the first function tool. */
function readResponsesTools(f: Fields, draft: Draft, x: ResponsesExtras): ToolShape | undefined {
  let shape: ToolShape | undefined
  const tools: ToolDefinition[] = []
  objectsOf(f.list('tools') ?? [], 'tools', f.out).forEach((t) => {
    if (!t) return
    const { type, ...rest } = t.value
    if (type === 'function') {
      const nested = isObject(t.value.function)
      const fn = nested ? t.obj('function') : t
      t.skip('type')
      const tool = fn && readToolDefinition(fn)
      if (!fn || !tool) return
      shape ??= nested ? 'spec' : 'flat'
      fn.done()
      if (nested) t.done()
      tools.push(tool)
    } else if (type === 'web_search_preview' && !x.web_search_preview) {
      put(
        x,
        'web_search_preview',
        salvage(responsesExtrasSchema.shape.web_search_preview, rest, t.path, f.out),
      )
    } else if (type === 'file_search' && !x.file_search) {
      put(x, 'file_search', salvage(responsesExtrasSchema.shape.file_search, rest, t.path, f.out))
    } else f.out.add(t.path)
  })
  if (tools.length > 0) draft.tools = tools
  // build adds the location's type unless the form unchecked it.
  const location = x.web_search_preview?.user_location
  if (location && location.type === undefined) x.locationType = false
  return shape
}

function readInputItems(list: unknown[], draft: Draft, out: Unmapped): void {
  const names = new Map<string, string>()
  // The assistant turn that following function_call items belong to (build writes its text, then its calls).
  let open: DraftMessage | undefined
  objectsOf(list, 'input', out).forEach((item) => {
    const type = item?.value.type
    if (item && type === 'function_call') {
      const id = item.str('call_id')
      const name = item.str('name')
      if (id === undefined || name === undefined) return out.add(item.path)
      item.skip('type')
      names.set(id, name)
      const call: ToolCallPart = { type: 'toolCall', id, name, arguments: item.str('arguments') ?? '' }
      if (!open) {
        open = { role: 'assistant', parts: [] }
        draft.messages.push(open)
      }
      open.parts.push(call)
      return item.done()
    }
    open = undefined
    if (!item) return
    if (type === 'function_call_output') {
      const callId = item.str('call_id')
      if (callId === undefined) return out.add(item.path)
      item.skip('type')
      const content = textOf(item.take('output'), item.at('output'), out, 'input_text')
      const part: ToolResultPart = { type: 'toolResult', callId, name: names.get(callId) ?? '', content }
      const last = draft.messages[draft.messages.length - 1]
      if (last?.role === 'tool') last.parts.push(part)
      else draft.messages.push({ role: 'tool', parts: [part] })
      return item.done()
    }
    const role = item.value.role
    if ((type !== undefined && type !== 'message') || typeof role !== 'string') return out.add(item.path)
    item.skip('type')
    item.skip('role')
    const content = item.take('content')
    const path = item.at('content')
    if (role === 'assistant') {
      open = { role, parts: [{ type: 'text', text: textOf(content, path, out, 'output_text') }] }
      draft.messages.push(open)
    } else if (role === 'system' || role === 'developer') {
      draft.messages.push({
        role,
        parts: [{ type: 'text', text: textOf(content, path, out, 'input_text', '\n') }],
      })
    } else if (role === 'user') {
      draft.messages.push({ role, parts: inputParts(content, path, out) })
    } else return out.add(item.path)
    item.done()
  })
}

function inputParts(content: unknown, path: string, out: Unmapped): DraftPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  if (!Array.isArray(content)) {
    if (content !== undefined) out.add(path)
    return []
  }
  return objectsOf(content, path, out).flatMap((p): DraftPart[] => {
    const part = p && inputPart(p)
    if (!p || !part) {
      if (p) out.add(p.path)
      return []
    }
    p.skip('type')
    p.done()
    return [part]
  })
}

function inputPart(p: Fields): DraftPart | undefined {
  const v = p.value
  if (v.type === 'input_text' && typeof v.text === 'string')
    return { type: 'text', text: p.str('text') ?? '' }
  if (v.type === 'input_image' && typeof v.image_url === 'string') {
    const image = imageFromUrl(p.str('image_url') ?? '')
    put(image, 'detail', p.oneOf('detail', IMAGE_DETAILS))
    return image
  }
  if (v.type !== 'input_file') return undefined
  // build sends no filename beside file_url, so one there stays unconsumed and is listed.
  if (typeof v.file_url === 'string') return { type: 'file', url: p.str('file_url') ?? '' }
  if (typeof v.file_data !== 'string') return undefined
  const dataUrl = p.str('file_data') ?? ''
  const file: FilePart = { type: 'file', dataUrl }
  put(file, 'filename', p.str('filename'))
  put(file, 'mimeType', parseDataUrl(dataUrl)?.mimeType)
  return file
}

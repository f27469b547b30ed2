// Responses (`/v1/responses`): build `input` items from a draft and read them back, parse a `response`
// object, and fold the typed event stream into common events. Terminal events are `response.completed`,
// `response.incomplete` and `response.failed`; an `error` event ends the stream as an error; everything
// after a terminal is ignored.
import { CHAT_REASONING_EFFORTS, IMAGE_DETAILS } from '../catalog/textParams'
import { jsonHeaders, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter, ParsedRequest, ParseRequestContext } from './adapter'
import { parseDataUrl, toDataUrl } from './dataUrl'
import { responsesExtrasSchema, systemText } from './draft'
import type {
  Draft,
  DraftMessage,
  DraftPart,
  FilePart,
  ResponsesExtras,
  ToolCallPart,
  ToolDefinition,
  ToolResultPart,
} from './draft'
import { emptyCompletion, parseArguments, toolCallEnd } from './events'
import type { Completion, Finish, StreamEvent, StreamFolder, Usage } from './events'
import { FORMAT_LABELS } from './format'
import { createStreamFolder, type FoldControl } from './streamFold'
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

export const RESPONSES_PATH = '/v1/responses'

// ---------------------------------------------------------------- build

export function build(draft: Draft): BuiltRequest {
  const x = draft.extras?.responses ?? {}
  const stream = draft.stream === true
  const flat = x.functionToolShape === 'flat'
  const input = draft.messages.flatMap(toInputItems)

  const tools: JsonObject[] = (draft.tools ?? []).map((t) => {
    const fn = compact({ name: t.name, description: t.description, parameters: t.parameters })
    return flat ? { type: 'function', ...fn } : { type: 'function', function: fn }
  })
  if (x.web_search_preview)
    tools.push({ type: 'web_search_preview', ...withLocationType(x.web_search_preview) })
  if (x.file_search) tools.push({ type: 'file_search', ...x.file_search })

  const neutralReasoning = draft.thinking?.enabled
    ? { effort: draft.thinking.effort ?? 'medium', summary: 'auto' as const }
    : undefined
  const body = compact({
    model: draft.model,
    input,
    instructions: systemText(draft) || undefined,
    stream,
    temperature: draft.temperature,
    top_p: draft.topP,
    max_output_tokens: draft.maxTokens,
    tools: tools.length > 0 ? tools : undefined,
    tool_choice: responsesToolChoice(draft, x, flat),
    text: draft.responseFormat
      ? {
          format: {
            type: 'json_schema',
            name: draft.responseFormat.name,
            schema: draft.responseFormat.schema,
          },
        }
      : undefined,
    reasoning: x.reasoning ? { ...x.reasoning } : neutralReasoning,
    previous_response_id: x.previous_response_id,
    truncation: x.truncation,
    parallel_tool_calls: x.parallel_tool_calls,
    max_tool_calls: x.max_tool_calls,
    metadata: x.metadata ? { ...x.metadata } : undefined,
    user: x.user,
  })
  const path = x.apiVersion
    ? `${RESPONSES_PATH}?api-version=${encodeURIComponent(x.apiVersion)}`
    : RESPONSES_PATH
  return { method: 'POST', path, headers: jsonHeaders(stream), body }
}

function responsesToolChoice(draft: Draft, x: ResponsesExtras, flat: boolean): unknown {
  const named = (name: string): JsonObject =>
    flat ? { type: 'function', name } : { type: 'function', function: { name } }
  const override = x.tool_choice
  if (override) return override.type === 'function' ? named(override.name) : { type: override.type }
  const choice = draft.toolChoice
  if (choice === undefined) return undefined
  return typeof choice === 'string' ? choice : named(choice.name)
}

function withLocationType(options: JsonObject): JsonObject {
  const location = obj(options.user_location)
  if (!location || location.type !== undefined) return { ...options }
  return { ...options, user_location: { type: 'approximate', ...location } }
}

function toInputItems(m: DraftMessage): JsonObject[] {
  if (m.role === 'tool') {
    return m.parts.flatMap((p) =>
      p.type === 'toolResult' ? [{ type: 'function_call_output', call_id: p.callId, output: p.content }] : [],
    )
  }
  if (m.role === 'assistant') {
    const items: JsonObject[] = []
    const text = m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')
    if (text !== '') items.push({ role: 'assistant', content: text })
    for (const p of m.parts) {
      // No item `id`: ids of function_call items tie them to reasoning items we do not send back.
      if (p.type === 'toolCall')
        items.push({ type: 'function_call', call_id: p.id, name: p.name, arguments: p.arguments })
    }
    return items
  }
  if (m.role === 'system' || m.role === 'developer') {
    return [{ role: m.role, content: m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n') }]
  }
  return [{ role: 'user', content: inputContent(m.parts) }]
}

function inputContent(parts: DraftPart[]): string | JsonObject[] {
  const only = parts[0]
  if (parts.length === 1 && only?.type === 'text') return only.text
  return parts.flatMap((p): JsonObject[] => {
    if (p.type === 'text') return [{ type: 'input_text', text: p.text }]
    if (p.type === 'image') {
      const url =
        p.data !== undefined ? toDataUrl(p.mimeType ?? 'application/octet-stream', p.data) : (p.url ?? '')
      return [{ type: 'input_image', image_url: url, detail: p.detail ?? 'auto' }]
    }
    if (p.type === 'file') {
      if (p.url !== undefined) return [{ type: 'input_file', file_url: p.url }]
      return [compact({ type: 'input_file', filename: p.filename ?? 'file', file_data: p.dataUrl })]
    }
    return []
  })
}

// ---------------------------------------------------------------- parse request

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

// ---------------------------------------------------------------- parse

export function responsesUsage(u: JsonObject): Usage {
  return compact({
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    reasoning: num(obj(u.output_tokens_details)?.reasoning_tokens),
    cachedRead: num(obj(u.input_tokens_details)?.cached_tokens),
    total: num(u.total_tokens),
  })
}

/** The raw stop reason and the normalized finish of a response object. */
export function responsesStop(
  response: JsonObject,
  sawToolCall: boolean,
  refusal: boolean,
): { stopReason: string | null; finish: Finish | null } {
  const status = str(response.status)
  if (status === 'completed') {
    return { stopReason: 'completed', finish: refusal ? 'refusal' : sawToolCall ? 'tool_calls' : 'stop' }
  }
  if (status === 'incomplete') {
    const reason = str(obj(response.incomplete_details)?.reason)
    const finish: Finish =
      reason === 'max_output_tokens' ? 'length' : reason === 'content_filter' ? 'content_filter' : 'other'
    return { stopReason: reason ?? 'incomplete', finish }
  }
  return { stopReason: status ?? null, finish: status === undefined ? null : 'other' }
}

const imageMime = (item: JsonObject): string => `image/${str(item.output_format) ?? 'png'}`

export function parseResponse(json: unknown): Completion {
  const body = obj(json)
  if (!body) throw new WireParseError('A responses body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.id)
  c.model = str(body.model)
  let refusal = false
  const summaries: string[] = []
  for (const raw of arr(body.output)) {
    const item = obj(raw)
    if (!item) continue
    if (item.type === 'message') {
      for (const rawPart of arr(item.content)) {
        const part = obj(rawPart)
        if (part?.type === 'output_text') c.text += str(part.text) ?? ''
        if (part?.type === 'refusal') {
          refusal = true
          c.refusal = (c.refusal ?? '') + (str(part.refusal) ?? '')
        }
      }
    } else if (item.type === 'reasoning') {
      const parts = arr(item.summary).length > 0 ? arr(item.summary) : arr(item.content)
      for (const s of parts) {
        const text = str(obj(s)?.text)
        if (text) summaries.push(text)
      }
    } else if (item.type === 'function_call') {
      const args = str(item.arguments) ?? ''
      const parsed = parseArguments(args)
      const call = {
        id: str(item.call_id) ?? str(item.id) ?? '',
        name: str(item.name) ?? '',
        arguments: args,
      }
      c.toolCalls.push(parsed === undefined ? call : { ...call, parsedArguments: parsed })
    } else if (item.type === 'image_generation_call') {
      const result = str(item.result)
      if (result) c.images.push({ mimeType: imageMime(item), data: result })
    }
  }
  c.reasoning = summaries.join('\n\n')
  if (c.reasoning !== '') c.reasoningBlocks = [{ text: c.reasoning }]
  const usage = obj(body.usage)
  if (usage) c.usage = responsesUsage(usage)
  const stop = responsesStop(body, c.toolCalls.length > 0, refusal)
  c.stopReason = stop.stopReason
  c.finish = stop.finish
  return c
}

export const parseError = readError

// ---------------------------------------------------------------- fold

interface OpenCall {
  index: number
  args: string
  ended: boolean
}

export function createFolder(): StreamFolder {
  let metaSent = false
  let refusal = false
  let reasoningSent = false
  let nextIndex = 0
  const callsByItem = new Map<string, OpenCall>()
  const callsByOutput = new Map<number, OpenCall>()
  const textByPart = new Map<string, string>()

  const findCall = (data: JsonObject): OpenCall | undefined => {
    const itemId = str(data.item_id)
    const byItem = itemId !== undefined ? callsByItem.get(itemId) : undefined
    const outputIndex = num(data.output_index)
    return byItem ?? (outputIndex !== undefined ? callsByOutput.get(outputIndex) : undefined)
  }

  const appendArgs = (call: OpenCall, piece: string, out: StreamEvent[]): void => {
    if (piece === '' || call.ended) return
    call.args += piece
    out.push({ type: 'toolCallDelta', index: call.index, argumentsDelta: piece })
  }

  // `.done` events carry the full value; emit what the deltas missed so the result never loses text.
  const finishArgs = (call: OpenCall, full: string | undefined, out: StreamEvent[]): void => {
    if (call.ended) return
    if (full !== undefined && full.startsWith(call.args)) appendArgs(call, full.slice(call.args.length), out)
    const final = full ?? call.args
    call.ended = true
    out.push(toolCallEnd(call.index, final))
  }

  const terminal = (data: JsonObject, out: StreamEvent[], control: FoldControl): void => {
    const response = obj(data.response) ?? {}
    for (const call of callsByItem.values()) finishArgs(call, undefined, out)
    const usage = obj(response.usage)
    if (usage) out.push({ type: 'usage', usage: responsesUsage(usage) })
    const stop = responsesStop(response, callsByItem.size > 0, refusal)
    out.push({ type: 'finish', stopReason: stop.stopReason, finish: stop.finish ?? 'other' })
    control.complete({ close: true })
  }

  return createStreamFolder({
    name: 'responses',
    incompleteMessage: 'The responses stream closed before response.completed',
    error(data, json, frame) {
      const type = str(data.type) ?? frame.event
      if (type === 'error') return readError(json)
      if (type !== 'response.failed') return undefined
      const error = obj(obj(data.response)?.error)
      return { ...readError(error ? { error } : { message: 'The response failed' }), raw: json }
    },
    chunk(data, frame, out, control) {
      const type = str(data.type) ?? frame.event
      switch (type) {
        case 'response.created':
        case 'response.in_progress':
        case 'response.queued': {
          const response = obj(data.response)
          if (!metaSent && response) {
            metaSent = true
            out.push(compact({ type: 'meta' as const, id: str(response.id), model: str(response.model) }))
          }
          break
        }
        case 'response.output_item.added': {
          const item = obj(data.item)
          if (item?.type !== 'function_call') break
          const call: OpenCall = { index: nextIndex++, args: '', ended: false }
          const itemId = str(item.id) ?? `output_${num(data.output_index) ?? call.index}`
          callsByItem.set(itemId, call)
          const outputIndex = num(data.output_index)
          if (outputIndex !== undefined) callsByOutput.set(outputIndex, call)
          out.push({
            type: 'toolCallStart',
            index: call.index,
            id: str(item.call_id) ?? itemId,
            name: str(item.name) ?? '',
          })
          appendArgs(call, str(item.arguments) ?? '', out)
          break
        }
        case 'response.output_text.delta':
        case 'response.refusal.delta': {
          const delta = str(data.delta) ?? ''
          const kind = type === 'response.refusal.delta' ? 'refusal' : 'text'
          if (kind === 'refusal') refusal = true
          const key = `${str(data.item_id) ?? ''}:${num(data.content_index) ?? 0}`
          textByPart.set(key, (textByPart.get(key) ?? '') + delta)
          if (delta !== '') out.push({ type: kind, delta })
          break
        }
        case 'response.output_text.done':
        case 'response.refusal.done': {
          const key = `${str(data.item_id) ?? ''}:${num(data.content_index) ?? 0}`
          const seen = textByPart.get(key) ?? ''
          const full = str(data.text) ?? str(data.refusal)
          if (full !== undefined && full.length > seen.length && full.startsWith(seen)) {
            const kind = type === 'response.refusal.done' ? 'refusal' : 'text'
            out.push({ type: kind, delta: full.slice(seen.length) })
            textByPart.set(key, full)
          }
          break
        }
        case 'response.reasoning_summary_part.added':
          // Summary parts are separate paragraphs.
          if (reasoningSent) out.push({ type: 'reasoning', delta: '\n\n' })
          break
        case 'response.reasoning_summary_text.delta':
        case 'response.reasoning_text.delta': {
          const delta = str(data.delta) ?? ''
          if (delta !== '') {
            reasoningSent = true
            out.push({ type: 'reasoning', delta })
          }
          break
        }
        case 'response.function_call_arguments.delta': {
          const call = findCall(data)
          if (call) appendArgs(call, str(data.delta) ?? '', out)
          break
        }
        case 'response.function_call_arguments.done': {
          const call = findCall(data)
          if (call) finishArgs(call, str(data.arguments), out)
          break
        }
        case 'response.output_item.done': {
          const item = obj(data.item)
          if (item?.type === 'function_call') {
            const call = callsByItem.get(str(item.id) ?? '') ?? findCall(data)
            if (call) finishArgs(call, str(item.arguments), out)
          } else if (item?.type === 'image_generation_call') {
            const result = str(item.result)
            if (result) out.push({ type: 'image', mimeType: imageMime(item), data: result })
          }
          break
        }
        case 'response.completed':
        case 'response.incomplete':
          terminal(data, out, control)
          break
        default:
          break
      }
    },
  })
}

export const responses: FormatAdapter = {
  id: 'responses',
  label: FORMAT_LABELS.responses,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

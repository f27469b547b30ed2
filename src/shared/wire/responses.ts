// Responses (`/v1/responses`): build `input` items from a draft, parse a `response` object, and fold the
// typed event stream into common events. Terminal events are `response.completed`, `response.incomplete` and
// `response.failed`; an `error` event ends the stream as an error; everything after a terminal is ignored.
import { jsonHeaders, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter } from './adapter'
import { toDataUrl } from './dataUrl'
import { systemText } from './draft'
import type { Draft, DraftMessage, DraftPart, ResponsesExtras } from './draft'
import { emptyCompletion, parseArguments, toolCallEnd } from './events'
import type { Completion, Finish, FolderStatus, SseFrame, StreamEvent, StreamFolder, Usage } from './events'
import { FORMAT_LABELS } from './format'
import { arr, compact, num, obj, parseJson, readError, str } from './read'
import type { JsonObject } from './read'

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
          c.text += str(part.refusal) ?? ''
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
  let status: FolderStatus = 'open'
  let closed = false
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

  const terminal = (data: JsonObject, out: StreamEvent[]): void => {
    const response = obj(data.response) ?? {}
    for (const call of callsByItem.values()) finishArgs(call, undefined, out)
    const usage = obj(response.usage)
    if (usage) out.push({ type: 'usage', usage: responsesUsage(usage) })
    const stop = responsesStop(response, callsByItem.size > 0, refusal)
    out.push({ type: 'finish', stopReason: stop.stopReason, finish: stop.finish ?? 'other' })
    closed = true
    status = 'complete'
  }

  const fail = (error: StreamEvent): StreamEvent[] => {
    closed = true
    status = 'error'
    return [error]
  }

  return {
    get status() {
      return status
    },
    push(frame: SseFrame): StreamEvent[] {
      if (closed) return []
      const json = parseJson(frame.data)
      const data = obj(json)
      if (!data) {
        return [
          {
            type: 'warning',
            message: 'Skipped a responses stream frame that is not a JSON object',
            raw: frame.data,
          },
        ]
      }
      const type = str(data.type) ?? frame.event
      const out: StreamEvent[] = []
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
          if (type === 'response.refusal.delta') refusal = true
          const key = `${str(data.item_id) ?? ''}:${num(data.content_index) ?? 0}`
          textByPart.set(key, (textByPart.get(key) ?? '') + delta)
          if (delta !== '') out.push({ type: 'text', delta })
          break
        }
        case 'response.output_text.done':
        case 'response.refusal.done': {
          const key = `${str(data.item_id) ?? ''}:${num(data.content_index) ?? 0}`
          const seen = textByPart.get(key) ?? ''
          const full = str(data.text) ?? str(data.refusal)
          if (full !== undefined && full.length > seen.length && full.startsWith(seen)) {
            out.push({ type: 'text', delta: full.slice(seen.length) })
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
          terminal(data, out)
          break
        case 'response.failed': {
          const response = obj(data.response) ?? {}
          const error = obj(response.error)
          const read = readError(error ? { error } : { message: 'The response failed' })
          return fail({ type: 'error', ...read, raw: json })
        }
        case 'error':
          return fail({ type: 'error', ...readError(json) })
        default:
          break
      }
      return out
    },
    end(): StreamEvent[] {
      if (closed) return []
      closed = true
      status = 'incomplete'
      return [{ type: 'incomplete', message: 'The responses stream closed before response.completed' }]
    },
  }
}

export const responses: FormatAdapter = {
  id: 'responses',
  label: FORMAT_LABELS.responses,
  build,
  parseResponse,
  parseError,
  createFolder,
}

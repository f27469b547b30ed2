// Endpoint 2, responses: parses input items (plus a stored previous_response_id) into a Conversation and
// renders the Reply as a `response` object or as the typed SSE sequence of WIRE-NOTES, every event carrying
// `type` equal to its `event:` name and a growing `sequence_number`, every `item_id` equal to its item's id.
// Responses are stored by id (unless `store: false`) so a later request can continue them.
import type { SimContext } from '../types'
import { openSse, sendJson, type SseEventSpec } from '../http'
import {
  RequestError,
  array,
  isRecord,
  numberInRange,
  optionalArray,
  optionalBoolean,
  optionalRecord,
  optionalString,
  positiveInteger,
  record,
  requiredString,
  type Json,
} from './body'
import {
  emptyTurn,
  type Conversation,
  type OutputSpec,
  type ToolChoice,
  type ToolDef,
  type Turn,
} from './conversation'
import { newId, planReply, type Reply } from './reply'
import { splitPieces } from './tokens'
import {
  DEFAULT_BUDGET,
  EFFORT_BUDGET,
  assertModelExists,
  jsonPieces,
  parseArguments,
  suffixThinking,
  unixSeconds,
} from './route'
import { FILE_MAX_BYTES, TEMPERATURE_RANGE, TOP_P_RANGE } from '../../shared/catalog/textParams'

const STORE = 'responses.stored'
const MAX_FILE_BYTES = FILE_MAX_BYTES

interface StoredResponse {
  turns: Turn[]
}

interface ResponsesRequest {
  conversation: Conversation
  body: Json
  stream: boolean
  store: boolean
  effort: string | undefined
  summary: string | undefined
}

function storeOf(ctx: SimContext): Map<string, StoredResponse> {
  let store = ctx.sim.stores.get(STORE) as Map<string, StoredResponse> | undefined
  if (!store) ctx.sim.stores.set(STORE, (store = new Map()))
  return store
}

function dataUrlBytes(value: string): number {
  const comma = value.indexOf(',')
  const data = comma >= 0 ? value.slice(comma + 1) : value
  return Math.floor((data.replace(/=+$/, '').length * 3) / 4)
}

interface InputState {
  system: string[]
  turns: Turn[]
  callNames: Map<string, string>
  fileBytes: number
}

function readContent(content: unknown, field: string, state: InputState): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 }
  let text = ''
  let images = 0
  array(content, field).forEach((raw, index) => {
    const part = record(raw, `${field}[${index}]`)
    const type = part.type
    if (
      (type === 'input_text' || type === 'output_text' || type === 'text') &&
      typeof part.text === 'string'
    ) {
      text += (text ? '\n' : '') + part.text
    } else if (type === 'input_image') images += 1
    else if (type === 'input_file') {
      const fileData = optionalString(part.file_data, `${field}[${index}].file_data`)
      const bytes = fileData ? dataUrlBytes(fileData) : 0
      if (bytes > MAX_FILE_BYTES) {
        throw new RequestError(400, `${field}[${index}]: a file may be at most 50 MB.`, `${field}[${index}]`)
      }
      state.fileBytes += bytes
      const name = optionalString(part.filename, `${field}[${index}].filename`) ?? part.file_url ?? 'file'
      text += `${text ? '\n' : ''}[attached file: ${String(name)}]`
    }
  })
  return { text, images }
}

function readInput(input: unknown, state: InputState): void {
  if (typeof input === 'string') {
    state.turns.push({ ...emptyTurn('user'), text: input })
    return
  }
  array(input, 'input').forEach((raw, index) => {
    const field = `input[${index}]`
    const item = record(raw, field)
    const type = item.type ?? 'message'
    if (type === 'message') {
      const role = item.role
      const { text, images } = readContent(item.content, `${field}.content`, state)
      if (role === 'system' || role === 'developer') state.system.push(text)
      else if (role === 'user') state.turns.push({ ...emptyTurn('user'), text, images })
      else if (role === 'assistant') state.turns.push({ ...emptyTurn('assistant'), text })
      else
        throw new RequestError(
          400,
          `${field}.role must be user, assistant, system or developer.`,
          `${field}.role`,
        )
    } else if (type === 'function_call') {
      const callId = requiredString(item.call_id, `${field}.call_id`)
      const name = requiredString(item.name, `${field}.name`)
      state.callNames.set(callId, name)
      const last = state.turns.at(-1)
      const turn = last?.role === 'assistant' ? last : emptyTurn('assistant')
      if (turn !== last) state.turns.push(turn)
      turn.toolCalls.push({ id: callId, name, args: parseArguments(item.arguments) })
    } else if (type === 'function_call_output') {
      const callId = requiredString(item.call_id, `${field}.call_id`)
      const output = typeof item.output === 'string' ? item.output : JSON.stringify(item.output ?? '')
      const last = state.turns.at(-1)
      const turn =
        last?.role === 'user' && !last.text && last.toolResults.length > 0 ? last : emptyTurn('user')
      if (turn !== last) state.turns.push(turn)
      turn.toolResults.push({ callId, name: state.callNames.get(callId), content: output })
    }
    // Other item types (reasoning, web search calls) carry nothing the simulator answers.
  })
  if (state.fileBytes > MAX_FILE_BYTES) {
    throw new RequestError(400, 'Files in one request may total at most 50 MB.', 'input')
  }
}

function parseTools(raw: unknown): ToolDef[] {
  const tools: ToolDef[] = []
  for (const [index, item] of (optionalArray(raw, 'tools') ?? []).entries()) {
    const tool = record(item, `tools[${index}]`)
    if (tool.type !== 'function') continue
    // The spec nests function{...}; the official SDK sends the fields flat.
    const fn = optionalRecord(tool.function, `tools[${index}].function`) ?? tool
    tools.push({
      name: requiredString(fn.name, `tools[${index}].name`),
      description: optionalString(fn.description, `tools[${index}].description`) ?? '',
      parameters: optionalRecord(fn.parameters, `tools[${index}].parameters`) ?? {
        type: 'object',
        properties: {},
      },
    })
  }
  return tools
}

function parseToolChoice(raw: unknown, tools: ToolDef[]): ToolChoice {
  if (raw === undefined || raw === null || raw === 'auto') return { mode: 'auto' }
  if (raw === 'none') return { mode: 'none' }
  if (raw === 'required') return { mode: 'required' }
  const choice = record(raw, 'tool_choice')
  const fn = optionalRecord(choice.function, 'tool_choice.function')
  const name = requiredString(fn?.name ?? choice.name, 'tool_choice.name')
  if (!tools.some((tool) => tool.name === name)) {
    throw new RequestError(400, `tool_choice names "${name}", which is not in tools.`, 'tool_choice')
  }
  return { mode: 'tool', name }
}

function parseOutput(raw: unknown): OutputSpec {
  const text = optionalRecord(raw, 'text')
  const format = optionalRecord(text?.format, 'text.format')
  if (format?.type === 'json_schema')
    return { kind: 'json', schema: optionalRecord(format.schema, 'text.format.schema') }
  if (format?.type === 'json_object') return { kind: 'json', schema: undefined }
  return { kind: 'text' }
}

function parseRequest(ctx: SimContext, body: Json): ResponsesRequest {
  const model = requiredString(body.model, 'model')
  numberInRange(body.temperature, 'temperature', TEMPERATURE_RANGE.responses)
  numberInRange(body.top_p, 'top_p', TOP_P_RANGE)
  const maxTokens = positiveInteger(body.max_output_tokens, 'max_output_tokens')
  const maxToolCalls = positiveInteger(body.max_tool_calls, 'max_tool_calls')
  if (body.input === undefined || body.input === null)
    throw new RequestError(400, 'input is required.', 'input')
  const state: InputState = { system: [], turns: [], callNames: new Map(), fileBytes: 0 }
  const previousId = optionalString(body.previous_response_id, 'previous_response_id')
  if (previousId !== undefined) {
    const previous = storeOf(ctx).get(previousId)
    if (!previous) {
      throw new RequestError(
        400,
        `Previous response with id '${previousId}' not found.`,
        'previous_response_id',
        undefined,
        'previous_response_not_found',
      )
    }
    state.turns.push(...structuredClone(previous.turns))
    for (const turn of previous.turns)
      for (const call of turn.toolCalls) state.callNames.set(call.id, call.name)
  }
  readInput(body.input, state)
  const instructions = optionalString(body.instructions, 'instructions')
  const reasoning = optionalRecord(body.reasoning, 'reasoning')
  const effort = optionalString(reasoning?.effort, 'reasoning.effort')
  const summary = optionalString(reasoning?.summary, 'reasoning.summary')
  if (effort !== undefined && effort !== 'none' && !(effort in EFFORT_BUDGET)) {
    throw new RequestError(400, 'reasoning.effort must be none, low, medium or high.', 'reasoning.effort')
  }
  const fromSuffix = suffixThinking(model)
  const thinks =
    fromSuffix !== 'off' && effort !== 'none' && (effort !== undefined || fromSuffix !== undefined)
  const budget =
    (effort !== undefined ? EFFORT_BUDGET[effort] : undefined) ??
    (typeof fromSuffix === 'object' ? fromSuffix.budget : DEFAULT_BUDGET)
  const tools = parseTools(body.tools)
  assertModelExists(model, `The model \`${model}\` does not exist or you do not have access to it.`)
  return {
    body,
    stream: optionalBoolean(body.stream, 'stream') ?? false,
    store: optionalBoolean(body.store, 'store') ?? true,
    effort: thinks ? (effort ?? 'medium') : undefined,
    summary: thinks && summary !== 'none' ? summary : undefined,
    conversation: {
      model,
      system: [instructions ?? '', ...state.system].filter(Boolean).join('\n'),
      turns: state.turns,
      tools,
      toolChoice: parseToolChoice(body.tool_choice, tools),
      parallelToolCalls:
        (optionalBoolean(body.parallel_tool_calls, 'parallel_tool_calls') ?? true) && maxToolCalls !== 1,
      reasoning: thinks
        ? { budgetTokens: budget, show: summary !== undefined && summary !== 'none' }
        : undefined,
      output: parseOutput(body.text),
      maxTokens,
      stop: [],
      search: (optionalArray(body.tools, 'tools') ?? []).some(
        (tool) => isRecord(tool) && typeof tool.type === 'string' && tool.type.startsWith('web_search'),
      ),
    },
  }
}

interface Items {
  reasoning: Json | undefined
  message: Json | undefined
  calls: Json[]
}

function buildItems(request: ResponsesRequest, reply: Reply): Items {
  const incomplete = reply.finish === 'length'
  const shown = request.conversation.reasoning?.show === true
  return {
    reasoning: request.effort
      ? {
          id: newId('rs_'),
          type: 'reasoning',
          summary: shown && reply.reasoning ? [{ type: 'summary_text', text: reply.reasoning }] : [],
        }
      : undefined,
    message:
      reply.text || reply.toolCalls.length === 0
        ? {
            id: newId('msg_'),
            type: 'message',
            status: incomplete ? 'incomplete' : 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: reply.text, annotations: [], logprobs: [] }],
          }
        : undefined,
    calls: reply.toolCalls.map((call) => ({
      id: `fc_${call.id.replace(/^call_/, '')}`,
      type: 'function_call',
      status: 'completed',
      call_id: call.id,
      name: call.name,
      arguments: call.argsJson,
    })),
  }
}

function responseObject(request: ResponsesRequest, id: string, createdAt: number, status: string): Json {
  const { body, conversation } = request
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: body.max_tool_calls ?? null,
    model: conversation.model,
    output: [],
    parallel_tool_calls: conversation.parallelToolCalls,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: request.effort ?? null, summary: request.summary ?? null },
    service_tier: 'default',
    store: request.store,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? 'disabled',
    usage: null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  }
}

function finalResponse(
  request: ResponsesRequest,
  id: string,
  createdAt: number,
  reply: Reply,
  items: Items,
): Json {
  const incomplete = reply.finish === 'length'
  return {
    ...responseObject(request, id, createdAt, incomplete ? 'incomplete' : 'completed'),
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    output: [items.reasoning, items.message, ...items.calls].filter((item) => item !== undefined),
    usage: {
      input_tokens: reply.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: reply.outputTokens,
      output_tokens_details: { reasoning_tokens: reply.reasoningTokens },
      total_tokens: reply.inputTokens + reply.outputTokens,
    },
  }
}

function remember(ctx: SimContext, request: ResponsesRequest, id: string, reply: Reply): void {
  if (!request.store) return
  const answer: Turn = {
    ...emptyTurn('assistant'),
    text: reply.text,
    toolCalls: reply.toolCalls.map((call) => ({ id: call.id, name: call.name, args: call.args })),
  }
  storeOf(ctx).set(id, { turns: [...request.conversation.turns, answer] })
}

async function streamResponse(
  ctx: SimContext,
  request: ResponsesRequest,
  reply: Reply,
  id: string,
): Promise<void> {
  const createdAt = unixSeconds(ctx.sim.clock.now())
  const items = buildItems(request, reply)
  let sequence = 0
  const data = (type: string, fields: Json): Json => ({ type, sequence_number: sequence++, ...fields })
  const failed = (message: string): SseEventSpec[] => [
    { name: 'error', data: data('error', { code: 'server_error', message, param: null }) },
    {
      name: 'response.failed',
      data: data('response.failed', {
        response: {
          ...responseObject(request, id, createdAt, 'failed'),
          error: { code: 'server_error', message },
        },
      }),
    },
  ]
  const sse = openSse(ctx, failed)
  const send = (type: string, fields: Json, tokens = 0): Promise<void> =>
    sse.event(type, data(type, fields), tokens)

  const inProgress = responseObject(request, id, createdAt, 'in_progress')
  await send('response.created', { response: inProgress })
  await send('response.in_progress', { response: inProgress })
  let outputIndex = 0
  if (items.reasoning) {
    const item = items.reasoning
    const itemId = item.id as string
    const at = { item_id: itemId, output_index: outputIndex }
    await send('response.output_item.added', { output_index: outputIndex, item: { ...item, summary: [] } })
    const summary = (item.summary as Json[])[0]
    if (summary) {
      const text = summary.text as string
      await send('response.reasoning_summary_part.added', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      })
      for (const piece of splitPieces(text)) {
        if (sse.closed) return
        await send(
          'response.reasoning_summary_text.delta',
          { ...at, summary_index: 0, delta: piece.text },
          piece.tokens,
        )
      }
      await send('response.reasoning_summary_text.done', { ...at, summary_index: 0, text })
      await send('response.reasoning_summary_part.done', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text },
      })
    }
    await send('response.output_item.done', { output_index: outputIndex, item })
    outputIndex += 1
  }
  if (items.message) {
    const item = items.message
    const at = { item_id: item.id as string, output_index: outputIndex, content_index: 0 }
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] }
    await send('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item, status: 'in_progress', content: [] },
    })
    await send('response.content_part.added', { ...at, part })
    for (const piece of splitPieces(reply.text)) {
      if (sse.closed) return
      await send('response.output_text.delta', { ...at, delta: piece.text, logprobs: [] }, piece.tokens)
    }
    await send('response.output_text.done', { ...at, text: reply.text, logprobs: [] })
    await send('response.content_part.done', { ...at, part: { ...part, text: reply.text } })
    await send('response.output_item.done', { output_index: outputIndex, item })
    outputIndex += 1
  }
  for (const item of items.calls) {
    const at = { item_id: item.id as string, output_index: outputIndex }
    await send('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item, status: 'in_progress', arguments: '' },
    })
    for (const piece of jsonPieces(item.arguments as string)) {
      if (sse.closed) return
      await send('response.function_call_arguments.delta', { ...at, delta: piece.text }, piece.tokens)
    }
    await send('response.function_call_arguments.done', { ...at, name: item.name, arguments: item.arguments })
    await send('response.output_item.done', { output_index: outputIndex, item })
    outputIndex += 1
  }
  const final = finalResponse(request, id, createdAt, reply, items)
  const terminal = final.status === 'incomplete' ? 'response.incomplete' : 'response.completed'
  // Stored before the terminal event, so a client that continues at once finds it.
  if (!sse.closed) remember(ctx, request, id, reply)
  await send(terminal, { response: final })
  sse.end()
}

export async function handleResponses(ctx: SimContext, body: Json): Promise<void> {
  const request = parseRequest(ctx, body)
  const reply = planReply(request.conversation)
  const id = newId('resp_')
  if (request.stream) {
    await streamResponse(ctx, request, reply, id)
    return
  }
  remember(ctx, request, id, reply)
  const createdAt = unixSeconds(ctx.sim.clock.now())
  sendJson(ctx, 200, finalResponse(request, id, createdAt, reply, buildItems(request, reply)))
}

// Responses requests (endpoint 2): reads input items, plus the turns of a stored previous_response_id, into a
// format-neutral Conversation, and keeps answered responses by id (unless `store: false`) so a later request can
// continue them. Every rule it enforces throws a RequestError naming the field.
import type { SimContext } from '../types'
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
import type { Reply } from './reply'
import { DEFAULT_BUDGET, assertModelExists, effortBudget, parseArguments, suffixThinking } from './route'
import { FILE_MAX_BYTES, TEMPERATURE_RANGE, TOP_P_RANGE } from '../../shared/catalog/textParams'

const STORE = 'responses.stored'
const MAX_FILE_BYTES = FILE_MAX_BYTES

interface StoredResponse {
  turns: Turn[]
}

export interface ResponsesRequest {
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

export function parseResponsesRequest(ctx: SimContext, body: Json): ResponsesRequest {
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
  if (
    effort !== undefined &&
    effort !== 'none' &&
    (effortBudget(effort) === undefined || effort !== effort.toLowerCase())
  ) {
    throw new RequestError(400, 'reasoning.effort must be none, low, medium or high.', 'reasoning.effort')
  }
  const fromSuffix = suffixThinking(model)
  const thinks =
    fromSuffix !== 'off' && effort !== 'none' && (effort !== undefined || fromSuffix !== undefined)
  const budget =
    (effort !== undefined ? effortBudget(effort) : undefined) ??
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

/** Keeps an answered response, with the turns that led to it, for a later previous_response_id. */
export function rememberResponse(ctx: SimContext, request: ResponsesRequest, id: string, reply: Reply): void {
  if (!request.store) return
  const answer: Turn = {
    ...emptyTurn('assistant'),
    text: reply.text,
    toolCalls: reply.toolCalls.map((call) => ({ id: call.id, name: call.name, args: call.args })),
  }
  storeOf(ctx).set(id, { turns: [...request.conversation.turns, answer] })
}

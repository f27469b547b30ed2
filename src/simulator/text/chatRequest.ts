// Endpoint 1's request, read as the service reads it: messages (text, images, tool calls and results), tools and
// the tool choice, the output format, reasoning and search, each field checked against the spec's rules with
// an error naming it. chat.ts renders the reply.
import {
  RequestError,
  array,
  isRecord,
  numberInRange,
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalRecord,
  optionalString,
  positiveInteger,
  record,
  requiredString,
  stopList,
  type Json,
} from './body'
import {
  emptyTurn,
  type Conversation,
  type OutputSpec,
  type ReasoningRequest,
  type ToolChoice,
  type ToolDef,
  type Turn,
} from './conversation'
import { DEFAULT_BUDGET, effortBudget, assertModelExists, parseArguments, suffixThinking } from './route'
import { TEMPERATURE_RANGE, TOP_P_RANGE } from '../../shared/catalog/textParams'

/** Fields of one model family that must sit inside `parameters` (spec, endpoint 1). */
const PARAMETERS_ONLY = ['enable_search', 'search_options', 'incremental_output', 'asr_options']

export interface ChatRequest {
  conversation: Conversation
  stream: boolean
  includeUsage: boolean
}

function contentText(content: unknown, field: string): { text: string; images: number } {
  if (content === undefined || content === null) return { text: '', images: 0 }
  if (typeof content === 'string') return { text: content, images: 0 }
  let text = ''
  let images = 0
  array(content, field).forEach((part, index) => {
    const item = record(part, `${field}[${index}]`)
    if (item.type === 'text' && typeof item.text === 'string') text += (text ? '\n' : '') + item.text
    else if (item.type === 'image_url' || item.type === 'input_image') images += 1
    else if (item.type === 'file') {
      throw new RequestError(
        400,
        `${field}[${index}]: file input is not accepted here; use /v1/responses.`,
        field,
      )
    }
  })
  return { text, images }
}

function parseMessages(raw: unknown): { system: string; turns: Turn[] } {
  const messages = array(raw, 'messages')
  if (messages.length === 0) throw new RequestError(400, 'messages must not be empty.', 'messages')
  const system: string[] = []
  const turns: Turn[] = []
  const callNames = new Map<string, string>()
  messages.forEach((raw, index) => {
    const field = `messages[${index}]`
    const message = record(raw, field)
    const role = message.role
    const { text, images } = contentText(message.content, `${field}.content`)
    if (role === 'system' || role === 'developer') {
      system.push(text)
    } else if (role === 'user') {
      turns.push({ ...emptyTurn('user'), text, images })
    } else if (role === 'assistant') {
      const turn: Turn = { ...emptyTurn('assistant'), text }
      for (const [i, rawCall] of (optionalArray(message.tool_calls, `${field}.tool_calls`) ?? []).entries()) {
        const call = record(rawCall, `${field}.tool_calls[${i}]`)
        const fn = record(call.function, `${field}.tool_calls[${i}].function`)
        const name = requiredString(fn.name, `${field}.tool_calls[${i}].function.name`)
        const id = optionalString(call.id, `${field}.tool_calls[${i}].id`) ?? `call_${index}_${i}`
        callNames.set(id, name)
        turn.toolCalls.push({ id, name, args: parseArguments(fn.arguments) })
      }
      turns.push(turn)
    } else if (role === 'tool' || role === 'function') {
      const callId = optionalString(message.tool_call_id, `${field}.tool_call_id`)
      const name =
        optionalString(message.name, `${field}.name`) ?? (callId ? callNames.get(callId) : undefined)
      const last = turns.at(-1)
      const target =
        last?.role === 'user' && !last.text && last.toolResults.length > 0 ? last : emptyTurn('user')
      if (target !== last) turns.push(target)
      target.toolResults.push({ callId, name, content: text })
    } else {
      throw new RequestError(
        400,
        `${field}.role must be system, developer, user, assistant or tool.`,
        `${field}.role`,
      )
    }
  })
  return { system: system.join('\n'), turns }
}

/** The search tool name of the spec; the gateway runs it itself, so it is never returned as a call. */
const SEARCH_TOOL = 'vendorSearch'

function parseTools(raw: unknown): ToolDef[] {
  return (optionalArray(raw, 'tools') ?? []).map((item, index) => {
    const tool = record(item, `tools[${index}]`)
    const fn = record(tool.function, `tools[${index}].function`)
    return {
      name: requiredString(fn.name, `tools[${index}].function.name`),
      description: optionalString(fn.description, `tools[${index}].function.description`) ?? '',
      parameters: optionalRecord(fn.parameters, `tools[${index}].function.parameters`) ?? {
        type: 'object',
        properties: {},
      },
    }
  })
}

function parseToolChoice(raw: unknown, tools: ToolDef[]): ToolChoice {
  if (raw === undefined || raw === null || raw === 'auto') return { mode: 'auto' }
  if (raw === 'none') return { mode: 'none' }
  if (raw === 'required') return { mode: 'required' }
  const choice = record(raw, 'tool_choice')
  const fn = optionalRecord(choice.function, 'tool_choice.function')
  const name = requiredString(fn?.name, 'tool_choice.function.name')
  if (!tools.some((tool) => tool.name === name)) {
    throw new RequestError(400, `tool_choice names "${name}", which is not in tools.`, 'tool_choice')
  }
  return { mode: 'tool', name }
}

function parseOutput(raw: unknown): OutputSpec {
  const format = optionalRecord(raw, 'response_format')
  if (!format || format.type === 'text') return { kind: 'text' }
  if (format.type === 'json_object') return { kind: 'json', schema: undefined }
  if (format.type === 'json_schema') {
    const spec = record(format.json_schema, 'response_format.json_schema')
    requiredString(spec.name, 'response_format.json_schema.name')
    return { kind: 'json', schema: optionalRecord(spec.schema, 'response_format.json_schema.schema') }
  }
  throw new RequestError(
    400,
    'response_format.type must be text, json_object or json_schema.',
    'response_format',
  )
}

/** Every way the chat format asks for reasoning (spec, endpoint 1), folded into one request. */
function parseReasoning(body: Json, model: string, stream: boolean): ReasoningRequest | undefined {
  const fromSuffix = suffixThinking(model)
  if (fromSuffix === 'off') return undefined
  let budget = fromSuffix?.budget
  let enabled = fromSuffix !== undefined
  let show = true

  const thinking = optionalRecord(body.thinking, 'thinking')
  if (thinking?.type === 'disabled') return undefined
  if (thinking?.type === 'enabled') {
    enabled = true
    budget ??= positiveInteger(thinking.budget_tokens, 'thinking.budget_tokens')
  }
  // enable_thinking and thinking_config need stream true; without it the service disables thinking.
  const enableThinking = optionalBoolean(body.enable_thinking, 'enable_thinking')
  if (enableThinking === false) return undefined
  if (enableThinking && stream) enabled = true
  const extraVendor =
    isRecord(body.extra_body) && isRecord(body.extra_body.vendor) ? body.extra_body.vendor : undefined
  const vendor = extraVendor ?? (isRecord(body.vendor) ? body.vendor : undefined)
  const config = optionalRecord(vendor?.thinking_config, 'extra_body.vendor.thinking_config')
  if (config && stream) {
    const thinkingBudget = optionalNumber(
      config.thinking_budget,
      'extra_body.vendor.thinking_config.thinking_budget',
    )
    if (thinkingBudget === 0) return undefined
    if (thinkingBudget !== undefined) {
      enabled = true
      if (thinkingBudget > 0) budget ??= thinkingBudget
    }
    const include = optionalBoolean(
      config.include_thoughts,
      'extra_body.vendor.thinking_config.include_thoughts',
    )
    if (include !== undefined) {
      enabled = true
      show = include
    }
  }
  const effort = optionalString(body.reasoning_effort, 'reasoning_effort')
  if (effort !== undefined) {
    const named = effortBudget(effort)
    if (named === undefined || effort !== effort.toLowerCase())
      throw new RequestError(400, 'reasoning_effort must be low, medium or high.', 'reasoning_effort')
    enabled = true
    budget ??= named
  }
  const generationConfig = optionalRecord(body.generationConfig, 'generationConfig')
  const thinkingConfig = optionalRecord(generationConfig?.thinkingConfig, 'generationConfig.thinkingConfig')
  const level = optionalString(thinkingConfig?.thinkingLevel, 'generationConfig.thinkingConfig.thinkingLevel')
  if (level !== undefined) {
    if (level !== 'LOW' && level !== 'HIGH') {
      throw new RequestError(
        400,
        'generationConfig.thinkingConfig.thinkingLevel must be LOW or HIGH.',
        'generationConfig',
      )
    }
    enabled = true
    budget ??= effortBudget(level)
  }
  if (!enabled) return undefined
  const inline = optionalBoolean(body.svc_thinking_to_content, 'svc_thinking_to_content') ?? false
  return { budgetTokens: budget ?? DEFAULT_BUDGET, show, inline }
}

/** Whether the request asks the gateway to search (spec, endpoint 1: search through a tool or options). */
function wantsSearch(body: Json, tools: ToolDef[]): boolean {
  const extra =
    isRecord(body.extra_body) && isRecord(body.extra_body.vendor) ? body.extra_body.vendor : undefined
  const vendorTools = Array.isArray(extra?.tools) ? extra.tools : []
  const parameters = isRecord(body.parameters) ? body.parameters : {}
  const searchParameters = isRecord(body.search_parameters) ? body.search_parameters : {}
  return (
    tools.some((tool) => tool.name === SEARCH_TOOL) ||
    vendorTools.some((tool) => isRecord(tool) && SEARCH_TOOL in tool) ||
    isRecord(body.web_search_options) ||
    parameters.enable_search === true ||
    searchParameters.mode === 'on' ||
    searchParameters.mode === 'auto'
  )
}

export function parseChatRequest(body: Json): ChatRequest {
  const model = requiredString(body.model, 'model')
  for (const field of PARAMETERS_ONLY) {
    if (field in body) {
      throw new RequestError(400, `${field} must sit inside "parameters", not at the top level.`, field)
    }
  }
  numberInRange(body.temperature, 'temperature', TEMPERATURE_RANGE.chat)
  numberInRange(body.top_p, 'top_p', TOP_P_RANGE)
  const parameters = optionalRecord(body.parameters, 'parameters')
  numberInRange(parameters?.temperature, 'parameters.temperature', TEMPERATURE_RANGE.chat)
  numberInRange(parameters?.top_p, 'parameters.top_p', TOP_P_RANGE)
  const maxTokens =
    positiveInteger(body.max_completion_tokens, 'max_completion_tokens') ??
    positiveInteger(body.max_tokens, 'max_tokens')
  const stream = optionalBoolean(body.stream, 'stream') ?? false
  const { system, turns } = parseMessages(body.messages)
  const offered = parseTools(body.tools)
  const tools = offered.filter((tool) => tool.name !== SEARCH_TOOL)
  const streamOptions = optionalRecord(body.stream_options, 'stream_options')
  assertModelExists(model, `The model \`${model}\` does not exist or you do not have access to it.`)
  return {
    stream,
    includeUsage: optionalBoolean(streamOptions?.include_usage, 'stream_options.include_usage') ?? false,
    conversation: {
      model,
      system,
      turns,
      tools,
      toolChoice: parseToolChoice(body.tool_choice, tools),
      parallelToolCalls: optionalBoolean(body.parallel_tool_calls, 'parallel_tool_calls') ?? true,
      reasoning: parseReasoning(body, model, stream),
      output: parseOutput(body.response_format),
      maxTokens,
      stop: stopList(body.stop, 'stop'),
      seed: optionalNumber(body.seed, 'seed'),
      search: wantsSearch(body, offered),
    },
  }
}

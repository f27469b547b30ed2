// Endpoint 3's (and count_tokens') request, read as the service reads it: turns with their blocks, tools and the
// tool choice, thinking, the system prompt and cache markers, each field checked with an error naming it.
// messages.ts renders the reply.
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
  stopList,
  type Json,
} from './body'
import {
  emptyTurn,
  type Conversation,
  type ReasoningRequest,
  type ToolChoice,
  type ToolDef,
  type Turn,
} from './conversation'
import { IMAGE_TOKENS, countTokens } from './tokens'
import { type CachePrefix } from './cache'
import { DEFAULT_BUDGET, assertModelExists, suffixThinking } from './route'
import {
  TEMPERATURE_RANGE,
  TOP_P_RANGE,
  THINKING_BUDGET_EXCLUSIVE_MIN,
} from '../../shared/catalog/textParams'

export interface MessagesRequest {
  conversation: Conversation
  stream: boolean
  cachePrefix: CachePrefix | undefined
}

/** Walks blocks in cache order (tools, system, messages) and remembers the prefix up to the last marker. */
class PrefixTracker {
  private parts: string[] = []
  private tokens = 0
  marked: CachePrefix | undefined

  add(block: unknown, tokens: number): void {
    this.parts.push(JSON.stringify(block))
    this.tokens += tokens
    const control = typeof block === 'object' && block !== null ? (block as Json).cache_control : undefined
    if (typeof control === 'object' && control !== null) {
      const { type, ttl } = control as Json
      this.marked = {
        content: this.parts.join('\n'),
        tokens: this.tokens,
        persistent: type === 'persistent' || ttl === '1h',
      }
    }
  }
}

function toolResultText(content: unknown, field: string): string {
  if (content === undefined || content === null) return ''
  if (typeof content === 'string') return content
  return array(content, field)
    .map((block) =>
      typeof block === 'object' && block !== null && typeof (block as Json).text === 'string'
        ? (block as Json).text
        : '',
    )
    .join('\n')
}

function parseTurn(raw: unknown, index: number, prefix: PrefixTracker): Turn {
  const field = `messages[${index}]`
  const message = record(raw, field)
  if (message.role !== 'user' && message.role !== 'assistant') {
    throw new RequestError(400, `${field}.role must be user or assistant.`, `${field}.role`)
  }
  const turn = emptyTurn(message.role)
  if (typeof message.content === 'string') {
    turn.text = message.content
    prefix.add(message.content, countTokens(message.content))
    return turn
  }
  array(message.content, `${field}.content`).forEach((rawBlock, blockIndex) => {
    const blockField = `${field}.content[${blockIndex}]`
    const block = record(rawBlock, blockField)
    switch (block.type) {
      case 'text': {
        const text = requiredString(block.text, `${blockField}.text`)
        turn.text += (turn.text ? '\n' : '') + text
        prefix.add(block, countTokens(text))
        break
      }
      case 'image':
      case 'document':
        turn.images += 1
        prefix.add(block, IMAGE_TOKENS)
        break
      case 'tool_use': {
        const call = {
          id: requiredString(block.id, `${blockField}.id`),
          name: requiredString(block.name, `${blockField}.name`),
          args: block.input ?? {},
        }
        turn.toolCalls.push(call)
        prefix.add(block, countTokens(call.name) + countTokens(JSON.stringify(call.args)))
        break
      }
      case 'tool_result': {
        const content = toolResultText(block.content, `${blockField}.content`)
        turn.toolResults.push({
          callId: optionalString(block.tool_use_id, `${blockField}.tool_use_id`),
          name: undefined,
          content,
        })
        prefix.add(block, countTokens(content))
        break
      }
      default:
        // thinking / redacted_thinking blocks from earlier turns carry nothing to answer.
        prefix.add(block, 0)
    }
  })
  return turn
}

function parseTools(raw: unknown, prefix: PrefixTracker): ToolDef[] {
  const tools: ToolDef[] = []
  for (const [index, item] of (optionalArray(raw, 'tools') ?? []).entries()) {
    const tool = record(item, `tools[${index}]`)
    const name = requiredString(tool.name, `tools[${index}].name`)
    const schema = optionalRecord(tool.input_schema, `tools[${index}].input_schema`)
    const description = optionalString(tool.description, `tools[${index}].description`) ?? ''
    prefix.add(tool, countTokens(name) + countTokens(description) + countTokens(JSON.stringify(schema ?? {})))
    // Server tools (web search and friends) have no input schema and are not called by the simulator.
    if (schema) tools.push({ name, description, parameters: schema })
  }
  return tools
}

function parseToolChoice(raw: unknown, tools: ToolDef[]): { choice: ToolChoice; parallel: boolean } {
  const choice = optionalRecord(raw, 'tool_choice')
  const parallel = !(
    optionalBoolean(choice?.disable_parallel_tool_use, 'tool_choice.disable_parallel_tool_use') ?? false
  )
  switch (choice?.type) {
    case undefined:
    case 'auto':
      return { choice: { mode: 'auto' }, parallel }
    case 'any':
      return { choice: { mode: 'required' }, parallel }
    case 'none':
      return { choice: { mode: 'none' }, parallel }
    case 'tool': {
      const name = requiredString(choice.name, 'tool_choice.name')
      if (!tools.some((tool) => tool.name === name)) {
        throw new RequestError(400, `tool_choice names "${name}", which is not in tools.`, 'tool_choice.name')
      }
      return { choice: { mode: 'tool', name }, parallel }
    }
    default:
      throw new RequestError(400, 'tool_choice.type must be auto, any, none or tool.', 'tool_choice.type')
  }
}

function parseThinking(body: Json, model: string): ReasoningRequest | undefined {
  const fromSuffix = suffixThinking(model)
  const thinking = optionalRecord(body.thinking, 'thinking')
  if (thinking?.type === 'disabled' || fromSuffix === 'off') return undefined
  if (thinking?.type === 'enabled') {
    const budget = positiveInteger(thinking.budget_tokens, 'thinking.budget_tokens')
    if (budget === undefined || budget <= THINKING_BUDGET_EXCLUSIVE_MIN) {
      throw new RequestError(
        400,
        `thinking.budget_tokens must be an integer greater than ${THINKING_BUDGET_EXCLUSIVE_MIN}.`,
        'thinking.budget_tokens',
      )
    }
    // The spec states only the minimum; a budget at or over max_tokens is served (the client warns about it),
    // the answer then ending at max_tokens.
    return { budgetTokens: budget, show: true }
  }
  if (thinking?.type === 'adaptive') return { budgetTokens: DEFAULT_BUDGET, show: true }
  if (thinking !== undefined)
    throw new RequestError(400, 'thinking.type must be enabled or disabled.', 'thinking.type')
  return fromSuffix ? { budgetTokens: fromSuffix.budget, show: true } : undefined
}

/** Parses a messages or count_tokens body. count_tokens does not require max_tokens. */
export function parseMessagesRequest(body: Json, kind: 'messages' | 'count_tokens'): MessagesRequest {
  const model = requiredString(body.model, 'model')
  const maxTokens = positiveInteger(body.max_tokens, 'max_tokens')
  if (kind === 'messages' && maxTokens === undefined) {
    throw new RequestError(400, 'max_tokens is required and must be greater than 0.', 'max_tokens')
  }
  const messages = array(body.messages, 'messages')
  if (messages.length === 0) throw new RequestError(400, 'messages must not be empty.', 'messages')
  numberInRange(body.temperature, 'temperature', TEMPERATURE_RANGE.messages)
  numberInRange(body.top_p, 'top_p', TOP_P_RANGE)
  positiveInteger(body.top_k, 'top_k')

  const prefix = new PrefixTracker()
  const tools = parseTools(body.tools, prefix)
  let system = ''
  if (typeof body.system === 'string') {
    system = body.system
    prefix.add(body.system, countTokens(body.system))
  } else {
    for (const [index, raw] of (optionalArray(body.system, 'system') ?? []).entries()) {
      const block = record(raw, `system[${index}]`)
      const text = requiredString(block.text, `system[${index}].text`)
      system += (system ? '\n' : '') + text
      prefix.add(block, countTokens(text))
    }
  }
  const turns = messages.map((raw, index) => parseTurn(raw, index, prefix))
  const { choice, parallel } = parseToolChoice(body.tool_choice, tools)
  const reasoning = kind === 'messages' ? parseThinking(body, model) : undefined
  assertModelExists(model, `model: ${model}`)
  return {
    stream: optionalBoolean(body.stream, 'stream') ?? false,
    cachePrefix: prefix.marked,
    conversation: {
      model,
      system,
      turns,
      tools,
      toolChoice: choice,
      parallelToolCalls: parallel,
      reasoning,
      output: { kind: 'text' },
      maxTokens,
      stop: stopList(body.stop_sequences, 'stop_sequences'),
      search: (optionalArray(body.tools, 'tools') ?? []).some(
        (tool) => isRecord(tool) && typeof tool.type === 'string' && tool.type.startsWith('web_search'),
      ),
    },
  }
}

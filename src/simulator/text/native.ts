// Endpoints 5 and 6, native content generation (`/v1beta` and `/v1`): parses contents, systemInstruction,
// tools/toolConfig and generationConfig into a Conversation and renders the Reply as a GenerateContentResponse,
// or as `data:` chunks (alt=sse) whose usageMetadata holds running totals and whose last chunk carries
// finishReason. Without alt=sse the stream endpoint answers the chunks as one JSON array, as the real API does.
import type { SimContext } from '../types'
import { openSse, sendJson } from '../http'
import { streamErrorEvents } from '../errors'
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
  lastUserText,
  type Conversation,
  type OutputSpec,
  type ReasoningRequest,
  type ToolChoice,
  type ToolDef,
  type Turn,
} from './conversation'
import { newId, planReply, type FinishReason, type Reply } from './reply'
import { countTokens, splitPieces } from './tokens'
import { DEFAULT_BUDGET, EFFORT_BUDGET, assertModelExists, suffixThinking } from './route'
import { TEMPERATURE_RANGE, THINKING_LEVELS, TOP_P_RANGE } from '../../shared/catalog/textParams'

const SAFETY_RATINGS = [
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
].map((category) => ({ category, probability: 'NEGLIGIBLE' }))

/** Tool entries that ask for search grounding (the spec's vendorSearch, and the SDK's own names). */
const SEARCH_TOOLS = ['vendorSearch', 'googleSearch', 'google_search', 'googleSearchRetrieval']

const FINISH: Record<FinishReason, string> = {
  stop: 'STOP',
  stop_sequence: 'STOP',
  tool_calls: 'STOP',
  length: 'MAX_TOKENS',
}

/** REST accepts both camelCase and snake_case field names. */
function field(body: Json, camel: string): unknown {
  return body[camel] ?? body[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]
}

function partsText(parts: unknown, where: string): string {
  return (optionalArray(parts, where) ?? [])
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n')
}

function parseContents(raw: unknown): Turn[] {
  if (raw === undefined || raw === null) throw new RequestError(400, 'contents is required.', 'contents')
  const contents = array(raw, 'contents')
  if (contents.length === 0) throw new RequestError(400, 'contents must not be empty.', 'contents')
  return contents.map((item, index) => {
    const where = `contents[${index}]`
    const content = record(item, where)
    const role = content.role ?? 'user'
    if (role !== 'user' && role !== 'model')
      throw new RequestError(400, `${where}.role must be user or model.`, where)
    const turn = emptyTurn(role === 'model' ? 'assistant' : 'user')
    array(content.parts, `${where}.parts`).forEach((rawPart, partIndex) => {
      const part = record(rawPart, `${where}.parts[${partIndex}]`)
      if (typeof part.text === 'string') {
        if (part.thought !== true) turn.text += (turn.text ? '\n' : '') + part.text
      } else if (isRecord(part.inlineData ?? part.inline_data) || isRecord(part.fileData ?? part.file_data)) {
        turn.images += 1
      } else if (isRecord(part.functionCall ?? part.function_call)) {
        const call = record(
          part.functionCall ?? part.function_call,
          `${where}.parts[${partIndex}].functionCall`,
        )
        const name = requiredString(call.name, `${where}.parts[${partIndex}].functionCall.name`)
        turn.toolCalls.push({ id: typeof call.id === 'string' ? call.id : name, name, args: call.args ?? {} })
      } else if (isRecord(part.functionResponse ?? part.function_response)) {
        const response = record(
          part.functionResponse ?? part.function_response,
          `${where}.parts[${partIndex}].functionResponse`,
        )
        turn.toolResults.push({
          callId: typeof response.id === 'string' ? response.id : undefined,
          name: optionalString(response.name, `${where}.parts[${partIndex}].functionResponse.name`),
          content: JSON.stringify(response.response ?? {}),
        })
      }
    })
    return turn
  })
}

function parseTools(raw: unknown): ToolDef[] {
  const tools: ToolDef[] = []
  for (const [index, item] of (optionalArray(raw, 'tools') ?? []).entries()) {
    const tool = record(item, `tools[${index}]`)
    const declarations =
      optionalArray(field(tool, 'functionDeclarations'), `tools[${index}].functionDeclarations`) ?? []
    for (const [i, rawDeclaration] of declarations.entries()) {
      const where = `tools[${index}].functionDeclarations[${i}]`
      const declaration = record(rawDeclaration, where)
      const parameters =
        optionalRecord(field(declaration, 'parametersJsonSchema'), `${where}.parametersJsonSchema`) ??
        optionalRecord(declaration.parameters, `${where}.parameters`)
      tools.push({
        name: requiredString(declaration.name, `${where}.name`),
        description: optionalString(declaration.description, `${where}.description`) ?? '',
        parameters: parameters ?? { type: 'object', properties: {} },
      })
    }
  }
  return tools
}

function parseToolConfig(raw: unknown): ToolChoice {
  const config = optionalRecord(raw, 'toolConfig')
  const calling = config
    ? optionalRecord(field(config, 'functionCallingConfig'), 'toolConfig.functionCallingConfig')
    : undefined
  const mode = optionalString(calling?.mode, 'toolConfig.functionCallingConfig.mode')?.toUpperCase()
  const allowed = calling
    ? optionalArray(field(calling, 'allowedFunctionNames'), 'allowedFunctionNames')?.map(String)
    : undefined
  switch (mode) {
    case undefined:
    case 'AUTO':
    case 'MODE_UNSPECIFIED':
      return { mode: 'auto' }
    case 'NONE':
      return { mode: 'none' }
    case 'ANY':
    case 'VALIDATED':
      return allowed?.length === 1 && allowed[0]
        ? { mode: 'tool', name: allowed[0] }
        : { mode: 'required', allowed }
    default:
      throw new RequestError(
        400,
        'toolConfig.functionCallingConfig.mode must be AUTO, ANY or NONE.',
        'toolConfig',
      )
  }
}

function parseThinking(config: Json | undefined, model: string): ReasoningRequest | undefined {
  const fromSuffix = suffixThinking(model)
  if (fromSuffix === 'off') return undefined
  const thinking = config
    ? optionalRecord(field(config, 'thinkingConfig'), 'generationConfig.thinkingConfig')
    : undefined
  const include = thinking
    ? optionalBoolean(field(thinking, 'includeThoughts'), 'thinkingConfig.includeThoughts')
    : undefined
  const budget = thinking
    ? optionalNumber(field(thinking, 'thinkingBudget'), 'thinkingConfig.thinkingBudget')
    : undefined
  const level = thinking
    ? optionalString(field(thinking, 'thinkingLevel'), 'thinkingConfig.thinkingLevel')
    : undefined
  if (level !== undefined && !(THINKING_LEVELS as readonly string[]).includes(level.toUpperCase())) {
    throw new RequestError(400, 'thinkingConfig.thinkingLevel must be LOW or HIGH.', 'generationConfig')
  }
  if (budget === 0) return undefined
  const enabled =
    fromSuffix !== undefined ||
    include === true ||
    (budget !== undefined && budget !== 0) ||
    level !== undefined
  if (!enabled) return undefined
  const levelBudget = level === undefined ? undefined : EFFORT_BUDGET[level.toLowerCase()]
  const explicit = budget !== undefined && budget > 0 ? budget : undefined
  return {
    budgetTokens: explicit ?? levelBudget ?? (fromSuffix ? fromSuffix.budget : DEFAULT_BUDGET),
    show: include === true,
  }
}

function parseOutput(config: Json | undefined): OutputSpec {
  if (!config) return { kind: 'text' }
  const modalities =
    optionalArray(field(config, 'responseModalities'), 'generationConfig.responseModalities') ?? []
  if (modalities.some((m) => String(m).toUpperCase() === 'IMAGE')) {
    const imageConfig = optionalRecord(field(config, 'imageConfig'), 'generationConfig.imageConfig')
    const aspectRatio = imageConfig
      ? optionalString(field(imageConfig, 'aspectRatio'), 'imageConfig.aspectRatio')
      : undefined
    return { kind: 'image', aspectRatio }
  }
  const mime = optionalString(field(config, 'responseMimeType'), 'generationConfig.responseMimeType')
  if (mime === 'application/json') {
    const schema =
      optionalRecord(field(config, 'responseJsonSchema'), 'generationConfig.responseJsonSchema') ??
      optionalRecord(field(config, 'responseSchema'), 'generationConfig.responseSchema')
    return { kind: 'json', schema }
  }
  return { kind: 'text' }
}

export function parseNativeRequest(body: Json, model: string): Conversation {
  const turns = parseContents(body.contents)
  const config = optionalRecord(field(body, 'generationConfig'), 'generationConfig')
  if (config) {
    numberInRange(config.temperature, 'generationConfig.temperature', TEMPERATURE_RANGE.native)
    numberInRange(field(config, 'topP'), 'generationConfig.topP', TOP_P_RANGE)
  }
  const systemRaw = field(body, 'systemInstruction')
  const system =
    typeof systemRaw === 'string'
      ? systemRaw
      : partsText(optionalRecord(systemRaw, 'systemInstruction')?.parts, 'systemInstruction.parts')
  const tools = parseTools(body.tools)
  const toolChoice = parseToolConfig(field(body, 'toolConfig'))
  if (toolChoice.mode === 'tool' && !tools.some((tool) => tool.name === toolChoice.name)) {
    throw new RequestError(
      400,
      `allowedFunctionNames names "${toolChoice.name}", which is not declared.`,
      'toolConfig',
    )
  }
  assertModelExists(
    model,
    `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
  )
  return {
    model,
    system,
    turns,
    tools,
    toolChoice,
    parallelToolCalls: true,
    reasoning: parseThinking(config, model),
    output: parseOutput(config),
    maxTokens: config
      ? positiveInteger(field(config, 'maxOutputTokens'), 'generationConfig.maxOutputTokens')
      : undefined,
    stop: config ? stopList(field(config, 'stopSequences'), 'generationConfig.stopSequences') : [],
    search: (optionalArray(body.tools, 'tools') ?? []).some(
      (tool) => isRecord(tool) && SEARCH_TOOLS.some((name) => name in tool),
    ),
  }
}

interface Envelope {
  model: string
  responseId: string
  createTime: string
  /** Set when search grounding was asked for; its fields beyond these are not in the spec. */
  grounding: Json | undefined
}

function usageMetadata(reply: Reply, candidates: number, thoughts: number): Json {
  const usage: Json = {
    promptTokenCount: reply.inputTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: reply.inputTokens + candidates + thoughts,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: reply.inputTokens }],
  }
  if (thoughts > 0) usage.thoughtsTokenCount = thoughts
  return usage
}

function chunkOf(envelope: Envelope, parts: Json[], usage: Json, finish?: string): Json {
  const candidate: Json = { content: { role: 'model', parts }, index: 0 }
  if (finish) {
    candidate.finishReason = finish
    candidate.safetyRatings = SAFETY_RATINGS
    if (envelope.grounding) candidate.groundingMetadata = envelope.grounding
  }
  return {
    candidates: [candidate],
    usageMetadata: usage,
    modelVersion: envelope.model,
    responseId: envelope.responseId,
    createTime: envelope.createTime,
  }
}

/** Groups of parts in stream order; each group is one chunk (text and thoughts piece by piece). */
function partGroups(
  conversation: Conversation,
  reply: Reply,
  streamed: boolean,
): { parts: Json[]; tokens: number; thought: boolean }[] {
  const groups: { parts: Json[]; tokens: number; thought: boolean }[] = []
  const pieces = (text: string) => (streamed ? splitPieces(text) : [{ text, tokens: countTokens(text) }])
  if (reply.reasoning && conversation.reasoning?.show) {
    for (const piece of pieces(reply.reasoning))
      groups.push({ parts: [{ text: piece.text, thought: true }], tokens: piece.tokens, thought: true })
  }
  if (reply.text)
    for (const piece of pieces(reply.text))
      groups.push({ parts: [{ text: piece.text }], tokens: piece.tokens, thought: false })
  if (reply.toolCalls.length > 0) {
    const calls = reply.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.args } }))
    groups.push({
      parts: calls,
      tokens: reply.toolCalls.reduce((n, c) => n + countTokens(c.argsJson), 0),
      thought: false,
    })
  }
  if (reply.image) groups.push({ parts: [{ inlineData: reply.image }], tokens: 1, thought: false })
  // The thought signature rides on the first part after the thoughts, as the real API sends it.
  if (reply.reasoning) {
    const first = groups.find((group) => !group.thought)?.parts[0]
    if (first) first.thoughtSignature = Buffer.from(`sim-thought-${reply.seed}`).toString('base64')
  }
  return groups
}

function mergeParts(groups: { parts: Json[] }[]): Json[] {
  const merged: Json[] = []
  for (const part of groups.flatMap((group) => group.parts)) {
    const last = merged.at(-1)
    if (
      last &&
      typeof part.text === 'string' &&
      typeof last.text === 'string' &&
      last.thought === part.thought &&
      !part.thoughtSignature
    ) {
      last.text += part.text
    } else merged.push({ ...part })
  }
  return merged
}

function fullResponse(conversation: Conversation, reply: Reply, envelope: Envelope): Json {
  const parts = mergeParts(partGroups(conversation, reply, false))
  const usage = usageMetadata(reply, reply.outputTokens - reply.reasoningTokens, reply.reasoningTokens)
  return chunkOf(envelope, parts, usage, FINISH[reply.finish])
}

function streamChunks(
  conversation: Conversation,
  reply: Reply,
  envelope: Envelope,
): { chunk: Json; tokens: number }[] {
  const groups = partGroups(conversation, reply, true)
  const out: { chunk: Json; tokens: number }[] = []
  const thoughtsTotal = reply.reasoningTokens
  let thoughts = 0
  let candidates = 0
  groups.forEach((group, index) => {
    if (group.thought) thoughts = Math.min(thoughtsTotal, thoughts + group.tokens)
    else candidates += group.tokens
    const last = index === groups.length - 1
    const usage = last
      ? usageMetadata(reply, reply.outputTokens - reply.reasoningTokens, thoughtsTotal)
      : usageMetadata(reply, candidates, thoughts)
    out.push({
      chunk: chunkOf(envelope, group.parts, usage, last ? FINISH[reply.finish] : undefined),
      tokens: group.tokens,
    })
  })
  if (out.length === 0) {
    const usage = usageMetadata(reply, reply.outputTokens - reply.reasoningTokens, thoughtsTotal)
    out.push({ chunk: chunkOf(envelope, [], usage, FINISH[reply.finish]), tokens: 0 })
  }
  return out
}

function envelopeOf(ctx: SimContext, conversation: Conversation): Envelope {
  const query = lastUserText(conversation)
  return {
    model: conversation.model,
    responseId: newId(''),
    createTime: new Date(ctx.sim.clock.now()).toISOString(),
    grounding: conversation.search
      ? { webSearchQueries: [query], groundingChunks: [], groundingSupports: [] }
      : undefined,
  }
}

export function handleGenerate(ctx: SimContext, body: Json): void {
  const model = ctx.params.model ?? ''
  const conversation = parseNativeRequest(body, model)
  sendJson(ctx, 200, fullResponse(conversation, planReply(conversation), envelopeOf(ctx, conversation)))
}

export async function handleStreamGenerate(ctx: SimContext, body: Json): Promise<void> {
  const model = ctx.params.model ?? ''
  const conversation = parseNativeRequest(body, model)
  const chunks = streamChunks(conversation, planReply(conversation), envelopeOf(ctx, conversation))
  if (ctx.url.searchParams.get('alt') !== 'sse') {
    sendJson(
      ctx,
      200,
      chunks.map((item) => item.chunk),
    )
    return
  }
  const sse = openSse(ctx, (message) => streamErrorEvents('native', message))
  for (const { chunk, tokens } of chunks) {
    if (sse.closed) return
    await sse.event(undefined, chunk, tokens)
  }
  sse.end()
}

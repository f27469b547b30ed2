// Native content generation requests (endpoints 5 and 6): reads contents, systemInstruction, tools/toolConfig
// and generationConfig, in camelCase or snake_case as REST accepts both, into a format-neutral Conversation.
// Every rule it enforces throws a RequestError naming the field, so the route answers the native error body.
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
import { DEFAULT_BUDGET, assertModelExists, effortBudget, suffixThinking } from './route'
import { TEMPERATURE_RANGE, THINKING_LEVELS, TOP_P_RANGE } from '../../shared/catalog/textParams'

/** Tool entries that ask for search grounding (the spec's vendorSearch, and the SDK's own names). */
const SEARCH_TOOLS = ['vendorSearch', 'googleSearch', 'google_search', 'googleSearchRetrieval']

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
        const described = mediaPart(part, `${where}.parts[${partIndex}]`)
        if (described) (turn.media ??= []).push(described)
        else turn.images += 1
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

/** Audio and other non-image media in words (undefined for an image, which counts as an image). */
function mediaPart(part: Json, where: string): string | undefined {
  const inline = field(part, 'inlineData')
  const media = record(inline ?? field(part, 'fileData'), where)
  const mime = optionalString(field(media, 'mimeType'), `${where}.mimeType`) ?? ''
  if (inline !== undefined) {
    requiredString(media.data, `${where}.inlineData.data`)
    if (mime.startsWith('image/')) return undefined
    return `${mime.startsWith('audio/') ? 'an audio file' : 'a file'} (${mime || 'no MIME type'}, inline)`
  }
  const uri = requiredString(field(media, 'fileUri'), `${where}.fileData.fileUri`)
  if (!mime) throw new RequestError(400, `${where}.fileData.mimeType is required.`, where)
  if (mime.startsWith('image/')) return undefined
  const kind = mime.startsWith('audio/') ? 'an audio file' : 'a file'
  return `${kind} by URI (${mime}, ${uri.slice(0, 80)})`
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
  const levelBudget = level === undefined ? undefined : effortBudget(level)
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

// Native, read back: a request body becomes a draft. Every field the draft cannot hold is listed as
// unmapped, never dropped silently.
import { isSynthId, synthId } from '../adapter'
import type { ParsedRequest, ParseRequestContext } from '../adapter'
import { nativeExtrasSchema } from '../draft'
import type {
  Draft,
  DraftPart,
  ImagePart,
  NativeExtras,
  Thinking,
  ToolCallPart,
  ToolChoice,
  ToolDefinition,
  ToolResultPart,
} from '../draft'
import { parseArguments } from '../events'
import { VENDOR_SEARCH_TOOL } from '../names'
import { isObject, obj } from '../read'
import type { JsonObject } from '../read'
import {
  emptyDraft,
  jsonEqual,
  nonEmpty,
  objectsOf,
  put,
  readRequest,
  readToolDefinition,
  salvage,
} from '../requestReader'
import type { Fields, Unmapped } from '../requestReader'
import { responseObject } from './build'

/** The name given to structured output read back from a body, which carries only the schema. */
export const NATIVE_RESPONSE_FORMAT_NAME = 'response'

/**
 * The inverse of `build`: a native body as a draft, and what the draft cannot express. The model and
 * streaming live in the path, so they come from `context`.
 */
export function parseRequest(body: unknown, context: ParseRequestContext = {}): ParsedRequest {
  return readRequest(body, context, (f) => {
    const draft = emptyDraft(context)
    const out = f.out
    const x: NativeExtras = {}
    const instruction = f.obj('systemInstruction')
    if (instruction) {
      // A role on the system instruction (SDKs add one) means nothing to the model.
      instruction.skip('role')
      const texts = textParts(instruction.list('parts') ?? [], instruction.at('parts'), out)
      if (texts.length === 1) draft.system = texts[0]
      else if (texts.length > 1) draft.systemBlocks = texts.map((text) => ({ text }))
      instruction.done()
    }
    readContents(f.list('contents') ?? [], draft, out)
    const generation = f.obj('generationConfig')
    if (generation) readGeneration(generation, draft, x)
    put(
      x,
      'safetySettings',
      salvage(nativeExtrasSchema.shape.safetySettings, f.take('safetySettings'), 'safetySettings', out),
    )
    readNativeTools(f, draft, x)
    const toolConfig = f.take('toolConfig')
    const choice = toolChoiceOf(toolConfig)
    if (choice) draft.toolChoice = choice
    else put(x, 'toolConfig', salvage(nativeExtrasSchema.shape.toolConfig, toolConfig, 'toolConfig', out))
    put(x, 'cachedContent', f.str('cachedContent'))
    if (nonEmpty(x)) draft.extras = { native: x }
    return draft
  })
}

function textParts(list: unknown[], path: string, out: Unmapped): string[] {
  return objectsOf(list, path, out).flatMap((p) => {
    if (!p || typeof p.value.text !== 'string') {
      if (p) out.add(p.path)
      return []
    }
    const text = p.str('text') ?? ''
    p.done()
    return [text]
  })
}

/** The neutral tool choice whose toolConfig is exactly `config`, if any. */
function toolChoiceOf(config: unknown): ToolChoice | undefined {
  const names = obj(obj(config)?.functionCallingConfig)?.allowedFunctionNames
  const only =
    Array.isArray(names) && names.length === 1 && typeof names[0] === 'string' ? names[0] : undefined
  const candidates: [ToolChoice, JsonObject][] = [
    ['auto', { mode: 'AUTO' }],
    ['none', { mode: 'NONE' }],
    ['required', { mode: 'ANY' }],
  ]
  if (only !== undefined) candidates.push([{ name: only }, { mode: 'ANY', allowedFunctionNames: [only] }])
  return candidates.find(([, fcc]) => jsonEqual(config, { functionCallingConfig: fcc }))?.[0]
}

/** The neutral thinking knob whose thinkingConfig is exactly `config`, if any (see neutralThinking). */
function thinkingOf(config: unknown): Thinking | undefined {
  if (!isObject(config)) return undefined
  if (jsonEqual(config, { thinkingBudget: 0 })) return { enabled: false }
  const includeThoughts = config.includeThoughts
  const budget = config.thinkingBudget
  const level = config.thinkingLevel
  if (typeof includeThoughts !== 'boolean') return undefined
  if (Number.isSafeInteger(budget) && jsonEqual(config, { includeThoughts, thinkingBudget: budget })) {
    // -1 is what build writes when no budget is set.
    return budget === -1
      ? { enabled: true, includeThoughts }
      : { enabled: true, budgetTokens: budget as number, includeThoughts }
  }
  if ((level === 'LOW' || level === 'HIGH') && jsonEqual(config, { includeThoughts, thinkingLevel: level })) {
    return { enabled: true, effort: level === 'LOW' ? 'low' : 'high', includeThoughts }
  }
  return undefined
}

function readGeneration(g: Fields, draft: Draft, x: NativeExtras): void {
  put(draft, 'temperature', g.num('temperature'))
  put(draft, 'topP', g.num('topP'))
  put(draft, 'topK', g.int('topK'))
  put(draft, 'maxTokens', g.int('maxOutputTokens'))
  const stop = g.strings('stopSequences')
  if (stop && stop.length > 0) draft.stopSequences = stop
  const schema = g.value.responseJsonSchema
  if (g.value.responseMimeType === 'application/json' && isObject(schema)) {
    draft.responseFormat = { name: NATIVE_RESPONSE_FORMAT_NAME, schema }
    g.skip('responseMimeType')
    g.skip('responseJsonSchema')
  }
  const thinking = thinkingOf(g.value.thinkingConfig)
  if (thinking) {
    draft.thinking = thinking
    g.skip('thinkingConfig')
  }
  // generationConfig extras are open: whatever is left travels verbatim.
  const rest = g.rest()
  if (nonEmpty(rest))
    put(x, 'generationConfig', salvage(nativeExtrasSchema.shape.generationConfig, rest, g.path, g.out))
}

function readNativeTools(f: Fields, draft: Draft, x: NativeExtras): void {
  const tools: ToolDefinition[] = []
  objectsOf(f.list('tools') ?? [], 'tools', f.out).forEach((t) => {
    if (!t) return
    if (!x.vendorSearch && jsonEqual(t.value, { [VENDOR_SEARCH_TOOL]: {} })) {
      x.vendorSearch = true
      return
    }
    const declarations = t.list('functionDeclarations')
    if (!declarations) return f.out.add(t.path)
    objectsOf(declarations, t.at('functionDeclarations'), f.out).forEach((d) => {
      const tool = d && readToolDefinition(d)
      if (!d || !tool) return
      d.done()
      tools.push(tool)
    })
    t.done()
  })
  if (tools.length > 0) draft.tools = tools
}

/** Inverts responseObject: the content (and error flag) whose functionResponse.response is `response`. */
function resultOf(response: JsonObject): { content: string; isError?: boolean } {
  const keys = Object.keys(response)
  const asContent = (v: unknown): string =>
    typeof v === 'string' && parseArguments(v) === undefined ? v : JSON.stringify(v)
  const candidates: { content: string; isError?: boolean }[] = []
  if (keys.length === 1 && keys[0] === 'error')
    candidates.push({ content: asContent(response.error), isError: true })
  if (keys.length === 1 && keys[0] === 'result') candidates.push({ content: asContent(response.result) })
  const plain = { content: JSON.stringify(response) }
  return candidates.find((c) => jsonEqual(responseObject(c.content, c.isError), response)) ?? plain
}

function readContents(list: unknown[], draft: Draft, out: Unmapped): void {
  // Calls without ids get local ids; a later result without an id answers the first open call of its name.
  let open: ToolCallPart[] = []
  objectsOf(list, 'contents', out).forEach((c) => {
    if (!c) return
    const role = c.value.role ?? 'user'
    if (role !== 'user' && role !== 'model') return out.add(c.path)
    c.skip('role')
    const parts = objectsOf(c.list('parts') ?? [], c.at('parts'), out).flatMap((p) => {
      const part = p && nativePart(p, open)
      if (!p || !part) {
        if (p) out.add(p.path)
        return []
      }
      p.done()
      return [part]
    })
    c.done()
    if (role === 'model') {
      draft.messages.push({ role: 'assistant', parts })
      open = parts.filter((p): p is ToolCallPart => p.type === 'toolCall')
      return
    }
    // build writes one content per turn and merges only tool turns, so a second results-only content in a
    // row was a user turn.
    const results = parts.length > 0 && parts.every((p) => p.type === 'toolResult')
    const previous = draft.messages[draft.messages.length - 1]
    draft.messages.push({ role: results && previous?.role !== 'tool' ? 'tool' : 'user', parts })
  })
}

function nativePart(p: Fields, open: ToolCallPart[]): DraftPart | undefined {
  const v = p.value
  if (isObject(v.functionCall)) {
    const call = p.obj('functionCall')
    const name = call?.value.name
    if (!call || typeof name !== 'string') return undefined
    call.skip('name')
    const args = call.take('args')
    if (args !== undefined && !isObject(args)) p.out.add(call.at('args'))
    const part: ToolCallPart = {
      type: 'toolCall',
      id: call.str('id') ?? synthId(),
      name,
      arguments: isObject(args) ? JSON.stringify(args) : '{}',
    }
    put(part, 'signature', p.str('thoughtSignature'))
    call.done()
    return part
  }
  if (isObject(v.functionResponse)) {
    const result = p.obj('functionResponse')
    const name = result?.value.name
    const response = result?.value.response
    if (!result || typeof name !== 'string' || !isObject(response)) return undefined
    result.skip('name')
    result.skip('response')
    const id = result.str('id')
    const answered = id === undefined ? open.findIndex((c) => c.name === name && isSynthId(c.id)) : -1
    const callId = id ?? open[answered]?.id ?? synthId()
    if (answered >= 0) open.splice(answered, 1)
    result.done()
    const { content, isError } = resultOf(response)
    const part: ToolResultPart = { type: 'toolResult', callId, name, content }
    put(part, 'isError', isError)
    return part
  }
  if (isObject(v.inlineData)) {
    const data = p.obj('inlineData')
    const mimeType = data?.value.mimeType
    const base64 = data?.value.data
    if (!data || typeof mimeType !== 'string' || typeof base64 !== 'string') return undefined
    data.skip('mimeType')
    data.skip('data')
    data.done()
    // Images are image parts; audio and other media are file parts (the draft's one shape for them).
    if (mimeType.startsWith('image/')) return { type: 'image', mimeType, data: base64 }
    return { type: 'file', mimeType, dataUrl: `data:${mimeType};base64,${base64}` }
  }
  if (isObject(v.fileData)) {
    const file = p.obj('fileData')
    const uri = file?.value.fileUri
    if (!file || typeof uri !== 'string') return undefined
    file.skip('fileUri')
    const mimeType = file.str('mimeType')
    file.done()
    if (mimeType !== undefined && !mimeType.startsWith('image/')) return { type: 'file', url: uri, mimeType }
    const part: ImagePart = { type: 'image', url: uri }
    put(part, 'mimeType', mimeType)
    return part
  }
  // Thought parts are the model's own reasoning, which build does not send back.
  if (typeof v.text !== 'string' || v.thought === true) return undefined
  return { type: 'text', text: p.str('text') ?? '' }
}

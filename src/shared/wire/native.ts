// Native content generation (`:generateContent`, `:streamGenerateContent?alt=sse`): build `contents` from a
// draft (tool results as `functionResponse` parts, images as `inlineData`) and read them back, parse a
// GenerateContentResponse and fold its chunks. Usage in chunks is a running total; the chunk with a
// finishReason completes the stream.
import { isSynthId, jsonHeaders, synthId, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter, ParsedRequest, ParseRequestContext } from './adapter'
import { parseDataUrl } from './dataUrl'
import { nativeExtrasSchema, systemText } from './draft'
import type {
  Draft,
  DraftMessage,
  DraftPart,
  ImagePart,
  NativeExtras,
  Thinking,
  ToolCallPart,
  ToolChoice,
  ToolDefinition,
  ToolResultPart,
} from './draft'
import { emptyCompletion, parseArguments, toolCallEnd } from './events'
import type { Completion, Finish, StreamEvent, StreamFolder, Usage } from './events'
import { FORMAT_LABELS } from './format'
import { createStreamFolder } from './streamFold'
import { VENDOR_SEARCH_TOOL } from './names'
import { arr, compact, isObject, num, obj, readError, str } from './read'
import type { JsonObject } from './read'
import {
  emptyDraft,
  jsonEqual,
  nonEmpty,
  objectsOf,
  put,
  readRequest,
  readToolDefinition,
  salvage,
} from './requestReader'
import type { Fields, Unmapped } from './requestReader'

// ---------------------------------------------------------------- build

export function nativePath(model: string, stream: boolean, apiVersion: 'v1beta' | 'v1' = 'v1beta'): string {
  const action = stream ? 'streamGenerateContent?alt=sse' : 'generateContent'
  return `/${apiVersion}/models/${encodeURIComponent(model)}:${action}`
}

function objectArgs(args: string): JsonObject {
  const parsed = parseArguments(args)
  return isObject(parsed) ? parsed : {}
}

/** functionResponse.response must be an object: JSON objects pass through, anything else is wrapped. */
function responseObject(content: string, isError: boolean | undefined): JsonObject {
  const parsed = parseArguments(content)
  if (isObject(parsed) && !isError) return parsed
  const value = parsed === undefined || content.trim() === '' ? content : parsed
  return isError ? { error: value } : { result: value }
}

function toParts(m: DraftMessage): JsonObject[] {
  return m.parts.flatMap((p: DraftPart): JsonObject[] => {
    switch (p.type) {
      case 'text':
        return p.text === '' ? [] : [{ text: p.text }]
      case 'image': {
        if (p.data !== undefined)
          return [{ inlineData: { mimeType: p.mimeType ?? 'image/png', data: p.data } }]
        const inline = p.url !== undefined ? parseDataUrl(p.url) : undefined
        if (inline?.base64) return [{ inlineData: { mimeType: inline.mimeType, data: inline.data } }]
        return [{ fileData: compact({ mimeType: p.mimeType, fileUri: p.url ?? '' }) }]
      }
      case 'toolCall': {
        // Locally made ids were never the model's, so they are not sent back.
        const call = compact({
          id: isSynthId(p.id) ? undefined : p.id,
          name: p.name,
          args: objectArgs(p.arguments),
        })
        return [compact({ functionCall: call, thoughtSignature: p.signature })]
      }
      case 'toolResult': {
        const response = responseObject(p.content, p.isError)
        return [
          {
            functionResponse: compact({
              id: isSynthId(p.callId) ? undefined : p.callId,
              name: p.name,
              response,
            }),
          },
        ]
      }
      default:
        // reasoning is not replayed; file inputs belong to the responses format
        return []
    }
  })
}

export function toContents(draft: Draft): JsonObject[] {
  const out: { role: string; parts: JsonObject[]; tool: boolean }[] = []
  for (const m of draft.messages) {
    const role = m.role === 'assistant' ? 'model' : 'user'
    const tool = m.role === 'tool'
    const parts = toParts(m)
    const last = out[out.length - 1]
    // All responses to one turn's calls travel in one content.
    if (tool && last?.tool) last.parts.push(...parts)
    else out.push({ role, parts, tool })
  }
  return out.map(({ role, parts }) => ({ role, parts }))
}

function neutralThinking(draft: Draft): JsonObject | undefined {
  const t = draft.thinking
  if (!t) return undefined
  if (!t.enabled) return { thinkingBudget: 0 }
  const includeThoughts = t.includeThoughts ?? true
  if (t.budgetTokens !== undefined) return { includeThoughts, thinkingBudget: t.budgetTokens }
  if (t.effort === 'low' || t.effort === 'high')
    return { includeThoughts, thinkingLevel: t.effort.toUpperCase() }
  return { includeThoughts, thinkingBudget: -1 }
}

function toolConfig(draft: Draft): JsonObject | undefined {
  const extra = draft.extras?.native?.toolConfig
  if (extra) return { functionCallingConfig: { ...extra.functionCallingConfig } }
  const choice = draft.toolChoice
  if (choice === undefined) return undefined
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } }
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } }
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } }
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } }
}

export function build(draft: Draft): BuiltRequest {
  const x = draft.extras?.native ?? {}
  const stream = draft.stream === true
  const base = compact({
    temperature: draft.temperature,
    topP: draft.topP,
    topK: draft.topK,
    maxOutputTokens: draft.maxTokens,
    stopSequences:
      draft.stopSequences && draft.stopSequences.length > 0 ? [...draft.stopSequences] : undefined,
    responseMimeType: draft.responseFormat ? 'application/json' : undefined,
    responseJsonSchema: draft.responseFormat?.schema,
  })
  const neutral = neutralThinking(draft)
  const extraGen = x.generationConfig ?? {}
  const thinkingConfig =
    neutral || extraGen.thinkingConfig ? { ...neutral, ...extraGen.thinkingConfig } : undefined
  const generationConfig = compact({ ...base, ...extraGen, thinkingConfig })

  const tools: JsonObject[] = []
  if (draft.tools && draft.tools.length > 0) {
    tools.push({
      functionDeclarations: draft.tools.map((t) =>
        compact({ name: t.name, description: t.description, parameters: t.parameters }),
      ),
    })
  }
  if (x.vendorSearch) tools.push({ [VENDOR_SEARCH_TOOL]: {} })

  const system = systemText(draft)
  const body = compact({
    contents: toContents(draft),
    systemInstruction: system ? { parts: [{ text: system }] } : undefined,
    generationConfig: Object.keys(generationConfig).length > 0 ? generationConfig : undefined,
    safetySettings: x.safetySettings ? x.safetySettings.map((s) => ({ ...s })) : undefined,
    tools: tools.length > 0 ? tools : undefined,
    toolConfig: toolConfig(draft),
    cachedContent: x.cachedContent,
  })
  return {
    method: 'POST',
    path: nativePath(draft.model, stream, x.apiVersion),
    headers: jsonHeaders(stream),
    body,
  }
}

// ---------------------------------------------------------------- parse request

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
    return { type: 'image', mimeType, data: base64 }
  }
  if (isObject(v.fileData)) {
    const file = p.obj('fileData')
    const uri = file?.value.fileUri
    if (!file || typeof uri !== 'string') return undefined
    file.skip('fileUri')
    const part: ImagePart = { type: 'image', url: uri }
    put(part, 'mimeType', file.str('mimeType'))
    file.done()
    return part
  }
  // Thought parts are the model's own reasoning, which build does not send back.
  if (typeof v.text !== 'string' || v.thought === true) return undefined
  return { type: 'text', text: p.str('text') ?? '' }
}

// ---------------------------------------------------------------- parse

const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
])

export function nativeFinish(reason: string | null | undefined, sawToolCall: boolean): Finish {
  if (reason === 'STOP') return sawToolCall ? 'tool_calls' : 'stop'
  if (reason === 'MAX_TOKENS') return 'length'
  if (reason && FILTERED.has(reason)) return 'content_filter'
  return 'other'
}

export function nativeUsage(u: JsonObject): Usage {
  return compact({
    input: num(u.promptTokenCount),
    output: num(u.candidatesTokenCount),
    reasoning: num(u.thoughtsTokenCount),
    cachedRead: num(u.cachedContentTokenCount),
    total: num(u.totalTokenCount),
  })
}

function candidateZero(body: JsonObject): JsonObject | undefined {
  const candidates = arr(body.candidates).flatMap((c) => (isObject(c) ? [c] : []))
  return candidates.find((c) => c.index === 0 || c.index === undefined) ?? candidates[0]
}

export function parseResponse(json: unknown): Completion {
  const body = obj(Array.isArray(json) ? json[0] : json)
  if (!body) throw new WireParseError('A native generation body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.responseId)
  c.model = str(body.modelVersion)
  const candidate = candidateZero(body)
  for (const raw of arr(obj(candidate?.content)?.parts)) {
    const part = obj(raw)
    if (!part) continue
    const signature = str(part.thoughtSignature)
    const call = obj(part.functionCall)
    const inline = obj(part.inlineData)
    if (call) {
      const args = JSON.stringify(call.args ?? {})
      c.toolCalls.push(
        compact({
          id: str(call.id) ?? synthId(),
          name: str(call.name) ?? '',
          arguments: args,
          parsedArguments: call.args ?? {},
          signature,
        }),
      )
    } else if (inline) {
      c.images.push({
        mimeType: str(inline.mimeType) ?? 'application/octet-stream',
        data: str(inline.data) ?? '',
      })
    } else if (typeof part.text === 'string') {
      if (part.thought === true) c.reasoning += part.text
      else c.text += part.text
      if (signature) c.reasoningBlocks.push({ text: part.thought === true ? part.text : '', signature })
    }
  }
  if (c.reasoning !== '' && c.reasoningBlocks.length === 0) c.reasoningBlocks = [{ text: c.reasoning }]
  const usage = obj(body.usageMetadata)
  if (usage) c.usage = nativeUsage(usage)
  const reason = str(candidate?.finishReason)
  const blocked = str(obj(body.promptFeedback)?.blockReason)
  if (reason) {
    c.stopReason = reason
    c.finish = nativeFinish(reason, c.toolCalls.length > 0)
  } else if (blocked && !candidate) {
    c.stopReason = blocked
    c.finish = 'content_filter'
  }
  return c
}

export const parseError = readError

// ---------------------------------------------------------------- fold

interface OpenCall {
  index: number
  id: string | undefined
  name: string
  args: JsonObject
  /** JSON paths whose last string piece said more follows. */
  continuing: Set<string>
}

export function createFolder(): StreamFolder {
  let metaSent = false
  let nextTool = 0
  let lastUsage = ''
  let open: OpenCall | undefined

  const endCall = (out: StreamEvent[]): void => {
    if (!open) return
    const args = JSON.stringify(open.args)
    out.push(
      { type: 'toolCallDelta', index: open.index, argumentsDelta: args },
      toolCallEnd(open.index, args),
    )
    open = undefined
  }

  // A call arrives whole in one part, or (streamed arguments) as a part with `willContinue: true` followed by
  // parts that carry `partialArgs` and no name, the last without `willContinue`: one call either way.
  const onFunctionCall = (call: JsonObject, signature: string | undefined, out: StreamEvent[]): void => {
    const name = str(call.name)
    const id = str(call.id)
    const continues =
      open !== undefined && (name === undefined || name === open.name) && (id === undefined || id === open.id)
    if (!continues) {
      endCall(out)
      open = { index: nextTool++, id, name: name ?? '', args: {}, continuing: new Set() }
      out.push(
        compact({
          type: 'toolCallStart' as const,
          index: open.index,
          id: id ?? synthId(),
          name: name ?? '',
          signature,
        }),
      )
    }
    const target = open!
    const args = obj(call.args)
    if (args) Object.assign(target.args, args)
    for (const raw of arr(call.partialArgs)) {
      const partial = obj(raw)
      if (partial) applyPartialArg(target, partial)
    }
    if (call.willContinue !== true) endCall(out)
  }

  return createStreamFolder({
    name: 'native',
    incompleteMessage: 'The native stream closed before a chunk with a finishReason',
    unwrap: (json) => obj(Array.isArray(json) ? json[0] : json),
    error: (chunk, json) => (chunk.error !== undefined && chunk.error !== null ? readError(json) : undefined),
    chunk(chunk, _frame, out, control) {
      if (!metaSent && (chunk.responseId !== undefined || chunk.modelVersion !== undefined)) {
        metaSent = true
        out.push(
          compact({ type: 'meta' as const, id: str(chunk.responseId), model: str(chunk.modelVersion) }),
        )
      }
      const candidate = candidateZero(chunk)
      for (const raw of arr(obj(candidate?.content)?.parts)) {
        const part = obj(raw)
        if (!part) continue
        const signature = str(part.thoughtSignature)
        const call = obj(part.functionCall)
        const inline = obj(part.inlineData)
        if (call) {
          onFunctionCall(call, signature, out)
          continue
        }
        // Any other part ends a call still waiting for more arguments.
        endCall(out)
        if (inline) {
          out.push({
            type: 'image',
            mimeType: str(inline.mimeType) ?? 'application/octet-stream',
            data: str(inline.data) ?? '',
          })
        } else if (typeof part.text === 'string') {
          if (part.text !== '')
            out.push({ type: part.thought === true ? 'reasoning' : 'text', delta: part.text })
          if (signature) out.push({ type: 'reasoningSignature', signature })
        }
      }
      const usage = obj(chunk.usageMetadata)
      if (usage) {
        const key = JSON.stringify(nativeUsage(usage))
        if (key !== lastUsage) {
          lastUsage = key
          out.push({ type: 'usage', usage: nativeUsage(usage) })
        }
      }
      const reason = str(candidate?.finishReason)
      const blocked = str(obj(chunk.promptFeedback)?.blockReason)
      if (reason) {
        endCall(out)
        out.push({ type: 'finish', stopReason: reason, finish: nativeFinish(reason, nextTool > 0) })
        control.complete()
      } else if (blocked && !candidate) {
        out.push({ type: 'finish', stopReason: blocked, finish: 'content_filter' })
        control.complete()
      }
    },
    flush: endCall,
  })
}

/**
 * Sets one streamed argument value at its JSON path (`$.city`, `$.stops[1].name`); string pieces of the same
 * path concatenate while the previous piece said `willContinue`.
 */
function applyPartialArg(call: OpenCall, partial: JsonObject): void {
  const path = str(partial.jsonPath)
  const keys = path === undefined ? undefined : jsonPathKeys(path)
  if (!keys || keys.length === 0) return
  let value: unknown
  if (typeof partial.stringValue === 'string') {
    const previous = call.continuing.has(path!) ? getAt(call.args, keys) : undefined
    value = (typeof previous === 'string' ? previous : '') + partial.stringValue
  } else if (typeof partial.numberValue === 'number') value = partial.numberValue
  else if (typeof partial.boolValue === 'boolean') value = partial.boolValue
  else if (partial.nullValue !== undefined) value = null
  else return
  if (partial.willContinue === true) call.continuing.add(path!)
  else call.continuing.delete(path!)
  setAt(call.args, keys, value)
}

/** `$.a.b[0]['c d']` → `['a', 'b', 0, 'c d']`; `undefined` for paths outside that simple form. */
function jsonPathKeys(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined
  const keys: (string | number)[] = []
  const re = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(['"])(.*?)\3\]/y
  re.lastIndex = 1
  while (re.lastIndex < path.length) {
    const m = re.exec(path)
    if (!m) return undefined
    keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[4]!))
  }
  return keys
}

function getAt(root: JsonObject, keys: (string | number)[]): unknown {
  let node: unknown = root
  for (const key of keys) node = (node as Record<string | number, unknown> | undefined)?.[key]
  return node
}

function setAt(root: JsonObject, keys: (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value
      return
    }
    const next = node[key]
    if (typeof next !== 'object' || next === null) node[key] = typeof keys[i + 1] === 'number' ? [] : {}
    node = node[key] as Record<string | number, unknown>
  })
}

export const native: FormatAdapter = {
  id: 'native',
  label: FORMAT_LABELS.native,
  build,
  parseResponse,
  parseRequest,
  parseError,
  createFolder,
}

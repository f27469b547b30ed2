// Native, whole answers: a GenerateContentResponse becomes a completion, with the finish and usage readers
// the stream folder shares (usage is a running total).
import { synthId, WireParseError } from '../adapter'
import { emptyCompletion } from '../events'
import type { Completion, Finish, Usage } from '../events'
import { arr, compact, isObject, num, obj, readError, str } from '../read'
import type { JsonObject } from '../read'

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

export function candidateZero(body: JsonObject): JsonObject | undefined {
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

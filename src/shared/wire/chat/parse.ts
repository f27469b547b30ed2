// Chat completions, whole answers: a `chat.completion` body becomes a completion (choice 0 only), with
// the finish, usage and image readers the stream folder shares. A refusal stays apart from the text.
import { synthId, WireParseError } from '../adapter'
import { parseDataUrl } from '../dataUrl'
import {
  emptyCompletion,
  parseArguments,
  type Completion,
  type Finish,
  type ImageOutput,
  type Usage,
} from '../events'
import { reportedUsage } from '../reportedUsage'
import { arr, compact, isObject, num, obj, readError, str } from '../read'
import { annotationCitations, urlListCitations, usageDetails, type Citation } from '../answerExtras'
import type { JsonObject } from '../read'

const FINISH_MAP: Record<string, Finish> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
}

export const chatFinish = (reason: string | null | undefined): Finish =>
  reason ? (FINISH_MAP[reason] ?? 'other') : 'other'

const CHAT_USAGE_MAPPED = [
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'completion_tokens_details.reasoning_tokens',
  'prompt_tokens_details.cached_tokens',
]

export function chatUsage(u: JsonObject): Usage {
  return compact({
    input: num(u.prompt_tokens),
    output: num(u.completion_tokens),
    reasoning: num(obj(u.completion_tokens_details)?.reasoning_tokens),
    cachedRead: num(obj(u.prompt_tokens_details)?.cached_tokens),
    total: num(u.total_tokens),
    details: usageDetails(u, CHAT_USAGE_MAPPED),
  })
}

/** Citations a chat answer carries: `annotations` of the message (or a delta) and a top-level `citations` list. */
export function chatCitations(annotations: unknown, list: unknown, answer?: string): Citation[] {
  return [...annotationCitations(annotations, answer), ...urlListCitations(list)]
}

export function imagesOf(list: unknown): ImageOutput[] {
  return arr(list).flatMap((item) => {
    const url = str(obj(obj(item)?.image_url)?.url) ?? str(obj(item)?.url)
    const parsed = url ? parseDataUrl(url) : undefined
    return parsed?.base64 ? [{ mimeType: parsed.mimeType, data: parsed.data }] : []
  })
}

export function choiceZero(body: JsonObject): JsonObject | undefined {
  const choices = arr(body.choices).flatMap((c) => (isObject(c) ? [c] : []))
  return choices.find((c) => c.index === 0) ?? choices.find((c) => c.index === undefined) ?? undefined
}

export function parseResponse(json: unknown): Completion {
  const body = obj(json)
  if (!body) throw new WireParseError('A chat completion body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.id)
  c.model = str(body.model)
  const choice = choiceZero(body) ?? obj(arr(body.choices)[0])
  const message = obj(choice?.message) ?? {}
  const content = message.content
  if (typeof content === 'string') c.text = content
  else
    for (const part of arr(content)) {
      const p = obj(part)
      if (p?.type === 'text' && typeof p.text === 'string') c.text += p.text
    }
  c.images = [...imagesOf(content), ...imagesOf(message.images)]
  const refusal = str(message.refusal)
  if (refusal) c.refusal = refusal
  c.reasoning = str(message.reasoning_content) ?? str(message.reasoning) ?? ''
  if (c.reasoning !== '') c.reasoningBlocks = [{ text: c.reasoning }]
  c.toolCalls = arr(message.tool_calls).flatMap((tc) => {
    const t = obj(tc)
    const fn = obj(t?.function)
    if (!t || !fn) return []
    const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {})
    const parsed = parseArguments(args)
    const call = { id: str(t.id) ?? synthId(), name: str(fn.name) ?? '', arguments: args }
    return [parsed === undefined ? call : { ...call, parsedArguments: parsed }]
  })
  const usage = obj(body.usage)
  const reported = usage && reportedUsage(chatUsage(usage))
  if (reported) c.usage = reported
  const fingerprint = str(body.system_fingerprint)
  if (fingerprint) c.systemFingerprint = fingerprint
  const citations = chatCitations(message.annotations, body.citations, c.text)
  if (citations.length) c.citations = citations
  const reason = str(choice?.finish_reason) ?? null
  c.stopReason = reason
  c.finish = refusal ? 'refusal' : reason === null ? null : chatFinish(reason)
  return c
}

export const parseError = readError

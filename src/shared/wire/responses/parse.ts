// Responses, whole answers: a `response` object becomes a completion, with the stop, usage and image
// readers the stream folder shares. Refusal parts stay apart from the text.
import { WireParseError } from '../adapter'
import {
  emptyCompletion,
  parseArguments,
  type Completion,
  type Finish,
  type Usage,
} from '../events'
import { reportedUsage } from '../reportedUsage'
import { arr, compact, num, obj, readError, str } from '../read'
import { annotationCitations, usageDetails, type Citation } from '../answerExtras'
import type { JsonObject } from '../read'

const RESPONSES_USAGE_MAPPED = [
  'input_tokens',
  'output_tokens',
  'total_tokens',
  'output_tokens_details.reasoning_tokens',
  'input_tokens_details.cached_tokens',
]

export function responsesUsage(u: JsonObject): Usage {
  return compact({
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    reasoning: num(obj(u.output_tokens_details)?.reasoning_tokens),
    cachedRead: num(obj(u.input_tokens_details)?.cached_tokens),
    total: num(u.total_tokens),
    details: usageDetails(u, RESPONSES_USAGE_MAPPED),
  })
}

/** The url_citation (and file) annotations of every output_text part of a response's output. */
export function responsesCitations(output: unknown): Citation[] {
  return arr(output).flatMap((raw) => {
    const item = obj(raw)
    if (item?.type !== 'message') return []
    return arr(item.content).flatMap((rawPart) => {
      const part = obj(rawPart)
      return part?.type === 'output_text' ? annotationCitations(part.annotations, str(part.text)) : []
    })
  })
}

/** The raw stop reason and the normalized finish of a response object. */
export function responsesStop(
  response: JsonObject,
  sawToolCall: boolean,
  refusal: boolean,
): { stopReason: string | null; finish: Finish | null } {
  const status = str(response.status)
  if (status === 'completed') {
    return { stopReason: 'completed', finish: refusal ? 'refusal' : sawToolCall ? 'tool_calls' : 'stop' }
  }
  if (status === 'incomplete') {
    const reason = str(obj(response.incomplete_details)?.reason)
    const finish: Finish =
      reason === 'max_output_tokens' ? 'length' : reason === 'content_filter' ? 'content_filter' : 'other'
    return { stopReason: reason ?? 'incomplete', finish }
  }
  return { stopReason: status ?? null, finish: status === undefined ? null : 'other' }
}

export const imageMime = (item: JsonObject): string => `image/${str(item.output_format) ?? 'png'}`

export function parseResponse(json: unknown): Completion {
  const body = obj(json)
  if (!body) throw new WireParseError('A responses body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.id)
  c.model = str(body.model)
  let refusal = false
  const summaries: string[] = []
  for (const raw of arr(body.output)) {
    const item = obj(raw)
    if (!item) continue
    if (item.type === 'message') {
      for (const rawPart of arr(item.content)) {
        const part = obj(rawPart)
        if (part?.type === 'output_text') c.text += str(part.text) ?? ''
        if (part?.type === 'refusal') {
          refusal = true
          c.refusal = (c.refusal ?? '') + (str(part.refusal) ?? '')
        }
      }
    } else if (item.type === 'reasoning') {
      const parts = arr(item.summary).length > 0 ? arr(item.summary) : arr(item.content)
      for (const s of parts) {
        const text = str(obj(s)?.text)
        if (text) summaries.push(text)
      }
    } else if (item.type === 'function_call') {
      const args = str(item.arguments) ?? ''
      const parsed = parseArguments(args)
      const call = {
        id: str(item.call_id) ?? str(item.id) ?? '',
        name: str(item.name) ?? '',
        arguments: args,
      }
      c.toolCalls.push(parsed === undefined ? call : { ...call, parsedArguments: parsed })
    } else if (item.type === 'image_generation_call') {
      const result = str(item.result)
      if (result) c.images.push({ mimeType: imageMime(item), data: result })
    }
  }
  c.reasoning = summaries.join('\n\n')
  if (c.reasoning !== '') c.reasoningBlocks = [{ text: c.reasoning }]
  const usage = obj(body.usage)
  const reported = usage && reportedUsage(responsesUsage(usage))
  if (reported) c.usage = reported
  const citations = responsesCitations(body.output)
  if (citations.length) c.citations = citations
  const stop = responsesStop(body, c.toolCalls.length > 0, refusal)
  c.stopReason = stop.stopReason
  c.finish = stop.finish
  return c
}

export const parseError = readError

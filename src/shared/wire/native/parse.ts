// Native, answer readers: finish reasons, usage (a running total in streams) and candidate 0 of a
// GenerateContentResponse, read the same way for whole answers and stream chunks.
import type { Finish, Usage } from '../events'
import { usageDetails } from '../answerExtras'
import { arr, compact, isObject, num, readError } from '../read'
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

const NATIVE_USAGE_MAPPED = [
  'promptTokenCount',
  'candidatesTokenCount',
  'thoughtsTokenCount',
  'cachedContentTokenCount',
  'totalTokenCount',
]

export function nativeUsage(u: JsonObject): Usage {
  return compact({
    input: num(u.promptTokenCount),
    output: num(u.candidatesTokenCount),
    reasoning: num(u.thoughtsTokenCount),
    cachedRead: num(u.cachedContentTokenCount),
    total: num(u.totalTokenCount),
    details: usageDetails(u, NATIVE_USAGE_MAPPED),
  })
}

export function candidateZero(body: JsonObject): JsonObject | undefined {
  const candidates = arr(body.candidates).flatMap((c) => (isObject(c) ? [c] : []))
  return candidates.find((c) => c.index === 0 || c.index === undefined) ?? candidates[0]
}

export const parseError = readError

// Names an SSE frame for the Stream tab. A frame with an `event:` line is named by it; native and chat-completions
// chunks carry none, so they are named by what the chunk holds (text, thought, functionCall, usage, finish…).
// Display only: the frame's bytes are never changed, and a chunk that is not JSON is simply "data".
import type { SseFrame } from '../../../../shared/ipc/exchange'

export interface FrameName {
  name: string
  /** True when the name was read from the chunk's content rather than from an `event:` line. */
  derived: boolean
}

const cache = new WeakMap<SseFrame, FrameName>()

export function frameName(frame: SseFrame): FrameName {
  if (frame.event) return { name: frame.event, derived: false }
  let named = cache.get(frame)
  if (!named) {
    named = { name: contentName(frame.data), derived: true }
    cache.set(frame, named)
  }
  return named
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function contentName(data: string): string {
  const trimmed = data.trim()
  if (trimmed === '[DONE]') return 'done'
  let chunk: unknown
  try {
    chunk = JSON.parse(trimmed)
  } catch {
    return 'data'
  }
  if (!isObject(chunk)) return 'data'
  const kinds = new Set<string>()
  if (isObject(chunk.error)) kinds.add('error')
  if (Array.isArray(chunk.candidates)) nativeKinds(chunk, kinds)
  else if (Array.isArray(chunk.choices)) chatKinds(chunk, kinds)
  if (isObject(chunk.usageMetadata) || isObject(chunk.usage)) kinds.add('usage')
  return kinds.size ? [...kinds].join(', ') : 'data'
}

/** generateContent chunks: each part is text, a thought, a function call or inline data; a finish reason ends. */
function nativeKinds(chunk: Json, kinds: Set<string>): void {
  for (const candidate of chunk.candidates as unknown[]) {
    if (!isObject(candidate)) continue
    const content = candidate.content
    const parts = isObject(content) && Array.isArray(content.parts) ? content.parts : []
    for (const part of parts) {
      if (!isObject(part)) continue
      if (part.functionCall) kinds.add('functionCall')
      else if (part.inlineData) kinds.add('inlineData')
      else if (part.executableCode) kinds.add('executableCode')
      else if (typeof part.text === 'string') kinds.add(part.thought === true ? 'thought' : 'text')
    }
    if (candidate.finishReason) kinds.add('finish')
  }
}

/** Chat completions chunks: the delta holds text, reasoning, tool calls, a refusal or only the role. */
function chatKinds(chunk: Json, kinds: Set<string>): void {
  for (const choice of chunk.choices as unknown[]) {
    if (!isObject(choice)) continue
    const delta = isObject(choice.delta) ? choice.delta : {}
    const before = kinds.size
    if (typeof delta.reasoning_content === 'string' || typeof delta.reasoning === 'string')
      kinds.add('reasoning')
    if (typeof delta.content === 'string' && delta.content) kinds.add('text')
    if (Array.isArray(delta.tool_calls)) kinds.add('tool_calls')
    if (typeof delta.refusal === 'string') kinds.add('refusal')
    if (kinds.size === before && delta.role) kinds.add('role')
    if (choice.finish_reason) kinds.add('finish')
  }
}

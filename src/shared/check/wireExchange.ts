// What the conformance checks read of one recorded exchange (built in main from its recorder), and the small
// readers both the body checks (conformance.ts) and the stream checks (streamConformance.ts) use: counts, the
// spec's finish reasons, responses output ids. A leaf of the two, so neither imports the other for them.
import { obj, str } from '../wire/read'

/** The endpoint families whose shapes differ. */
export type WireKind =
  | 'chat'
  | 'responses'
  | 'messages'
  | 'count_tokens'
  | 'native'
  | 'embeddings'
  | 'nativeEmbed'
  | 'rerank'
  | 'video'
  | 'console'

export interface RecordedFrame {
  event?: string
  data: string
}

/** What the checks read of an exchange; built in main from its recorder. */
export interface WireExchange {
  kind: WireKind
  stream: boolean
  /** null when no answer arrived. */
  status: number | null
  contentType: string | null
  /** The raw body (for a stream, the SSE text). */
  body: string
  frames: RecordedFrame[]
  /** The transport's own failure (cut, reset, timeout), if any. */
  transportError: string | null
}

export const FINISH_REASONS: Record<'chat' | 'messages' | 'native' | 'responses', readonly string[]> = {
  chat: ['stop', 'length', 'tool_calls', 'content_filter', 'function_call'],
  messages: ['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal'],
  native: [
    'STOP',
    'MAX_TOKENS',
    'SAFETY',
    'RECITATION',
    'LANGUAGE',
    'OTHER',
    'BLOCKLIST',
    'PROHIBITED_CONTENT',
    'SPII',
    'MALFORMED_FUNCTION_CALL',
    'IMAGE_SAFETY',
    'UNEXPECTED_TOOL_CALL',
  ],
  responses: ['completed', 'incomplete', 'failed'],
}

/** A token count: a whole number, zero or more. */
export function isCount(v: unknown): boolean {
  return Number.isInteger(v) && (v as number) >= 0
}

/** The finish or stop reason's deviations from the spec's set for `format`. */
export function reason(format: keyof typeof FINISH_REASONS, value: unknown): string[] {
  if (typeof value !== 'string')
    return [
      `${format === 'native' ? 'finishReason' : format === 'messages' ? 'stop_reason' : format === 'responses' ? 'status' : 'finish_reason'} missing`,
    ]
  return FINISH_REASONS[format].includes(value)
    ? []
    : [`${format === 'responses' ? 'status' : 'finish reason'} "${value}" is not in the spec's set`]
}

/** Responses output items: non-empty unique ids, and a function call's call_id. */
export function outputIds(items: unknown[]): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const it of items) {
    const item = obj(it)
    const id = str(item?.id)
    if (!id) out.push(`an output item (${String(item?.type)}) has no id`)
    else if (seen.has(id)) out.push(`output item id ${id} is not unique`)
    else seen.add(id)
    if (item?.type === 'function_call' && !str(item.call_id)) out.push('a function_call item has no call_id')
  }
  return out
}

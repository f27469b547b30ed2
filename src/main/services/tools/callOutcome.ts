// A tool call's outcome as the model will get it: the result's text blocks joined (structured content as JSON
// when there is no text), what cannot go back as text named in words (an image, audio, a resource), the whole cut
// to a bound with the cut said; and a call that failed (timed out, the server went away, an answer refused,
// stopped) as an error result whose text says why. Everything here reads a result leniently: a server's answer
// is hostile until checked.
import { z } from 'zod'
import type { ToolOutcome } from '../../../shared/tools/toolCall'
import { APP_REFUSED_CODE } from './wireWatch'

/** Characters of a tool result sent back to the model. */
export const TOOL_RESULT_CHARS = 100_000

export const callResultSchema = z.looseObject({
  content: z.array(z.unknown()).optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
})
type CallResult = z.infer<typeof callResultSchema>

const size = (base64: unknown) =>
  typeof base64 === 'string' ? `${Math.round((base64.length * 3) / 4 / 102.4) / 10} KB` : 'size unknown'

function blockText(block: unknown, notes: string[]): string | null {
  const b = block as Record<string, unknown> | null
  if (!b || typeof b !== 'object') return null
  switch (b.type) {
    case 'text':
      return typeof b.text === 'string' ? b.text : null
    case 'image':
    case 'audio': {
      const note = `${String(b.type)} ${String(b.mimeType ?? '')} (${size(b.data)})`.replace('  ', ' ')
      notes.push(note)
      return `[${note}: not sent as text]`
    }
    case 'resource_link':
      notes.push(`resource link ${String(b.uri)}`)
      return `[resource link: ${String(b.uri)}${typeof b.name === 'string' ? ` (${b.name})` : ''}]`
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>
      if (typeof r.text === 'string') return r.text
      notes.push(`resource ${String(r.uri)} (${String(r.mimeType ?? 'binary')}, ${size(r.blob)})`)
      return `[resource ${String(r.uri)}: binary, not sent as text]`
    }
    default:
      notes.push(`a block of type ${JSON.stringify(b.type)}`)
      return null
  }
}

export function outcomeOf(result: CallResult, ms: number): ToolOutcome {
  const notes: string[] = []
  const texts = (result.content ?? []).map((b) => blockText(b, notes)).filter((t): t is string => t !== null)
  let text = texts.join('\n')
  if (texts.length === 0 && result.structuredContent !== undefined)
    text = JSON.stringify(result.structuredContent)
  return bounded({ text, isError: result.isError === true, ms, notes })
}

function bounded(o: Omit<ToolOutcome, 'chars'>): ToolOutcome {
  const chars = o.text.length
  if (chars <= TOOL_RESULT_CHARS) return { ...o, chars }
  return {
    ...o,
    chars,
    text: `${o.text.slice(0, TOOL_RESULT_CHARS)}\n[… the result was cut here: ${chars.toLocaleString('en-US')} characters in all]`,
    notes: [...o.notes, `cut to ${TOOL_RESULT_CHARS.toLocaleString('en-US')} characters`],
  }
}

/** A call that did not return a result, as the error result the model gets and the reason the user reads. */
export function failedOutcome(
  error: unknown,
  ms: number,
  context: { aborted: boolean; limits: { callTimeoutS: number; callMaxS: number }; exit?: string },
): ToolOutcome {
  const e = error as { code?: unknown; message?: unknown; data?: unknown }
  const message = typeof e?.message === 'string' ? e.message : String(error)
  if (context.aborted)
    return {
      text: 'The call was stopped by the user before it finished.',
      isError: true,
      failure: 'stopped',
      ms,
      chars: 0,
      notes: [],
    }
  if (e?.code === -32001) {
    const total = (e.data as { maxTotalTimeout?: unknown } | undefined)?.maxTotalTimeout !== undefined
    return {
      text: total
        ? `The tool did not finish within ${context.limits.callMaxS} s (this server's longest call); it was cancelled.`
        : `The tool did not answer within ${context.limits.callTimeoutS} s (this server's time limit without progress); it was cancelled.`,
      isError: true,
      failure: 'timeout',
      ms,
      chars: 0,
      notes: [],
    }
  }
  if (e?.code === -32000 || /connection closed|not connected|not running/i.test(message))
    return {
      text: `The tool server went away during the call${context.exit ? ` (${context.exit})` : ''}; the call has no result.`,
      isError: true,
      failure: 'closed',
      ms,
      chars: 0,
      notes: [],
    }
  if (e?.code === APP_REFUSED_CODE)
    return {
      text: message.replace(/^MCP error -?\d+: /, ''),
      isError: true,
      failure: 'refused',
      ms,
      chars: 0,
      notes: [],
    }
  return bounded({ text: `The call failed: ${message}`, isError: true, failure: 'protocol', ms, notes: [] })
}

// Replays a captured SSE response body (the raw text the Inspector saves) through the same reader and format
// folder a live run uses, and returns the folded result: what the app would have shown for that stream.
import {
  CompletionAccumulator,
  formats,
  type Completion,
  type StreamEvent,
  type WireFormat,
} from '../../../shared/wire'
import { createSseReader } from './sseReader'

export interface ReplayResult {
  format: WireFormat
  frames: number
  /** complete: the format's terminal event was seen; error: an error event; incomplete: the stream was cut. */
  status: 'complete' | 'error' | 'incomplete'
  text: string
  reasoning: string
  toolCalls: { id: string; name: string; arguments: string; parsedArguments?: unknown }[]
  images: { mimeType: string; bytes: number }[]
  usage: Completion['usage'] | null
  stopReason: string | null
  finish: Completion['finish']
  errors: { message: string; type?: string; code?: string | number }[]
  warnings: string[]
}

export function replayCapture(format: WireFormat, raw: string | Uint8Array): ReplayResult {
  const folder = formats[format].createFolder()
  const accumulator = new CompletionAccumulator()
  const errors: ReplayResult['errors'] = []
  const warnings: string[] = []
  let frames = 0
  const apply = (events: StreamEvent[]) => {
    for (const e of events) {
      accumulator.apply(e)
      if (e.type === 'error')
        errors.push({
          message: e.message,
          ...(e.errorType ? { type: e.errorType } : {}),
          ...(e.code !== undefined ? { code: e.code } : {}),
        })
      if (e.type === 'warning') warnings.push(e.message)
    }
  }
  const reader = createSseReader(
    (frame) => {
      frames++
      apply(folder.push(frame))
    },
    (message) => warnings.push(`SSE: ${message}`),
  )
  reader.push(typeof raw === 'string' ? new TextEncoder().encode(raw) : raw)
  reader.end()
  apply(folder.end())
  const c = accumulator.result()
  return {
    format,
    frames,
    status: folder.status === 'complete' ? 'complete' : folder.status === 'error' ? 'error' : 'incomplete',
    text: c.text,
    reasoning: c.reasoning,
    toolCalls: c.toolCalls.map(({ id, name, arguments: args, parsedArguments }) => ({
      id,
      name,
      arguments: args,
      ...(parsedArguments !== undefined ? { parsedArguments } : {}),
    })),
    images: c.images.map((i) => ({ mimeType: i.mimeType, bytes: Math.floor((i.data.length * 3) / 4) })),
    usage: c.usage ?? null,
    stopReason: c.stopReason,
    finish: c.finish,
    errors,
    warnings: [...new Set([...warnings, ...c.warnings])],
  }
}

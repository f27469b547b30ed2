// Replays a captured SSE response body (the raw text the Inspector saves) through the same reader and format
// folder a live run uses, folds the events with the one run fold (wire/runFold), and returns the result: what the
// app would have shown for that stream.
import {
  emptyRunSnapshot,
  foldRun,
  formats,
  snapshotCompletion,
  streamErrorFromBody,
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
  /** The HTTP status given for the capture, when known. */
  httpStatus?: number
  text: string
  /** The model's refusal, kept apart from the answer text. */
  refusal?: string
  reasoning: string
  toolCalls: {
    id: string
    name: string
    arguments: string
    parsedArguments?: unknown
    truncated?: boolean
  }[]
  images: { mimeType: string; bytes: number }[]
  usage: Completion['usage'] | null
  stopReason: string | null
  finish: Completion['finish']
  errors: { message: string; type?: string; code?: string | number }[]
  warnings: string[]
}

export interface ReplayOptions {
  /** The captured HTTP status: a non-2xx answer is read as the format's error body, not as a stream. */
  status?: number
}

export function replayCapture(
  format: WireFormat,
  raw: string | Uint8Array,
  options: ReplayOptions = {},
): ReplayResult {
  const adapter = formats[format]
  const folder = adapter.createFolder()
  let snapshot = emptyRunSnapshot()
  const errors: ReplayResult['errors'] = []
  const warnings: string[] = []
  let frames = 0
  const apply = (events: StreamEvent[]) => {
    for (const e of events) {
      snapshot = foldRun(snapshot, e)
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
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw
  const bodyError = (() => {
    const text = new TextDecoder().decode(bytes)
    // An error answer is one JSON body, not SSE; a body of frames is always read as a stream.
    if (options.status === undefined && /^(data|event|id|retry):/m.test(text)) return undefined
    return streamErrorFromBody((body, status) => adapter.parseError(body, status), text, options.status)
  })()
  if (bodyError) apply([{ type: 'error', ...bodyError }])
  else {
    reader.push(bytes)
    reader.end()
    apply(folder.end())
  }
  const c = snapshotCompletion(snapshot)
  const status = bodyError
    ? 'error'
    : folder.status === 'complete'
      ? 'complete'
      : folder.status === 'error'
        ? 'error'
        : 'incomplete'
  return {
    format,
    frames,
    status,
    ...(options.status !== undefined ? { httpStatus: options.status } : {}),
    text: c.text,
    ...(c.refusal !== undefined ? { refusal: c.refusal } : {}),
    reasoning: c.reasoning,
    toolCalls: c.toolCalls.map(({ id, name, arguments: args, parsedArguments, truncated }) => ({
      id,
      name,
      arguments: args,
      ...(parsedArguments !== undefined ? { parsedArguments } : {}),
      ...(truncated ? { truncated } : {}),
    })),
    images: c.images.map((i) => ({ mimeType: i.mimeType, bytes: Math.floor((i.data.length * 3) / 4) })),
    usage: c.usage ?? null,
    stopReason: c.stopReason,
    finish: c.finish,
    errors,
    warnings: [...new Set([...warnings, ...c.warnings])],
  }
}

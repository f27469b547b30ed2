// The one fold of a run's common stream events: `foldRun(snapshot, event)` answers the next snapshot and never
// changes the one it was given (delta in, snapshot out, as the official SDKs' stream helpers hand out each delta
// with the running snapshot). Main folds its coalesced batches with it, the renderer's Text and Compare stores
// fold what main sends, replay folds a capture; an event that changes nothing answers the same snapshot.
import type { AnswerExtras } from './answerExtras'
import { mergeExtras } from './extrasMerge'
import type {
  Completion,
  Finish,
  ImageOutput,
  ReasoningBlock,
  StreamEvent,
  ToolCall,
  Usage,
  WireError,
} from './events'
import { reportedUsage } from './reportedUsage'

/** An answer as it builds up; `I` is how an image is held (base64 in main, a media URL past IPC). */
export interface RunSnapshot<I = ImageOutput> extends AnswerExtras {
  /** The response id the stream named (meta), for formats that continue by id. */
  responseId?: string
  /** The model the answer named (meta), which may differ from the one asked for. */
  responseModel?: string
  text: string
  /** The model's refusal (chat `delta.refusal`), kept apart from the answer text. */
  refusal?: string
  reasoning: string
  /** Reasoning blocks closed by a signature (messages and native replay them). */
  reasoningBlocks: ReasoningBlock[]
  /** Where in `reasoning` the block still open starts. */
  openReasoningAt: number
  toolCalls: ToolCall[]
  /** Tool calls by the stream's index, while their arguments arrive. */
  toolIndex: Record<number, number>
  images: I[]
  warnings: string[]
  usage?: Usage
  stopReason: string | null
  finish: Finish | null
  /** The error event a failed stream ended with; the partial output above is kept. */
  streamError?: WireError
  /** The stream closed before its terminal event. */
  incomplete?: boolean
}

/** A stream event whose image is held as `I` (the wire's base64, or a media URL once main stored it). */
export type FoldEvent<I = ImageOutput> = Exclude<StreamEvent, { type: 'image' }> | ({ type: 'image' } & I)

type ImageOf<S extends RunSnapshot<unknown>> = S['images'][number]

/** The snapshot of a run that has received nothing yet. */
export function emptyRunSnapshot<I = ImageOutput>(): RunSnapshot<I> {
  return {
    text: '',
    reasoning: '',
    reasoningBlocks: [],
    openReasoningAt: 0,
    toolCalls: [],
    toolIndex: {},
    images: [],
    warnings: [],
    stopReason: null,
    finish: null,
  }
}

/** The snapshot after one event; the same snapshot when the event changes nothing. */
export function foldRun<S extends RunSnapshot<unknown>>(s: S, e: FoldEvent<ImageOf<S>>): S {
  switch (e.type) {
    case 'meta': {
      const next: S = { ...s }
      if (e.id !== undefined) next.responseId = e.id
      if (e.model !== undefined) next.responseModel = e.model
      if (s.citations) next.citations = [...s.citations]
      mergeExtras(next, e)
      return next
    }
    case 'text':
      return e.delta ? { ...s, text: s.text + e.delta } : s
    case 'reasoning':
      return e.delta ? { ...s, reasoning: s.reasoning + e.delta } : s
    case 'refusal':
      return e.delta ? { ...s, refusal: (s.refusal ?? '') + e.delta } : s
    case 'reasoningSignature':
      return {
        ...s,
        reasoningBlocks: [
          ...s.reasoningBlocks,
          { text: s.reasoning.slice(s.openReasoningAt), signature: e.signature },
        ],
        openReasoningAt: s.reasoning.length,
      }
    case 'toolCallStart': {
      const call: ToolCall = { id: e.id, name: e.name, arguments: '' }
      if (e.signature !== undefined) call.signature = e.signature
      return {
        ...s,
        toolCalls: [...s.toolCalls, call],
        toolIndex: { ...s.toolIndex, [e.index]: s.toolCalls.length },
      }
    }
    case 'toolCallDelta':
      return updateCall(s, e.index, (call) => ({ ...call, arguments: call.arguments + e.argumentsDelta }))
    case 'toolCallEnd':
      return updateCall(s, e.index, (call) => {
        const next: ToolCall = { ...call, arguments: e.arguments }
        if (e.parsedArguments !== undefined) next.parsedArguments = e.parsedArguments
        if (e.truncated) next.truncated = true
        return next
      })
    case 'image': {
      const { type: _type, ...image } = e
      return { ...s, images: [...s.images, image] }
    }
    case 'usage':
      // An all-zero usage never replaces a reported one, nor stands for one.
      return reportedUsage(e.usage) ? { ...s, usage: { ...e.usage } } : s
    case 'finish':
      return { ...s, stopReason: e.stopReason, finish: e.finish }
    case 'error': {
      const { type: _type, ...error } = e
      return { ...s, streamError: error }
    }
    case 'warning':
      return { ...s, warnings: [...s.warnings, e.message] }
    case 'incomplete':
      return { ...s, incomplete: true, warnings: [...s.warnings, e.message] }
  }
}

/** Folds a batch of events (one coalesced IPC message, one network read) into the snapshot. */
export function foldRunAll<S extends RunSnapshot<unknown>>(
  s: S,
  events: readonly FoldEvent<ImageOf<S>>[],
): S {
  let next = s
  for (const e of events) next = foldRun(next, e)
  return next
}

/**
 * The completion's text parts from a run's folded state (the reasoning block still open closed), with the
 * parts the caller knows: the one shape the next assistant turn is built from, in main and in the renderer.
 */
export function completionOf(
  s: Pick<
    RunSnapshot,
    'text' | 'reasoning' | 'reasoningBlocks' | 'openReasoningAt' | 'toolCalls' | 'warnings'
  >,
  end: Pick<Completion, 'images' | 'stopReason' | 'finish'>,
): Completion {
  const open = s.reasoning.slice(s.openReasoningAt)
  return {
    text: s.text,
    reasoning: s.reasoning,
    reasoningBlocks: open ? [...s.reasoningBlocks, { text: open }] : s.reasoningBlocks,
    toolCalls: s.toolCalls.map((t) => ({ ...t })),
    ...end,
    warnings: s.warnings,
  }
}

/** The snapshot as a completion (images as `images`): the model a non-streamed parse gives. */
export function snapshotCompletion(s: RunSnapshot): Completion {
  const c: Completion = completionOf(s, { images: s.images, stopReason: s.stopReason, finish: s.finish })
  if (s.responseId !== undefined) c.id = s.responseId
  if (s.responseModel !== undefined) c.model = s.responseModel
  if (s.refusal !== undefined) c.refusal = s.refusal
  if (s.usage !== undefined) c.usage = s.usage
  if (s.streamError !== undefined) c.error = s.streamError
  if (s.incomplete) c.incomplete = true
  if (s.citations) c.citations = [...s.citations]
  if (s.searchQueries) c.searchQueries = s.searchQueries
  if (s.safety) c.safety = s.safety
  if (s.modelVersion !== undefined) c.modelVersion = s.modelVersion
  if (s.systemFingerprint !== undefined) c.systemFingerprint = s.systemFingerprint
  if (s.createTime !== undefined) c.createTime = s.createTime
  if (s.stopSequence !== undefined) c.stopSequence = s.stopSequence
  return c
}

/**
 * Stream events folded into a completion, for callers that hold one answer at a time (the check judge, a
 * whole native body): `apply` each event in order; `result()` may be read at any time.
 */
export class CompletionAccumulator {
  private snapshot: RunSnapshot = emptyRunSnapshot()

  apply(event: StreamEvent): void {
    this.snapshot = foldRun(this.snapshot, event)
  }

  result(): Completion {
    return snapshotCompletion(this.snapshot)
  }
}

/** Folds a whole list of events into a completion. */
export function accumulate(events: readonly StreamEvent[]): Completion {
  return snapshotCompletion(foldRunAll(emptyRunSnapshot(), events))
}

function updateCall<S extends RunSnapshot<unknown>>(
  s: S,
  index: number,
  change: (call: ToolCall) => ToolCall,
): S {
  const at = s.toolIndex[index]
  const call = at === undefined ? undefined : s.toolCalls[at]
  if (at === undefined || !call) return s
  const toolCalls = s.toolCalls.slice()
  toolCalls[at] = change(call)
  return { ...s, toolCalls }
}

// One run as the renderer shows it, and the pure functions that fold main's events into it: a run is a value,
// `foldRunEvent(run, event)` answers the next value and never changes the one it was given. Any panel that holds
// runs (Text, Compare, History) keeps them keyed by run id and folds with these; a run that ended ignores
// anything that comes after its one terminal event.
import type { Completion, ReasoningBlock, ToolCall, Usage, WireFormat } from '../../../shared/wire'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { RunError, RunEvent, RunStatus, RunSummary, RunTimings } from '../../../shared/ipc/text'

export interface RunView {
  runId: string
  status: 'running' | RunStatus
  format: WireFormat
  model: string
  /** The response id the stream named (meta), for formats that continue by id. */
  responseId?: string
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
  images: { mimeType: string; url: string }[]
  warnings: string[]
  usage?: Usage
  /** Index of the assistant turn this run became, once done (its output stays mounted there). */
  turnIndex?: number
  summary?: RunSummary
  error?: RunError
  timings?: RunTimings
  exchange?: Exchange | null
}

export interface RunEnded {
  runId: string
  status: RunStatus
  summary: RunSummary
  error?: RunError
  timings: RunTimings
  exchange: Exchange | null
}

/** A run that has just been asked for and has received nothing yet. */
export function newRun(runId: string, format: WireFormat, model: string): RunView {
  return {
    runId,
    status: 'running',
    format,
    model,
    text: '',
    reasoning: '',
    reasoningBlocks: [],
    openReasoningAt: 0,
    toolCalls: [],
    toolIndex: {},
    images: [],
    warnings: [],
  }
}

/** The run after one event; the same run when the event changes nothing or the run has ended. */
export function foldRunEvent(run: RunView, e: RunEvent): RunView {
  if (run.status !== 'running') return run
  switch (e.type) {
    case 'meta':
      return e.id !== undefined ? { ...run, responseId: e.id } : run
    case 'text':
      return e.delta ? { ...run, text: run.text + e.delta } : run
    case 'reasoning':
      return e.delta ? { ...run, reasoning: run.reasoning + e.delta } : run
    case 'refusal':
      return e.delta ? { ...run, refusal: (run.refusal ?? '') + e.delta } : run
    case 'reasoningSignature':
      return {
        ...run,
        reasoningBlocks: [
          ...run.reasoningBlocks,
          { text: run.reasoning.slice(run.openReasoningAt), signature: e.signature },
        ],
        openReasoningAt: run.reasoning.length,
      }
    case 'toolCallStart': {
      const call: ToolCall = { id: e.id, name: e.name, arguments: '' }
      if (e.signature !== undefined) call.signature = e.signature
      return {
        ...run,
        toolCalls: [...run.toolCalls, call],
        toolIndex: { ...run.toolIndex, [e.index]: run.toolCalls.length },
      }
    }
    case 'toolCallDelta':
      return updateCall(run, e.index, (call) => ({ ...call, arguments: call.arguments + e.argumentsDelta }))
    case 'toolCallEnd':
      return updateCall(run, e.index, (call) => {
        const next: ToolCall = { ...call, arguments: e.arguments }
        if (e.parsedArguments !== undefined) next.parsedArguments = e.parsedArguments
        if (e.truncated) next.truncated = true
        return next
      })
    case 'image':
      return { ...run, images: [...run.images, { mimeType: e.mimeType, url: e.url }] }
    case 'usage':
      return { ...run, usage: { ...e.usage } }
    case 'warning':
      return { ...run, warnings: [...run.warnings, e.message] }
    case 'finish':
    case 'error':
    case 'incomplete':
      // The terminal event (runEnded) carries the outcome; these only announce it.
      return run
  }
}

/** Folds a batch of events, as they arrive together in one IPC message. */
export function foldRunEvents(run: RunView, events: readonly RunEvent[]): RunView {
  let next = run
  for (const e of events) next = foldRunEvent(next, e)
  return next
}

/** The run after its one terminal event; a run that already ended stays as it is. */
export function endRun(run: RunView, ended: RunEnded): RunView {
  if (run.status !== 'running') return run
  const next: RunView = {
    ...run,
    status: ended.status,
    summary: ended.summary,
    timings: ended.timings,
    exchange: ended.exchange,
    toolCalls: ended.summary.toolCalls,
  }
  if (ended.summary.usage) next.usage = ended.summary.usage
  if (ended.error) next.error = ended.error
  return next
}

/** Ends a run on this side only (main no longer knows it, or never heard of it). */
export function endRunLocally(run: RunView, status: 'aborted' | 'error', error?: RunError): RunView {
  if (run.status !== 'running') return run
  return error ? { ...run, status, error } : { ...run, status }
}

/** The run as a completion, the shape the next assistant turn is built from. */
export function runCompletion(run: RunView): Completion {
  const open = run.reasoning.slice(run.openReasoningAt)
  const completion: Completion = {
    text: run.text,
    reasoning: run.reasoning,
    reasoningBlocks: open ? [...run.reasoningBlocks, { text: open }] : run.reasoningBlocks,
    toolCalls: run.toolCalls.map((c) => ({ ...c })),
    images: [],
    stopReason: run.summary?.stopReason ?? null,
    finish: run.summary?.finish ?? null,
    warnings: run.warnings,
  }
  const id = run.summary?.id ?? run.responseId
  if (id !== undefined) completion.id = id
  if (run.usage) completion.usage = run.usage
  const refusal = run.refusal ?? run.summary?.refusal
  if (refusal !== undefined) completion.refusal = refusal
  return completion
}

function updateCall(run: RunView, index: number, change: (call: ToolCall) => ToolCall): RunView {
  const at = run.toolIndex[index]
  const call = at === undefined ? undefined : run.toolCalls[at]
  if (at === undefined || !call) return run
  const toolCalls = run.toolCalls.slice()
  toolCalls[at] = change(call)
  return { ...run, toolCalls }
}

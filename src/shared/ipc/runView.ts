// One text run as a window holds it: the shared run snapshot (folded by wire/runFold, the one fold) plus what
// only the run's owner knows: its id, format and asked-for model, and the outcome its one terminal event
// (`text.runEnded`) carries. A run that ended ignores anything after; every function answers a new value.
import {
  completionOf,
  emptyRunSnapshot,
  foldRun,
  type Completion,
  type RunSnapshot,
  type WireFormat,
} from '../wire'
import type { Exchange } from './exchange'
import type { RunError, RunEvent, RunStatus, RunSummary, RunTimings } from './text'
import { appendDigest, EMPTY_DIGEST, type TextDigestState } from './answerText'
import { appendToTail, type TextTail } from './textTail'

export interface RunView extends RunSnapshot<{ mimeType: string; url: string }> {
  runId: string
  status: 'running' | RunStatus
  format: WireFormat
  /** The model the run asked for. */
  model: string
  /** Index of the assistant turn this run became, once done (its output stays mounted there). */
  turnIndex?: number
  /**
   * A run that continues a partial answer: the index of that turn, shown in its place while the run goes (the
   * run's text starts with the partial answer's).
   */
  continues?: number
  summary?: RunSummary
  error?: RunError
  timings?: RunTimings
  exchange?: Exchange | null
  /** While running: the end of `text`, for readers of the newest part (see textTail); dropped at the end. */
  textTail?: TextTail
  /**
   * While running: the digest of `text` taken as it arrived (see answerText), so the answer main keeps is checked
   * against this copy without a pass over the whole text; dropped at the end.
   */
  textDigest?: TextDigestState
  /**
   * A run shown again after a reload (the Text panel's saved state names its last run that did not become a
   * turn; History holds its text): how many characters had arrived, of which `text` holds the start, and
   * whether History no longer had its record (`text` is then what an older saved state held, if anything).
   */
  restored?: { chars: number; unrecorded?: boolean }
}

export interface RunEnded {
  runId: string
  status: RunStatus
  summary: RunSummary
  error?: RunError
  timings: RunTimings
  /** The exchange arrives apart, right after (text.runExchange); until then the run's `exchange` is undefined. */
  exchangeFollows: boolean
}

/** A run that has just been asked for and has received nothing yet. */
export function newRun(runId: string, format: WireFormat, model: string): RunView {
  return { ...emptyRunSnapshot(), runId, status: 'running', format, model }
}

/** The run after one event; the same run when the event changes nothing or the run has ended. */
export function foldRunEvent(run: RunView, e: RunEvent): RunView {
  if (run.status !== 'running') return run
  // The terminal event (runEnded) carries the outcome; the stream's own finish and error only announce it.
  if (e.type === 'finish' || e.type === 'error' || e.type === 'incomplete') return run
  const next = foldRun(run, e)
  // foldRun answered a new object for a text delta, so it is this fold's to complete.
  if (e.type === 'text' && next !== run) {
    next.textTail = appendToTail(run.textTail, run.text.length, e.delta)
    // Taken from the first character only: a digest of part of the text is of no use.
    const digest = run.textDigest ?? (run.text === '' ? EMPTY_DIGEST : undefined)
    if (digest) next.textDigest = appendDigest(digest, e.delta)
  }
  return next
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
  const { textTail: _tail, textDigest: _digest, ...rest } = run
  const next: RunView = {
    ...rest,
    status: ended.status,
    summary: ended.summary,
    timings: ended.timings,
    toolCalls: ended.summary.toolCalls,
  }
  // An exchange that follows is not known yet (undefined); a run that sent nothing has none (null).
  if (!ended.exchangeFollows) next.exchange = null
  if (ended.summary.usage) next.usage = ended.summary.usage
  if (ended.error) next.error = ended.error
  return next
}

/** The run with the exchange it recorded (text.runExchange, after its end). */
export function withExchange(run: RunView, exchange: Exchange): RunView {
  return { ...run, exchange }
}

/** Ends a run on this side only (main no longer knows it, or never heard of it). */
export function endRunLocally(run: RunView, status: 'aborted' | 'error', error?: RunError): RunView {
  if (run.status !== 'running') return run
  const { textTail: _tail, textDigest: _digest, ...rest } = run
  // No exchange follows an end main did not send.
  const ended = { ...rest, status, exchange: run.exchange ?? null }
  return error ? { ...ended, error } : ended
}

/** The run as a completion, the shape the next assistant turn is built from. */
export function runCompletion(run: RunView): Completion {
  const completion = completionOf(run, {
    images: [],
    stopReason: run.summary?.stopReason ?? null,
    finish: run.summary?.finish ?? null,
  })
  const id = run.summary?.id ?? run.responseId
  if (id !== undefined) completion.id = id
  if (run.usage) completion.usage = run.usage
  const refusal = run.refusal ?? run.summary?.refusal
  if (refusal !== undefined) completion.refusal = refusal
  return completion
}

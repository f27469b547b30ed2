// One answer through the text service (the same path as the Text panel: every answer is a recorded run with its
// exchange in History), read back as the facts graders need: its text (a forced tool's arguments when a response
// format travelled as one), tool calls, stop reason, timings, tokens and cost.
import type { RunRequest, RunSummary } from '../../../shared/ipc/text'
import type { RunOutcome } from './assertions'
import type { CollectingSink, RunEnded } from './collectingSink'
import type { TextService } from '../text/textService'
import type { StoredCost } from '../../../shared/cost/storedCost'
import type { BilledCost } from '../../../shared/cost/billed'

export interface Answer extends RunOutcome {
  runId: string | null
  inputTokens: number | null
  /** In millionths of `currency` (an estimate when no usage was reported); null when the cost is not known. */
  cost: StoredCost | null
  /** What the answer billed, or why its cost is not known (no price, usage not reported, failed before billing). */
  bill: BilledCost | null
  /** The answer's tool calls as they go back in a next request (ids, signatures). */
  calls: RunSummary['toolCalls']
}

/** The run's cost when main priced it (a priced cost rides in the end's summary once prices exist). */
export function costOf(summary: RunEnded['summary']): Answer['cost'] {
  const cost = (summary as { cost?: unknown }).cost as
    { kind?: string; micros?: unknown; currency?: unknown; estimate?: unknown } | undefined
  return cost?.kind === 'priced' && typeof cost.micros === 'number' && typeof cost.currency === 'string'
    ? { micros: cost.micros, currency: cost.currency, estimate: cost.estimate === true }
    : null
}

/**
 * What a run billed, as the text service priced it (one rule for every panel): its priced cost (a failure after
 * reported usage is billed as reported); a run that failed without reported usage billed nothing ("failed before
 * billing"); a model with no price; an answer whose usage said nothing that nothing could estimate ("usage not
 * reported"). A stopped run that billed nothing: null.
 */
export function billOf(ended: Pick<RunEnded, 'status' | 'summary'>): BilledCost | null {
  const cost = (ended.summary as { cost?: unknown }).cost as
    { kind?: string; micros?: unknown; currency?: unknown; estimate?: unknown; model?: unknown } | undefined
  if (cost?.kind === 'priced' && typeof cost.micros === 'number' && typeof cost.currency === 'string')
    return { kind: 'priced', micros: cost.micros, currency: cost.currency, estimate: cost.estimate === true }
  if (cost?.kind === 'unbilled' || ended.status === 'error') return { kind: 'unbilled' }
  if (cost?.kind === 'unpriced') return { kind: 'unpriced', model: String(cost.model ?? '').slice(0, 200) }
  return ended.status === 'aborted' ? null : { kind: 'unreported' }
}

export interface AnswerHooks {
  /** Called with the run's id as soon as it exists, so a stop can reach it. */
  started?(runId: string): void
}

export async function runAnswer(
  text: TextService,
  sink: CollectingSink,
  request: RunRequest,
  hooks: AnswerHooks = {},
): Promise<Answer> {
  let runId: string
  try {
    // Opened from its History record, never in the Inspector: no place among the exchanges kept for it.
    ;({ runId } = await text.start(request, sink, { inspected: false }))
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ...emptyAnswer('error'), error: message }
  }
  hooks.started?.(runId)
  const ended = await sink.wait(runId)
  const raw = sink.text(runId)
  sink.release(runId)
  // Messages has no structured output: a response format goes as a forced tool and its arguments are the answer.
  const format = request.draft.responseFormat
  const structured =
    format && !raw.trim() ? ended.summary.toolCalls.find((c) => c.name === format.name) : undefined
  return {
    runId,
    status: ended.status,
    text: structured ? structured.arguments : raw,
    toolCalls: ended.summary.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })),
    stopReason: ended.summary.stopReason,
    finish: ended.summary.finish,
    ttftMs: ended.timings.ttftMs,
    totalMs: ended.timings.totalMs,
    outputTokens: ended.timings.outputTokens,
    inputTokens: ended.summary.usage?.input ?? null,
    error: ended.error?.message ?? null,
    cost: costOf(ended.summary),
    bill: billOf(ended),
    calls: ended.summary.toolCalls,
  }
}

export function emptyAnswer(status: string): Answer {
  return {
    runId: null,
    status,
    text: '',
    toolCalls: [],
    stopReason: null,
    finish: null,
    ttftMs: null,
    totalMs: null,
    outputTokens: null,
    inputTokens: null,
    error: null,
    cost: null,
    bill: null,
    calls: [],
  }
}

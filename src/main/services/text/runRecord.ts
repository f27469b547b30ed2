// What a text run amounts to at a given moment: its folded completion, the summary and timings its window is
// told, and the history record built from them. Used at the run's end and for its checkpoints while it streams,
// so both record the same thing.
import type { RunError, RunStatus, RunSummary, RunTimings } from '../../../shared/ipc/text'
import { pickExtras, snapshotCompletion, type Completion, type RunSnapshot } from '../../../shared/wire'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { ProfileService } from '../profiles'
import type { RunRecord } from '../history/ports'
import { textRunRecord } from '../history/textRecord'
import type { ConversationStore } from './conversations'
import { withTurns } from './preparedRequest'
import type { RunRequest } from '../../../shared/ipc/text'
import type { RunCost } from '../../../shared/cost/runCost'
import type { CostService } from '../cost/costService'
import { loadTokenizer, loadedTokenizer } from '../cost/tokenizer'
import { reportedUsage } from '../../../shared/wire/reportedUsage'
import type { Usage } from '../../../shared/wire/events'
import { estimateTokens } from './tokenCount'
import { tokensPerSecond } from '../../../shared/wire/tokenSpeed'

export interface RunState {
  id: string
  snapshot: RunSnapshot
  images: { mimeType: string; url: string }[]
  startedAt: number
  firstContentAt: number | null
  request: RunRequest
  createdAt: number
  sent: { profile: string; bodyText: string } | null
}

export interface RunOutcome {
  completion: Completion
  summary: RunSummary
  timings: RunTimings
}

export function summarizeRun(run: RunState): RunOutcome {
  const completion = snapshotCompletion(run.snapshot)
  const summary: RunSummary = {
    toolCalls: completion.toolCalls,
    images: run.images,
    stopReason: completion.stopReason,
    finish: completion.finish,
    warnings: completion.warnings,
  }
  if (completion.id !== undefined) summary.id = completion.id
  if (completion.model !== undefined) summary.model = completion.model
  if (completion.usage !== undefined) summary.usage = completion.usage
  if (completion.refusal !== undefined) summary.refusal = completion.refusal
  // Citations, safety, model version and fingerprint, when the answer carried them.
  Object.assign(summary, pickExtras(completion))
  const totalMs = performance.now() - run.startedAt
  const outputTokens = completion.usage?.output ?? null
  const genMs = run.firstContentAt === null ? 0 : performance.now() - run.firstContentAt
  const timings: RunTimings = {
    ttftMs: run.firstContentAt === null ? null : Math.round(run.firstContentAt - run.startedAt),
    totalMs: Math.round(totalMs),
    outputTokens,
    tokensPerSecond: tokensPerSecond(outputTokens, genMs),
  }
  return { completion, summary, timings }
}

export function runRecordOf(
  run: RunState,
  deps: { conversations: ConversationStore; profiles: ProfileService },
  status: RunStatus | 'running' | 'interrupted',
  outcome: { recorder: ExchangeRecorder | null; error?: RunError; ended: RunOutcome },
): RunRecord {
  return textRunRecord({
    runId: run.id,
    createdAt: run.createdAt,
    format: run.request.format,
    draft: () => withTurns(deps.conversations, run.request),
    profile: run.sent?.profile ?? deps.profiles.nameOf(run.request.profileId),
    bodyText: run.sent?.bodyText ?? null,
    status,
    ...outcome.ended,
    error: outcome.error,
    exchange: outcome.recorder,
  })
}

/** Why a failed run with no usage costs nothing (Cases and the Gateway check say the same of their cells). */
const UNBILLED: RunCost = { kind: 'unbilled', why: 'the run failed before the gateway billed it' }

/**
 * What a run cost, from the usage it reported; when it reported none, from the local tokenizer's count of the
 * request as sent and of what came back, marked as an estimate (only once the tokenizer is loaded: a run that
 * ends without usage waits for it, see TextService.readyToPrice). One rule for a failure: a run that failed
 * (an error status, a refused connection, a cut stream) with no usage reported was not billed and costs nothing;
 * usage the gateway reported before the failure is billed as reported. A run stopped or interrupted with no usage
 * keeps its estimate: the gateway was answering, and bills what it generated.
 */
export function priceRun(
  run: RunState,
  outcome: RunOutcome,
  deps: { costs?: CostService | undefined; conversations: ConversationStore },
  status: RunStatus | 'interrupted',
): RunCost | undefined {
  if (!deps.costs) return undefined
  const { completion } = outcome
  if (status === 'error' && !reportedUsage(completion.usage)) return UNBILLED
  return deps.costs.textCost({
    profileId: run.request.profileId,
    format: run.request.format,
    model: run.request.draft.model,
    reportedModel: completion.model,
    usage: completion.usage,
    estimate: () => {
      const tokenizer = loadedTokenizer()
      if (!tokenizer || !run.sent) return null
      const answer = [
        completion.text,
        completion.reasoning,
        completion.refusal ?? '',
        ...completion.toolCalls.map((c) => `${c.name} ${c.arguments}`),
      ].join('')
      let input: number
      try {
        input = run.request.rawBody
          ? tokenizer.countTokens(run.sent.bodyText)
          : estimateTokens(withTurns(deps.conversations, run.request), tokenizer)
      } catch {
        input = tokenizer.countTokens(run.sent.bodyText)
      }
      return { input, output: answer ? tokenizer.countTokens(answer) : 0 }
    },
  })
}

/**
 * The outcome with the run's cost in its summary (one that can be neither read nor estimated is left out), charged
 * once (a priced cost only: a run with no price or failed before billing charges nothing).
 */
export function withCost(
  run: RunState,
  ended: RunOutcome,
  deps: {
    costs?: CostService | undefined
    conversations: ConversationStore
    log?: ((message: string) => void) | undefined
  },
  status: RunStatus | 'interrupted',
): RunOutcome {
  try {
    const cost = priceRun(run, ended, deps, status)
    if (!cost) return ended
    deps.costs?.charge(run.request.profileId, cost)
    return { ...ended, summary: { ...ended.summary, cost } }
  } catch (error) {
    deps.log?.(`text run ${run.id}: not priced: ${error instanceof Error ? error.message : String(error)}`)
    return ended
  }
}

/**
 * An answer that reported no usage is priced from the local tokenizer's counts: the tokenizer (about half a second
 * to load, once) is loaded before such a run ends, so its end carries its cost.
 */
export async function readyToPrice(usage: Usage | undefined, log?: (message: string) => void): Promise<void> {
  if (reportedUsage(usage)) return
  await loadTokenizer().catch((error: unknown) =>
    log?.(`the tokenizer did not load: ${error instanceof Error ? error.message : String(error)}`),
  )
}

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
    tokensPerSecond:
      outputTokens !== null && genMs > 50 ? Math.round((outputTokens / genMs) * 10_000) / 10 : null,
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

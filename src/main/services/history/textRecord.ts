// A finished text run as a history record: what the text service knows at its end (the draft with its turns,
// the profile by name, the body as sent, the folded completion, timings, the exchange) mapped to one RunRecord.
// Kept apart from the service so the service only calls it; the prompt is the last user turn's text.
import type { RunError, RunStatus, RunSummary, RunTimings } from '../../../shared/ipc/text'
import type { Completion, Draft } from '../../../shared/wire'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { RunRecord } from './ports'
import { storedCost } from '../../../shared/cost/keptCost'

export interface TextRunEnd {
  runId: string
  createdAt: number
  format: string
  /** The draft with its conversation's turns (read lazily: the conversation may be gone by now). */
  draft: () => Draft
  profile: string | null
  /** The body as sent, or null when the run ended before a request was built. */
  bodyText: string | null
  /** How the run ended, or `running` for a checkpoint, `interrupted` for a run whose window went away. */
  status: RunStatus | 'running' | 'interrupted'
  completion: Completion
  summary: RunSummary
  timings: RunTimings
  error?: RunError | undefined
  exchange: ExchangeRecorder | null
}

export function lastUserText(draft: Pick<Draft, 'messages'>): string {
  for (let i = draft.messages.length - 1; i >= 0; i--) {
    const message = draft.messages[i]!
    if (message.role !== 'user') continue
    const text = message.parts
      .map((p) => (p.type === 'text' ? p.text : p.type === 'toolResult' ? p.content : ''))
      .filter(Boolean)
      .join('\n')
    if (text) return text
  }
  return ''
}

export function textRunRecord(end: TextRunEnd): RunRecord {
  const { completion, summary, timings, exchange } = end
  let draft: Draft
  try {
    draft = end.draft()
  } catch {
    draft = { model: summary.model ?? '', messages: [] }
  }
  return {
    id: end.runId,
    kind: 'text',
    createdAt: end.createdAt,
    format: end.format,
    model: summary.model ?? (draft.model || null),
    profile: end.profile,
    status: end.status,
    ttftMs: timings.ttftMs,
    totalMs: timings.totalMs,
    inputTokens: summary.usage?.input ?? null,
    outputTokens: timings.outputTokens,
    prompt: lastUserText(draft),
    answer: completion.text,
    requestBody: end.bodyText,
    draft,
    result: {
      summary,
      timings,
      reasoning: completion.reasoning || undefined,
      ...(end.error ? { error: end.error } : {}),
    },
    error: end.error ? end.error.message : null,
    cost: storedCost(summary.cost),
    capture: exchange ? () => ({ exchange: exchange.snapshot(), rawBody: exchange.rawBody() }) : null,
  }
}

// Embeddings and rerank calls (endpoints 7-10) as history records: the draft's model and format, the profile by
// name, the body as sent (cut when long), status, duration and tokens, and a summary of the result in words.
// Vectors never reach the history: the record keeps counts and the result set's id, and the captured exchange
// keeps the request with the response body replaced by that summary.
import type { Exchange } from '../../../shared/ipc/exchange'
import type { EmbedOutcome, RerankOutcome } from '../../../shared/ipc/embeddings'
import type { EmbedDraft, RerankDraft } from '../../../shared/embed/requests'
import type { RunRecord } from './ports'

/** Characters of a request body (inputs imported from a file can be megabytes) and of the searchable inputs. */
const BODY_MAX = 256 * 1024
const PROMPT_MAX = 4_000

export interface CallStart {
  id: string
  createdAt: number
  profile: string | null
  /** The body as sent: the hand-edited text, or the draft's built body. */
  bodyText: string
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`
}

const STATUS = { done: 'done', stopped: 'aborted', failed: 'error' } as const

/** The exchange with its response body (vectors, scores) replaced by the record's summary. */
function summarised(exchange: Exchange | null, summary: string): RunRecord['capture'] {
  if (!exchange) return null
  return {
    exchange: {
      ...exchange,
      response: exchange.response && { ...exchange.response, body: `(${summary}; not kept in the history)` },
    },
    rawBody: '',
  }
}

/** The body a call sends: the hand-edited text, or the built body (null when the draft cannot be built). */
export function sentBody(rawBody: string | undefined, build: () => { body: unknown }): string {
  if (rawBody !== undefined) return rawBody
  try {
    return JSON.stringify(build().body)
  } catch {
    return ''
  }
}

export function embedRunRecord(start: CallStart, draft: EmbedDraft, outcome: EmbedOutcome): RunRecord {
  const summary =
    outcome.status === 'done'
      ? `${outcome.set.count} vector${outcome.set.count === 1 ? '' : 's'} of ${outcome.set.dimensions} dimensions`
      : outcome.status === 'stopped'
        ? 'Stopped before the vectors arrived'
        : `Failed: ${outcome.error.message}`
  return {
    id: start.id,
    kind: 'embeddings',
    createdAt: start.createdAt,
    format: draft.format,
    model: draft.model.trim() || null,
    profile: start.profile,
    status: STATUS[outcome.status],
    ttftMs: null,
    totalMs: outcome.status === 'done' ? outcome.timing.totalMs : null,
    inputTokens: outcome.status === 'done' ? (outcome.usage.promptTokens ?? outcome.usage.totalTokens) : null,
    outputTokens: null,
    prompt: cut(draft.inputs.map((i) => i.text).join('\n'), PROMPT_MAX),
    answer: summary,
    requestBody: cut(start.bodyText, BODY_MAX),
    draft: null,
    result:
      outcome.status === 'done'
        ? {
            summary,
            setId: outcome.set.setId,
            count: outcome.set.count,
            dimensions: outcome.set.dimensions,
            labels: outcome.set.labels.slice(0, 50),
            usage: outcome.usage,
            timing: outcome.timing,
          }
        : { summary, ...(outcome.status === 'failed' ? { error: outcome.error } : {}) },
    error: outcome.status === 'failed' ? outcome.error.message : null,
    capture: summarised(outcome.exchange, summary),
  }
}

export function rerankRunRecord(start: CallStart, draft: RerankDraft, outcome: RerankOutcome): RunRecord {
  const top = outcome.status === 'done' ? outcome.results.slice(0, 5) : []
  const label = (index: number) => draft.documents[index]?.label || `document ${index + 1}`
  const summary =
    outcome.status === 'done'
      ? `${outcome.results.length} ranked: ${top.map((r) => `${label(r.index)} (${r.score.toFixed(3)})`).join(', ')}`
      : outcome.status === 'stopped'
        ? 'Stopped before the ranking arrived'
        : `Failed: ${outcome.error.message}`
  return {
    id: start.id,
    kind: 'rerank',
    createdAt: start.createdAt,
    format: 'rerank',
    model: (outcome.status === 'done' ? outcome.model : null) ?? (draft.model.trim() || null),
    profile: start.profile,
    status: STATUS[outcome.status],
    ttftMs: null,
    totalMs: outcome.status === 'done' ? outcome.timing.totalMs : null,
    inputTokens: outcome.status === 'done' ? outcome.totalTokens : null,
    outputTokens: null,
    prompt: cut(draft.query, PROMPT_MAX),
    answer: summary,
    requestBody: cut(start.bodyText, BODY_MAX),
    draft: null,
    result:
      outcome.status === 'done'
        ? {
            summary,
            ranking: outcome.results
              .slice(0, 100)
              .map((r) => ({ ...r, label: label(r.index), document: undefined })),
            documents: draft.documents.length,
            timing: outcome.timing,
          }
        : { summary, ...(outcome.status === 'failed' ? { error: outcome.error } : {}) },
    error: outcome.status === 'failed' ? outcome.error.message : null,
    capture: summarised(outcome.exchange, summary),
  }
}

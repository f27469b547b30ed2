// Input token counts for a draft: the messages format asks the gateway's count_tokens endpoint (its exchange is
// kept for the Inspector); the other formats have no such endpoint and get a local gpt-tokenizer estimate. The
// count is of what a run would send: the draft with its conversation's turns, or the edited Request JSON (its
// model, messages, system and tools as written). A draft without a message has nothing to count, except for
// the estimate the Text panel keeps in view as the user types (`local`), which never sends anything.
import type { RunRequest } from '../../../shared/ipc/text'
import { AppError } from '../../../shared/ipc/result'
import {
  buildCountTokens,
  formats,
  parseCountTokens,
  type Draft,
  type DraftMessage,
} from '../../../shared/wire'
import type { GatewayClient } from '../gateway'
import type { ExchangeRecorder } from '../exchangeRecorder'
import type { MediaStore } from '../mediaStore'
import type { ProfileService } from '../profiles'
import { resolveAttachments } from './attachments'
import type { ConversationStore } from './conversations'
import type { ExchangeLog } from './exchangeLog'
import { safeJson, withTurns } from './preparedRequest'
import { sendRequest } from '../sendRequest'
import { parseJsonBounded } from '../../../shared/jsonDepth'
import { loadTokenizer, type LocalTokenizer } from '../cost/tokenizer'

export interface TokenCountDeps {
  profiles: ProfileService
  gateway: GatewayClient
  media: MediaStore
  conversations: ConversationStore
  exchanges: ExchangeLog
}

export interface TokenCount {
  inputTokens: number
  source: 'server' | 'estimate'
  exchange: ReturnType<ExchangeRecorder['snapshot']> | null
}

/** The fields of a messages request that count_tokens takes (spec 4); the rest are not counted. */
const COUNTED_FIELDS = ['model', 'messages', 'system', 'tools'] as const

export async function countRequestTokens(
  deps: TokenCountDeps,
  request: Omit<RunRequest, 'runId' | 'force'> & { local?: boolean },
): Promise<TokenCount> {
  // The turns first, before anything waits (see pinTurns).
  const withConversation = withTurns(deps.conversations, request)
  const edited = request.rawBody === undefined ? null : editedBody(request.rawBody)
  const parsed = edited
    ? formats[request.format].parseRequest(edited, { model: request.draft.model, stream: false }).draft
    : null
  // The estimate kept in view: an attachment counts by its kind, so it needs neither the profile nor the files,
  // and nothing is sent. A request with no message yet still counts its system prompt and tools.
  if (request.local)
    return {
      inputTokens: estimateTokens(parsed ?? withConversation, await loadTokenizer()),
      source: 'estimate',
      exchange: null,
    }
  const profile = await deps.profiles.resolve(request.profileId)
  const draft = parsed ?? (await resolveAttachments(withConversation, deps.media))
  if (draft.messages.length === 0 && !edited) {
    throw new AppError('TEXT_NOTHING_TO_COUNT', 'Nothing to count: write a message first.')
  }
  if (request.format !== 'messages')
    // The tokenizer's tables load on the first estimate (about half a second), not at start-up.
    return {
      inputTokens: estimateTokens(draft, await loadTokenizer()),
      source: 'estimate',
      exchange: null,
    }
  // Edited JSON: its own model, messages, system and tools, as written.
  const built = edited
    ? { ...buildCountTokens(draft), body: pick(edited, COUNTED_FIELDS) }
    : buildCountTokens(draft)
  const res = await sendRequest(deps.gateway, profile, { ...built, kind: 'model' })
  deps.exchanges.add(res.exchange)
  const text = res.exchange.rawBody()
  if (!res.ok) {
    const error = formats.messages.parseError(safeJson(text) ?? text, res.status)
    throw new AppError('TEXT_COUNT_FAILED', `count_tokens answered ${res.status}: ${error.message}`, {
      exchangeId: res.exchange.id,
    })
  }
  return {
    inputTokens: parseCountTokens(parseJsonBounded(text)),
    source: 'server',
    exchange: res.exchange.snapshot(),
  }
}

/**
 * A local token estimate for formats without a count endpoint: text via gpt-tokenizer, ~1000 per image. A turn's
 * count is kept with the turn (main's turns are never changed in place), so counting again as the user types
 * costs only what changed: the message being typed, the system prompt and the tools.
 */
export function estimateTokens(draft: Draft, tokenizer: LocalTokenizer): number {
  const count = (text: string | undefined) => (text ? tokenizer.countTokens(text) : 0)
  let total = count(draft.system)
  for (const block of draft.systemBlocks ?? []) total += count(block.text)
  for (const message of draft.messages) total += messageTokens(message, count)
  for (const tool of draft.tools ?? []) total += count(JSON.stringify(tool))
  return total
}

/** Counts by turn, for as long as the turn is held. */
const counted = new WeakMap<DraftMessage, number>()

function messageTokens(message: DraftMessage, count: (text: string | undefined) => number): number {
  const known = counted.get(message)
  if (known !== undefined) return known
  let total = 4
  for (const part of message.parts) {
    if (part.type === 'text') total += count(part.text)
    else if (part.type === 'image') total += 1000
    else if (part.type === 'toolCall') total += count(`${part.name} ${part.arguments}`)
    else if (part.type === 'toolResult') total += count(part.content)
    else if (part.type === 'reasoning') total += count(part.text)
    else if (part.type === 'file') total += 1000
  }
  counted.set(message, total)
  return total
}

/** The edited Request JSON as an object; a text that is not one cannot be counted. */
function editedBody(text: string): Record<string, unknown> {
  const value = safeJson(text)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError(
      'TEXT_INVALID_JSON',
      'Request JSON: the request body must be a JSON object to count it',
    )
  }
  return value as Record<string, unknown>
}

function pick(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]))
}

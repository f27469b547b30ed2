// Token counting for usage numbers and stream pacing, with a real BPE tokenizer (o200k_base).
// Counts are deterministic; images count a fixed estimate (spec: count tokens, about 1000), and very large
// texts (base64 file data) are estimated instead of encoded so one request cannot block the event loop.
// The tokenizer's tables take about half a second to load, so they load with the first request that counts
// (every such route awaits loadTokenizer() first), not when the app starts.
import type * as O200k from 'gpt-tokenizer/encoding/o200k_base'
import type { Conversation } from './conversation'

let bpeCount: (typeof O200k)['countTokens'] | null = null
let loading: Promise<void> | null = null

/** Loads the tokenizer once; routes that count tokens await it before anything else. */
export function loadTokenizer(): Promise<void> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => {
    bpeCount = m.countTokens
  })
  return loading
}

/** Fixed token estimate for one image (spec: Limits, count tokens). */
export const IMAGE_TOKENS = 1000

/** Past this many characters a text is estimated (4 characters a token), not encoded. */
const ENCODE_LIMIT = 200_000

const NO_SPECIALS = { disallowedSpecial: new Set<string>() }

export function countTokens(text: string): number {
  if (!text) return 0
  if (text.length > ENCODE_LIMIT) return Math.ceil(text.length / 4)
  if (!bpeCount) throw new Error('The tokenizer is not loaded: the route must await loadTokenizer() first.')
  return bpeCount(text, NO_SPECIALS)
}

/** Input tokens of a conversation: system, every turn (with tool traffic and images), tool definitions. */
export function countConversationTokens(conversation: Conversation): number {
  let total = countTokens(conversation.system) + (conversation.system ? 4 : 0)
  for (const turn of conversation.turns) {
    total += 4 + countTokens(turn.text) + turn.images * IMAGE_TOKENS
    for (const call of turn.toolCalls)
      total += 4 + countTokens(call.name) + countTokens(JSON.stringify(call.args))
    for (const result of turn.toolResults) total += 4 + countTokens(result.content)
  }
  for (const tool of conversation.tools) {
    total +=
      8 +
      countTokens(tool.name) +
      countTokens(tool.description) +
      countTokens(JSON.stringify(tool.parameters))
  }
  return total + 3
}

export interface Piece {
  text: string
  tokens: number
}

/**
 * Splits text into stream pieces (a word with its leading whitespace), each weighed in tokens.
 * Concatenating the pieces gives the text back exactly, whatever characters it holds.
 */
export function splitPieces(text: string): Piece[] {
  const parts = text.match(/\s*\S+|\s+$/g) ?? []
  return parts.map((part) => ({ text: part, tokens: Math.max(1, countTokens(part)) }))
}

/** Cuts text to at most `limit` tokens at a piece boundary (so no character is split). */
export function truncateToTokens(text: string, limit: number): string {
  let used = 0
  let out = ''
  for (const piece of splitPieces(text)) {
    if (used + piece.tokens > limit) break
    used += piece.tokens
    out += piece.text
  }
  return out
}

// Token accounting per wire format: which of a reported usage's counts are billed at which price, with no token
// counted twice or left out. Each format reports differently (the spec's usage fields):
// - chat: `prompt_tokens` include `prompt_tokens_details.cached_tokens`; `completion_tokens` include
//   `completion_tokens_details.reasoning_tokens`.
// - responses: `input_tokens` include `input_tokens_details.cached_tokens`; `output_tokens` include
//   `output_tokens_details.reasoning_tokens`.
// - messages: `cache_creation_input_tokens` and `cache_read_input_tokens` are apart from `input_tokens`;
//   thinking is part of `output_tokens` (no count of its own).
// - native: `cachedContentTokenCount` is inside `promptTokenCount`; `thoughtsTokenCount` is apart from
//   `candidatesTokenCount` (and `toolUsePromptTokenCount`, when sent, apart from the prompt).
// Usage that reports nothing, or only zeros, is "not reported" (null), never a cost of zero.
import type { WireFormat } from '../format'
import { reportedUsage } from '../wire/reportedUsage'
import type { Usage } from '../wire/events'

/** Billable tokens, each set disjoint from the others: their sum is every token the answer is billed for. */
export interface TokenAccount {
  /** Input not read from a cache and not written to one. */
  input: number
  cachedRead: number
  /** Cache writes (5 minutes, or unspecified). */
  cacheWrite: number
  /** Cache writes that last an hour, where the usage says so (messages `cache_creation.ephemeral_1h_input_tokens`). */
  cacheWrite1h: number
  /** Output that is not reasoning (or all output, where the format does not count reasoning apart). */
  output: number
  reasoning: number
}

const n = (v: number | undefined): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0)
const detail = (u: Usage, ...names: string[]): number => {
  for (const name of names) {
    const v = u.details?.[name]
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v
  }
  return 0
}

/** Names a cache write goes by in chat and responses usage (OpenRouter, LiteLLM, other proxies). */
const CACHE_WRITE_NAMES = {
  chat: [
    'prompt_tokens_details.cache_write_tokens',
    'prompt_tokens_details.cache_creation_tokens',
    'prompt_tokens_details.cache_creation_input_tokens',
    'cache_creation_input_tokens',
  ],
  responses: [
    'input_tokens_details.cache_write_tokens',
    'input_tokens_details.cache_creation_tokens',
    'cache_creation_input_tokens',
  ],
} as const

/**
 * Input and output where cached tokens are part of the input count and reasoning part of the output count (chat,
 * responses). A proxy that follows the messages convention instead (cache counts beyond the input count) is
 * read by the numbers: what cannot be inside the input is taken as apart from it.
 */
function inclusive(u: Usage, writeNames: readonly string[]): TokenAccount {
  const input = n(u.input)
  const cachedRead = n(u.cachedRead)
  const cacheWrite = n(u.cacheCreation) || detail(u, ...writeNames)
  const output = n(u.output)
  const reasoning = Math.min(n(u.reasoning), output)
  const cached = cachedRead + cacheWrite
  return {
    input: cached <= input ? input - cached : input,
    cachedRead,
    cacheWrite,
    cacheWrite1h: 0,
    output: output - reasoning,
    reasoning,
  }
}

function messages(u: Usage): TokenAccount {
  const write = n(u.cacheCreation)
  const oneHour = Math.min(detail(u, 'cache_creation.ephemeral_1h_input_tokens'), write)
  return {
    input: n(u.input),
    cachedRead: n(u.cachedRead),
    cacheWrite: write - oneHour,
    cacheWrite1h: oneHour,
    output: n(u.output),
    reasoning: 0,
  }
}

function native(u: Usage): TokenAccount {
  const prompt = n(u.input)
  const cachedRead = Math.min(n(u.cachedRead), prompt)
  return {
    input: prompt - cachedRead + detail(u, 'toolUsePromptTokenCount'),
    cachedRead,
    cacheWrite: 0,
    cacheWrite1h: 0,
    output: n(u.output),
    reasoning: n(u.reasoning),
  }
}

/** The billable tokens of a usage as its format reports it; null when the usage reports nothing. */
export function tokenAccount(format: WireFormat, usage: Usage | undefined): TokenAccount | null {
  const u = reportedUsage(usage)
  if (!u) return null
  switch (format) {
    case 'chat':
      return inclusive(u, CACHE_WRITE_NAMES.chat)
    case 'responses':
      return inclusive(u, CACHE_WRITE_NAMES.responses)
    case 'messages':
      return messages(u)
    case 'native':
      return native(u)
  }
}

/** Every token an account bills, whatever its price. */
export function accountTotal(a: TokenAccount): number {
  return a.input + a.cachedRead + a.cacheWrite + a.cacheWrite1h + a.output + a.reasoning
}

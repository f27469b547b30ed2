import { describe, expect, it } from 'vitest'
import {
  formats,
  foldRunAll,
  emptyRunSnapshot,
  snapshotCompletion,
  type SseFrame,
  type WireFormat,
} from '../wire'
import { tokenAccount, accountTotal, type TokenAccount } from './accounting'
import { tokenCost } from './runCost'
import type { ModelPrice } from './prices'

// Prices per 1M tokens: n tokens at P cost n × P micro-units, so every expected figure below is by hand.
const PRICE: ModelPrice = {
  model: 'm',
  currency: 'USD',
  input: 3,
  output: 15,
  cachedRead: 0.3,
  cacheWrite: 3.75,
  cacheWrite1h: 6,
  setAt: '2025-01-01',
  source: 'user',
}
const WITH_REASONING: ModelPrice = { ...PRICE, reasoning: 10 }

interface Row {
  name: string
  /** The usage object exactly as the format's answer carries it. */
  wire: Record<string, unknown>
  account: TokenAccount | null
  /** At PRICE, in micro-units. */
  micros: number | null
  /** At WITH_REASONING, when it differs. */
  reasoningMicros?: number
}

const zero: TokenAccount = {
  input: 0,
  cachedRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  output: 0,
  reasoning: 0,
}
const acc = (a: Partial<TokenAccount>): TokenAccount => ({ ...zero, ...a })

const TABLE: Record<WireFormat, Row[]> = {
  chat: [
    {
      name: 'plain: prompt and completion',
      wire: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
      account: acc({ input: 1000, output: 200 }),
      micros: 1000 * 3 + 200 * 15, // 6000
    },
    {
      name: 'completion_tokens include reasoning_tokens',
      wire: {
        prompt_tokens: 1000,
        completion_tokens: 500,
        total_tokens: 1500,
        completion_tokens_details: { reasoning_tokens: 300 },
      },
      account: acc({ input: 1000, output: 200, reasoning: 300 }),
      micros: 1000 * 3 + 200 * 15 + 300 * 15, // 10500
      reasoningMicros: 1000 * 3 + 200 * 15 + 300 * 10, // 9000
    },
    {
      name: 'cached_tokens are part of prompt_tokens',
      wire: { prompt_tokens: 1000, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 800 } },
      account: acc({ input: 200, cachedRead: 800, output: 10 }),
      micros: 200 * 3 + 800 * 0.3 + 10 * 15, // 990
    },
    {
      name: 'a proxy cache write inside prompt_tokens',
      wire: {
        prompt_tokens: 1000,
        completion_tokens: 10,
        prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 900 },
      },
      account: acc({ input: 100, cacheWrite: 900, output: 10 }),
      micros: 100 * 3 + 900 * 3.75 + 10 * 15, // 3825
    },
    {
      name: 'cache counts beyond prompt_tokens are taken as apart from it',
      wire: { prompt_tokens: 12, completion_tokens: 10, cache_creation_input_tokens: 2000 },
      account: acc({ input: 12, cacheWrite: 2000, output: 10 }),
      micros: 12 * 3 + 2000 * 3.75 + 10 * 15, // 7686
    },
    {
      name: 'all-zero usage is not reported',
      wire: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      account: null,
      micros: null,
    },
  ],
  responses: [
    {
      name: 'input and output',
      wire: { input_tokens: 1000, output_tokens: 200, total_tokens: 1200 },
      account: acc({ input: 1000, output: 200 }),
      micros: 6000,
    },
    {
      name: 'cached_tokens are part of input_tokens; reasoning part of output_tokens',
      wire: {
        input_tokens: 1000,
        output_tokens: 500,
        total_tokens: 1500,
        input_tokens_details: { cached_tokens: 600 },
        output_tokens_details: { reasoning_tokens: 400 },
      },
      account: acc({ input: 400, cachedRead: 600, output: 100, reasoning: 400 }),
      micros: 400 * 3 + 600 * 0.3 + 100 * 15 + 400 * 15, // 8880
      reasoningMicros: 400 * 3 + 600 * 0.3 + 100 * 15 + 400 * 10, // 6880
    },
    {
      name: 'all-zero usage is not reported',
      wire: {
        input_tokens: 0,
        output_tokens: 0,
        total_tokens: 0,
        input_tokens_details: { cached_tokens: 0 },
      },
      account: null,
      micros: null,
    },
  ],
  messages: [
    {
      name: 'input and output',
      wire: { input_tokens: 1000, output_tokens: 200 },
      account: acc({ input: 1000, output: 200 }),
      micros: 6000,
    },
    {
      name: 'cache_creation and cache_read are apart from input_tokens',
      wire: {
        input_tokens: 12,
        output_tokens: 100,
        cache_creation_input_tokens: 2000,
        cache_read_input_tokens: 3000,
      },
      account: acc({ input: 12, cachedRead: 3000, cacheWrite: 2000, output: 100 }),
      micros: 12 * 3 + 3000 * 0.3 + 2000 * 3.75 + 100 * 15, // 9936
    },
    {
      name: 'one-hour cache writes at their own price',
      wire: {
        input_tokens: 10,
        output_tokens: 10,
        cache_creation_input_tokens: 3000,
        cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
      },
      account: acc({ input: 10, cacheWrite: 1000, cacheWrite1h: 2000, output: 10 }),
      micros: 10 * 3 + 1000 * 3.75 + 2000 * 6 + 10 * 15, // 15930
    },
    {
      name: 'all-zero usage is not reported',
      wire: { input_tokens: 0, output_tokens: 0 },
      account: null,
      micros: null,
    },
  ],
  native: [
    {
      name: 'prompt and candidates',
      wire: { promptTokenCount: 1000, candidatesTokenCount: 200, totalTokenCount: 1200 },
      account: acc({ input: 1000, output: 200 }),
      micros: 6000,
    },
    {
      name: 'thoughtsTokenCount is apart from candidatesTokenCount',
      wire: {
        promptTokenCount: 1000,
        candidatesTokenCount: 200,
        thoughtsTokenCount: 300,
        totalTokenCount: 1500,
      },
      account: acc({ input: 1000, output: 200, reasoning: 300 }),
      micros: 1000 * 3 + 200 * 15 + 300 * 15, // 10500
      reasoningMicros: 1000 * 3 + 200 * 15 + 300 * 10, // 9000
    },
    {
      name: 'cachedContentTokenCount is inside promptTokenCount',
      wire: {
        promptTokenCount: 1000,
        candidatesTokenCount: 10,
        cachedContentTokenCount: 750,
        totalTokenCount: 1010,
      },
      account: acc({ input: 250, cachedRead: 750, output: 10 }),
      micros: 250 * 3 + 750 * 0.3 + 10 * 15, // 1125
    },
    {
      name: 'all-zero usage (a translating proxy) is not reported',
      wire: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
      account: null,
      micros: null,
    },
  ],
}

/** The whole answer of a format with `usage` in its place. */
function body(format: WireFormat, usage: Record<string, unknown>): unknown {
  switch (format) {
    case 'chat':
      return {
        id: 'c',
        object: 'chat.completion',
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
        usage,
      }
    case 'responses':
      return {
        id: 'r',
        object: 'response',
        status: 'completed',
        model: 'm',
        output: [
          {
            type: 'message',
            id: 'msg',
            role: 'assistant',
            content: [{ type: 'output_text', text: 'hi', annotations: [] }],
          },
        ],
        usage,
      }
    case 'messages':
      return {
        id: 'm',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [{ type: 'text', text: 'hi' }],
        stop_reason: 'end_turn',
        usage,
      }
    case 'native':
      return {
        candidates: [{ index: 0, content: { role: 'model', parts: [{ text: 'hi' }] }, finishReason: 'STOP' }],
        usageMetadata: usage,
      }
  }
}

const data = (value: unknown): SseFrame => ({ data: JSON.stringify(value) })
const named = (event: string, value: Record<string, unknown>): SseFrame => ({
  event,
  data: JSON.stringify({ type: event, ...value }),
})

/** A stream of the format whose usage arrives after the finish (chat's own usage chunk, a native closing chunk). */
function lateUsageStream(format: WireFormat, usage: Record<string, unknown>): SseFrame[] {
  switch (format) {
    case 'chat':
      return [
        data({
          id: 'c',
          object: 'chat.completion.chunk',
          model: 'm',
          choices: [{ index: 0, delta: { role: 'assistant', content: 'hi' }, finish_reason: null }],
        }),
        data({
          id: 'c',
          object: 'chat.completion.chunk',
          model: 'm',
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        }),
        data({ id: 'c', object: 'chat.completion.chunk', model: 'm', choices: [], usage }),
        { data: '[DONE]' },
      ]
    case 'responses':
      return [
        named('response.output_text.delta', {
          item_id: 'msg',
          output_index: 0,
          content_index: 0,
          delta: 'hi',
          sequence_number: 1,
        }),
        named('response.completed', {
          sequence_number: 2,
          response: { id: 'r', status: 'completed', model: 'm', output: [], usage },
        }),
      ]
    case 'messages': {
      // message_start carries the input side; message_delta, after the stop reason, the rest.
      const { output_tokens, ...start } = usage
      return [
        named('message_start', {
          message: {
            id: 'm',
            type: 'message',
            role: 'assistant',
            model: 'm',
            content: [],
            usage: { ...start, output_tokens: 0 },
          },
        }),
        named('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        named('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'hi' } }),
        named('content_block_stop', { index: 0 }),
        named('message_delta', {
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens },
        }),
        named('message_stop', {}),
      ]
    }
    case 'native':
      return [
        data({
          candidates: [{ index: 0, content: { role: 'model', parts: [{ text: 'hi' }] } }],
          usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0 },
        }),
        data({
          candidates: [{ index: 0, content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP' }],
        }),
        data({ candidates: [], usageMetadata: usage }),
      ]
  }
}

function fold(format: WireFormat, frames: SseFrame[]) {
  const folder = formats[format].createFolder()
  const events = [...frames.flatMap((f) => folder.push(f)), ...folder.end()]
  return snapshotCompletion(foldRunAll(emptyRunSnapshot(), events)).usage
}

describe.each(Object.keys(TABLE) as WireFormat[])('the %s format bills', (format) => {
  it.each(TABLE[format])('$name', (row) => {
    const whole = formats[format].parseResponse(body(format, row.wire)).usage
    const streamed = fold(format, lateUsageStream(format, row.wire))
    for (const usage of [whole, streamed]) {
      const account = tokenAccount(format, usage)
      expect(account).toEqual(row.account)
      const cost = account ? tokenCost('m', account, PRICE, false) : null
      expect(cost?.kind === 'priced' ? cost.micros : null).toBe(row.micros)
      if (row.reasoningMicros !== undefined && account) {
        const r = tokenCost('m', account, WITH_REASONING, false)
        expect(r.kind === 'priced' && r.micros).toBe(row.reasoningMicros)
      }
    }
  })
})

describe('cost lines', () => {
  it('say each quantity, rate and amount, and add up to the total', () => {
    const account = tokenAccount('messages', {
      input: 12,
      output: 100,
      cachedRead: 3000,
      cacheCreation: 2000,
    })!
    const cost = tokenCost('claude', account, PRICE, false)
    expect(cost.kind).toBe('priced')
    if (cost.kind !== 'priced') return
    expect(cost.lines.map((l) => [l.label, l.quantity, l.rate, l.micros])).toEqual([
      ['input', 12, 3, 36],
      ['cached read', 3000, 0.3, 900],
      ['cache write', 2000, 3.75, 7500],
      ['output', 100, 15, 1500],
    ])
    expect(cost.micros).toBe(36 + 900 + 7500 + 1500)
    expect(accountTotal(account)).toBe(12 + 3000 + 2000 + 100)
  })

  it('price cached reads at the input price when no cached price is set, and say so', () => {
    const account = tokenAccount('chat', { input: 1000, output: 0, cachedRead: 400 })!
    const cost = tokenCost('m', account, { ...PRICE, cachedRead: undefined }, false)
    expect(cost.kind === 'priced' && cost.lines.find((l) => l.label === 'cached read')).toMatchObject({
      rate: 3,
      micros: 1200,
      note: 'at the input price',
    })
  })

  it('leave a model without a token price unpriced, naming it', () => {
    const account = tokenAccount('chat', { input: 10, output: 10 })!
    expect(tokenCost('gpt-x', account, undefined, false)).toEqual({
      kind: 'unpriced',
      model: 'gpt-x',
      why: 'no token price is set for gpt-x',
    })
  })

  it('round the total once, to a whole micro-unit', () => {
    const account = tokenAccount('chat', { input: 7, output: 3 })!
    const cost = tokenCost('m', account, { ...PRICE, input: 0.15, output: 0.6 }, false)
    // 7 × 0.15 + 3 × 0.6 = 1.05 + 1.8 = 2.85 micro-units → 3
    expect(cost.kind === 'priced' && cost.micros).toBe(3)
  })
})

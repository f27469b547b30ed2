// Demo prices for the built-in "Local simulator" profile, so cost shows from the first run: round figures in the
// range vendors publish, marked `demo` wherever they appear. They price the simulator's synthetic answers and
// say nothing about any real gateway; a real profile starts with no prices until the user sets or imports them.
import type { ModelPrice } from './prices'

const SET_AT = '2025-01-01'

const tokens = (
  model: string,
  input: number,
  output: number,
  extra: Partial<ModelPrice> = {},
): ModelPrice => ({ model, currency: 'USD', input, output, setAt: SET_AT, source: 'demo', ...extra })

export const DEMO_PRICES: readonly ModelPrice[] = [
  tokens('gpt-4o', 2.5, 10, { cachedRead: 1.25, contextWindow: 128_000, maxOutput: 16_384 }),
  tokens('gpt-4o-mini', 0.15, 0.6, { cachedRead: 0.075, contextWindow: 128_000, maxOutput: 16_384 }),
  tokens('gpt-4.1', 2, 8, { cachedRead: 0.5, contextWindow: 1_047_576, maxOutput: 32_768 }),
  tokens('gpt-5', 1.25, 10, { cachedRead: 0.125, contextWindow: 400_000, maxOutput: 128_000 }),
  tokens('gpt-5-mini', 0.25, 2, { cachedRead: 0.025, contextWindow: 400_000, maxOutput: 128_000 }),
  tokens('o4-mini', 1.1, 4.4, { cachedRead: 0.275, contextWindow: 200_000, maxOutput: 100_000 }),
  tokens('claude-sonnet-4-6', 3, 15, {
    cachedRead: 0.3,
    cacheWrite: 3.75,
    cacheWrite1h: 6,
    contextWindow: 200_000,
    maxOutput: 64_000,
  }),
  tokens('claude-opus-4-7', 15, 75, {
    cachedRead: 1.5,
    cacheWrite: 18.75,
    cacheWrite1h: 30,
    contextWindow: 200_000,
    maxOutput: 32_000,
  }),
  tokens('claude-haiku-4-5', 1, 5, {
    cachedRead: 0.1,
    cacheWrite: 1.25,
    cacheWrite1h: 2,
    contextWindow: 200_000,
    maxOutput: 64_000,
  }),
  tokens('gemini-2.5-pro', 1.25, 10, { cachedRead: 0.31, contextWindow: 1_048_576, maxOutput: 65_536 }),
  tokens('gemini-2.5-flash', 0.3, 2.5, { cachedRead: 0.075, contextWindow: 1_048_576, maxOutput: 65_536 }),
  tokens('gemini-2.5-flash-image', 0.3, 30, { image: 0.039, contextWindow: 32_768, maxOutput: 32_768 }),
  tokens('gemini-3-pro-preview', 2, 12, { cachedRead: 0.2, contextWindow: 1_048_576, maxOutput: 65_536 }),
  tokens('deepseek-r1', 0.55, 2.19, { cachedRead: 0.14, contextWindow: 128_000, maxOutput: 32_768 }),
  tokens('deepseek-v3', 0.27, 1.1, { cachedRead: 0.07, contextWindow: 128_000, maxOutput: 8_192 }),
  tokens('qwen-plus', 0.4, 1.2, { contextWindow: 131_072, maxOutput: 8_192 }),
  tokens('grok-4', 3, 15, { cachedRead: 0.75, contextWindow: 256_000, maxOutput: 32_768 }),
  { model: 'text-embedding-3-small', currency: 'USD', embedding: 0.02, setAt: SET_AT, source: 'demo' },
  { model: 'text-embedding-3-large', currency: 'USD', embedding: 0.13, setAt: SET_AT, source: 'demo' },
  { model: 'text-embedding-ada-002', currency: 'USD', embedding: 0.1, setAt: SET_AT, source: 'demo' },
  { model: 'vendor-embedding-001', currency: 'USD', embedding: 0.15, setAt: SET_AT, source: 'demo' },
  { model: 'text-embedding-004', currency: 'USD', embedding: 0.1, setAt: SET_AT, source: 'demo' },
  { model: 'rerank-v1', currency: 'USD', rerankSearch: 0.002, setAt: SET_AT, source: 'demo' },
  { model: 'svc-image-1', currency: 'USD', image: 0.04, setAt: SET_AT, source: 'demo' },
  { model: 'famA-2', currency: 'USD', videoSecond: 0.1, setAt: SET_AT, source: 'demo' },
  ...['famB-3.0-fast-generate-001', 'famB-3.1-fast-generate-preview'].map((model): ModelPrice => ({
    model,
    currency: 'USD',
    videoByResolution: { '720p': 0.15, '1080p': 0.15 },
    setAt: SET_AT,
    source: 'demo',
  })),
  ...['famB-3.0-generate-preview', 'famB-3.1-generate-preview'].map((model): ModelPrice => ({
    model,
    currency: 'USD',
    videoByResolution: { '720p': 0.4, '1080p': 0.4 },
    setAt: SET_AT,
    source: 'demo',
  })),
  ...['famC-2.5-t2v-preview', 'famC-2.5-i2v-preview'].map((model): ModelPrice => ({
    model,
    currency: 'USD',
    videoByResolution: { '480p': 0.05, '720p': 0.1, '1080p': 0.15 },
    setAt: SET_AT,
    source: 'demo',
  })),
  ...[
    'famD-1-0-lite-t2v-250428',
    'famD-1-0-lite-i2v-250428',
    'famD-1-0-pro-250528',
    'famD-1-5-pro-251215',
    'famD-1-5-pro-251215-noAudio',
  ].map((model): ModelPrice => ({
    model,
    currency: 'USD',
    videoByResolution: { '480p': 0.03, '720p': 0.06, '1080p': 0.12 },
    setAt: SET_AT,
    source: 'demo',
  })),
]

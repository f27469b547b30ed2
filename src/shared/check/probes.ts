// The Gateway check's text battery as data: each probe's id, the formats it speaks, the draft it sends (built by
// the format's own builder in main), and what the spec says the answer must be. The runner in main interprets
// `expect`; nothing here sends anything. Probes are small (a few tokens).
import type { Draft } from '../wire/draft'
import type { WireFormat } from '../format'
import type { KnownTextModel } from '../catalog/textModels'

/** A 1 × 1 PNG, the smallest image input a model will take. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** The tool the tool probe offers, and the schema the structured-output probe asks for. */
export const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
}
export const ANSWER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
}

/** About 1,200 tokens of system prompt: over the spec's cache minimum (1024 or 2048 tokens for one model). */
export const CACHEABLE_SYSTEM = Array.from(
  { length: 240 },
  (_, i) => `Rule ${i + 1}: answer briefly and plainly.`,
).join(' ')

export type TextExpect =
  | { kind: 'answer' }
  | { kind: 'toolRoundTrip' }
  | { kind: 'json' }
  | { kind: 'reasoning' }
  | { kind: 'stopSequence'; sequence: string }
  | { kind: 'countTokens' }
  | { kind: 'cacheUsage' }
  | { kind: 'previousResponse' }
  /** The gateway must refuse with this status and the format's error shape. */
  | { kind: 'error'; statuses: readonly number[]; what: string }
  | { kind: 'auth' }

export interface TextProbe {
  id: string
  group: 'text'
  label: string
  /** What the spec says, in words (the report's legend). */
  expects: string
  formats: readonly WireFormat[]
  /** Whether the probe applies to a model (thinking only where the family has it); unknown models: yes. */
  applies?: (model: KnownTextModel | undefined) => boolean
  draft: (model: string, format: WireFormat) => Draft
  expect: TextExpect
  /** The spec puts usage in these answers; a missing one is a deviation. */
  usage: boolean
}

export const ALL_FORMATS: readonly WireFormat[] = ['chat', 'responses', 'messages', 'native']
const user = (text: string): Draft['messages'][number] => ({ role: 'user', parts: [{ type: 'text', text }] })
const small = (model: string, text: string, extra: Partial<Draft> = {}): Draft => ({
  model,
  stream: false,
  maxTokens: 16,
  messages: [user(text)],
  ...extra,
})

export const TEXT_PROBES: readonly TextProbe[] = [
  {
    id: 'plain',
    group: 'text',
    label: 'Answer',
    expects: "200 JSON in the format's object shape, a finish reason from the spec's set, usage",
    formats: ALL_FORMATS,
    draft: (m) => small(m, 'Say hello in one word.'),
    expect: { kind: 'answer' },
    usage: true,
  },
  {
    id: 'stream',
    group: 'text',
    label: 'Stream',
    expects:
      "text/event-stream, the format's event names, [DONE] (chat only), exactly one terminal event, usage",
    formats: ALL_FORMATS,
    draft: (m) => small(m, 'Say hello in one word.', { stream: true }),
    expect: { kind: 'answer' },
    usage: true,
  },
  {
    id: 'tools',
    group: 'text',
    label: 'Tool call',
    expects: 'a call of the offered tool with JSON arguments, then an answer to its result',
    formats: ALL_FORMATS,
    draft: (m) =>
      small(m, 'What is the weather in Paris? Use the get_weather tool.', {
        maxTokens: 64,
        tools: [WEATHER_TOOL],
        toolChoice: { name: WEATHER_TOOL.name },
      }),
    expect: { kind: 'toolRoundTrip' },
    usage: true,
  },
  {
    id: 'structured',
    group: 'text',
    label: 'Structured output',
    expects: 'JSON that fits the schema (json_schema, responseSchema; messages through a forced tool)',
    formats: ALL_FORMATS,
    draft: (m) =>
      small(m, 'Name the capital of France as JSON.', {
        maxTokens: 64,
        responseFormat: { name: 'answer', schema: ANSWER_SCHEMA },
      }),
    expect: { kind: 'json' },
    usage: true,
  },
  {
    id: 'thinking',
    group: 'text',
    label: 'Thinking',
    expects: 'reasoning text or reasoning tokens, where the model family has thinking',
    formats: ALL_FORMATS,
    applies: (model) => model === undefined || model.thinking,
    draft: (m) =>
      small(m, 'Is 17 a prime number? Answer yes or no.', {
        stream: true,
        maxTokens: 2200,
        thinking: { enabled: true, budgetTokens: 2048, effort: 'low', includeThoughts: true },
      }),
    expect: { kind: 'reasoning' },
    usage: true,
  },
  {
    id: 'image',
    group: 'text',
    label: 'Image input',
    expects: 'an answer to a prompt with a 1 × 1 PNG',
    formats: ALL_FORMATS,
    draft: (m) => ({
      model: m,
      stream: false,
      maxTokens: 16,
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'What colour is this image? One word.' },
            { type: 'image', mimeType: 'image/png', data: TINY_PNG },
          ],
        },
      ],
    }),
    expect: { kind: 'answer' },
    usage: true,
  },
  {
    id: 'countTokens',
    group: 'text',
    label: 'Count tokens',
    expects: '{input_tokens} as a whole number, no model call',
    formats: ['messages'],
    draft: (m) => small(m, 'Say hello in one word.'),
    expect: { kind: 'countTokens' },
    usage: false,
  },
  {
    id: 'caching',
    group: 'text',
    label: 'Prompt caching',
    expects:
      'usage with cache_creation_input_tokens / cache_read_input_tokens (messages), input_tokens_details.cached_tokens (responses)',
    formats: ['messages', 'responses'],
    draft: (m, format) =>
      small(
        m,
        'Say hello in one word.',
        format === 'messages'
          ? { systemBlocks: [{ text: CACHEABLE_SYSTEM, cacheControl: { type: 'ephemeral' } }] }
          : { system: CACHEABLE_SYSTEM },
      ),
    expect: { kind: 'cacheUsage' },
    usage: true,
  },
  {
    id: 'previousResponse',
    group: 'text',
    label: 'previous_response_id',
    expects: "a second turn that names the first response's id is answered",
    formats: ['responses'],
    draft: (m) => small(m, 'Remember the word "tulip". Say OK.'),
    expect: { kind: 'previousResponse' },
    usage: true,
  },
  {
    id: 'stop',
    group: 'text',
    label: 'Stop sequence',
    expects: 'the answer ends before the stop sequence (messages: stop_reason stop_sequence)',
    formats: ['messages', 'native'],
    draft: (m) => small(m, 'Write one sentence about the sea.', { maxTokens: 40, stopSequences: ['e'] }),
    expect: { kind: 'stopSequence', sequence: 'e' },
    usage: true,
  },
  {
    id: 'badParam',
    group: 'text',
    label: 'Out-of-range refused',
    expects: "temperature 3 (the spec allows 0–2, messages 0–1) refused with 400 in the format's error shape",
    formats: ALL_FORMATS,
    draft: (m) => small(m, 'Say hello in one word.', { temperature: 3 }),
    expect: { kind: 'error', statuses: [400], what: 'temperature 3' },
    usage: false,
  },
  {
    id: 'auth',
    group: 'text',
    label: 'Auth styles',
    expects:
      'Bearer accepted; no key refused with 401; native also takes x-vendor-api-key and ?key=, others refuse ?key=',
    formats: ALL_FORMATS,
    draft: (m) => small(m, 'Say hello in one word.', { maxTokens: 4 }),
    expect: { kind: 'auth' },
    usage: false,
  },
]

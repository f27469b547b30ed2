// Test-only: seeded random drafts (system, turns with text, images, files, reasoning, tool calls and results,
// parameters, tools, every format's extras) and random JSON garbage, for the round-trip and never-throws
// properties of parseRequest. The same seed always yields the same value, so a failure names its seed.
import { synthId } from '../../src/shared/wire/adapter'
import type { BuiltRequest, ParsedRequest, ParseRequestContext } from '../../src/shared/wire/adapter'
import type {
  Draft,
  DraftExtras,
  DraftMessage,
  DraftPart,
  ImagePart,
  Thinking,
  ToolCallPart,
  ToolDefinition,
} from '../../src/shared/wire/draft'

/** A draft using every part kind and every format extra. */
export const FULL_DRAFT: Draft = {
  model: 'm',
  stream: true,
  system: 'S',
  systemBlocks: [{ text: 'cached', cacheControl: { type: 'ephemeral' } }],
  messages: [
    {
      id: 'ui-1',
      role: 'user',
      parts: [
        { type: 'text', text: 'hi', cacheControl: { type: 'persistent' } },
        { type: 'image', mimeType: 'image/png', data: 'AA==', detail: 'low' },
        { type: 'file', filename: 'a.pdf', dataUrl: 'data:application/pdf;base64,AA==' },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'r', signature: 's' },
        { type: 'toolCall', id: 'c', name: 'f', arguments: '{}' },
      ],
    },
    { role: 'tool', parts: [{ type: 'toolResult', callId: 'c', name: 'f', content: 'ok', isError: false }] },
  ],
  temperature: 0.2,
  topP: 0.5,
  topK: 3,
  maxTokens: 9,
  stopSequences: ['x'],
  tools: [{ name: 'f', description: 'd', parameters: { type: 'object' } }],
  toolChoice: { name: 'f' },
  responseFormat: { name: 'r', schema: { type: 'object' } },
  thinking: { enabled: true, budgetTokens: 2000, effort: 'high', includeThoughts: true },
  extras: {
    chat: { enable_thinking: true, thinking_config: { thinking_budget: -1 }, vendorSearch: 'extra_body' },
    responses: {
      reasoning: { effort: 'none' },
      truncation: 'auto',
      tool_choice: { type: 'web_search_preview' },
    },
    messages: { thinking: { type: 'enabled', budget_tokens: 2048 }, disable_parallel_tool_use: true },
    native: {
      generationConfig: { responseModalities: ['IMAGE'] },
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    },
  },
}

export interface Random {
  /** A float in [0, 1). */
  next(): number
  int(min: number, max: number): number
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
}

/** mulberry32: small, fast and good enough to spread test cases. */
export function random(seed: number): Random {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
  }
}

const TEXTS = [
  'Hi',
  '',
  'What is in this picture?',
  'Line one\nline two',
  'wörld ☃ — 日本語',
  '{"looks":"like json"}',
  '42',
  '  padded  ',
]
const RESULTS = [
  'sunny',
  '42',
  '"quoted"',
  '{"temp":21}',
  '',
  'null',
  '[1,2]',
  'true',
  '{"error":"x"}',
  '{"result":5}',
]
const ARGUMENTS = ['{"city":"Paris"}', '{}', '', '{"n":[1,2,{"deep":true}]}', 'not json', '[1]']
const TOOL_NAMES = ['get_weather', 'lookup', 'search_docs', 'vendorSearch']
const SCHEMAS = [
  { type: 'object' },
  { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
]

function maybe<T>(r: Random, p: number, make: () => T): T | undefined {
  return r.chance(p) ? make() : undefined
}

/** Assigns only defined values, so generated drafts carry no `undefined` keys. */
function defined<T extends object>(o: T): T {
  for (const key of Object.keys(o) as (keyof T)[]) if (o[key] === undefined) delete o[key]
  return o
}

function image(r: Random): ImagePart {
  const kind = r.int(0, 3)
  const part: ImagePart =
    kind === 0
      ? {
          type: 'image',
          mimeType: r.pick(['image/png', 'image/jpeg']),
          data: r.pick(['iVBORw0KGgo=', '/9j/4AAQ']),
        }
      : kind === 1
        ? { type: 'image', url: 'https://example.test/cat.jpg' }
        : kind === 2
          ? { type: 'image', url: 'data:image/webp;base64,UklGRg==' }
          : { type: 'image', url: 'https://example.test/x.png', mimeType: 'image/png' }
  return defined({
    ...part,
    detail: maybe(r, 0.3, () => r.pick(['auto', 'low', 'high'] as const)),
    cacheControl: maybe(r, 0.2, () => ({ type: r.pick(['ephemeral', 'persistent'] as const) })),
  })
}

function userParts(r: Random, files: boolean): DraftPart[] {
  const parts: DraftPart[] = []
  const n = r.int(1, 3)
  for (let i = 0; i < n; i++) {
    const kind = r.int(0, 5)
    if (kind <= 2) {
      parts.push(
        defined({
          type: 'text' as const,
          text: r.pick(TEXTS),
          cacheControl: maybe(r, 0.15, () => ({ type: 'ephemeral' as const })),
        }),
      )
    } else if (kind <= 4 || !files) parts.push(image(r))
    else {
      parts.push(
        r.chance(0.5)
          ? { type: 'file', url: 'https://example.test/report.pdf' }
          : defined({
              type: 'file' as const,
              filename: maybe(r, 0.7, () => 'notes.pdf'),
              dataUrl: 'data:application/pdf;base64,JVBERi0=',
            }),
      )
    }
  }
  return parts
}

function assistantParts(r: Random, calls: ToolCallPart[]): DraftPart[] {
  const parts: DraftPart[] = []
  if (r.chance(0.3))
    parts.push({ type: 'reasoning', text: r.pick(TEXTS), signature: r.pick(['sig-1', 'sig-2']) })
  if (r.chance(0.7)) parts.push({ type: 'text', text: r.pick(TEXTS) })
  const n = r.chance(0.5) ? r.int(1, 2) : 0
  for (let i = 0; i < n; i++) {
    const call: ToolCallPart = defined({
      type: 'toolCall' as const,
      id: r.chance(0.3) ? synthId() : `call_${r.int(1, 999)}`,
      name: r.pick(TOOL_NAMES),
      arguments: r.pick(ARGUMENTS),
      signature: maybe(r, 0.2, () => 'sig-call'),
    })
    calls.push(call)
    parts.push(call)
  }
  return parts
}

function messages(r: Random, files: boolean): DraftMessage[] {
  const out: DraftMessage[] = [{ role: 'user', parts: userParts(r, files) }]
  const turns = r.int(0, 6)
  for (let i = 0; i < turns; i++) {
    const last = out[out.length - 1]
    const calls = last?.role === 'assistant' ? last.parts.filter((p) => p.type === 'toolCall') : []
    if (calls.length > 0 && r.chance(0.8)) {
      // Sometimes two tool turns in a row, sometimes a stray text in a tool turn.
      const parts: DraftPart[] = calls.map((c) =>
        defined({
          type: 'toolResult' as const,
          callId: c.id,
          name: c.name,
          content: r.pick(RESULTS),
          isError: maybe(r, 0.3, () => r.chance(0.5)),
        }),
      )
      if (r.chance(0.3) && parts.length > 1) {
        out.push({ role: 'tool', parts: parts.slice(0, 1) })
        out.push({ role: 'tool', parts: parts.slice(1) })
      } else out.push({ role: 'tool', parts })
      continue
    }
    const kind = r.int(0, 9)
    if (kind <= 4) out.push({ role: 'assistant', parts: assistantParts(r, []) })
    else if (kind <= 8) out.push({ role: 'user', parts: userParts(r, files) })
    else
      out.push({
        role: r.pick(['system', 'developer'] as const),
        parts: [{ type: 'text', text: r.pick(TEXTS) }],
      })
  }
  return out
}

function tools(r: Random): ToolDefinition[] {
  const n = r.int(1, 3)
  const out: ToolDefinition[] = []
  for (let i = 0; i < n; i++) {
    out.push(
      defined({
        name: r.pick(TOOL_NAMES),
        description: maybe(r, 0.6, () => r.pick(['Weather', 'Look things up'])),
        parameters: maybe(r, 0.7, () => r.pick(SCHEMAS)),
      }),
    )
  }
  return out
}

function thinking(r: Random): Thinking {
  if (r.chance(0.25)) return { enabled: false }
  return defined({
    enabled: true,
    budgetTokens: maybe(r, 0.4, () => r.pick([0, 2048, 4096, -1])),
    effort: maybe(r, 0.5, () => r.pick(['low', 'medium', 'high'] as const)),
    includeThoughts: maybe(r, 0.4, () => r.chance(0.5)),
  })
}

function extras(r: Random): DraftExtras {
  const chat = defined({
    reasoning_effort: maybe(r, 0.2, () => r.pick(['low', 'medium', 'high'] as const)),
    thinking: maybe(r, 0.2, () => ({ type: r.pick(['enabled', 'disabled'] as const) })),
    enable_thinking: maybe(r, 0.2, () => r.chance(0.5)),
    svc_thinking_to_content: maybe(r, 0.2, () => r.chance(0.5)),
    thinking_config: maybe(r, 0.2, () =>
      r.pick([{}, { thinking_budget: -1 }, { thinking_budget: 2048, include_thoughts: true }]),
    ),
    thinkingLevel: maybe(r, 0.2, () => r.pick(['LOW', 'HIGH'] as const)),
    web_search_options: maybe(r, 0.2, () =>
      r.pick([
        { search_context_size: 'medium' as const },
        { user_location: { approximate: { country: 'FR', city: 'Paris' } } },
        { search_context_size: 'high' as const, user_location: { type: 'approximate', approximate: {} } },
      ]),
    ),
    search_parameters: maybe(r, 0.2, () => ({ mode: 'auto' as const, return_citations: true })),
    parameters: maybe(r, 0.2, () => ({
      enable_search: true,
      search_options: { region: 'eu', recency_days: 7 },
      custom_flag: 'kept',
    })),
    vendorSearch: maybe(r, 0.3, () => r.pick(['function', 'extra_body'] as const)),
  })
  const responses = defined({
    reasoning: maybe(r, 0.3, () =>
      r.pick([{ effort: 'none' as const }, { effort: 'high' as const, summary: 'auto' as const }, {}]),
    ),
    previous_response_id: maybe(r, 0.2, () => 'resp_0'),
    truncation: maybe(r, 0.2, () => r.pick(['auto', 'disabled'] as const)),
    parallel_tool_calls: maybe(r, 0.2, () => r.chance(0.5)),
    max_tool_calls: maybe(r, 0.2, () => 3),
    metadata: maybe(r, 0.2, () => ({ run: '7' })),
    user: maybe(r, 0.2, () => 'u-1'),
    web_search_preview: maybe(r, 0.2, () =>
      r.pick([{}, { search_context_size: 'low' as const, user_location: { country: 'DE', city: 'Berlin' } }]),
    ),
    file_search: maybe(r, 0.2, () => ({ vector_store_ids: ['vs_1'], max_num_results: 4 })),
    tool_choice: maybe(r, 0.2, () =>
      r.pick([
        { type: 'web_search_preview' as const },
        { type: 'file_search' as const },
        { type: 'function' as const, name: 'lookup' },
      ]),
    ),
    functionToolShape: maybe(r, 0.4, () => r.pick(['spec', 'flat'] as const)),
  })
  const messages = defined({
    thinking: maybe(r, 0.2, () =>
      r.pick([{ type: 'enabled' as const, budget_tokens: 1500 }, { type: 'disabled' as const }]),
    ),
    disable_parallel_tool_use: maybe(r, 0.2, () => r.chance(0.5)),
    metadata: maybe(r, 0.2, () => ({ user_id: 'u1' })),
  })
  const native = defined({
    generationConfig: maybe(r, 0.4, () =>
      defined({
        responseMimeType: maybe(r, 0.3, () => r.pick(['text/plain', 'application/json'])),
        responseModalities: maybe(r, 0.3, () =>
          r.pick([['TEXT'], ['TEXT', 'IMAGE']] as ('TEXT' | 'IMAGE')[][]),
        ),
        thinkingConfig: maybe(r, 0.4, () =>
          r.pick([{ includeThoughts: false }, { thinkingLevel: 'LOW' as const }, { thinkingBudget: 512 }]),
        ),
        imageConfig: maybe(r, 0.2, () => ({
          aspectRatio: '16:9',
          imageOutputOptions: { mimeType: 'image/jpeg' },
        })),
        candidateCount: maybe(r, 0.2, () => 1),
      }),
    ),
    safetySettings: maybe(r, 0.2, () => [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }]),
    toolConfig: maybe(r, 0.2, () =>
      r.pick([
        { functionCallingConfig: { mode: 'NONE' as const } },
        { functionCallingConfig: { mode: 'ANY' as const, allowedFunctionNames: ['lookup', 'get_weather'] } },
        { functionCallingConfig: { mode: 'AUTO' as const } },
      ]),
    ),
    cachedContent: maybe(r, 0.2, () => 'cachedContents/123'),
    vendorSearch: maybe(r, 0.2, () => true),
  })
  return defined({
    chat: Object.keys(chat).length > 0 ? chat : undefined,
    responses: Object.keys(responses).length > 0 ? responses : undefined,
    messages: Object.keys(messages).length > 0 ? messages : undefined,
    native: Object.keys(native).length > 0 ? native : undefined,
  })
}

/**
 * A random draft using every feature some format builds; each format's build ignores what it lacks. File
 * parts appear only when `files` is set: chat drops them, and a one-text array left behind is rebuilt as a
 * string.
 */
export function randomDraft(seed: number, files = true): Draft {
  const r = random(seed)
  const draftTools = maybe(r, 0.5, () => tools(r))
  const firstTool = draftTools?.[0]?.name ?? 'lookup'
  return defined({
    model: r.pick(['gpt-x', 'claude-x', 'gem-x']),
    stream: maybe(r, 0.7, () => r.chance(0.5)),
    system: maybe(r, 0.5, () => r.pick(TEXTS)),
    systemBlocks: maybe(r, 0.25, () => [
      { text: 'You are a weather bot.' },
      defined({
        text: 'Long cached context',
        cacheControl: maybe(r, 0.7, () => ({ type: 'persistent' as const })),
      }),
    ]),
    messages: messages(r, files),
    temperature: maybe(r, 0.5, () => r.pick([0, 0.3, 1, 1.7])),
    topP: maybe(r, 0.4, () => r.pick([0.5, 0.9, 1])),
    topK: maybe(r, 0.3, () => r.int(1, 40)),
    maxTokens: maybe(r, 0.5, () => r.pick([1, 256, 4096])),
    stopSequences: maybe(r, 0.3, () => r.pick([[], ['END'], ['###', 'STOP!']])),
    tools: draftTools,
    toolChoice: maybe(r, 0.4, () => r.pick(['auto', 'none', 'required', { name: firstTool }] as const)),
    responseFormat: maybe(r, 0.25, () => ({ name: 'answer', schema: r.pick(SCHEMAS) })),
    thinking: maybe(r, 0.4, () => thinking(r)),
    extras: maybe(r, 0.6, () => extras(r)),
  })
}

/** A random JSON value (objects, arrays, strings, numbers, booleans, null), at most `depth` levels deep. */
export function randomJson(r: Random, depth = 3, keys: readonly string[] = []): unknown {
  const kind = depth <= 0 ? r.int(0, 4) : r.int(0, 6)
  switch (kind) {
    case 0:
      return null
    case 1:
      return r.chance(0.5)
    case 2:
      return r.pick([0, -1, 1.5, 1e308, 42])
    case 3:
    case 4:
      return r.pick(['', 'x', 'user', 'assistant', 'text', 'function', 'data:image/png;base64,AA==', ...keys])
    case 5:
      return Array.from({ length: r.int(0, 4) }, () => randomJson(r, depth - 1, keys))
    default: {
      const o: Record<string, unknown> = {}
      for (let i = r.int(0, 4); i > 0; i--)
        o[r.pick(['type', 'role', 'text', 'x', ...keys])] = randomJson(r, depth - 1, keys)
      return o
    }
  }
}

/** `value` with one node (chosen by `r`) replaced by random JSON: a body that is almost right. */
export function mutate(value: unknown, r: Random, keys: readonly string[]): unknown {
  const copy = structuredClone(value)
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = []
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        nodes.push({ parent: node, key: i })
        walk(child)
      })
    } else if (typeof node === 'object' && node !== null) {
      for (const [k, child] of Object.entries(node)) {
        nodes.push({ parent: node as Record<string, unknown>, key: k })
        walk(child)
      }
    }
  }
  walk(copy)
  if (nodes.length === 0) return randomJson(r, 3, keys)
  const target = r.pick(nodes)
  const replacement = randomJson(r, 2, keys)
  if (Array.isArray(target.parent)) target.parent[target.key as number] = replacement
  else target.parent[target.key as string] = replacement
  return copy
}

/** What the round-trip and fuzz tests need of a format module. */
export interface RequestCodec {
  build(draft: Draft): BuiltRequest
  parseRequest(body: unknown, context?: ParseRequestContext): ParsedRequest
}

/** Keys that make random JSON look like a body of any format, so garbage reaches deep into the readers. */
export const BODY_KEYS = [
  'messages',
  'content',
  'input',
  'contents',
  'parts',
  'tools',
  'tool_calls',
  'function',
  'name',
  'arguments',
  'image_url',
  'url',
  'source',
  'system',
  'generationConfig',
  'thinkingConfig',
  'functionCall',
  'functionResponse',
  'inlineData',
  'tool_choice',
  'cache_control',
  'extra_body',
  'vendor',
  'reasoning',
  'thinking',
] as const

// Messages (`/v1/messages`, `/v1/messages/count_tokens`): build content blocks from a draft (tool results as
// `tool_result` blocks in a user turn, images as base64 sources, signed thinking replayed), parse a `message`,
// and fold the block event stream. Only `message_stop` completes a stream; `event: error` ends it as an error.
import { THINKING_BUDGET_BY_EFFORT } from '../catalog/textParams'
import { jsonHeaders, WireParseError } from './adapter'
import type { BuiltRequest, FormatAdapter } from './adapter'
import { parseDataUrl } from './dataUrl'
import type { CacheControl, Draft, DraftMessage, ImagePart } from './draft'
import { emptyCompletion, parseArguments, toolCallEnd } from './events'
import type { Completion, Finish, FolderStatus, SseFrame, StreamEvent, StreamFolder, Usage } from './events'
import { FORMAT_LABELS } from './format'
import { arr, compact, isObject, num, obj, parseJson, readError, str } from './read'
import type { JsonObject } from './read'

export const MESSAGES_PATH = '/v1/messages'
export const COUNT_TOKENS_PATH = '/v1/messages/count_tokens'
/** Sent because upstream servers require it; the gateway accepts any value. */
export const ANTHROPIC_VERSION = '2023-06-01'

// ---------------------------------------------------------------- build

const cache = (c: CacheControl | undefined): JsonObject | undefined => (c ? { type: c.type } : undefined)

function systemField(draft: Draft): unknown {
  const blocks = draft.systemBlocks ?? []
  if (blocks.length > 0) {
    return blocks.map((b) => compact({ type: 'text', text: b.text, cache_control: cache(b.cacheControl) }))
  }
  return draft.system ? draft.system : undefined
}

function imageBlock(p: ImagePart): JsonObject {
  const fromUrl = p.url !== undefined ? parseDataUrl(p.url) : undefined
  const source =
    p.data !== undefined
      ? { type: 'base64', media_type: p.mimeType ?? 'image/png', data: p.data }
      : fromUrl?.base64
        ? { type: 'base64', media_type: fromUrl.mimeType, data: fromUrl.data }
        : { type: 'url', url: p.url ?? '' }
  return compact({ type: 'image', source, cache_control: cache(p.cacheControl) })
}

function objectArgs(args: string): JsonObject {
  const parsed = parseArguments(args)
  return isObject(parsed) ? parsed : {}
}

function toBlocks(m: DraftMessage): JsonObject[] {
  const blocks: JsonObject[] = []
  // Signed thinking goes first: the API checks it precedes the tool_use it led to.
  for (const p of m.parts) {
    if (p.type === 'reasoning' && m.role === 'assistant' && p.signature) {
      blocks.push({ type: 'thinking', thinking: p.text, signature: p.signature })
    }
  }
  for (const p of m.parts) {
    if (p.type === 'text' && p.text !== '') {
      blocks.push(compact({ type: 'text', text: p.text, cache_control: cache(p.cacheControl) }))
    } else if (p.type === 'image') blocks.push(imageBlock(p))
    else if (p.type === 'toolCall')
      blocks.push({ type: 'tool_use', id: p.id, name: p.name, input: objectArgs(p.arguments) })
    else if (p.type === 'toolResult') {
      blocks.push(
        compact({ type: 'tool_result', tool_use_id: p.callId, content: p.content, is_error: p.isError }),
      )
    }
  }
  return blocks
}

/** Draft turns as messages-format turns: tool turns become user turns, and same-role neighbours merge. */
export function toMessages(draft: Draft): JsonObject[] {
  const out: { role: string; blocks: JsonObject[] }[] = []
  for (const m of draft.messages) {
    const role = m.role === 'assistant' ? 'assistant' : 'user'
    const blocks = toBlocks(m)
    const last = out[out.length - 1]
    if (last && last.role === role) last.blocks.push(...blocks)
    else out.push({ role, blocks })
  }
  return out.map(({ role, blocks }) => {
    const only = blocks[0]
    // A lone plain text block is sent as a string, the simplest form every server accepts.
    if (blocks.length === 1 && only?.type === 'text' && only.cache_control === undefined)
      return { role, content: only.text }
    return { role, content: blocks }
  })
}

function toolDefinitions(draft: Draft): JsonObject[] {
  const tools = (draft.tools ?? []).map((t) =>
    compact({
      name: t.name,
      description: t.description,
      input_schema: t.parameters ?? { type: 'object', properties: {} },
    }),
  )
  // Structured output in this format is a forced tool whose input is the JSON (see toolChoice below).
  if (draft.responseFormat) {
    tools.push({
      name: draft.responseFormat.name,
      description: 'Return the answer as JSON matching this schema.',
      input_schema: draft.responseFormat.schema,
    })
  }
  return tools
}

function toolChoice(draft: Draft): JsonObject | undefined {
  const choice = draft.toolChoice
  const disable = draft.extras?.messages?.disable_parallel_tool_use
  let base: JsonObject | undefined
  if (choice === 'auto') base = { type: 'auto' }
  else if (choice === 'none') base = { type: 'none' }
  else if (choice === 'required') base = { type: 'any' }
  else if (choice !== undefined) base = { type: 'tool', name: choice.name }
  else if (draft.responseFormat) base = { type: 'tool', name: draft.responseFormat.name }
  if (disable !== undefined) base = { ...(base ?? { type: 'auto' }), disable_parallel_tool_use: disable }
  return base
}

function thinkingField(draft: Draft): JsonObject | undefined {
  const extra = draft.extras?.messages?.thinking
  if (extra) return { ...extra }
  const t = draft.thinking
  if (!t?.enabled) return undefined
  return { type: 'enabled', budget_tokens: t.budgetTokens ?? THINKING_BUDGET_BY_EFFORT[t.effort ?? 'medium'] }
}

export function build(draft: Draft): BuiltRequest {
  const stream = draft.stream === true
  const tools = toolDefinitions(draft)
  const metadata = draft.extras?.messages?.metadata
  const body = compact({
    model: draft.model,
    max_tokens: draft.maxTokens,
    system: systemField(draft),
    messages: toMessages(draft),
    stream,
    temperature: draft.temperature,
    top_p: draft.topP,
    top_k: draft.topK,
    stop_sequences:
      draft.stopSequences && draft.stopSequences.length > 0 ? [...draft.stopSequences] : undefined,
    tools: tools.length > 0 ? tools : undefined,
    tool_choice: toolChoice(draft),
    thinking: thinkingField(draft),
    metadata: metadata ? { ...metadata } : undefined,
  })
  return {
    method: 'POST',
    path: MESSAGES_PATH,
    headers: { ...jsonHeaders(stream), 'anthropic-version': ANTHROPIC_VERSION },
    body,
  }
}

/** The count_tokens request (endpoint 4): model, messages, system and tools only. */
export function buildCountTokens(draft: Draft): BuiltRequest {
  const tools = toolDefinitions(draft)
  const body = compact({
    model: draft.model,
    system: systemField(draft),
    messages: toMessages(draft),
    tools: tools.length > 0 ? tools : undefined,
  })
  return {
    method: 'POST',
    path: COUNT_TOKENS_PATH,
    headers: { ...jsonHeaders(false), 'anthropic-version': ANTHROPIC_VERSION },
    body,
  }
}

/** `input_tokens` of a count_tokens answer. */
export function parseCountTokens(json: unknown): number {
  const n = num(obj(json)?.input_tokens)
  if (n === undefined) throw new WireParseError('A count_tokens answer must carry a numeric input_tokens')
  return n
}

// ---------------------------------------------------------------- parse

const FINISH_MAP: Record<string, Finish> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'refusal',
}

export const messagesFinish = (reason: string | null | undefined): Finish =>
  reason ? (FINISH_MAP[reason] ?? 'other') : 'other'

/** Usage with a total that counts cache reads and writes, which `input_tokens` leaves out. */
export function messagesUsage(u: JsonObject): Usage {
  const usage: Usage = compact({
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    cachedRead: num(u.cache_read_input_tokens),
    cacheCreation: num(u.cache_creation_input_tokens),
  })
  if (usage.input === undefined && usage.output === undefined) return usage
  const parts = [usage.input, usage.output, usage.cachedRead, usage.cacheCreation]
  return { ...usage, total: parts.reduce<number>((sum, n) => sum + (n ?? 0), 0) }
}

export function parseResponse(json: unknown): Completion {
  const body = obj(json)
  if (!body) throw new WireParseError('A messages body must be a JSON object')
  const c = emptyCompletion()
  c.id = str(body.id)
  c.model = str(body.model)
  const reasoning: string[] = []
  for (const raw of arr(body.content)) {
    const block = obj(raw)
    if (!block) continue
    if (block.type === 'text') c.text += str(block.text) ?? ''
    else if (block.type === 'thinking') {
      const text = str(block.thinking) ?? ''
      reasoning.push(text)
      c.reasoningBlocks.push(compact({ text, signature: str(block.signature) }))
    } else if (block.type === 'tool_use') {
      const input = block.input ?? {}
      const args = JSON.stringify(input)
      c.toolCalls.push({
        id: str(block.id) ?? '',
        name: str(block.name) ?? '',
        arguments: args,
        parsedArguments: input,
      })
    }
  }
  c.reasoning = reasoning.join('\n\n')
  const usage = obj(body.usage)
  if (usage) c.usage = messagesUsage(usage)
  c.stopReason = str(body.stop_reason) ?? null
  c.finish = c.stopReason === null ? null : messagesFinish(c.stopReason)
  return c
}

export const parseError = readError

// ---------------------------------------------------------------- fold

type Block =
  { kind: 'text' } | { kind: 'thinking' } | { kind: 'tool'; index: number; args: string; initial: string }

export function createFolder(): StreamFolder {
  let status: FolderStatus = 'open'
  let closed = false
  let finished = false
  let nextTool = 0
  let usage: JsonObject = {}
  const blocks = new Map<number, Block>()

  const onUsage = (u: JsonObject | undefined, out: StreamEvent[]): void => {
    if (!u) return
    // message_delta repeats only what changed; keep the rest from message_start.
    for (const [k, v] of Object.entries(u)) if (v !== null && v !== undefined) usage[k] = v
    out.push({ type: 'usage', usage: messagesUsage(usage) })
  }

  return {
    get status() {
      return status
    },
    push(frame: SseFrame): StreamEvent[] {
      if (closed) return []
      const json = parseJson(frame.data)
      const data = obj(json)
      if (!data) {
        return [
          {
            type: 'warning',
            message: 'Skipped a messages stream frame that is not a JSON object',
            raw: frame.data,
          },
        ]
      }
      const type = str(data.type) ?? frame.event
      const out: StreamEvent[] = []
      switch (type) {
        case 'message_start': {
          const message = obj(data.message) ?? {}
          out.push(compact({ type: 'meta' as const, id: str(message.id), model: str(message.model) }))
          usage = {}
          onUsage(obj(message.usage), out)
          break
        }
        case 'content_block_start': {
          const index = num(data.index) ?? blocks.size
          const block = obj(data.content_block) ?? {}
          if (block.type === 'text') {
            blocks.set(index, { kind: 'text' })
            const text = str(block.text)
            if (text) out.push({ type: 'text', delta: text })
          } else if (block.type === 'thinking') {
            blocks.set(index, { kind: 'thinking' })
            const text = str(block.thinking)
            if (text) out.push({ type: 'reasoning', delta: text })
          } else if (block.type === 'tool_use') {
            const input = obj(block.input)
            const initial = input && Object.keys(input).length > 0 ? JSON.stringify(input) : ''
            const tool: Block = { kind: 'tool', index: nextTool++, args: '', initial }
            blocks.set(index, tool)
            out.push({
              type: 'toolCallStart',
              index: tool.index,
              id: str(block.id) ?? '',
              name: str(block.name) ?? '',
            })
          }
          break
        }
        case 'content_block_delta': {
          const block = blocks.get(num(data.index) ?? -1)
          const delta = obj(data.delta) ?? {}
          if (delta.type === 'text_delta') {
            const text = str(delta.text)
            if (text) out.push({ type: 'text', delta: text })
          } else if (delta.type === 'thinking_delta') {
            const text = str(delta.thinking)
            if (text) out.push({ type: 'reasoning', delta: text })
          } else if (delta.type === 'signature_delta') {
            const signature = str(delta.signature)
            if (signature) out.push({ type: 'reasoningSignature', signature })
          } else if (delta.type === 'input_json_delta' && block?.kind === 'tool') {
            // The first piece is often "": no event for it.
            const piece = str(delta.partial_json) ?? ''
            if (piece !== '') {
              block.args += piece
              out.push({ type: 'toolCallDelta', index: block.index, argumentsDelta: piece })
            }
          }
          break
        }
        case 'content_block_stop': {
          const block = blocks.get(num(data.index) ?? -1)
          if (block?.kind === 'tool') out.push(toolCallEnd(block.index, block.args || block.initial || '{}'))
          break
        }
        case 'message_delta': {
          onUsage(obj(data.usage), out)
          const reason = str(obj(data.delta)?.stop_reason)
          if (reason && !finished) {
            finished = true
            out.push({ type: 'finish', stopReason: reason, finish: messagesFinish(reason) })
          }
          break
        }
        case 'message_stop':
          if (!finished) {
            finished = true
            out.push({ type: 'finish', stopReason: null, finish: 'other' })
          }
          closed = true
          status = 'complete'
          break
        case 'error':
          closed = true
          status = 'error'
          return [{ type: 'error', ...readError(json) }]
        default:
          // ping and event types this client does not know
          break
      }
      return out
    },
    end(): StreamEvent[] {
      if (closed) return []
      closed = true
      status = 'incomplete'
      return [{ type: 'incomplete', message: 'The messages stream closed before message_stop' }]
    },
  }
}

export const messages: FormatAdapter = {
  id: 'messages',
  label: FORMAT_LABELS.messages,
  build,
  parseResponse,
  parseError,
  createFolder,
}

// Messages, whole answers: a `message` becomes a completion, with the stop and usage readers the stream
// folder shares.
import { WireParseError } from '../adapter'
import { emptyCompletion, type Completion, type Finish, type Usage } from '../events'
import { reportedUsage } from '../reportedUsage'
import { arr, compact, num, obj, readError, str } from '../read'
import { messagesBlockCitations, usageDetails } from '../answerExtras'
import type { JsonObject } from '../read'

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
const MESSAGES_USAGE_MAPPED = [
  'input_tokens',
  'output_tokens',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
]

export function messagesUsage(u: JsonObject): Usage {
  const usage: Usage = compact({
    input: num(u.input_tokens),
    output: num(u.output_tokens),
    cachedRead: num(u.cache_read_input_tokens),
    cacheCreation: num(u.cache_creation_input_tokens),
    details: usageDetails(u, MESSAGES_USAGE_MAPPED),
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
    if (block.type === 'text') {
      c.text += str(block.text) ?? ''
      const citations = messagesBlockCitations(block.citations)
      if (citations.length) c.citations = [...(c.citations ?? []), ...citations]
    } else if (block.type === 'thinking') {
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
  const reported = usage && reportedUsage(messagesUsage(usage))
  if (reported) c.usage = reported
  c.stopReason = str(body.stop_reason) ?? null
  const matched = str(body.stop_sequence)
  if (matched) c.stopSequence = matched.slice(0, 1000)
  c.finish = c.stopReason === null ? null : messagesFinish(c.stopReason)
  return c
}

export const parseError = readError

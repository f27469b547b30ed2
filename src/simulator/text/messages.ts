// Endpoints 3 and 4, messages and count_tokens: parses the messages format (system, content blocks, tools,
// thinking, cache_control) into a Conversation and renders the Reply as a `message` or as the SSE sequence
// message_start → blocks (thinking with one signature_delta, text, tool_use with input_json_delta) →
// message_delta → message_stop, every `event:` name equal to `data.type`. count_tokens uses the same parser,
// so its `input_tokens` equals the usage of the same request sent to /v1/messages.
import { createHash } from 'node:crypto'
import type { SimContext } from '../types'
import { openSse, sendJson } from '../http'
import { streamErrorEvents } from '../errors'
import { RequestError, type Json } from './body'
import { lastUserText, type Conversation } from './conversation'
import { newId, planReply, type FinishReason, type Reply } from './reply'
import { countConversationTokens, splitPieces } from './tokens'
import { usePromptCache } from './cache'
import { messagesCitations } from './citations'
import { jsonPieces } from './route'
import { parseMessagesRequest, type MessagesRequest } from './messagesRequest'

const STOP_REASON: Record<FinishReason, string> = {
  stop: 'end_turn',
  stop_sequence: 'stop_sequence',
  length: 'max_tokens',
  tool_calls: 'tool_use',
}

function signatureOf(reply: Reply): string {
  return createHash('sha256').update(`sim-signature:${reply.seed}:${reply.reasoning}`).digest('base64')
}

function contentBlocks(reply: Reply, conversation: Conversation): Json[] {
  const blocks: Json[] = []
  if (reply.reasoning)
    blocks.push({ type: 'thinking', thinking: reply.reasoning, signature: signatureOf(reply) })
  if (reply.text || reply.toolCalls.length === 0) {
    const citations = conversation.search ? messagesCitations(reply.text, lastUserText(conversation)) : []
    blocks.push(
      citations.length ? { type: 'text', text: reply.text, citations } : { type: 'text', text: reply.text },
    )
  }
  for (const call of reply.toolCalls) {
    blocks.push({
      type: 'tool_use',
      id: call.id.replace(/^call_/, 'toolu_'),
      name: call.name,
      input: call.args,
    })
  }
  return blocks
}

interface Usage {
  input_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
  output_tokens: number
}

function usageOf(ctx: SimContext, request: MessagesRequest, reply: Reply): Usage {
  const cache = usePromptCache(ctx.sim, request.conversation.model, request.cachePrefix)
  return {
    input_tokens: Math.max(0, reply.inputTokens - cache.creation - cache.read),
    cache_creation_input_tokens: cache.creation,
    cache_read_input_tokens: cache.read,
    output_tokens: reply.outputTokens,
  }
}

async function streamMessage(
  ctx: SimContext,
  request: MessagesRequest,
  reply: Reply,
  usage: Usage,
): Promise<void> {
  const sse = openSse(ctx, (message) => streamErrorEvents('messages', message))
  const send = (type: string, fields: Json, tokens = 0): Promise<void> =>
    sse.event(type, { type, ...fields }, tokens)
  await send('message_start', {
    message: {
      id: newId('msg_'),
      type: 'message',
      role: 'assistant',
      model: request.conversation.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 0 },
    },
  })
  await send('ping', {})
  for (const [index, block] of contentBlocks(reply, request.conversation).entries()) {
    if (block.type === 'thinking') {
      await send('content_block_start', {
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      })
      for (const piece of splitPieces(block.thinking as string)) {
        if (sse.closed) return
        await send(
          'content_block_delta',
          { index, delta: { type: 'thinking_delta', thinking: piece.text } },
          piece.tokens,
        )
      }
      await send('content_block_delta', {
        index,
        delta: { type: 'signature_delta', signature: block.signature },
      })
    } else if (block.type === 'text') {
      await send('content_block_start', { index, content_block: { type: 'text', text: '' } })
      for (const piece of splitPieces(block.text as string)) {
        if (sse.closed) return
        await send(
          'content_block_delta',
          { index, delta: { type: 'text_delta', text: piece.text } },
          piece.tokens,
        )
      }
      for (const citation of (block.citations as Json[] | undefined) ?? [])
        await send('content_block_delta', { index, delta: { type: 'citations_delta', citation } })
    } else {
      await send('content_block_start', { index, content_block: { ...block, input: {} } })
      await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } })
      for (const piece of jsonPieces(JSON.stringify(block.input))) {
        if (sse.closed) return
        await send(
          'content_block_delta',
          { index, delta: { type: 'input_json_delta', partial_json: piece.text } },
          piece.tokens,
        )
      }
    }
    await send('content_block_stop', { index })
  }
  await send('message_delta', {
    delta: { stop_reason: STOP_REASON[reply.finish], stop_sequence: reply.stopSequence ?? null },
    usage: { output_tokens: reply.outputTokens },
  })
  await send('message_stop', {})
  sse.end()
}

export async function handleMessages(ctx: SimContext, body: Json): Promise<void> {
  const request = parseMessagesRequest(body, 'messages')
  const reply = planReply(request.conversation)
  const usage = usageOf(ctx, request, reply)
  if (request.stream) {
    await streamMessage(ctx, request, reply, usage)
    return
  }
  sendJson(ctx, 200, {
    id: newId('msg_'),
    type: 'message',
    role: 'assistant',
    model: request.conversation.model,
    content: contentBlocks(reply, request.conversation),
    stop_reason: STOP_REASON[reply.finish],
    stop_sequence: reply.stopSequence ?? null,
    usage,
  })
}

export function handleCountTokens(ctx: SimContext, body: Json): void {
  // Field-validation messages name the field first, as the real endpoint's do ("model: Field required").
  if (body.model === undefined) throw new RequestError(400, 'model: Field required', 'model')
  if (body.messages === undefined) throw new RequestError(400, 'messages: Field required', 'messages')
  const request = parseMessagesRequest(body, 'count_tokens')
  sendJson(ctx, 200, { input_tokens: countConversationTokens(request.conversation) })
}

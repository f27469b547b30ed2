// Endpoint 1, chat completions: parses the request into a Conversation and renders the Reply as a
// `chat.completion` or as `chat.completion.chunk` SSE ending in `data: [DONE]` (WIRE-NOTES): `role` on the
// first delta, tool calls as indexed fragments, a usage chunk (`choices: []`) only with `include_usage`.
import type { SimContext } from '../types'
import { openSse, sendJson } from '../http'
import { streamErrorEvents } from '../errors'
import { type Json } from './body'
import { lastUserText } from './conversation'
import { newId, planReply, type FinishReason, type Reply } from './reply'
import { splitPieces } from './tokens'
import { chatAnnotations } from './citations'
import { jsonPieces, unixSeconds } from './route'
import { parseChatRequest, type ChatRequest } from './chatRequest'

const FINISH: Record<FinishReason, string> = {
  stop: 'stop',
  stop_sequence: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
}

function usageOf(reply: Reply): Json {
  return {
    prompt_tokens: reply.inputTokens,
    completion_tokens: reply.outputTokens,
    total_tokens: reply.inputTokens + reply.outputTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reply.reasoningTokens },
  }
}

function inlineThinking(reasoning: string): string {
  return `<think>\n${reasoning}\n</think>\n\n`
}

function renderCompletion(request: ChatRequest, reply: Reply, now: number): Json {
  const { reasoning } = request.conversation
  const shown = reasoning?.show === true && reply.reasoning !== ''
  let content: string | null = reply.text
  if (shown && reasoning?.inline) content = inlineThinking(reply.reasoning) + reply.text
  const message: Json = { role: 'assistant', content, refusal: null }
  if (request.conversation.search)
    message.annotations = chatAnnotations(reply.text, lastUserText(request.conversation))
  if (shown && !reasoning?.inline) message.reasoning_content = reply.reasoning
  if (reply.toolCalls.length > 0) {
    if (!content) message.content = null
    message.tool_calls = reply.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.argsJson },
    }))
  }
  return {
    id: newId('chatcmpl-'),
    object: 'chat.completion',
    created: unixSeconds(now),
    model: request.conversation.model,
    system_fingerprint: 'fp_simulator',
    choices: [{ index: 0, message, logprobs: null, finish_reason: FINISH[reply.finish] }],
    usage: usageOf(reply),
  }
}

async function streamCompletion(ctx: SimContext, request: ChatRequest, reply: Reply): Promise<void> {
  const sse = openSse(ctx, (message) => streamErrorEvents('openai', message))
  const base = {
    id: newId('chatcmpl-'),
    object: 'chat.completion.chunk',
    created: unixSeconds(ctx.sim.clock.now()),
    model: request.conversation.model,
    system_fingerprint: 'fp_simulator',
  }
  const usageField = request.includeUsage ? { usage: null } : {}
  const chunk = (delta: Json, finish: string | null = null): Json => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...usageField,
  })
  const { reasoning } = request.conversation
  const shown = reasoning?.show === true && reply.reasoning !== ''

  await sse.event(undefined, chunk({ role: 'assistant', content: '', refusal: null }))
  if (shown && reasoning?.inline) {
    const pieces = splitPieces(inlineThinking(reply.reasoning) + reply.text)
    for (const piece of pieces) {
      if (sse.closed) return
      await sse.event(undefined, chunk({ content: piece.text }), piece.tokens)
    }
  } else {
    if (shown) {
      for (const piece of splitPieces(reply.reasoning)) {
        if (sse.closed) return
        await sse.event(undefined, chunk({ reasoning_content: piece.text }), piece.tokens)
      }
    }
    for (const piece of splitPieces(reply.text)) {
      if (sse.closed) return
      await sse.event(undefined, chunk({ content: piece.text }), piece.tokens)
    }
  }
  for (const [index, call] of reply.toolCalls.entries()) {
    const head = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }
    await sse.event(undefined, chunk({ tool_calls: [head] }), 1)
    for (const piece of jsonPieces(call.argsJson)) {
      if (sse.closed) return
      await sse.event(
        undefined,
        chunk({ tool_calls: [{ index, function: { arguments: piece.text } }] }),
        piece.tokens,
      )
    }
  }
  const annotations = request.conversation.search
    ? { annotations: chatAnnotations(reply.text, lastUserText(request.conversation)) }
    : {}
  await sse.event(undefined, chunk(annotations, FINISH[reply.finish]))
  if (request.includeUsage) await sse.event(undefined, { ...base, choices: [], usage: usageOf(reply) })
  await sse.event(undefined, '[DONE]')
  sse.end()
}

export async function handleChat(ctx: SimContext, body: Json): Promise<void> {
  const request = parseChatRequest(body)
  const reply = planReply(request.conversation)
  if (request.stream) await streamCompletion(ctx, request, reply)
  else sendJson(ctx, 200, renderCompletion(request, reply, ctx.sim.clock.now()))
}

// Endpoint 2, responses: renders the Reply to a parsed request as a `response` object or as the typed SSE
// sequence of WIRE-NOTES, every event carrying `type` equal to its `event:` name and a growing
// `sequence_number`, every `item_id` equal to its item's id. A stored response is kept before the terminal
// event, so a client that continues at once finds it.
import type { SimContext } from '../types'
import { openSse, sendJson, type SseEventSpec } from '../http'
import type { Json } from './body'
import { newId, planReply, type Reply } from './reply'
import { splitPieces } from './tokens'
import { jsonPieces, unixSeconds } from './route'
import { responsesAnnotations } from './citations'
import { lastUserText } from './conversation'
import { parseResponsesRequest, rememberResponse, type ResponsesRequest } from './responsesRequest'

interface Items {
  reasoning: Json | undefined
  message: Json | undefined
  calls: Json[]
}

function buildItems(request: ResponsesRequest, reply: Reply): Items {
  const incomplete = reply.finish === 'length'
  const shown = request.conversation.reasoning?.show === true
  return {
    reasoning: request.effort
      ? {
          id: newId('rs_'),
          type: 'reasoning',
          summary: shown && reply.reasoning ? [{ type: 'summary_text', text: reply.reasoning }] : [],
        }
      : undefined,
    message:
      reply.text || reply.toolCalls.length === 0
        ? {
            id: newId('msg_'),
            type: 'message',
            status: incomplete ? 'incomplete' : 'completed',
            role: 'assistant',
            content: [
              {
                type: 'output_text',
                text: reply.text,
                annotations: request.conversation.search
                  ? responsesAnnotations(reply.text, lastUserText(request.conversation))
                  : [],
                logprobs: [],
              },
            ],
          }
        : undefined,
    calls: reply.toolCalls.map((call) => ({
      id: `fc_${call.id.replace(/^call_/, '')}`,
      type: 'function_call',
      status: 'completed',
      call_id: call.id,
      name: call.name,
      arguments: call.argsJson,
    })),
  }
}

function responseObject(request: ResponsesRequest, id: string, createdAt: number, status: string): Json {
  const { body, conversation } = request
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: body.max_tool_calls ?? null,
    model: conversation.model,
    output: [],
    parallel_tool_calls: conversation.parallelToolCalls,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: request.effort ?? null, summary: request.summary ?? null },
    service_tier: 'default',
    store: request.store,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? 'disabled',
    usage: null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  }
}

function finalResponse(
  request: ResponsesRequest,
  id: string,
  createdAt: number,
  reply: Reply,
  items: Items,
): Json {
  const incomplete = reply.finish === 'length'
  return {
    ...responseObject(request, id, createdAt, incomplete ? 'incomplete' : 'completed'),
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    output: [items.reasoning, items.message, ...items.calls].filter((item) => item !== undefined),
    usage: {
      input_tokens: reply.inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: reply.outputTokens,
      output_tokens_details: { reasoning_tokens: reply.reasoningTokens },
      total_tokens: reply.inputTokens + reply.outputTokens,
    },
  }
}

async function streamResponse(
  ctx: SimContext,
  request: ResponsesRequest,
  reply: Reply,
  id: string,
): Promise<void> {
  const createdAt = unixSeconds(ctx.sim.clock.now())
  const items = buildItems(request, reply)
  let sequence = 0
  const data = (type: string, fields: Json): Json => ({ type, sequence_number: sequence++, ...fields })
  const failed = (message: string): SseEventSpec[] => [
    { name: 'error', data: data('error', { code: 'server_error', message, param: null }) },
    {
      name: 'response.failed',
      data: data('response.failed', {
        response: {
          ...responseObject(request, id, createdAt, 'failed'),
          error: { code: 'server_error', message },
        },
      }),
    },
  ]
  const sse = openSse(ctx, failed)
  const send = (type: string, fields: Json, tokens = 0): Promise<void> =>
    sse.event(type, data(type, fields), tokens)

  const inProgress = responseObject(request, id, createdAt, 'in_progress')
  await send('response.created', { response: inProgress })
  await send('response.in_progress', { response: inProgress })
  let outputIndex = 0
  if (items.reasoning) {
    const item = items.reasoning
    const itemId = item.id as string
    const at = { item_id: itemId, output_index: outputIndex }
    await send('response.output_item.added', { output_index: outputIndex, item: { ...item, summary: [] } })
    const summary = (item.summary as Json[])[0]
    if (summary) {
      const text = summary.text as string
      await send('response.reasoning_summary_part.added', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text: '' },
      })
      for (const piece of splitPieces(text)) {
        if (sse.closed) return
        await send(
          'response.reasoning_summary_text.delta',
          { ...at, summary_index: 0, delta: piece.text },
          piece.tokens,
        )
      }
      await send('response.reasoning_summary_text.done', { ...at, summary_index: 0, text })
      await send('response.reasoning_summary_part.done', {
        ...at,
        summary_index: 0,
        part: { type: 'summary_text', text },
      })
    }
    await send('response.output_item.done', { output_index: outputIndex, item })
    outputIndex += 1
  }
  if (items.message) {
    const item = items.message
    const at = { item_id: item.id as string, output_index: outputIndex, content_index: 0 }
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] }
    await send('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item, status: 'in_progress', content: [] },
    })
    await send('response.content_part.added', { ...at, part })
    for (const piece of splitPieces(reply.text)) {
      if (sse.closed) return
      await send('response.output_text.delta', { ...at, delta: piece.text, logprobs: [] }, piece.tokens)
    }
    const content = (item.content as Json[])[0] ?? {}
    const annotations = (content.annotations as Json[] | undefined) ?? []
    for (const [index, annotation] of annotations.entries())
      await send('response.output_text.annotation.added', { ...at, annotation_index: index, annotation })
    await send('response.output_text.done', { ...at, text: reply.text, logprobs: [] })
    await send('response.content_part.done', { ...at, part: { ...part, text: reply.text, annotations } })
    await send('response.output_item.done', { output_index: outputIndex, item })
    outputIndex += 1
  }
  for (const item of items.calls) {
    const at = { item_id: item.id as string, output_index: outputIndex }
    await send('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item, status: 'in_progress', arguments: '' },
    })
    for (const piece of jsonPieces(item.arguments as string)) {
      if (sse.closed) return
      await send('response.function_call_arguments.delta', { ...at, delta: piece.text }, piece.tokens)
    }
    await send('response.function_call_arguments.done', { ...at, name: item.name, arguments: item.arguments })
    await send('response.output_item.done', { output_index: outputIndex, item })
    outputIndex += 1
  }
  const final = finalResponse(request, id, createdAt, reply, items)
  const terminal = final.status === 'incomplete' ? 'response.incomplete' : 'response.completed'
  // Stored before the terminal event, so a client that continues at once finds it.
  if (!sse.closed) rememberResponse(ctx, request, id, reply)
  await send(terminal, { response: final })
  sse.end()
}

export async function handleResponses(ctx: SimContext, body: Json): Promise<void> {
  const request = parseResponsesRequest(ctx, body)
  const reply = planReply(request.conversation)
  const id = newId('resp_')
  if (request.stream) {
    await streamResponse(ctx, request, reply, id)
    return
  }
  rememberResponse(ctx, request, id, reply)
  const createdAt = unixSeconds(ctx.sim.clock.now())
  sendJson(ctx, 200, finalResponse(request, id, createdAt, reply, buildItems(request, reply)))
}

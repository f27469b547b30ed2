// Endpoints 5 and 6, native content generation (`/v1beta` and `/v1`): renders the Reply to a parsed request as
// a GenerateContentResponse, or as `data:` chunks (alt=sse) whose usageMetadata holds running totals and whose
// last chunk carries finishReason. Without alt=sse the stream endpoint answers the chunks as one JSON array, as
// the real API does.
import type { SimContext } from '../types'
import { openSse, sendJson } from '../http'
import { streamErrorEvents } from '../errors'
import type { Json } from './body'
import { lastUserText, type Conversation } from './conversation'
import { newId, planReply, type FinishReason, type Reply } from './reply'
import { countTokens, splitPieces } from './tokens'
import { parseNativeRequest } from './nativeRequest'
import { nativeGrounding } from './citations'

const SAFETY_RATINGS = [
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
].map((category) => ({ category, probability: 'NEGLIGIBLE' }))

const FINISH: Record<FinishReason, string> = {
  stop: 'STOP',
  stop_sequence: 'STOP',
  tool_calls: 'STOP',
  length: 'MAX_TOKENS',
}

interface Envelope {
  model: string
  responseId: string
  createTime: string
  /** Set when search grounding was asked for; its fields beyond these are not in the spec. */
  grounding: Json | undefined
}

function usageMetadata(reply: Reply, candidates: number, thoughts: number): Json {
  const usage: Json = {
    promptTokenCount: reply.inputTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: reply.inputTokens + candidates + thoughts,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: reply.inputTokens }],
  }
  if (thoughts > 0) usage.thoughtsTokenCount = thoughts
  return usage
}

function chunkOf(envelope: Envelope, parts: Json[], usage: Json, finish?: string): Json {
  const candidate: Json = { content: { role: 'model', parts }, index: 0 }
  if (finish) {
    candidate.finishReason = finish
    candidate.safetyRatings = SAFETY_RATINGS
    if (envelope.grounding) candidate.groundingMetadata = envelope.grounding
  }
  return {
    candidates: [candidate],
    usageMetadata: usage,
    modelVersion: envelope.model,
    responseId: envelope.responseId,
    createTime: envelope.createTime,
  }
}

/** Groups of parts in stream order; each group is one chunk (text and thoughts piece by piece). */
function partGroups(
  conversation: Conversation,
  reply: Reply,
  streamed: boolean,
): { parts: Json[]; tokens: number; thought: boolean }[] {
  const groups: { parts: Json[]; tokens: number; thought: boolean }[] = []
  const pieces = (text: string) => (streamed ? splitPieces(text) : [{ text, tokens: countTokens(text) }])
  if (reply.reasoning && conversation.reasoning?.show) {
    for (const piece of pieces(reply.reasoning))
      groups.push({ parts: [{ text: piece.text, thought: true }], tokens: piece.tokens, thought: true })
  }
  if (reply.text)
    for (const piece of pieces(reply.text))
      groups.push({ parts: [{ text: piece.text }], tokens: piece.tokens, thought: false })
  if (reply.toolCalls.length > 0) {
    const calls = reply.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.args } }))
    groups.push({
      parts: calls,
      tokens: reply.toolCalls.reduce((n, c) => n + countTokens(c.argsJson), 0),
      thought: false,
    })
  }
  if (reply.image) groups.push({ parts: [{ inlineData: reply.image }], tokens: 1, thought: false })
  // The thought signature rides on the first part after the thoughts, as the real API sends it.
  if (reply.reasoning) {
    const first = groups.find((group) => !group.thought)?.parts[0]
    if (first) first.thoughtSignature = Buffer.from(`sim-thought-${reply.seed}`).toString('base64')
  }
  return groups
}

function mergeParts(groups: { parts: Json[] }[]): Json[] {
  const merged: Json[] = []
  for (const part of groups.flatMap((group) => group.parts)) {
    const last = merged.at(-1)
    if (
      last &&
      typeof part.text === 'string' &&
      typeof last.text === 'string' &&
      last.thought === part.thought &&
      !part.thoughtSignature
    ) {
      last.text += part.text
    } else merged.push({ ...part })
  }
  return merged
}

function fullResponse(conversation: Conversation, reply: Reply, envelope: Envelope): Json {
  const parts = mergeParts(partGroups(conversation, reply, false))
  const usage = usageMetadata(reply, reply.outputTokens - reply.reasoningTokens, reply.reasoningTokens)
  return chunkOf(envelope, parts, usage, FINISH[reply.finish])
}

function streamChunks(
  conversation: Conversation,
  reply: Reply,
  envelope: Envelope,
): { chunk: Json; tokens: number }[] {
  const groups = partGroups(conversation, reply, true)
  const out: { chunk: Json; tokens: number }[] = []
  const thoughtsTotal = reply.reasoningTokens
  let thoughts = 0
  let candidates = 0
  groups.forEach((group, index) => {
    if (group.thought) thoughts = Math.min(thoughtsTotal, thoughts + group.tokens)
    else candidates += group.tokens
    const last = index === groups.length - 1
    const usage = last
      ? usageMetadata(reply, reply.outputTokens - reply.reasoningTokens, thoughtsTotal)
      : usageMetadata(reply, candidates, thoughts)
    out.push({
      chunk: chunkOf(envelope, group.parts, usage, last ? FINISH[reply.finish] : undefined),
      tokens: group.tokens,
    })
  })
  if (out.length === 0) {
    const usage = usageMetadata(reply, reply.outputTokens - reply.reasoningTokens, thoughtsTotal)
    out.push({ chunk: chunkOf(envelope, [], usage, FINISH[reply.finish]), tokens: 0 })
  }
  return out
}

function envelopeOf(ctx: SimContext, conversation: Conversation, reply: Reply): Envelope {
  return {
    model: conversation.model,
    responseId: newId(''),
    createTime: new Date(ctx.sim.clock.now()).toISOString(),
    grounding: conversation.search ? nativeGrounding(reply.text, lastUserText(conversation)) : undefined,
  }
}

/** `sim:blocked` in the last user message: the prompt is blocked, as the real API answers it (no candidates). */
function blockedAnswer(conversation: Conversation, envelope: Envelope): Json | undefined {
  if (!lastUserText(conversation).includes('sim:blocked')) return undefined
  const prompt = countTokens(lastUserText(conversation))
  return {
    promptFeedback: {
      blockReason: 'SAFETY',
      blockReasonMessage: 'The prompt was blocked by the simulated safety filter (sim:blocked).',
      safetyRatings: SAFETY_RATINGS.map((r, i) =>
        i === 1 ? { ...r, probability: 'HIGH', blocked: true } : r,
      ),
    },
    usageMetadata: { promptTokenCount: prompt, totalTokenCount: prompt },
    modelVersion: envelope.model,
    responseId: envelope.responseId,
  }
}

export function handleGenerate(ctx: SimContext, body: Json): void {
  const model = ctx.params.model ?? ''
  const conversation = parseNativeRequest(body, model)
  const reply = planReply(conversation)
  const blocked = blockedAnswer(conversation, envelopeOf(ctx, conversation, reply))
  if (blocked) return sendJson(ctx, 200, blocked)
  sendJson(ctx, 200, fullResponse(conversation, reply, envelopeOf(ctx, conversation, reply)))
}

export async function handleStreamGenerate(ctx: SimContext, body: Json): Promise<void> {
  const model = ctx.params.model ?? ''
  const conversation = parseNativeRequest(body, model)
  const reply = planReply(conversation)
  const envelope = envelopeOf(ctx, conversation, reply)
  const blocked = blockedAnswer(conversation, envelope)
  const chunks = blocked ? [{ chunk: blocked, tokens: 0 }] : streamChunks(conversation, reply, envelope)
  if (ctx.url.searchParams.get('alt') !== 'sse') {
    sendJson(
      ctx,
      200,
      chunks.map((item) => item.chunk),
    )
    return
  }
  const sse = openSse(ctx, (message) => streamErrorEvents('native', message))
  for (const { chunk, tokens } of chunks) {
    if (sse.closed) return
    await sse.event(undefined, chunk, tokens)
  }
  sse.end()
}

// Continuing a conversation: the model's answer becomes the next assistant turn and the user's tool results a
// tool turn, both in the neutral draft; each adapter then renders them in its own shape (tool message,
// function_call_output, tool_result block, functionResponse part). Drafts are never mutated.
import type { Draft, DraftMessage, DraftPart, PartialEnd, ToolCallPart, ToolResultPart } from './draft'
import type { Completion } from './events'

export interface ToolResultInput {
  callId: string
  name: string
  content: string
  isError?: boolean
  origin?: ToolResultPart['origin']
}

/** The assistant turn for a completion: signed reasoning (replayed by messages), text, then tool calls. */
export function assistantTurn(completion: Completion): DraftMessage {
  const parts: DraftPart[] = []
  for (const block of completion.reasoningBlocks) {
    if (block.signature) parts.push({ type: 'reasoning', text: block.text, signature: block.signature })
  }
  // A refusal is what the model said in that turn: it carries on as the turn's text.
  const text = completion.text !== '' ? completion.text : (completion.refusal ?? '')
  if (text !== '') parts.push({ type: 'text', text })
  for (const call of completion.toolCalls) {
    const part: ToolCallPart = { type: 'toolCall', id: call.id, name: call.name, arguments: call.arguments }
    if (call.signature !== undefined) part.signature = call.signature
    parts.push(part)
  }
  if (parts.length === 0) parts.push({ type: 'text', text: '' })
  return { role: 'assistant', parts }
}

/** What arrived of an answer that did not finish, as a turn marked with how it ended. */
export function partialTurn(completion: Completion, ended: PartialEnd): DraftMessage {
  return { ...assistantTurn(completion), partial: ended }
}

/**
 * A partial answer continued (the run sent the conversation with it last, so the model goes on from it): its
 * text followed by what the continuing run brought, its tool calls after; marked with how the continuation
 * ended, or unmarked when it finished.
 */
export function continuedTurn(turn: DraftMessage, more: Completion, ended?: PartialEnd): DraftMessage {
  const added = assistantTurn(more).parts
  const parts = [...turn.parts]
  const at = parts.findLastIndex((p) => p.type === 'text')
  const text = more.text !== '' ? more.text : (more.refusal ?? '')
  const existing = at >= 0 ? parts[at] : undefined
  if (existing?.type === 'text') parts[at] = { ...existing, text: existing.text + text }
  else if (text !== '') parts.push({ type: 'text', text })
  for (const p of added) if (p.type !== 'text') parts.push(p)
  const { partial: _was, ...rest } = turn
  return ended ? { ...rest, parts, partial: ended } : { ...rest, parts }
}

/** The turns as a request sends them: without the playground's own marks (the same array when none carries one). */
export function sendableTurns(turns: DraftMessage[]): DraftMessage[] {
  if (!turns.some(marked)) return turns
  return turns.map((t) => {
    if (!marked(t)) return t
    const { partial: _mark, edited: _edited, alternates: _others, alternateAt: _at, ...rest } = t
    return rest
  })
}

/** Whether a turn carries one of the playground's marks (partial, edited, other versions of the answer). */
const marked = (t: DraftMessage) =>
  t.partial !== undefined ||
  t.edited !== undefined ||
  t.alternates !== undefined ||
  t.alternateAt !== undefined

export function appendAssistantTurn(draft: Draft, completion: Completion): Draft {
  return { ...draft, messages: [...draft.messages, assistantTurn(completion)] }
}

export function appendToolResults(draft: Draft, results: readonly ToolResultInput[]): Draft {
  if (results.length === 0) return draft
  const parts: DraftPart[] = results.map((r) => {
    const part: ToolResultPart = { type: 'toolResult', callId: r.callId, name: r.name, content: r.content }
    if (r.isError !== undefined) part.isError = r.isError
    if (r.origin !== undefined) part.origin = r.origin
    return part
  })
  return { ...draft, messages: [...draft.messages, { role: 'tool', parts }] }
}

/** Tool calls of the last assistant turn that no later tool turn answers yet (what the panel asks the user for). */
export function pendingToolCalls(draft: Pick<Draft, 'messages'>): ToolCallPart[] {
  const answered = new Set<string>()
  for (let i = draft.messages.length - 1; i >= 0; i--) {
    const m = draft.messages[i]
    if (!m) continue
    if (m.role === 'tool') {
      for (const p of m.parts) if (p.type === 'toolResult') answered.add(p.callId)
      continue
    }
    if (m.role !== 'assistant') return []
    return m.parts.filter((p): p is ToolCallPart => p.type === 'toolCall' && !answered.has(p.id))
  }
  return []
}

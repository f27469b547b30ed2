// The format-neutral view of a text request: each format's parser builds a Conversation, the reply planner
// (reply.ts) answers it, and each format renders the Reply in its own wire shape. Nothing here knows a format.
import type { JsonSchema } from './schema'

export interface ToolDef {
  name: string
  description: string
  parameters: JsonSchema
}

export type ToolChoice =
  | { mode: 'auto' }
  | { mode: 'none' }
  /** Must call some tool (chat `required`, messages `any`, native `ANY`). */
  | { mode: 'required'; allowed?: string[] }
  | { mode: 'tool'; name: string }

export interface ToolCall {
  id: string
  name: string
  args: unknown
}

export interface ToolResult {
  callId: string | undefined
  name: string | undefined
  content: string
}

export interface Turn {
  role: 'user' | 'assistant'
  text: string
  /** Attached images (each counts a fixed token estimate). */
  images: number
  /** Other media the turn carried, in words for the answer ("an audio file (audio/mpeg)"). */
  media?: string[]
  toolCalls: ToolCall[]
  toolResults: ToolResult[]
}

/** How much reasoning to produce; undefined means none. `show` false: counted but not returned. */
export interface ReasoningRequest {
  budgetTokens: number
  show: boolean
  /** Chat `svc_thinking_to_content`: reasoning goes inline into the content. */
  inline?: boolean
}

export type OutputSpec =
  | { kind: 'text' }
  | { kind: 'json'; schema: JsonSchema | undefined }
  | { kind: 'image'; aspectRatio?: string }

export interface Conversation {
  model: string
  system: string
  turns: Turn[]
  tools: ToolDef[]
  toolChoice: ToolChoice
  parallelToolCalls: boolean
  reasoning: ReasoningRequest | undefined
  output: OutputSpec
  maxTokens: number | undefined
  stop: string[]
  /** Mixed into the deterministic seed (chat `seed`). */
  seed?: number
  /** A built-in search tool was offered (vendorSearch, web search tools): the gateway searches itself. */
  search?: boolean
}

export function emptyTurn(role: Turn['role']): Turn {
  return { role, text: '', images: 0, toolCalls: [], toolResults: [] }
}

/** The text of the last user turn that carries text (what the reply responds to). */
export function lastUserText(conversation: Conversation): string {
  for (let i = conversation.turns.length - 1; i >= 0; i -= 1) {
    const turn = conversation.turns[i]
    if (turn?.role === 'user' && turn.text.trim()) return turn.text.trim()
  }
  return ''
}

/** Tool results that answer the conversation's last turn, when the last turn carries them. */
export function pendingToolResults(conversation: Conversation): ToolResult[] {
  const last = conversation.turns.at(-1)
  return last?.role === 'user' ? last.toolResults : []
}

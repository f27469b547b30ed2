// The format-neutral answer to a Conversation: reasoning, text or JSON, tool calls, an image, the finish
// reason and token usage. Deterministic: the PRNG is seeded from the request, so the same request gets the
// same reply (ids aside). Rules: pending tool results are answered in text; otherwise offered tools are called
// when the choice forces it or the last user message mentions a tool; then stop sequences, then max tokens.
//
// Trigger for speed tests: a last user message containing `sim:tokens=<n>` gets about n tokens of markdown.
import { randomBytes } from 'node:crypto'
import { lastUserText, pendingToolResults, type Conversation, type ToolDef } from './conversation'
import { sampleSchema } from './schema'
import {
  answerText,
  hashString,
  hintsFrom,
  longMarkdown,
  quote,
  reasoningText,
  seededRandom,
  toolResultAnswer,
} from './synth'
import { countConversationTokens, countTokens, IMAGE_TOKENS, truncateToTokens } from './tokens'
import { makePng, sizeForAspect } from './png'

export interface PlannedCall {
  /** A neutral unique id (`call_…`); formats may derive their own prefixes from it. */
  id: string
  name: string
  args: unknown
  /** The arguments as the JSON string the wire carries. */
  argsJson: string
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'stop_sequence'

export interface Reply {
  /** Reasoning text ('' when none was asked for). Counted even when the request hides it. */
  reasoning: string
  reasoningTokens: number
  text: string
  toolCalls: PlannedCall[]
  image: { mimeType: 'image/png'; data: string } | undefined
  finish: FinishReason
  stopSequence: string | undefined
  inputTokens: number
  /** All generated tokens: text, tool-call arguments, reasoning and images. */
  outputTokens: number
  /** A stable number per request, for signatures and derived ids. */
  seed: number
}

/** Upper bound for the `sim:tokens=<n>` trigger. */
const MAX_LONG_TOKENS = 500_000

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`
}

/** Reasoning length for a budget: a fraction of it, bounded so replies stay quick. */
export function reasoningTarget(budgetTokens: number): number {
  return Math.min(320, Math.max(24, Math.round(budgetTokens / 16)))
}

function contentWords(text: string): string[] {
  return hintsFrom(text.replace(/[_-]+/g, ' ')).words.filter((word) => word.length >= 4)
}

function mentions(lastUser: string, tool: ToolDef): boolean {
  const lower = lastUser.toLowerCase()
  if (
    lower.includes(tool.name.toLowerCase()) ||
    lower.includes(tool.name.toLowerCase().replace(/[_-]+/g, ' '))
  ) {
    return true
  }
  const userWords = new Set(hintsFrom(lastUser).words)
  return [...contentWords(tool.name), ...contentWords(tool.description)].some((word) => userWords.has(word))
}

/** Which tools to call: forced by name, required (matches or the first), or auto (matches only). */
export function chooseTools(conversation: Conversation, lastUser: string): ToolDef[] {
  const { tools, toolChoice } = conversation
  if (tools.length === 0 || toolChoice.mode === 'none') return []
  let chosen: ToolDef[]
  if (toolChoice.mode === 'tool') {
    chosen = tools.filter((tool) => tool.name === toolChoice.name)
  } else {
    const allowed = toolChoice.mode === 'required' ? toolChoice.allowed : undefined
    const pool = allowed ? tools.filter((tool) => allowed.includes(tool.name)) : tools
    const matches = pool.filter((tool) => mentions(lastUser, tool))
    chosen = toolChoice.mode === 'required' && matches.length === 0 ? pool.slice(0, 1) : matches
  }
  return conversation.parallelToolCalls ? chosen : chosen.slice(0, 1)
}

function applyStop(text: string, stops: string[]): { text: string; stop: string | undefined } {
  let cut = -1
  let found: string | undefined
  for (const stop of stops) {
    if (!stop) continue
    const at = text.indexOf(stop)
    if (at >= 0 && (cut < 0 || at < cut)) {
      cut = at
      found = stop
    }
  }
  return found === undefined ? { text, stop: undefined } : { text: text.slice(0, cut), stop: found }
}

function userTurnCount(conversation: Conversation): number {
  return conversation.turns.filter((turn) => turn.role === 'user' && turn.text.trim()).length
}

/** Plans the reply to a conversation. */
export function planReply(conversation: Conversation): Reply {
  const seed = hashString(
    JSON.stringify([
      conversation.model,
      conversation.system,
      conversation.turns,
      conversation.tools,
      conversation.toolChoice,
      conversation.output,
      conversation.reasoning,
      conversation.maxTokens,
      conversation.stop,
      conversation.seed ?? 0,
    ]),
  )
  const rand = seededRandom(seed)
  const lastUser = lastUserText(conversation)
  const hints = hintsFrom(lastUser)
  const results = pendingToolResults(conversation)

  let reasoning = conversation.reasoning
    ? reasoningText(lastUser, reasoningTarget(conversation.reasoning.budgetTokens), rand)
    : ''
  let text = ''
  let image: Reply['image']
  let finish: FinishReason = 'stop'
  let stopSequence: string | undefined
  let toolCalls: PlannedCall[] =
    results.length > 0
      ? []
      : chooseTools(conversation, lastUser).map((tool) => {
          const args = sampleSchema(tool.parameters, hints, rand)
          return { id: newId('call_'), name: tool.name, args, argsJson: JSON.stringify(args) }
        })

  if (toolCalls.length > 0) {
    finish = 'tool_calls'
  } else {
    const output = conversation.output
    const long = /sim:tokens=(\d+)/.exec(lastUser)
    if (output.kind === 'json') {
      const value = output.schema
        ? sampleSchema(output.schema, hints, rand)
        : { answer: `Simulated JSON answer to "${quote(lastUser, 80)}".`, simulated: true }
      text = JSON.stringify(value)
    } else if (results.length > 0) {
      text = toolResultAnswer(results, lastUser, conversation.model)
    } else if (long) {
      text = longMarkdown(Math.min(MAX_LONG_TOKENS, Number(long[1])), lastUser, rand)
    } else {
      const images = conversation.turns.at(-1)?.images ?? 0
      const media = conversation.turns.at(-1)?.media
      const input = { model: conversation.model, system: conversation.system, lastUser, images, media }
      text = answerText({ ...input, userTurns: userTurnCount(conversation) }, rand)
      if (conversation.search) {
        text += ` Simulated search: a real gateway would search the web for "${quote(lastUser, 80)}" and cite its sources here.`
      }
    }
    if (output.kind === 'image') {
      const { width, height } = sizeForAspect(output.aspectRatio)
      image = { mimeType: 'image/png', data: makePng(seed, width, height).toString('base64') }
      text = `Here is a simulated image for "${quote(lastUser, 80)}".`
    }
    const stopped = applyStop(text, conversation.stop)
    if (stopped.stop !== undefined) {
      text = stopped.text
      stopSequence = stopped.stop
      finish = 'stop_sequence'
    }
  }

  const max = conversation.maxTokens
  if (max !== undefined) {
    const reasoningTokens = countTokens(reasoning)
    const rest = countTokens(text) + toolCalls.reduce((sum, call) => sum + countTokens(call.argsJson), 0)
    if (reasoningTokens >= max) {
      reasoning = truncateToTokens(reasoning, max)
      ;[text, toolCalls, image, finish, stopSequence] = ['', [], undefined, 'length', undefined]
    } else if (rest + (image ? IMAGE_TOKENS : 0) > max - reasoningTokens) {
      text = truncateToTokens(text, max - reasoningTokens)
      ;[toolCalls, image, finish, stopSequence] = [[], undefined, 'length', undefined]
    }
  }

  const reasoningTokens = countTokens(reasoning)
  const outputTokens =
    reasoningTokens +
    countTokens(text) +
    toolCalls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.argsJson), 0) +
    (image ? IMAGE_TOKENS : 0)
  return {
    reasoning,
    reasoningTokens,
    text,
    toolCalls,
    image,
    finish,
    stopSequence,
    inputTokens: countConversationTokens(conversation),
    outputTokens,
    seed,
  }
}

// Translation loss: for a draft written for one wire format (or for none) and sent in another, the draft's fields
// the target format cannot express (dropped) or expresses in another way (converted: another meaning; moved: the
// same meaning under another name or place), each with the draft's field path and where the target puts it.
// Pure and derived from the builders' rules; the per-format table below is the one place these facts are written.
import type { Draft } from './draft'
import type { WireFormat } from './format'
import { FORMAT_LABELS, WIRE_FORMATS } from './format'
import { toolSchemaLoss } from './toolSchemaLoss'

export type LossKind = 'dropped' | 'converted' | 'moved'

export interface LossWarning {
  /** Path in the draft, e.g. `topK`, `messages[0].parts[1].detail`, `extras.messages.thinking`. */
  path: string
  kind: LossKind
  /** Where the target format puts it (its own body path), when it sends it at all. */
  target?: string
  message: string
}

/** Where each format puts a neutral field; null when it has no such field. */
const PLACE: Record<
  'system' | 'temperature' | 'topP' | 'topK' | 'maxTokens' | 'stopSequences' | 'tools' | 'responseFormat',
  Record<WireFormat, string | null>
> = {
  system: {
    chat: 'messages[0] (role system)',
    responses: 'instructions',
    messages: 'system',
    native: 'systemInstruction',
  },
  temperature: {
    chat: 'temperature',
    responses: 'temperature',
    messages: 'temperature',
    native: 'generationConfig.temperature',
  },
  topP: { chat: 'top_p', responses: 'top_p', messages: 'top_p', native: 'generationConfig.topP' },
  topK: { chat: null, responses: null, messages: 'top_k', native: 'generationConfig.topK' },
  maxTokens: {
    chat: 'max_tokens',
    responses: 'max_output_tokens',
    messages: 'max_tokens',
    native: 'generationConfig.maxOutputTokens',
  },
  stopSequences: {
    chat: 'stop',
    responses: null,
    messages: 'stop_sequences',
    native: 'generationConfig.stopSequences',
  },
  tools: {
    chat: 'tools[].function',
    responses: 'tools[]',
    messages: 'tools[].input_schema',
    native: 'tools[].functionDeclarations',
  },
  responseFormat: {
    chat: 'response_format.json_schema',
    responses: 'text.format',
    messages: 'tools[] (a forced tool)',
    native: 'generationConfig.responseJsonSchema',
  },
}

/** How each format writes a tool choice that requires a tool. */
const REQUIRED_CHOICE: Record<WireFormat, string> = {
  chat: 'tool_choice "required"',
  responses: 'tool_choice "required"',
  messages: 'tool_choice {type: "any"}',
  native: 'toolConfig.functionCallingConfig.mode ANY',
}

/** Whether a format carries a thinking budget in tokens (else it has an effort level). */
const HAS_BUDGET: Record<WireFormat, boolean> = {
  chat: false,
  responses: false,
  messages: true,
  native: true,
}
const THINKING_PLACE: Record<WireFormat, string> = {
  chat: 'reasoning_effort',
  responses: 'reasoning.effort',
  messages: 'thinking.budget_tokens',
  native: 'generationConfig.thinkingConfig',
}

const name = (f: WireFormat) => FORMAT_LABELS[f]

/** The draft's neutral fields in the form's words (a loss is named as the user set it, not by its key). */
const FIELD_WORDS: Record<string, string> = {
  system: 'System prompt',
  temperature: 'Temperature',
  topP: 'Top P',
  topK: 'Top K',
  maxTokens: 'Max tokens',
  stopSequences: 'Stop sequences',
  tools: 'Tools',
  toolChoice: 'Tool choice',
  responseFormat: 'Structured output',
  'thinking.budgetTokens': 'Thinking budget',
  'thinking.effort': 'Thinking effort',
  'thinking.includeThoughts': 'Show reasoning',
}

const PART_WORDS: Record<string, string> = {
  detail: 'image detail',
  cacheControl: 'cache mark',
  mimeType: 'type',
  url: 'address',
  signature: 'signature',
}

/**
 * A loss's field as the user knows it: "Max tokens", "Turn 2, part 1: image detail", the format's own field by
 * its wire name; an unknown path as it is.
 */
export function lossFieldName(path: string): string {
  const known = FIELD_WORDS[path]
  if (known) return known
  const block = /^systemBlocks\[(\d+)\]\.cacheControl$/.exec(path)
  if (block) return `System prompt block ${Number(block[1]) + 1}: cache mark`
  const extra = /^extras\.\w+\.(.+)$/.exec(path)
  if (extra) return extra[1]!
  const tool = /^tools\[(\d+)\]\.(parameters|name)$/.exec(path)
  if (tool) return `Tool ${Number(tool[1]) + 1}: ${tool[2] === 'name' ? 'name' : 'parameter schema'}`
  const part = /^messages\[(\d+)\]\.parts\[(\d+)\](?:\.(\w+))?$/.exec(path)
  if (part) {
    const where = `Turn ${Number(part[1]) + 1}, part ${Number(part[2]) + 1}`
    return part[3] ? `${where}: ${PART_WORDS[part[3]] ?? part[3]}` : where
  }
  return path
}

/** A loss's message without the path it starts with (shown beside its field's name). */
export function lossMessage(warning: LossWarning): string {
  return warning.message.startsWith(`${warning.path}: `)
    ? warning.message.slice(warning.path.length + 2)
    : warning.message
}

/**
 * What sending `draft` in format `to` loses or changes. `from` is the format the draft was written for (its
 * places are the reference for "moved"); without it only what is dropped or converted is listed.
 */
export function translationLoss(draft: Draft, to: WireFormat, from?: WireFormat): LossWarning[] {
  const out: LossWarning[] = []
  const target = name(to)
  const place = (field: keyof typeof PLACE, path: string, present: boolean) => {
    if (!present) return
    const there = PLACE[field][to]
    if (there === null) {
      out.push({ path, kind: 'dropped', message: `${path}: ${target} has no such field; it is not sent` })
      return
    }
    const before = from ? PLACE[field][from] : null
    if (before !== null && before !== there)
      out.push({
        path,
        kind: 'moved',
        target: there,
        message: `${path}: sent as ${there} (${name(from!)} sends ${before})`,
      })
  }

  // ------------------------------------------------------------ system prompt and its cache control
  const hasSystem = Boolean(draft.system) || (draft.systemBlocks?.length ?? 0) > 0
  place('system', 'system', hasSystem)
  for (const [i, block] of (draft.systemBlocks ?? []).entries())
    if (block.cacheControl && to !== 'messages')
      out.push({
        path: `systemBlocks[${i}].cacheControl`,
        kind: 'dropped',
        message: `systemBlocks[${i}].cacheControl: cache_control exists in the messages format only; ${target} sends the system prompt without it`,
      })

  // ------------------------------------------------------------ sampling and length
  place('temperature', 'temperature', draft.temperature !== undefined)
  place('topP', 'topP', draft.topP !== undefined)
  place('topK', 'topK', draft.topK !== undefined)
  place('maxTokens', 'maxTokens', draft.maxTokens !== undefined)
  place('stopSequences', 'stopSequences', (draft.stopSequences?.length ?? 0) > 0)

  // ------------------------------------------------------------ tools and structured output
  place('tools', 'tools', (draft.tools?.length ?? 0) > 0)
  out.push(...toolSchemaLoss(draft, to))
  const choice = draft.toolChoice
  if (choice === 'required' && from && REQUIRED_CHOICE[from] !== REQUIRED_CHOICE[to])
    out.push({
      path: 'toolChoice',
      kind: 'moved',
      target: REQUIRED_CHOICE[to],
      message: `toolChoice: sent as ${REQUIRED_CHOICE[to]} (${name(from)} sends ${REQUIRED_CHOICE[from]})`,
    })
  if (draft.responseFormat) {
    if (to === 'messages')
      out.push({
        path: 'responseFormat',
        kind: 'converted',
        target: PLACE.responseFormat.messages!,
        message: `responseFormat: ${target} has no structured output; it is sent as a forced tool and the answer arrives as a tool call`,
      })
    else place('responseFormat', 'responseFormat', true)
  }

  // ------------------------------------------------------------ thinking
  const t = draft.thinking
  if (t?.enabled) {
    if (t.budgetTokens !== undefined && !HAS_BUDGET[to])
      out.push({
        path: 'thinking.budgetTokens',
        kind: 'converted',
        target: THINKING_PLACE[to],
        message: `thinking.budgetTokens: ${target} has no thinking budget; it sends ${THINKING_PLACE[to]} "${t.effort ?? 'medium'}" instead of ${t.budgetTokens} tokens`,
      })
    if (t.effort !== undefined && t.budgetTokens === undefined && HAS_BUDGET[to])
      out.push({
        path: 'thinking.effort',
        kind: 'converted',
        target: THINKING_PLACE[to],
        message: `thinking.effort: ${target} has no effort level; it sends ${THINKING_PLACE[to]} derived from "${t.effort}"`,
      })
    if (t.includeThoughts !== undefined && to !== 'native')
      out.push({
        path: 'thinking.includeThoughts',
        kind: 'dropped',
        message: `thinking.includeThoughts: only the native format asks for thoughts; ${target} does not send it`,
      })
  }

  // ------------------------------------------------------------ other formats' own fields
  for (const f of WIRE_FORMATS) {
    if (f === to) continue
    for (const key of Object.keys(draft.extras?.[f] ?? {}))
      out.push({
        path: `extras.${f}.${key}`,
        kind: 'dropped',
        message: `extras.${f}.${key}: a field of ${name(f)} only; ${target} does not send it`,
      })
  }

  // ------------------------------------------------------------ parts of the conversation
  for (const [i, m] of draft.messages.entries())
    for (const [j, p] of m.parts.entries()) {
      const at = `messages[${i}].parts[${j}]`
      if (p.type === 'image' && p.detail !== undefined && (to === 'messages' || to === 'native'))
        out.push({
          path: `${at}.detail`,
          kind: 'dropped',
          message: `${at}.detail: ${target} has no image detail level; "${p.detail}" is not sent`,
        })
      if ((p.type === 'text' || p.type === 'image') && p.cacheControl && to !== 'messages')
        out.push({
          path: `${at}.cacheControl`,
          kind: 'dropped',
          message: `${at}.cacheControl: cache_control exists in the messages format only; ${target} ignores it`,
        })
      if (p.type === 'file' && (to === 'chat' || to === 'messages')) {
        const audio = (p.mimeType ?? p.dataUrl?.slice(5, 11) ?? '').startsWith('audio/')
        out.push({
          path: at,
          kind: 'dropped',
          message: `${at}: ${audio ? 'audio' : 'file input'} goes through the ${audio ? 'native' : 'responses and native'} format${audio ? '' : 's'}; ${target} cannot send it`,
        })
      }
      if (
        p.type === 'file' &&
        to === 'native' &&
        p.dataUrl === undefined &&
        p.url !== undefined &&
        !p.mimeType
      )
        out.push({
          path: `${at}.mimeType`,
          kind: 'dropped',
          message: `${at}: ${target} sends a file by URI as fileData, which needs its MIME type; give one`,
        })
      if (p.type === 'image' && to === 'messages' && p.data === undefined && /^https?:/i.test(p.url ?? ''))
        out.push({
          path: `${at}.url`,
          kind: 'converted',
          target: 'source{type: url}',
          message: `${at}: ${target} takes images as base64; an image URL is sent as source{type: url}, which the spec names for count_tokens only`,
        })
      if (p.type === 'reasoning' && !(to === 'messages' && p.signature))
        out.push({
          path: at,
          kind: 'dropped',
          message: `${at}: ${target} does not replay ${to === 'messages' ? 'unsigned ' : ''}reasoning; it is not sent`,
        })
      if (p.type === 'toolCall' && p.signature !== undefined && to !== 'native')
        out.push({
          path: `${at}.signature`,
          kind: 'dropped',
          message: `${at}.signature: thought signatures exist in the native format only; ${target} does not send it`,
        })
    }
  return out
}

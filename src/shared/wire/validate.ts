// Per-format validation of a draft against the spec's Limits (R8): every issue names the field path and the
// rule, so the form can mark the field and refuse to send. Errors block sending; warnings describe what the
// service will do differently (a field it ignores, a setting that needs streaming) and never block.
import {
  FILE_MAX_BYTES,
  REQUEST_FILES_MAX_BYTES,
  ROLES_BY_FORMAT,
  TEMPERATURE_RANGE,
  TOP_P_RANGE,
} from '../catalog/textParams'
import { dataUrlDecodedSize, parseDataUrl } from './dataUrl'
import type { Draft } from './draft'
import { parseArguments } from './events'
import type { WireFormat } from './format'
import { validateExtras, type Report } from './validateExtras'
import type { DraftIssue } from './issue'
import { modelIssues } from './modelRules'

export type { DraftIssue } from './issue'

/** Wire names of the neutral parameters, so messages name the field the user knows from the format's docs. */
const WIRE_NAMES: Record<
  WireFormat,
  Record<'temperature' | 'topP' | 'topK' | 'maxTokens' | 'stopSequences', string>
> = {
  chat: {
    temperature: 'temperature',
    topP: 'top_p',
    topK: 'top_k',
    maxTokens: 'max_tokens',
    stopSequences: 'stop',
  },
  responses: {
    temperature: 'temperature',
    topP: 'top_p',
    topK: 'top_k',
    maxTokens: 'max_output_tokens',
    stopSequences: 'stop',
  },
  messages: {
    temperature: 'temperature',
    topP: 'top_p',
    topK: 'top_k',
    maxTokens: 'max_tokens',
    stopSequences: 'stop_sequences',
  },
  native: {
    temperature: 'temperature',
    topP: 'topP',
    topK: 'topK',
    maxTokens: 'maxOutputTokens',
    stopSequences: 'stopSequences',
  },
}

const FORMAT_NOUNS: Record<WireFormat, string> = {
  chat: 'the chat completions format',
  responses: 'the responses format',
  messages: 'the messages format',
  native: 'the native format',
}

const TOOL_NAME = /^[a-zA-Z0-9_.-]{1,64}$/
const MB = 1024 * 1024

export const hasErrors = (issues: readonly DraftIssue[]): boolean =>
  issues.some((i) => i.severity === 'error')

export function validateDraft(format: WireFormat, draft: Draft): DraftIssue[] {
  const issues: DraftIssue[] = []
  const label = FORMAT_NOUNS[format]
  const names = WIRE_NAMES[format]
  const error = (field: string, rule: string, message: string): void => {
    issues.push({ field, rule, message, severity: 'error' })
  }
  const warn = (field: string, rule: string, message: string): void => {
    issues.push({ field, rule, message, severity: 'warning' })
  }
  const range = (field: string, wire: string, value: number | undefined, min: number, max: number): void => {
    if (value !== undefined && !(value >= min && value <= max)) {
      error(field, 'range', `${wire} must be between ${min} and ${max} for ${label}`)
    }
  }

  if (draft.model.trim() === '') error('model', 'required', 'model is required')
  if (draft.messages.length === 0) error('messages', 'non_empty', `messages must not be empty for ${label}`)

  // ------------------------------------------------------------ common parameters
  const t = TEMPERATURE_RANGE[format]
  range('temperature', names.temperature, draft.temperature, t.min, t.max)
  range('topP', names.topP, draft.topP, TOP_P_RANGE.min, TOP_P_RANGE.max)
  if (format === 'messages' && draft.maxTokens === undefined) {
    error('maxTokens', 'required', `max_tokens is required for ${label}`)
  }
  if (draft.maxTokens !== undefined && !(draft.maxTokens > 0)) {
    error('maxTokens', 'positive', `${names.maxTokens} must be greater than 0 for ${label}`)
  }
  if (draft.topK !== undefined) {
    if (format === 'chat' || format === 'responses') {
      warn('topK', 'unsupported', `top_k is not a field of ${label} and is not sent`)
    } else if (!(draft.topK > 0))
      error('topK', 'positive', `${names.topK} must be greater than 0 for ${label}`)
  }
  if (format === 'responses' && (draft.stopSequences?.length ?? 0) > 0) {
    warn('stopSequences', 'unsupported', `stop sequences are not a field of ${label} and are not sent`)
  }

  // ------------------------------------------------------------ system and messages
  if (format !== 'messages' && (draft.systemBlocks ?? []).some((b) => b.cacheControl)) {
    warn(
      'systemBlocks',
      'unsupported',
      `cache_control applies to the messages format only; ${label} ignores it`,
    )
  }
  validateMessages(format, draft, label, error, warn)

  // ------------------------------------------------------------ tools
  const toolNames = new Set<string>()
  for (const [i, tool] of (draft.tools ?? []).entries()) {
    if (tool.name.trim() === '') error(`tools[${i}].name`, 'required', 'a tool needs a name')
    else if (!TOOL_NAME.test(tool.name)) {
      warn(`tools[${i}].name`, 'tool_name', 'tool names should be 1-64 letters, digits, _ . or -')
    }
    if (toolNames.has(tool.name))
      error(`tools[${i}].name`, 'unique', `tool name "${tool.name}" is used twice`)
    toolNames.add(tool.name)
    const type = tool.parameters?.type
    if (type !== undefined && type !== 'object') {
      error(
        `tools[${i}].parameters`,
        'object_schema',
        'tool parameters must be a JSON schema of type "object"',
      )
    }
  }
  const choice = draft.toolChoice
  const forcedFormatTool = format === 'messages' && draft.responseFormat !== undefined
  if (choice !== undefined && choice !== 'auto' && choice !== 'none') {
    if (toolNames.size === 0 && !forcedFormatTool) {
      error(
        'toolChoice',
        'needs_tools',
        'tool_choice that requires a tool needs at least one tool definition',
      )
    } else if (
      typeof choice === 'object' &&
      !toolNames.has(choice.name) &&
      choice.name !== draft.responseFormat?.name
    ) {
      error('toolChoice', 'unknown_tool', `tool_choice names "${choice.name}", which is not among the tools`)
    }
  }
  if (draft.responseFormat && draft.responseFormat.name.trim() === '') {
    error('responseFormat.name', 'required', 'a response format needs a name')
  }

  // ------------------------------------------------------------ thinking and format extras
  validateExtras(format, draft, label, error, warn)
  issues.push(...modelIssues(format, draft))
  return issues
}

function validateMessages(
  format: WireFormat,
  draft: Draft,
  label: string,
  error: Report,
  warn: Report,
): void {
  const roles = ROLES_BY_FORMAT[format]
  const previousResponse =
    format === 'responses' && draft.extras?.responses?.previous_response_id !== undefined
  let fileBytes = 0
  // Calls of the last assistant turn still waiting for their results.
  let open = new Map<string, string>()
  let openAt = -1

  const unanswered = (): void => {
    for (const [id] of open) {
      error(`messages[${openAt}]`, 'tool_result_missing', `tool call "${id}" has no tool result after it`)
    }
    open = new Map()
  }

  for (const [i, m] of draft.messages.entries()) {
    const at = `messages[${i}]`
    if (!roles.includes(m.role)) {
      const hint = m.role === 'system' || m.role === 'developer' ? '; put it in the system prompt' : ''
      error(`${at}.role`, 'role', `role "${m.role}" is not valid for ${label}${hint}`)
    }
    if (m.role !== 'tool') unanswered()
    if (m.parts.length === 0) error(`${at}.parts`, 'non_empty', 'a message needs at least one part')

    for (const [j, p] of m.parts.entries()) {
      const field = `${at}.parts[${j}]`
      if (p.type === 'toolCall' && m.role !== 'assistant') {
        error(field, 'part_role', 'tool calls belong to assistant turns')
      }
      if (p.type === 'toolResult' && m.role !== 'tool')
        error(field, 'part_role', 'tool results belong to tool turns')
      if (m.role === 'tool' && p.type !== 'toolResult')
        error(field, 'part_role', 'a tool turn holds only tool results')
      if ((p.type === 'image' || p.type === 'file') && m.role !== 'user') {
        error(field, 'part_role', `${p.type === 'image' ? 'images' : 'files'} belong to user turns`)
      }
      if ((p.type === 'text' || p.type === 'image') && p.cacheControl && format !== 'messages') {
        warn(field, 'unsupported', `cache_control applies to the messages format only; ${label} ignores it`)
      }

      if (p.type === 'image') {
        const isData = p.data !== undefined || p.url?.startsWith('data:') === true
        if (format === 'messages' && !isData) {
          warn(
            field,
            'image_base64',
            'the messages format sends images as base64; a URL source may be refused',
          )
        }
        if (format === 'native' && !isData && !p.mimeType) {
          error(
            `${field}.mimeType`,
            'required',
            'a URL image needs its mimeType in the native format (fileData)',
          )
        }
        if (p.url !== undefined) checkUrl(format, field, p.url, error)
      }
      if (p.type === 'file') {
        const mime = p.mimeType ?? (p.dataUrl ? parseDataUrl(p.dataUrl)?.mimeType : undefined) ?? ''
        if (format === 'chat' || format === 'messages') {
          error(
            field,
            'file_format',
            `file input is accepted by the responses and native formats, not ${label}${mime.startsWith('audio/') ? ' (audio goes through the native format)' : ''}`,
          )
        }
        if (format === 'native' && p.url !== undefined && !p.mimeType) {
          error(
            `${field}.mimeType`,
            'required',
            'a file by URI needs its mimeType in the native format (fileData)',
          )
        }
        if (format === 'native' && mime && !/^(image|audio)\//.test(mime)) {
          warn(
            field,
            'file_type',
            `the spec names images and audio for ${label}; ${mime} is sent for the gateway to judge`,
          )
        }
        if (p.url !== undefined) checkUrl(format, field, p.url, error)
        const size = p.dataUrl !== undefined ? dataUrlDecodedSize(p.dataUrl) : 0
        fileBytes += size
        if (size > FILE_MAX_BYTES) {
          const name = p.filename ? `file "${p.filename}"` : 'the file'
          error(field, 'file_size', `${name} is ${mb(size)}; one file may be at most 50 MB`)
        }
      }
      if (p.type === 'toolCall') {
        if (parseArguments(p.arguments) === undefined) {
          const report = format === 'messages' || format === 'native' ? error : warn
          report(`${field}.arguments`, 'json', `tool call arguments must be valid JSON for ${label}`)
        }
        open.set(p.id, p.name)
        openAt = i
      }
      if (p.type === 'toolResult' && m.role === 'tool') {
        if (open.has(p.callId)) open.delete(p.callId)
        else if (!previousResponse) {
          error(field, 'tool_result_order', `tool result "${p.callId}" does not follow a matching tool call`)
        }
      }
    }
  }
  unanswered()

  if (fileBytes > REQUEST_FILES_MAX_BYTES) {
    error(
      'messages',
      'request_file_size',
      `the files of this request total ${mb(fileBytes)}; the limit is 50 MB`,
    )
  }
}

/** A URL the part sends as it is: http(s) (or a data URL) everywhere; native also takes other file URIs. */
function checkUrl(format: WireFormat, field: string, url: string, error: Report): void {
  // attachment: references are resolved to bytes by main before the request is built.
  if (/^(https?:\/\/[^\s/]+|data:|attachment:)/i.test(url)) return
  if (format === 'native' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(url)) return
  error(
    `${field}.url`,
    'url',
    format === 'native'
      ? `"${url.slice(0, 60)}" is not a URI: give an https:// URL or a file URI (such as gs://…)`
      : `"${url.slice(0, 60)}" is not an http(s) URL`,
  )
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`
}

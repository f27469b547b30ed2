// Chat completions, request side: a draft becomes the `/v1/chat/completions` body (tool turns as `tool`
// messages, images as `image_url` parts, format extras at their spec places). What the draft does not say
// is left out of the body rather than sent as a default.
import { jsonHeaders } from '../adapter'
import type { BuiltRequest } from '../adapter'
import { toDataUrl } from '../dataUrl'
import { systemText } from '../draft'
import { withUnknownExtras } from '../extraFields'
import type { Draft, DraftMessage, DraftPart, ImagePart } from '../draft'
import { SVC_THINKING_TO_CONTENT, VENDOR_KEY, VENDOR_SEARCH_TOOL } from '../names'
import { compact, obj } from '../read'
import type { JsonObject } from '../read'

export const CHAT_PATH = '/v1/chat/completions'

export function build(draft: Draft): BuiltRequest {
  const x = draft.extras?.chat ?? {}
  const stream = draft.stream === true
  const messages: JsonObject[] = []
  const system = systemText(draft)
  if (system) messages.push({ role: 'system', content: system })
  for (const m of draft.messages) messages.push(...toChatMessages(m))

  const tools: JsonObject[] = (draft.tools ?? []).map((t) => ({
    type: 'function',
    function: compact({ name: t.name, description: t.description, parameters: t.parameters }),
  }))
  if (x.vendorSearch === 'function') tools.push({ type: 'function', function: { name: VENDOR_SEARCH_TOOL } })

  const vendor: JsonObject = {}
  if (x.thinking_config) vendor.thinking_config = { ...x.thinking_config }
  if (x.vendorSearch === 'extra_body') vendor.tools = [{ [VENDOR_SEARCH_TOOL]: {} }]

  const neutralEffort = draft.thinking?.enabled ? (draft.thinking.effort ?? 'medium') : undefined
  const body = withUnknownExtras(
    'chat',
    x,
    compact({
      model: draft.model,
      messages,
      stream,
      // Not in the spec: servers send a stream's usage only when asked (a visible, removable form field).
      stream_options: stream && x.streamUsage !== false ? { include_usage: true } : undefined,
      temperature: draft.temperature,
      top_p: draft.topP,
      max_tokens: draft.maxTokens,
      stop: draft.stopSequences && draft.stopSequences.length > 0 ? [...draft.stopSequences] : undefined,
      tools: tools.length > 0 ? tools : undefined,
      tool_choice: chatToolChoice(draft),
      response_format: draft.responseFormat
        ? {
            type: 'json_schema',
            json_schema: { name: draft.responseFormat.name, schema: draft.responseFormat.schema },
          }
        : undefined,
      reasoning_effort: x.reasoning_effort ?? neutralEffort,
      thinking: x.thinking ? { ...x.thinking } : undefined,
      enable_thinking: x.enable_thinking,
      [SVC_THINKING_TO_CONTENT]: x.svc_thinking_to_content,
      extra_body: Object.keys(vendor).length > 0 ? { [VENDOR_KEY]: vendor } : undefined,
      generationConfig: x.thinkingLevel ? { thinkingConfig: { thinkingLevel: x.thinkingLevel } } : undefined,
      web_search_options: x.web_search_options
        ? x.locationType === false
          ? { ...x.web_search_options }
          : withLocationType(x.web_search_options)
        : undefined,
      search_parameters: x.search_parameters ? { ...x.search_parameters } : undefined,
      parameters: x.parameters ? { ...x.parameters } : undefined,
    }),
  )
  return { method: 'POST', path: CHAT_PATH, headers: jsonHeaders(stream), body }
}

function chatToolChoice(draft: Draft): unknown {
  const choice = draft.toolChoice
  if (choice === undefined) return undefined
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } }
}

// Upstream servers require `user_location.type: approximate` beside the spec's `approximate` object (not in the
// spec: a form field says so and can leave it out).
function withLocationType(options: JsonObject): JsonObject {
  const location = obj(options.user_location)
  if (!location || location.type !== undefined || location.approximate === undefined) return { ...options }
  return { ...options, user_location: { type: 'approximate', ...location } }
}

function imageUrl(part: ImagePart): string {
  return part.data !== undefined
    ? toDataUrl(part.mimeType ?? 'application/octet-stream', part.data)
    : (part.url ?? '')
}

function toChatMessages(m: DraftMessage): JsonObject[] {
  if (m.role === 'tool') {
    return m.parts.flatMap((p) =>
      p.type === 'toolResult'
        ? [{ role: 'tool', tool_call_id: p.callId, name: p.name, content: p.content }]
        : [],
    )
  }
  if (m.role === 'assistant') {
    const text = m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')
    const calls = m.parts.flatMap((p) =>
      p.type === 'toolCall'
        ? [{ id: p.id, type: 'function', function: { name: p.name, arguments: p.arguments } }]
        : [],
    )
    if (calls.length === 0) return [{ role: 'assistant', content: text }]
    return [{ role: 'assistant', content: text === '' ? null : text, tool_calls: calls }]
  }
  return [{ role: m.role, content: chatContent(m.parts) }]
}

function chatContent(parts: DraftPart[]): string | JsonObject[] {
  const only = parts[0]
  if (parts.length === 1 && only?.type === 'text') return only.text
  return parts.flatMap((p): JsonObject[] => {
    if (p.type === 'text') return [{ type: 'text', text: p.text }]
    if (p.type === 'image')
      return [{ type: 'image_url', image_url: compact({ url: imageUrl(p), detail: p.detail }) }]
    return []
  })
}

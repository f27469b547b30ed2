// Responses, request side: a draft becomes the `/v1/responses` body of `input` items (tool calls and their
// outputs as `function_call` / `function_call_output` items, images and files as input parts).
import { jsonHeaders } from '../adapter'
import type { BuiltRequest } from '../adapter'
import { toDataUrl } from '../dataUrl'
import { systemText } from '../draft'
import { withUnknownExtras } from '../extraFields'
import type { Draft, DraftMessage, DraftPart, ResponsesExtras } from '../draft'
import { compact, obj } from '../read'
import type { JsonObject } from '../read'

export const RESPONSES_PATH = '/v1/responses'

export function build(draft: Draft): BuiltRequest {
  const x = draft.extras?.responses ?? {}
  const stream = draft.stream === true
  const flat = x.functionToolShape === 'flat'
  const input = draft.messages.flatMap(toInputItems)

  const tools: JsonObject[] = (draft.tools ?? []).map((t) => {
    const fn = compact({ name: t.name, description: t.description, parameters: t.parameters })
    return flat ? { type: 'function', ...fn } : { type: 'function', function: fn }
  })
  if (x.web_search_preview) {
    const tool =
      x.locationType === false ? { ...x.web_search_preview } : withLocationType(x.web_search_preview)
    tools.push({ type: 'web_search_preview', ...tool })
  }
  if (x.file_search) tools.push({ type: 'file_search', ...x.file_search })

  const neutralReasoning = draft.thinking?.enabled
    ? { effort: draft.thinking.effort ?? 'medium', summary: 'auto' as const }
    : undefined
  const body = withUnknownExtras(
    'responses',
    x,
    compact({
      model: draft.model,
      input,
      instructions: systemText(draft) || undefined,
      stream,
      temperature: draft.temperature,
      top_p: draft.topP,
      max_output_tokens: draft.maxTokens,
      tools: tools.length > 0 ? tools : undefined,
      tool_choice: responsesToolChoice(draft, x, flat),
      text: draft.responseFormat
        ? {
            format: {
              type: 'json_schema',
              name: draft.responseFormat.name,
              schema: draft.responseFormat.schema,
            },
          }
        : undefined,
      reasoning: x.reasoning ? { ...x.reasoning } : neutralReasoning,
      previous_response_id: x.previous_response_id,
      truncation: x.truncation,
      parallel_tool_calls: x.parallel_tool_calls,
      max_tool_calls: x.max_tool_calls,
      metadata: x.metadata ? { ...x.metadata } : undefined,
      user: x.user,
    }),
  )
  const path = x.apiVersion
    ? `${RESPONSES_PATH}?api-version=${encodeURIComponent(x.apiVersion)}`
    : RESPONSES_PATH
  return { method: 'POST', path, headers: jsonHeaders(stream), body }
}

function responsesToolChoice(draft: Draft, x: ResponsesExtras, flat: boolean): unknown {
  const named = (name: string): JsonObject =>
    flat ? { type: 'function', name } : { type: 'function', function: { name } }
  const override = x.tool_choice
  if (override) return override.type === 'function' ? named(override.name) : { type: override.type }
  const choice = draft.toolChoice
  if (choice === undefined) return undefined
  return typeof choice === 'string' ? choice : named(choice.name)
}

function withLocationType(options: JsonObject): JsonObject {
  const location = obj(options.user_location)
  if (!location || location.type !== undefined) return { ...options }
  return { ...options, user_location: { type: 'approximate', ...location } }
}

function toInputItems(m: DraftMessage): JsonObject[] {
  if (m.role === 'tool') {
    return m.parts.flatMap((p) =>
      p.type === 'toolResult' ? [{ type: 'function_call_output', call_id: p.callId, output: p.content }] : [],
    )
  }
  if (m.role === 'assistant') {
    const items: JsonObject[] = []
    const text = m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')
    if (text !== '') items.push({ role: 'assistant', content: text })
    for (const p of m.parts) {
      // No item `id`: ids of function_call items tie them to reasoning items we do not send back.
      if (p.type === 'toolCall')
        items.push({ type: 'function_call', call_id: p.id, name: p.name, arguments: p.arguments })
    }
    return items
  }
  if (m.role === 'system' || m.role === 'developer') {
    return [{ role: m.role, content: m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n') }]
  }
  return [{ role: 'user', content: inputContent(m.parts) }]
}

function inputContent(parts: DraftPart[]): string | JsonObject[] {
  const only = parts[0]
  if (parts.length === 1 && only?.type === 'text') return only.text
  return parts.flatMap((p): JsonObject[] => {
    if (p.type === 'text') return [{ type: 'input_text', text: p.text }]
    if (p.type === 'image') {
      const url =
        p.data !== undefined ? toDataUrl(p.mimeType ?? 'application/octet-stream', p.data) : (p.url ?? '')
      return [{ type: 'input_image', image_url: url, detail: p.detail ?? 'auto' }]
    }
    if (p.type === 'file') {
      if (p.url !== undefined) return [{ type: 'input_file', file_url: p.url }]
      return [compact({ type: 'input_file', filename: p.filename ?? 'file', file_data: p.dataUrl })]
    }
    return []
  })
}

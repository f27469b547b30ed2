// Native, request side: a draft becomes the `:generateContent` / `:streamGenerateContent?alt=sse` body
// (`contents` with tool results as `functionResponse` parts, images and audio as `inlineData`, files and media
// by URI as `fileData`) and its path.
import { isSynthId, jsonHeaders } from '../adapter'
import type { BuiltRequest } from '../adapter'
import { parseDataUrl } from '../dataUrl'
import { systemText } from '../draft'
import type { Draft, DraftMessage, DraftPart } from '../draft'
import { parseArguments } from '../events'
import { withUnknownExtras } from '../extraFields'
import { VENDOR_SEARCH_TOOL } from '../names'
import { compact, isObject } from '../read'
import type { JsonObject } from '../read'

export function nativePath(model: string, stream: boolean, apiVersion: 'v1beta' | 'v1' = 'v1beta'): string {
  const action = stream ? 'streamGenerateContent?alt=sse' : 'generateContent'
  return `/${apiVersion}/models/${encodeURIComponent(model)}:${action}`
}

function objectArgs(args: string): JsonObject {
  const parsed = parseArguments(args)
  return isObject(parsed) ? parsed : {}
}

/** functionResponse.response must be an object: JSON objects pass through, anything else is wrapped. */
export function responseObject(content: string, isError: boolean | undefined): JsonObject {
  const parsed = parseArguments(content)
  if (isObject(parsed) && !isError) return parsed
  const value = parsed === undefined || content.trim() === '' ? content : parsed
  return isError ? { error: value } : { result: value }
}

function toParts(m: DraftMessage): JsonObject[] {
  return m.parts.flatMap((p: DraftPart): JsonObject[] => {
    switch (p.type) {
      case 'text':
        return p.text === '' ? [] : [{ text: p.text }]
      case 'image': {
        if (p.data !== undefined)
          return [{ inlineData: { mimeType: p.mimeType ?? 'image/png', data: p.data } }]
        const inline = p.url !== undefined ? parseDataUrl(p.url) : undefined
        if (inline?.base64) return [{ inlineData: { mimeType: inline.mimeType, data: inline.data } }]
        return [{ fileData: compact({ mimeType: p.mimeType, fileUri: p.url ?? '' }) }]
      }
      case 'toolCall': {
        // Locally made ids were never the model's, so they are not sent back.
        const call = compact({
          id: isSynthId(p.id) ? undefined : p.id,
          name: p.name,
          args: objectArgs(p.arguments),
        })
        return [compact({ functionCall: call, thoughtSignature: p.signature })]
      }
      case 'toolResult': {
        const response = responseObject(p.content, p.isError)
        return [
          {
            functionResponse: compact({
              id: isSynthId(p.callId) ? undefined : p.callId,
              name: p.name,
              response,
            }),
          },
        ]
      }
      case 'file': {
        // Audio (and any other medium the gateway takes): inline base64 from a data URL, else a file URI.
        const inline = p.dataUrl !== undefined ? parseDataUrl(p.dataUrl) : undefined
        if (inline?.base64)
          return [{ inlineData: { mimeType: p.mimeType ?? inline.mimeType, data: inline.data } }]
        return [
          {
            fileData: compact({
              mimeType: p.mimeType ?? inline?.mimeType,
              fileUri: p.url ?? p.dataUrl ?? '',
            }),
          },
        ]
      }
      default:
        // reasoning is not replayed
        return []
    }
  })
}

export function toContents(draft: Draft): JsonObject[] {
  const out: { role: string; parts: JsonObject[]; tool: boolean }[] = []
  for (const m of draft.messages) {
    const role = m.role === 'assistant' ? 'model' : 'user'
    const tool = m.role === 'tool'
    const parts = toParts(m)
    const last = out[out.length - 1]
    // All responses to one turn's calls travel in one content.
    if (tool && last?.tool) last.parts.push(...parts)
    else out.push({ role, parts, tool })
  }
  return out.map(({ role, parts }) => ({ role, parts }))
}

function neutralThinking(draft: Draft): JsonObject | undefined {
  const t = draft.thinking
  if (!t) return undefined
  if (!t.enabled) return { thinkingBudget: 0 }
  const includeThoughts = t.includeThoughts ?? true
  if (t.budgetTokens !== undefined) return { includeThoughts, thinkingBudget: t.budgetTokens }
  if (t.effort === 'low' || t.effort === 'high')
    return { includeThoughts, thinkingLevel: t.effort.toUpperCase() }
  return { includeThoughts, thinkingBudget: -1 }
}

function toolConfig(draft: Draft): JsonObject | undefined {
  const extra = draft.extras?.native?.toolConfig
  if (extra) return { functionCallingConfig: { ...extra.functionCallingConfig } }
  const choice = draft.toolChoice
  if (choice === undefined) return undefined
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } }
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } }
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } }
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } }
}

export function build(draft: Draft): BuiltRequest {
  const x = draft.extras?.native ?? {}
  const stream = draft.stream === true
  const base = compact({
    temperature: draft.temperature,
    topP: draft.topP,
    topK: draft.topK,
    maxOutputTokens: draft.maxTokens,
    stopSequences:
      draft.stopSequences && draft.stopSequences.length > 0 ? [...draft.stopSequences] : undefined,
    responseMimeType: draft.responseFormat ? 'application/json' : undefined,
    responseJsonSchema: draft.responseFormat?.schema,
  })
  const neutral = neutralThinking(draft)
  const extraGen = x.generationConfig ?? {}
  const thinkingConfig =
    neutral || extraGen.thinkingConfig ? { ...neutral, ...extraGen.thinkingConfig } : undefined
  const generationConfig = compact({ ...base, ...extraGen, thinkingConfig })

  const tools: JsonObject[] = []
  if (draft.tools && draft.tools.length > 0) {
    tools.push({
      functionDeclarations: draft.tools.map((t) =>
        compact({ name: t.name, description: t.description, parameters: t.parameters }),
      ),
    })
  }
  if (x.vendorSearch) tools.push({ [VENDOR_SEARCH_TOOL]: {} })

  const system = systemText(draft)
  const body = withUnknownExtras(
    'native',
    x,
    compact({
      contents: toContents(draft),
      systemInstruction: system ? { parts: [{ text: system }] } : undefined,
      generationConfig: Object.keys(generationConfig).length > 0 ? generationConfig : undefined,
      safetySettings: x.safetySettings ? x.safetySettings.map((s) => ({ ...s })) : undefined,
      tools: tools.length > 0 ? tools : undefined,
      toolConfig: toolConfig(draft),
      cachedContent: x.cachedContent,
    }),
  )
  return {
    method: 'POST',
    path: nativePath(draft.model, stream, x.apiVersion),
    headers: jsonHeaders(stream),
    body,
  }
}

// The Text form as data: the fields the user fills, the draft they build (`buildDraft`, pure: the same fields
// always build the same request), and which of its issues show (a field's once it was touched, all once Send
// was pressed; warnings always). The store holds these fields; previews, sends and tests build from them here.
import {
  type Draft,
  type DraftExtras,
  type DraftMessage,
  type DraftPart,
  type Thinking,
  type ToolChoice,
  type ToolDefinition,
  type WireFormat,
} from '../../../../shared/wire'
import type { RequestReaders } from './requestReaders'
import { unsetVariablesIssue } from './formVariables'
import { jsonSyntaxError } from '../../../../shared/jsonSyntax'
import { TEXT_FORM_DEFAULTS } from '../../../../shared/workspace/textDefaults'
import { thinkingBudget } from '../../../../shared/catalog/textParams'

export interface Issue {
  field: string
  message: string
  severity?: 'error' | 'warning'
  /** The request can still be sent as it is ("Send anyway"), for the gateway to judge. */
  forceable?: boolean
}

export interface Attachment {
  /** `attachment:<mediaId>`, resolved to bytes by main when the request is built; or, when `remote`, the URL
   * (or native file URI) itself, sent as it is for the gateway to fetch. */
  ref: string
  /** Media URL for the thumbnail (empty for a remote attachment: the page never loads outside URLs). */
  url: string
  name: string
  /** Empty when unknown (a remote file without an extension the app recognises). */
  mimeType: string
  /** Bytes; 0 for a remote attachment. */
  size: number
  kind: 'image' | 'file' | 'audio'
  remote?: boolean
  /** Chat and responses: how closely the model looks at an image. */
  detail?: 'auto' | 'low' | 'high'
}

export interface TextParams {
  temperature?: number
  topP?: number
  topK?: number
  maxTokens?: number
  stopSequences: string[]
  toolChoice: ToolChoice
  thinking: Thinking
}

/** What the user fills in the Text panel: everything a draft is built from. */
export interface TextForm {
  format: WireFormat
  model: string
  stream: boolean
  system: string
  /** Messages format: send the system prompt as a block with cache_control. */
  cacheSystem: boolean
  messages: DraftMessage[]
  composer: string
  /** Attachments for the next user message: references `attachment:<id>` with a preview URL. */
  attachments: Attachment[]
  params: TextParams
  /** Function tools as JSON text (an array of {name, description, parameters}). */
  toolsText: string
  responseFormatText: string
  extras: { [F in WireFormat]: NonNullable<DraftExtras[F]> }
  /** Values for the `{{name}}` variables the prompt uses (main fills them in); an empty value is unset. */
  variables: Record<string, string>
}

/** Store keys and parameters by the draft field their errors name. */
const FIELD_OF: Record<string, string> = {
  composer: 'messages',
  attachments: 'messages',
  messages: 'messages',
  toolsText: 'tools',
  responseFormatText: 'responseFormat',
  rawBody: 'Request JSON',
}

/** The draft field an issue is about: `messages[2].parts` and `tools[0].name` are about messages and tools. */
export function issueField(field: string): string {
  return /^[^.[]+/.exec(field)?.[0] ?? field
}

/** An issue is shown once its field was touched or Send was pressed; warnings always show. */
export function issueShown(
  s: { touched: Record<string, true>; attempted: boolean },
  issue: { field: string; severity?: 'error' | 'warning' },
): boolean {
  return issue.severity === 'warning' || s.attempted || s.touched[issueField(issue.field)] === true
}

/**
 * A preview of the next request with only the issues shown by the same rule (the Inspector lists them): before the
 * user acted there, an empty message is not an error yet.
 */
export function previewShown<P extends { issues: { field: string; severity?: 'error' | 'warning' }[] }>(
  preview: P | null,
  s: { touched: Record<string, true>; attempted: boolean },
): P | null {
  if (!preview || preview.issues.every((i) => issueShown(s, i))) return preview
  return { ...preview, issues: preview.issues.filter((i) => issueShown(s, i)) }
}

/**
 * The form's "Ask for reasoning" box: turned on, max tokens is raised above the budget the request will carry when
 * it is not (the defaults, 1024 tokens and the medium effort's 4096, would send a budget over max_tokens, which
 * Anthropic's own API refuses: WIRE-NOTES), leaving a 1024-token answer beside the reasoning.
 */
export function thinkingSwitched(params: TextParams, enabled: boolean): Partial<TextParams> {
  const thinking = { ...params.thinking, enabled }
  const budget = thinkingBudget(thinking)
  if (enabled && params.maxTokens !== undefined && params.maxTokens <= budget)
    return { thinking, maxTokens: budget + 1024 }
  return { thinking }
}

export const DEFAULT_PARAMS: TextParams = {
  ...TEXT_FORM_DEFAULTS.params,
  stopSequences: [],
  thinking: { ...TEXT_FORM_DEFAULTS.params.thinking },
}

/**
 * What a new draft starts with: the Text panel's form, and (less format, model and extras, which each column
 * sets) Compare's shared draft. The one source of both panels' defaults.
 */
export const DEFAULT_FORM: Readonly<TextForm> = {
  format: TEXT_FORM_DEFAULTS.format,
  model: TEXT_FORM_DEFAULTS.model,
  stream: TEXT_FORM_DEFAULTS.stream,
  system: '',
  cacheSystem: false,
  messages: [],
  composer: '',
  attachments: [],
  params: DEFAULT_PARAMS,
  toolsText: '',
  responseFormatText: '',
  extras: { chat: {}, responses: {}, messages: {}, native: {} },
  variables: {},
}

let nextLocalId = 0
export const localId = () => `m${Date.now().toString(36)}${(nextLocalId++).toString(36)}`

function parseJsonField<T>(
  text: string,
  field: string,
  issues: Issue[],
  check: (v: unknown) => string | null,
): T | undefined {
  if (!text.trim()) return undefined
  try {
    const value = JSON.parse(text) as unknown
    const problem = check(value)
    if (problem) issues.push({ field, message: `${field}: ${problem}` })
    else return value as T
  } catch (error) {
    const syntax = jsonSyntaxError(text)
    issues.push({
      field,
      message: `${field}: ${syntax?.message ?? `not valid JSON (${(error as Error).message})`}`,
    })
  }
  return undefined
}

/** The touched fields after the given store keys changed (the same record when nothing is new). */
export const touch = (touched: Record<string, true>, keys: string[]): Record<string, true> => {
  const fields = keys.map((k) => FIELD_OF[k] ?? k).filter((f) => touched[f] !== true)
  return fields.length ? { ...touched, ...Object.fromEntries(fields.map((f) => [f, true])) } : touched
}

/** Issues of a Send that no longer hold once their field changed. */
export const withoutIssuesOf = (issues: Issue[], keys: string[]): Issue[] => {
  if (issues.length === 0) return issues
  const fields = new Set(keys.map((k) => FIELD_OF[k] ?? k))
  const kept = issues.filter((i) => !fields.has(issueField(i.field)) && i.field !== 'request')
  return kept.length === issues.length ? issues : kept
}

/** The draft the form builds (with the composer as a new user turn when `withComposer`), and its form issues. */
export function buildDraft(s: TextForm, withComposer: boolean): { draft: Draft; issues: Issue[] } {
  const issues: Issue[] = []
  const tools = parseJsonField<ToolDefinition[]>(s.toolsText, 'tools', issues, (v) =>
    !Array.isArray(v)
      ? 'must be an array of function definitions'
      : v.some((t) => !t || typeof t !== 'object' || typeof (t as { name?: unknown }).name !== 'string')
        ? 'every tool needs a string name'
        : null,
  )
  const schema = parseJsonField<Record<string, unknown>>(
    s.responseFormatText,
    'responseFormat',
    issues,
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? null : 'must be a JSON schema object'),
  )
  const messages = [...s.messages]
  if (withComposer && (s.composer.trim() || s.attachments.length)) {
    const parts: DraftPart[] = s.attachments.map((a): DraftPart => {
      const mime = a.mimeType ? { mimeType: a.mimeType } : {}
      if (a.kind === 'image')
        return {
          type: 'image',
          url: a.ref,
          ...mime,
          ...(a.detail && a.detail !== 'auto' ? { detail: a.detail } : {}),
        }
      // Audio travels as a file part: each builder knows which format takes it (native inlineData/fileData).
      return a.remote
        ? { type: 'file', url: a.ref, filename: a.name, ...mime }
        : { type: 'file', dataUrl: a.ref, filename: a.name, ...mime }
    })
    if (s.composer.trim()) parts.unshift({ type: 'text', text: s.composer })
    messages.push({ id: localId(), role: 'user', parts })
  }
  const p = s.params
  const draft: Draft = {
    model: s.model.trim(),
    stream: s.stream,
    messages,
    stopSequences: p.stopSequences.length ? p.stopSequences : undefined,
    toolChoice: tools?.length ? p.toolChoice : undefined,
  }
  if (s.system.trim()) {
    if (s.format === 'messages' && s.cacheSystem)
      draft.systemBlocks = [
        { text: s.system, cacheControl: { type: s.extras.messages.systemCache ?? 'ephemeral' } },
      ]
    else draft.system = s.system
  }
  if (p.temperature !== undefined) draft.temperature = p.temperature
  if (p.topP !== undefined) draft.topP = p.topP
  if (p.topK !== undefined) draft.topK = p.topK
  if (p.maxTokens !== undefined) draft.maxTokens = p.maxTokens
  if (tools?.length) draft.tools = tools
  if (schema) draft.responseFormat = { name: 'response', schema }
  if (p.thinking.enabled) draft.thinking = p.thinking
  const extras = s.extras[s.format]
  if (Object.keys(extras).length) draft.extras = { [s.format]: extras }
  if (!draft.model) issues.push({ field: 'model', message: 'model: choose or type a model id' })
  const unset = unsetVariablesIssue(draft, s.variables)
  if (unset) issues.push(unset)
  return {
    draft: Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as Draft,
    issues,
  }
}

/**
 * The turns a raw request body really carried, read back with the format's own parser (`readers`, loaded on
 * demand), so the conversation shows what was sent rather than the form's draft. `null` when the body holds no
 * turns the format can read.
 */
export function sentTurns(
  readers: RequestReaders,
  format: WireFormat,
  rawBody: string,
  context: Draft,
): DraftMessage[] | null {
  try {
    const { draft } = readers[format].parseRequest(JSON.parse(rawBody), {
      model: context.model,
      stream: context.stream,
    })
    return draft.messages.length ? draft.messages.map((m) => ({ ...m, id: m.id ?? localId() })) : null
  } catch {
    return null
  }
}

/**
 * The form fields that build `draft` again (the inverse of buildDraft): a saved run or edited JSON loaded into
 * the form. The composer and attachments start empty, since the draft carries them as its last turn.
 */
export function formFromDraft(draft: Draft, base: TextForm): TextForm {
  const blocks = draft.systemBlocks ?? []
  return {
    format: base.format,
    model: draft.model || base.model,
    stream: draft.stream ?? base.stream,
    system: draft.system ?? blocks.map((b) => b.text).join('\n\n'),
    cacheSystem: blocks.some((b) => b.cacheControl !== undefined),
    messages: draft.messages.map((m) => ({ ...m, id: m.id ?? localId() })),
    params: {
      temperature: draft.temperature,
      topP: draft.topP,
      topK: draft.topK,
      maxTokens: draft.maxTokens,
      stopSequences: draft.stopSequences ?? [],
      toolChoice: draft.toolChoice ?? 'auto',
      thinking: draft.thinking ?? { enabled: false },
    },
    toolsText: draft.tools?.length ? JSON.stringify(draft.tools, null, 2) : '',
    responseFormatText: draft.responseFormat ? JSON.stringify(draft.responseFormat.schema, null, 2) : '',
    extras: { ...base.extras, [base.format]: formExtras(draft, base.format) },
    composer: '',
    attachments: [],
    variables: base.variables,
  }
}

/** The format's extras of a draft for the form: messages keeps its system prompt's cache type beside them. */
function formExtras(draft: Draft, format: WireFormat): Record<string, unknown> {
  const extras: Record<string, unknown> = { ...(draft.extras?.[format] ?? {}) }
  const type = draft.systemBlocks?.find((b) => b.cacheControl)?.cacheControl?.type
  if (format === 'messages' && type === 'persistent') extras.systemCache = type
  return extras
}

// The Text panel's state: the conversation being composed, parameters per format, and the current run as it
// streams. Runs are driven by main (text.startRun) and fed back by events; the conversation grows by whole
// turns (appendAssistantTurn / appendToolResults), so every format continues in its own shape. Nothing typed is
// lost on an error: a refused send keeps the composer text and names the fields at fault.
import { create } from 'zustand'
import {
  appendAssistantTurn,
  appendToolResults,
  CompletionAccumulator,
  emptyCompletion,
  type Completion,
  type Draft,
  type DraftExtras,
  type DraftMessage,
  type DraftPart,
  type Thinking,
  type ToolCall,
  type ToolChoice,
  type ToolDefinition,
  type WireError,
  type WireFormat,
} from '../../../shared/wire'
import type { Exchange } from '../../../shared/ipc/exchange'
import type { RunEvent, RunStatus, RunSummary, RunTimings } from '../../../shared/ipc/text'
import { IpcCallError } from '../../../shared/ipc/client'
import { client } from '../ipc/client'

export interface Issue {
  field: string
  message: string
  severity?: 'error' | 'warning'
}

export interface RunView {
  runId: string
  status: 'running' | RunStatus
  format: WireFormat
  model: string
  text: string
  reasoning: string
  toolCalls: ToolCall[]
  images: { mimeType: string; url: string }[]
  warnings: string[]
  /** Index of the assistant turn this run became, once done (its output stays mounted there). */
  turnIndex?: number
  summary?: RunSummary
  error?: WireError & { hint?: string }
  timings?: RunTimings
  exchange?: Exchange | null
}

export interface Attachment {
  /** `attachment:<mediaId>`, resolved to bytes by main when the request is built. */
  ref: string
  /** Media URL for the thumbnail. */
  url: string
  name: string
  mimeType: string
  size: number
  kind: 'image' | 'file'
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

export interface TextState {
  format: WireFormat
  model: string
  profileId: string | null
  stream: boolean
  system: string
  /** Messages format: send the system prompt as a block with cache_control. */
  cacheSystem: boolean
  messages: DraftMessage[]
  composer: string
  /** Attachments for the next user message: references `attachment:<id>` with a preview URL. */
  attachments: Attachment[]
  /** Thumbnail URLs of attachments already sent, by reference, for showing them in the conversation. */
  attachmentUrls: Record<string, string>
  params: TextParams
  /** Function tools as JSON text (an array of {name, description, parameters}). */
  toolsText: string
  responseFormatText: string
  extras: { [F in WireFormat]: NonNullable<DraftExtras[F]> }
  /** The exact body the user edited in the raw view; sent as written while set. */
  rawBody: string | null
  run: RunView | null
  issues: Issue[]
  pendingToolCalls: ToolCall[]

  set(patch: Partial<TextState>): void
  setParams(patch: Partial<TextParams>): void
  setExtras<F extends WireFormat>(format: F, extras: NonNullable<DraftExtras[F]>): void
  /** The draft as it would be sent (with the composer as a new user turn when `withComposer`). */
  draft(withComposer: boolean): { draft: Draft; issues: Issue[] }
  send(): Promise<void>
  stop(): Promise<void>
  sendToolResults(
    results: { callId: string; name: string; content: string; isError?: boolean }[],
  ): Promise<void>
  regenerate(): Promise<void>
  resendFrom(index: number, text: string): Promise<void>
  removeMessage(index: number): void
  /** Loads a draft (parsed from edited request JSON) back into the form; the raw body is dropped. */
  applyDraft(draft: Draft): void
  /** Adds the composer text as a turn of the given role without sending (to build a conversation by hand). */
  addTurn(role: 'user' | 'assistant'): void
  clearConversation(): void
}

const DEFAULT_PARAMS: TextParams = {
  maxTokens: 1024,
  stopSequences: [],
  toolChoice: 'auto',
  thinking: { enabled: false },
}

let nextLocalId = 0
const localId = () => `m${Date.now().toString(36)}${(nextLocalId++).toString(36)}`

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
    issues.push({ field, message: `${field}: not valid JSON (${(error as Error).message})` })
  }
  return undefined
}

export const useTextStore = create<TextState>((set, get) => ({
  format: 'chat',
  model: 'gpt-4o-mini',
  profileId: null,
  stream: true,
  system: '',
  cacheSystem: false,
  messages: [],
  composer: '',
  attachments: [],
  attachmentUrls: {},
  params: DEFAULT_PARAMS,
  toolsText: '',
  responseFormatText: '',
  extras: { chat: {}, responses: {}, messages: {}, native: {} },
  rawBody: null,
  run: null,
  issues: [],
  pendingToolCalls: [],

  set: (patch) => set(patch),
  setParams: (patch) => set({ params: { ...get().params, ...patch } }),
  setExtras: (format, extras) => set({ extras: { ...get().extras, [format]: extras } }),

  draft(withComposer) {
    const s = get()
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
      const parts: DraftPart[] = s.attachments.map((a) =>
        a.kind === 'image'
          ? {
              type: 'image',
              url: a.ref,
              mimeType: a.mimeType,
              ...(a.detail && a.detail !== 'auto' ? { detail: a.detail } : {}),
            }
          : { type: 'file', dataUrl: a.ref, filename: a.name, mimeType: a.mimeType },
      )
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
        draft.systemBlocks = [{ text: s.system, cacheControl: { type: 'ephemeral' } }]
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
    return {
      draft: Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as Draft,
      issues,
    }
  },

  async send() {
    const s = get()
    if (s.run?.status === 'running') return
    const { draft, issues } = s.draft(true)
    if (draft.messages.length === 0 && !s.rawBody)
      issues.push({ field: 'messages', message: 'messages: write a message first' })
    if (issues.length) return set({ issues })
    const sentUrls = Object.fromEntries(s.attachments.map((a) => [a.ref, a.url]))
    await start(draft, () =>
      set({
        messages: draft.messages,
        composer: '',
        attachments: [],
        attachmentUrls: { ...get().attachmentUrls, ...sentUrls },
      }),
    )
  },

  async stop() {
    const run = get().run
    if (run?.status !== 'running') return
    await client.call('text.stopRun', { runId: run.runId })
  },

  async sendToolResults(results) {
    const s = get()
    const { draft } = s.draft(false)
    const next = appendToolResults(draft, results)
    await start(next, () => set({ messages: next.messages, pendingToolCalls: [] }))
  },

  async regenerate() {
    const s = get()
    const messages = [...s.messages]
    while (messages.length && messages[messages.length - 1]!.role !== 'user') messages.pop()
    set({ messages })
    const { draft } = get().draft(false)
    await start(draft, () => undefined)
  },

  async resendFrom(index, text) {
    const s = get()
    const target = s.messages[index]
    if (!target) return
    const edited: DraftMessage = {
      ...target,
      parts: [{ type: 'text', text }, ...target.parts.filter((p) => p.type !== 'text')],
    }
    set({ messages: [...s.messages.slice(0, index), edited] })
    const { draft } = get().draft(false)
    await start(draft, () => undefined)
  },

  applyDraft(draft) {
    const s = get()
    const blocks = draft.systemBlocks ?? []
    set({
      model: draft.model || s.model,
      stream: draft.stream ?? s.stream,
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
      extras: { ...s.extras, [s.format]: draft.extras?.[s.format] ?? {} },
      // The body was built with the composer (and its attachments) as the last turn: they are in messages now.
      composer: '',
      attachments: [],
      rawBody: null,
      issues: [],
    })
  },

  addTurn(role) {
    const s = get()
    if (!s.composer.trim())
      return set({ issues: [{ field: 'messages', message: 'messages: write the turn text first' }] })
    set({
      messages: [...s.messages, { id: localId(), role, parts: [{ type: 'text', text: s.composer }] }],
      composer: '',
      issues: [],
    })
  },

  removeMessage(index) {
    set({ messages: get().messages.filter((_, i) => i !== index) })
  },

  clearConversation() {
    set({ messages: [], run: null, pendingToolCalls: [], issues: [] })
  },
}))

/** Runs in flight and their accumulators, for folding events into the completion the next turn needs. */
const accumulators = new Map<string, CompletionAccumulator>()

async function start(draft: Draft, onAccepted: () => void): Promise<void> {
  const s = useTextStore.getState()
  const profileId = s.profileId ?? (await activeProfileId())
  if (!profileId)
    return useTextStore.setState({
      issues: [{ field: 'profile', message: 'profile: add or choose a connection profile in Settings' }],
    })
  try {
    const { runId } = await client.invoke('text.startRun', {
      profileId,
      format: s.format,
      draft,
      ...(s.rawBody !== null ? { rawBody: s.rawBody } : {}),
    })
    accumulators.set(runId, new CompletionAccumulator())
    onAccepted()
    useTextStore.setState({
      issues: [],
      pendingToolCalls: [],
      run: {
        runId,
        status: 'running',
        format: s.format,
        model: draft.model,
        text: '',
        reasoning: '',
        toolCalls: [],
        images: [],
        warnings: [],
      },
    })
  } catch (error) {
    const issues: Issue[] =
      error instanceof IpcCallError && Array.isArray((error.details as { issues?: unknown })?.issues)
        ? ((error.details as { issues: Issue[] }).issues as Issue[]).map((i) => ({
            field: i.field,
            message: i.message,
            severity: i.severity,
          }))
        : [{ field: 'request', message: error instanceof Error ? error.message : String(error) }]
    useTextStore.setState({ issues })
  }
}

async function activeProfileId(): Promise<string | null> {
  const result = await client.call('profiles.list')
  return result.ok ? result.value.activeId : null
}

function applyEvents(runId: string, events: RunEvent[]): void {
  const s = useTextStore.getState()
  const run = s.run
  if (!run || run.runId !== runId || run.status !== 'running') return
  const acc = accumulators.get(runId)
  let text = run.text
  let reasoning = run.reasoning
  let images = run.images
  let warnings = run.warnings
  for (const e of events) {
    if (e.type === 'text') text += e.delta
    else if (e.type === 'reasoning') reasoning += e.delta
    else if (e.type === 'image') images = [...images, { mimeType: e.mimeType, url: e.url }]
    else if (e.type === 'warning') warnings = [...warnings, e.message]
    if (e.type !== 'image') acc?.apply(e)
  }
  const toolCalls = acc ? acc.result().toolCalls.map((c) => ({ ...c })) : run.toolCalls
  useTextStore.setState({ run: { ...run, text, reasoning, images, warnings, toolCalls } })
}

function endRun(payload: {
  runId: string
  status: RunStatus
  summary: RunSummary
  error?: WireError & { hint?: string }
  timings: RunTimings
  exchange: Exchange | null
}): void {
  const s = useTextStore.getState()
  const run = s.run
  if (!run || run.runId !== payload.runId) return
  const acc = accumulators.get(payload.runId)
  accumulators.delete(payload.runId)
  const ended: RunView = {
    ...run,
    status: payload.status,
    summary: payload.summary,
    timings: payload.timings,
    exchange: payload.exchange,
    toolCalls: payload.summary.toolCalls,
  }
  if (payload.error) ended.error = payload.error
  if (payload.status !== 'done') return useTextStore.setState({ run: ended })
  // A finished answer becomes the next assistant turn, in the shape its format continues with.
  const completion: Completion = {
    ...(acc?.result() ?? emptyCompletion()),
    text: run.text,
    toolCalls: payload.summary.toolCalls,
  }
  if (payload.summary.id) completion.id = payload.summary.id
  const { draft } = s.draft(false)
  const next = appendAssistantTurn(draft, completion)
  ended.turnIndex = next.messages.length - 1
  useTextStore.setState({ run: ended, messages: next.messages, pendingToolCalls: payload.summary.toolCalls })
}

/** Keeps a partial (failed or cut) answer in the conversation, as the user asked. */
export function keepPartialAnswer(): void {
  const s = useTextStore.getState()
  const run = s.run
  if (!run || run.status === 'running' || !run.text) return
  const message: DraftMessage = {
    id: localId(),
    role: 'assistant',
    parts: [{ type: 'text', text: run.text }],
  }
  useTextStore.setState({ messages: [...s.messages, message], run: { ...run, status: 'done' } })
}

let subscribed = false
/** Subscribes once to the run events of this window. */
export function subscribeTextEvents(): void {
  if (subscribed) return
  subscribed = true
  client.on('text.runEvents', ({ runId, events }) => applyEvents(runId, events))
  client.on('text.runEnded', (payload) => endRun(payload))
}

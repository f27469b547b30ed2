// The Text panel's state: the conversation being composed, parameters per format, and its runs keyed by run id
// (folded by the pure functions of runFold). A run is named here before main hears of it, so its events always
// find it; it references the conversation main keeps (conversationMirror) and ends in a state the user sees
// even when main never answers. The conversation grows by whole turns (appendAssistantTurn / appendToolResults),
// so every format continues in its own shape. Nothing typed is lost: a refused send keeps the composer text.
import { create } from 'zustand'
import {
  appendAssistantTurn,
  appendToolResults,
  validateDraft,
  type Draft,
  type DraftExtras,
  type DraftMessage,
  type DraftPart,
  type Thinking,
  type ToolCall,
  type ToolChoice,
  type ToolDefinition,
  type WireFormat,
} from '../../../shared/wire'
import type { ConversationRef, RunEvent } from '../../../shared/ipc/text'
import { IpcCallError } from '../../../shared/ipc/client'
import { jsonSyntaxError } from '../../../shared/jsonSyntax'
import { client } from '../ipc/client'
import { useProfilesStore } from './profilesStore'
import { ConversationMirror } from './conversationMirror'
import {
  endRun,
  endRunLocally,
  foldRunEvents,
  newRun,
  runCompletion,
  type RunEnded,
  type RunView,
} from './runFold'

export type { RunView } from './runFold'

export interface Issue {
  field: string
  message: string
  severity?: 'error' | 'warning'
  /** The request can still be sent as it is ("Send anyway"), for the gateway to judge. */
  forceable?: boolean
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
  /** Runs by id: the panel's current one, and any still going. */
  runs: Record<string, RunView>
  /** The run the panel shows (the latest). */
  currentRunId: string | null
  /** Why the last Send was refused (cleared when the cause goes). */
  issues: Issue[]
  /** Inputs the user has changed (by draft field: messages, model, temperature, …); their errors show. */
  touched: Record<string, true>
  /** Send was pressed: every error shows from now on. */
  attempted: boolean
  /** A file that could not be attached, and why. */
  attachError: string | null
  pendingToolCalls: ToolCall[]

  set(patch: Partial<TextState>): void
  setParams(patch: Partial<TextParams>): void
  setExtras<F extends WireFormat>(format: F, extras: NonNullable<DraftExtras[F]>): void
  /** The draft as it would be sent (with the composer as a new user turn when `withComposer`). */
  draft(withComposer: boolean): { draft: Draft; issues: Issue[] }
  /** Sends the composer; `force` sends despite errors the gateway should judge itself. */
  send(options?: { force?: boolean }): Promise<void>
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
  s: Pick<TextState, 'touched' | 'attempted'>,
  issue: { field: string; severity?: 'error' | 'warning' },
): boolean {
  return issue.severity === 'warning' || s.attempted || s.touched[issueField(issue.field)] === true
}

/** The run the panel shows. */
export const currentRun = (s: Pick<TextState, 'runs' | 'currentRunId'>): RunView | null =>
  s.currentRunId ? (s.runs[s.currentRunId] ?? null) : null

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
    const syntax = jsonSyntaxError(text)
    issues.push({
      field,
      message: `${field}: ${syntax?.message ?? `not valid JSON (${(error as Error).message})`}`,
    })
  }
  return undefined
}

const touch = (s: TextState, keys: string[]): Record<string, true> => {
  const fields = keys.map((k) => FIELD_OF[k] ?? k).filter((f) => s.touched[f] !== true)
  return fields.length ? { ...s.touched, ...Object.fromEntries(fields.map((f) => [f, true])) } : s.touched
}

/** Issues of a Send that no longer hold once their field changed. */
const withoutIssuesOf = (issues: Issue[], keys: string[]): Issue[] => {
  if (issues.length === 0) return issues
  const fields = new Set(keys.map((k) => FIELD_OF[k] ?? k))
  const kept = issues.filter((i) => !fields.has(issueField(i.field)) && i.field !== 'request')
  return kept.length === issues.length ? issues : kept
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
  runs: {},
  currentRunId: null,
  issues: [],
  touched: {},
  attempted: false,
  attachError: null,
  pendingToolCalls: [],

  set: (patch) => {
    const s = get()
    const keys = Object.keys(patch)
    set({ ...patch, touched: touch(s, keys), issues: withoutIssuesOf(s.issues, keys) })
  },
  setParams: (patch) => {
    const s = get()
    const keys = Object.keys(patch)
    set({
      params: { ...s.params, ...patch },
      touched: touch(s, keys),
      issues: withoutIssuesOf(s.issues, keys),
    })
  },
  setExtras: (format, extras) => {
    const s = get()
    set({ extras: { ...s.extras, [format]: extras }, touched: touch(s, ['extras']) })
  },

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

  async send(options = {}) {
    const s = get()
    if (currentRun(s)?.status === 'running') return
    set({ attempted: true })
    const { draft, issues } = s.draft(true)
    if (s.rawBody !== null) {
      // The JSON is sent exactly as written: only its syntax can stop it; the gateway judges the rest.
      const syntax = jsonSyntaxError(s.rawBody)
      if (syntax)
        return set({ issues: [{ field: 'Request JSON', message: `Request JSON: ${syntax.message}` }] })
    } else {
      if (draft.messages.length === 0)
        issues.push({ field: 'messages', message: 'messages: write a message first', forceable: true })
      for (const i of validateDraft(s.format, draft))
        if (i.severity === 'error' && !(i.field === 'messages' && draft.messages.length === 0))
          issues.push({ field: i.field, message: i.message, severity: 'error', forceable: true })
      for (const i of issues) if (i.field === 'model') i.forceable = true
      const blocking = issues.filter((i) => !(options.force && i.forceable))
      if (blocking.length) return set({ issues })
    }
    const sentUrls = Object.fromEntries(s.attachments.map((a) => [a.ref, a.url]))
    set({
      messages: draft.messages,
      composer: '',
      attachments: [],
      attachError: null,
      attachmentUrls: { ...get().attachmentUrls, ...sentUrls },
    })
    await start(draft, { force: options.force === true })
  },

  async stop() {
    const run = currentRun(get())
    if (run?.status !== 'running') return
    const result = await client.call('text.stopRun', { runId: run.runId })
    // Main has no such run going (it ended, or never started): the run ends here, so nothing waits forever.
    if (!result.ok || !result.value.stopped) updateRun(run.runId, (r) => endRunLocally(r, 'aborted'))
  },

  async sendToolResults(results) {
    const s = get()
    const { draft } = s.draft(false)
    const next = appendToolResults(draft, results)
    set({ messages: next.messages, pendingToolCalls: [] })
    await start(next)
  },

  async regenerate() {
    const s = get()
    const messages = [...s.messages]
    while (messages.length && messages[messages.length - 1]!.role !== 'user') messages.pop()
    set({ messages })
    const { draft } = get().draft(false)
    await start(draft)
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
    await start(draft)
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
    const s = get()
    const runs = Object.fromEntries(Object.entries(s.runs).filter(([, r]) => r.status === 'running'))
    set({
      messages: [],
      runs,
      currentRunId: null,
      pendingToolCalls: [],
      issues: [],
      touched: {},
      attempted: false,
      attachError: null,
    })
  },
}))

const mirror = new ConversationMirror((input) => client.invoke('text.putTurns', input))

/** Uploads what main lacks of these turns and answers the reference a request carries. */
export function syncConversation(turns: readonly DraftMessage[]): Promise<ConversationRef> {
  return mirror.sync(turns)
}

/** Called with the code of any error main answered for a request that referenced the conversation. */
export function conversationFailed(code: string | undefined): void {
  if (ConversationMirror.isResync(code)) mirror.forget()
}

/** The profile the next request goes to: the one picked in the panel, else the active one. */
export function profileInUse(): string | null {
  return useTextStore.getState().profileId ?? useProfilesStore.getState().activeId
}

function updateRun(runId: string, change: (run: RunView) => RunView): void {
  const s = useTextStore.getState()
  const run = s.runs[runId]
  if (!run) return
  const next = change(run)
  if (next !== run) useTextStore.setState({ runs: { ...s.runs, [runId]: next } })
}

const newRunId = () => `run-${crypto.randomUUID()}`

/**
 * Starts a run of `draft`. The run exists (and shows) from the first moment; whatever fails after that ends it
 * with the cause on screen, and Stop ends it in any state.
 */
async function start(draft: Draft, options: { force?: boolean } = {}): Promise<void> {
  const s = useTextStore.getState()
  const runId = newRunId()
  // Older finished runs leave with the new one: the panel shows one run; runs still going stay until they end.
  const runs = Object.fromEntries(Object.entries(s.runs).filter(([, r]) => r.status === 'running'))
  useTextStore.setState({
    runs: { ...runs, [runId]: newRun(runId, s.format, draft.model) },
    currentRunId: runId,
    issues: [],
    pendingToolCalls: [],
  })
  const fail = (message: string, errorType = 'TEXT_RUN_FAILED') =>
    updateRun(runId, (r) => endRunLocally(r, 'error', { message, errorType, raw: null }))
  const profileId = profileInUse()
  if (!profileId) return fail('No connection profile is chosen: add or choose one in Settings.')
  try {
    const { messages, ...settings } = draft
    const conversation = await syncConversation(messages)
    // Stopped while the conversation was uploading: nothing was asked of main.
    if (useTextStore.getState().runs[runId]?.status !== 'running') return
    await client.invoke('text.startRun', {
      runId,
      profileId,
      format: s.format,
      draft: { ...settings, messages: [] },
      conversation,
      ...(s.rawBody !== null ? { rawBody: s.rawBody } : {}),
      ...(options.force ? { force: true } : {}),
    })
  } catch (error) {
    fail(
      error instanceof Error ? error.message : String(error),
      error instanceof IpcCallError ? error.code : undefined,
    )
  }
}

function applyEvents(runId: string, events: RunEvent[]): void {
  updateRun(runId, (run) => foldRunEvents(run, events))
}

function onRunEnded(payload: RunEnded): void {
  const s = useTextStore.getState()
  const run = s.runs[payload.runId]
  if (!run || run.status !== 'running') return
  const ended = endRun(run, payload)
  conversationFailed(payload.error?.errorType)
  if (payload.status !== 'done' || s.currentRunId !== payload.runId)
    return useTextStore.setState({ runs: { ...s.runs, [run.runId]: ended } })
  // A finished answer becomes the next assistant turn, in the shape its format continues with.
  const { draft } = s.draft(false)
  const next = appendAssistantTurn(draft, runCompletion(ended))
  ended.turnIndex = next.messages.length - 1
  useTextStore.setState({
    runs: { ...s.runs, [run.runId]: ended },
    messages: next.messages,
    pendingToolCalls: ended.toolCalls,
  })
}

/** Keeps a partial (failed or cut) answer in the conversation, as the user asked. */
export function keepPartialAnswer(): void {
  const s = useTextStore.getState()
  const run = currentRun(s)
  if (!run || run.status === 'running' || !run.text) return
  const message: DraftMessage = {
    id: localId(),
    role: 'assistant',
    parts: [{ type: 'text', text: run.text }],
  }
  // The kept text is a turn of its own now; the run's output gives way to it.
  useTextStore.setState({
    messages: [...s.messages, message],
    runs: { ...s.runs, [run.runId]: { ...run, status: 'done' } },
  })
}

let subscribed = false
/** Subscribes once to the run events of this window. */
export function subscribeTextEvents(): void {
  if (subscribed) return
  subscribed = true
  client.on('text.runEvents', ({ runId, events }) => applyEvents(runId, events))
  client.on('text.runEnded', (payload) => onRunEnded(payload))
}

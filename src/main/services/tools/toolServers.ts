// The tool servers the user set up (Settings → Tool servers): their settings (saved; secret values in the secret
// store), their connections (made only when the user presses Connect), their logs, and the windows that watch
// them. Text, Compare and Cases reach a server's tools through `offered` and `call`; nothing here starts a server
// on its own, at start-up or because a case names one.
import { randomUUID } from 'node:crypto'
import type { Events } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/result'
import { secretHint } from '../../../shared/ipc/profiles'
import type { LogEntry, PromptInfo, ResourceInfo, ToolInfo } from '../../../shared/tools/catalog'
import type { ToolOutcome } from '../../../shared/tools/toolCall'
import {
  TOOL_SERVER_BOUNDS,
  toolServerFieldsSchema,
  type NamedValue,
  type ToolServerFields,
  type ToolServerView,
} from '../../../shared/tools/serverConfig'
import type { EventSink, SecretStore, SettingsStore } from '../ports'
import { scrubSecrets } from '../redact'
import { ServerConnection, type CallOptions } from './serverConnection'
import { ServerLog } from './serverLog'
import { LogWatchers } from './logWatchers'
import { ServerSecrets } from './serverSecrets'
import { CannedResults } from './cannedResults'
import type { CannedResult } from '../../../shared/tools/canned'
import type { ToolMode } from '../../../shared/tools/cannedModes'

const KEY = 'toolServers'

interface StoredServer {
  id: string
  /** Secret values are blank here: they are in the secret store. */
  fields: ToolServerFields
  alwaysAllow: string[]
}

interface Live {
  connection: ServerConnection | null
  log: ServerLog
  /** The settings the connection was made with differ from the saved ones. */
  stale: boolean
}

export interface ToolServerDeps {
  settings: SettingsStore
  secrets: SecretStore
  version: string
  env?: Record<string, string | undefined>
  log?: (message: string) => void
}

export class ToolServerService {
  private readonly live = new Map<string, Live>()
  private readonly watchers = new Map<string, EventSink<Events>>()
  private readonly logWatchers = new LogWatchers()
  private readonly secrets: ServerSecrets
  private readonly canned: CannedResults
  private readonly pendingChanges = new Set<string>()
  /** Calls started with a tag and no signal of their own, by server and tag: what Stop cancels. */
  private readonly stoppable = new Map<string, AbortController>()
  private changeTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly deps: ToolServerDeps) {
    this.secrets = new ServerSecrets(deps.secrets)
    this.canned = new CannedResults(deps.settings)
  }

  list(): ToolServerView[] {
    return this.stored().map((s) => this.view(s))
  }

  watch(senderId: string, sink: EventSink<Events>): ToolServerView[] {
    this.watchers.set(senderId, sink)
    return this.list()
  }

  async put(id: string | undefined, input: unknown): Promise<ToolServerView> {
    const fields = toolServerFieldsSchema.parse(input)
    const all = this.stored()
    const existing = id ? all.find((s) => s.id === id) : undefined
    if (id && !existing) throw new AppError('TOOLS_NOT_FOUND', `There is no tool server ${id}.`)
    if (!existing && all.length >= TOOL_SERVER_BOUNDS.servers)
      throw new AppError(
        'TOOLS_TOO_MANY',
        `At most ${TOOL_SERVER_BOUNDS.servers} tool servers; remove one first.`,
      )
    if (all.some((s) => s.id !== id && s.fields.name.toLowerCase() === fields.name.toLowerCase()))
      throw new AppError('TOOLS_NAME_TAKEN', `name: another tool server is called ${fields.name}.`, {
        issues: [{ field: 'name', message: `name: another tool server is called ${fields.name}` }],
      })
    const serverId = existing?.id ?? `ts-${randomUUID()}`
    const saved = await this.secrets.keep(serverId, fields, existing?.fields)
    const entry: StoredServer = { id: serverId, fields: saved, alwaysAllow: existing?.alwaysAllow ?? [] }
    this.save(existing ? all.map((s) => (s.id === serverId ? entry : s)) : [...all, entry])
    const live = this.live.get(serverId)
    if (live?.connection?.connected) live.stale = true
    await this.secrets.refresh(this.stored(), serverId)
    this.changed(serverId)
    return this.view(entry)
  }

  async remove(id: string): Promise<{ removed: boolean }> {
    const all = this.stored()
    const entry = all.find((s) => s.id === id)
    if (!entry) return { removed: false }
    await this.live.get(id)?.connection?.disconnect()
    this.live.delete(id)
    this.save(all.filter((s) => s.id !== id))
    await this.secrets.forget(entry.id, entry.fields)
    this.canned.forget(entry.id)
    for (const sink of this.sinks()) sink.emit('tools.serverRemoved', { id })
    return { removed: true }
  }

  /** Connects a server: the user's action in Settings, and the only way a server is started. */
  async connect(id: string): Promise<ToolServerView> {
    const entry = this.entry(id)
    const live = this.liveOf(id)
    if (live.connection && (live.connection.connected || live.connection.state.status === 'connecting'))
      return this.view(entry)
    await live.connection?.disconnect().catch(() => undefined)
    live.stale = false
    live.connection = new ServerConnection(await this.secrets.filled(entry.id, entry.fields), {
      log: live.log,
      changed: () => this.changed(id),
      env: this.deps.env ?? process.env,
      version: this.deps.version,
    })
    await live.connection.connect()
    return this.view(entry)
  }

  async disconnect(id: string): Promise<ToolServerView> {
    const entry = this.entry(id)
    await this.live.get(id)?.connection?.disconnect()
    return this.view(entry)
  }

  tools(id: string): ToolInfo[] {
    this.entry(id)
    return this.live.get(id)?.connection?.catalog.tools ?? []
  }

  resources(id: string): ResourceInfo[] {
    this.entry(id)
    return this.live.get(id)?.connection?.catalog.resources ?? []
  }

  prompts(id: string): PromptInfo[] {
    this.entry(id)
    return this.live.get(id)?.connection?.catalog.prompts ?? []
  }

  readLog(id: string, afterSeq: number, limit: number) {
    this.entry(id)
    return this.liveOf(id).log.page(afterSeq, limit)
  }

  /** A window starts (or stops) hearing a server's new log entries. */
  watchLog(senderId: string, sink: EventSink<Events>, id: string, watch: boolean): { lastSeq: number } {
    this.entry(id)
    this.logWatchers.set(senderId, sink, id, watch)
    return { lastSeq: this.liveOf(id).log.lastSeq }
  }

  /** The log entries of one model call (its JSON-RPC messages). */
  callMessages(id: string, tag: string): LogEntry[] {
    return this.live.get(id)?.log.tagged(tag) ?? []
  }

  setAlwaysAllow(id: string, tool: string, allow: boolean): ToolServerView {
    const all = this.stored()
    const entry = this.entry(id)
    if (allow) this.canned.setAnswer(id, tool, false)
    const list = new Set(entry.alwaysAllow)
    if (allow) list.add(tool)
    else list.delete(tool)
    const next = { ...entry, alwaysAllow: [...list].slice(0, TOOL_SERVER_BOUNDS.listed) }
    this.save(all.map((s) => (s.id === id ? next : s)))
    this.changed(id)
    return this.view(next)
  }

  /** How the model's calls to a tool are answered: ask first, run without asking, or its canned result. */
  setMode(id: string, tool: string, mode: ToolMode): ToolServerView {
    this.entry(id)
    this.canned.setAnswer(id, tool, mode === 'canned')
    return this.setAlwaysAllow(id, tool, mode === 'run')
  }

  /** Saves a tool's canned result (null removes it); the tool need not be listed now (its server may be off). */
  putCanned(id: string, tool: string, result: CannedResult | null): ToolServerView {
    const entry = this.entry(id)
    this.canned.put(id, tool, result)
    this.changed(id)
    return this.view(entry)
  }

  readCanned(id: string, tool: string): CannedResult | null {
    this.entry(id)
    return this.canned.read(id, tool)
  }

  /** A model's call answered with the tool's canned result, not run (the server need not be connected). */
  answerCanned(id: string, name: string, tag?: string): ToolOutcome {
    this.entry(id)
    const saved = this.canned.read(id, name)
    if (!saved) throw new AppError('TOOLS_NO_CANNED', `${name} has no canned result; save one first.`)
    this.liveOf(id).log.note(`${name}: answered with its canned result (not run)`, tag)
    const { text, isError } = saved
    return { text, isError, ms: 0, chars: text.length, notes: [], canned: true }
  }

  /** Whether the user chose "always for this tool" for it. */
  alwaysAllowed(id: string, tool: string): boolean {
    return (
      this.stored()
        .find((s) => s.id === id)
        ?.alwaysAllow.includes(tool) ?? false
    )
  }

  /** A server by its name (cases and suites name servers), or null. */
  byName(name: string): ToolServerView | null {
    const entry = this.stored().find((s) => s.fields.name.toLowerCase() === name.toLowerCase())
    return entry ? this.view(entry) : null
  }

  async call(
    id: string,
    name: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ToolOutcome> {
    this.entry(id)
    const connection = this.live.get(id)?.connection
    if (!connection)
      return {
        text: 'The tool server is not connected; connect it in Settings → Tool servers.',
        isError: true,
        failure: 'not-connected',
        ms: 0,
        chars: 0,
        notes: [],
      }
    if (options.signal || !options.tag) return connection.callTool(name, args, options)
    // A tagged call (a model's call id) can be stopped by its tag: the SDK then sends notifications/cancelled.
    const key = `${id}\u0000${options.tag}`
    this.stoppable.get(key)?.abort()
    const stop = new AbortController()
    this.stoppable.set(key, stop)
    try {
      return await connection.callTool(name, args, { ...options, signal: stop.signal })
    } finally {
      if (this.stoppable.get(key) === stop) this.stoppable.delete(key)
    }
  }

  /** Stops the running call of this tag (it ends as "stopped" and the server is told to cancel it). */
  stopCall(id: string, tag: string): { stopped: boolean } {
    const stop = this.stoppable.get(`${id}\u0000${tag}`)
    stop?.abort('stopped by the user')
    return { stopped: stop !== undefined }
  }

  /** The secret values of every server, known once read (start, or a change saved). */
  knownSecrets(): string[] {
    return this.secrets.all()
  }

  /** Reads the servers' secret values into memory (for hints and scrubbing), once at start. */
  refreshSecrets(): Promise<void> {
    return this.secrets.refresh(this.stored())
  }

  async close(): Promise<void> {
    if (this.changeTimer) clearTimeout(this.changeTimer)
    await Promise.all([...this.live.values()].map((l) => l.connection?.disconnect().catch(() => undefined)))
  }

  private view(s: StoredServer): ToolServerView {
    const live = this.live.get(s.id)
    const state = live?.connection?.state ?? { status: 'disconnected' as const, since: 0 }
    const secrets = this.secrets.values(s.id)
    const shown = (list: NamedValue[], kind: 'env' | 'header') =>
      list.map((e) => {
        if (!e.secret) return { name: e.name, value: e.value, secret: false }
        const value = this.secrets.cached(s.id, kind, e.name)
        return {
          name: e.name,
          value: '',
          secret: true,
          configured: value !== null,
          hint: value ? secretHint(value) : null,
        }
      })
    const c = s.fields.connection
    const scrub = (text: string) => scrubSecrets(text, secrets)
    return {
      id: s.id,
      name: s.fields.name,
      connection:
        c.transport === 'stdio'
          ? { transport: 'stdio', command: c.command, args: c.args, cwd: c.cwd, env: shown(c.env, 'env') }
          : {
              transport: 'http',
              url: c.url,
              headers: shown(c.headers, 'header'),
              sseFallback: c.sseFallback,
            },
      limits: s.fields.limits,
      alwaysAllow: s.alwaysAllow,
      ...this.canned.summary(s.id),
      state: {
        ...state,
        ...(state.error ? { error: scrub(state.error) } : {}),
        ...(live?.stale && state.status === 'connected' ? { stale: true } : {}),
      },
    }
  }

  private stored(): StoredServer[] {
    const raw = this.deps.settings.get<unknown[]>(KEY)
    if (!Array.isArray(raw)) return []
    return raw.flatMap((r) => {
      const s = r as Partial<StoredServer>
      const fields = toolServerFieldsSchema.safeParse(s?.fields)
      if (typeof s?.id !== 'string' || !fields.success) {
        this.deps.log?.('tool servers: a saved server that does not read back was left out')
        return []
      }
      const allow = Array.isArray(s.alwaysAllow)
        ? s.alwaysAllow.filter((t): t is string => typeof t === 'string')
        : []
      return [{ id: s.id, fields: fields.data, alwaysAllow: allow }]
    })
  }

  private save(all: StoredServer[]): void {
    this.deps.settings.set(KEY, all)
  }

  private entry(id: string): StoredServer {
    const entry = this.stored().find((s) => s.id === id)
    if (!entry)
      throw new AppError('TOOLS_NOT_FOUND', `There is no tool server ${id}; it may have been removed.`)
    return entry
  }

  private liveOf(id: string): Live {
    let live = this.live.get(id)
    if (!live) {
      live = {
        connection: null,
        stale: false,
        log: new ServerLog({
          scrub: (text) => scrubSecrets(text, this.secrets.values(id)),
          appended: (entry) => this.logWatchers.appended(id, entry),
        }),
      }
      this.live.set(id, live)
    }
    return live
  }

  private *sinks(): Iterable<EventSink<Events>> {
    for (const [sender, sink] of this.watchers) {
      if (sink.alive) yield sink
      else this.watchers.delete(sender)
    }
  }

  /** Tells watching windows of a server's change, a few times a second at most. */
  private changed(id: string): void {
    this.pendingChanges.add(id)
    this.changeTimer ??= setTimeout(() => {
      this.changeTimer = null
      const ids = [...this.pendingChanges]
      this.pendingChanges.clear()
      const all = this.stored()
      for (const sid of ids) {
        const entry = all.find((s) => s.id === sid)
        if (!entry) continue
        const server = this.view(entry)
        for (const sink of this.sinks()) sink.emit('tools.serverChanged', { server })
      }
    }, 50)
  }
}

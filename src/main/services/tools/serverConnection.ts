// One tool server's connection, on the official SDK's Client: its life (disconnected → connecting → connected,
// or failed / exited with why, the server's last stderr lines included), what it offers (tools, resources,
// prompts: read in bounded pages), and its calls, each under the server's time limits, cancellable, with its
// progress and its JSON-RPC messages tagged with the model's call it serves. Only `connect` starts anything, and
// only the user's action in Settings calls it.
import { performance } from 'node:perf_hooks'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { PromptInfo, ResourceInfo, ToolInfo } from '../../../shared/tools/catalog'
import type { ToolOutcome } from '../../../shared/tools/toolCall'
import {
  TOOL_SERVER_BOUNDS,
  type ToolServerFields,
  type ToolServerState,
} from '../../../shared/tools/serverConfig'
import { callResultSchema, failedOutcome, outcomeOf } from './callOutcome'
import { pageSchema, promptItem, resourceItem, toolItem } from './catalogItems'
import { childEnvironment, workingFolder } from './childEnv'
import { boundedFetch } from './httpFetch'
import type { ServerLog } from './serverLog'
import { BoundedStdioTransport } from './stdioTransport'
import { LoggedTransport } from './wireWatch'
import { CallTags } from './callTags'

export interface ConnectionDeps {
  log: ServerLog
  /** The state changed (the service tells the windows). */
  changed(): void
  /** The app's own environment (only a few session variables of it reach a stdio server). */
  env: Record<string, string | undefined>
  version: string
}

export interface CallOptions {
  signal?: AbortSignal
  /** The model's call this is (its id), written on the call's JSON-RPC messages in the log. */
  tag?: string
  onProgress?: (p: { progress: number; total?: number; message?: string }) => void
}

type Catalog = { tools: ToolInfo[]; resources: ResourceInfo[]; prompts: PromptInfo[] }

export class ServerConnection {
  state: ToolServerState = { status: 'disconnected', since: Date.now() }
  catalog: Catalog = { tools: [], resources: [], prompts: [] }
  private client: Client | null = null
  private transport: Transport | null = null
  /** Each connect attempt's number: callbacks of an earlier attempt change nothing. */
  private attempt = 0
  private readonly tags = new CallTags()
  private exit: string | undefined
  private calls = 0

  constructor(
    /** The server's fields with its secret values filled in. */
    private readonly fields: ToolServerFields,
    private readonly deps: ConnectionDeps,
  ) {}

  get connected(): boolean {
    return this.state.status === 'connected'
  }

  async connect(): Promise<void> {
    if (this.state.status === 'connecting' || this.state.status === 'connected') return
    const attempt = ++this.attempt
    this.exit = undefined
    this.catalog = { tools: [], resources: [], prompts: [] }
    this.set({ status: 'connecting' })
    const { connection, limits } = this.fields
    const timeout = limits.connectTimeoutS * 1000
    try {
      if (connection.transport === 'stdio') {
        this.deps.log.note(`Starting ${connection.command} ${connection.args.join(' ')}`.trim())
        await this.open(attempt, this.stdio(), timeout, 'stdio')
      } else {
        try {
          await this.open(attempt, await this.http('streamable-http'), timeout, 'streamable-http')
        } catch (error) {
          if (!connection.sseFallback || attempt !== this.attempt) throw error
          this.deps.log.note(
            `Streamable HTTP did not connect (${messageOf(error)}); trying the legacy SSE transport.`,
          )
          await this.quietClose()
          await this.open(attempt, await this.http('sse'), timeout, 'sse')
        }
      }
      if (attempt !== this.attempt) return
      await this.readCatalog(timeout)
      if (attempt !== this.attempt) return
      this.set({ ...this.state, status: 'connected', since: Date.now() })
    } catch (error) {
      if (attempt !== this.attempt) return
      await this.quietClose()
      const said = this.deps.log.stderrTail()
      this.set({
        status: this.exit ? 'exited' : 'failed',
        error: `${connectFailure(error, limits.connectTimeoutS, this.exit)}${said ? `\nThe server wrote:\n${said}` : ''}`,
      })
    }
  }

  async disconnect(): Promise<void> {
    this.attempt++
    await this.quietClose()
    this.deps.log.note('Disconnected by the user.')
    this.set({ status: 'disconnected' })
  }

  /** Calls a tool; every way it can go wrong comes back as an error outcome, never a throw. */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ToolOutcome> {
    const started = performance.now()
    const client = this.client
    const { limits } = this.fields
    if (!client || !this.connected)
      return {
        text: `The tool server is not connected (${this.state.status}); connect it in Settings → Tool servers.`,
        isError: true,
        failure: 'not-connected',
        ms: 0,
        chars: 0,
        notes: [],
      }
    this.calls++
    this.set({ ...this.state, calls: this.calls })
    // Every call is tagged (the model's call id, else one of its own) so its messages and progress are found.
    const tag = options.tag ?? `call-${this.attempt}-${this.calls}-${Math.random().toString(36).slice(2, 8)}`
    const mine = this.tags.begin(tag, options.onProgress)
    try {
      const pending = client.request(
        { method: 'tools/call', params: { name, arguments: args } },
        callResultSchema,
        {
          signal: options.signal,
          timeout: limits.callTimeoutS * 1000,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: limits.callMaxS * 1000,
          // Progress is read from the messages themselves (see tagReceived): the SDK drops one that arrives in the
          // same read as the answer. This only asks for it and keeps the time limit reset.
          onprogress: () => undefined,
        },
      )
      this.tags.sending(null)
      return outcomeOf(await pending, performance.now() - started)
    } catch (error) {
      const aborted = options.signal?.aborted === true
      // Past the longest call the SDK gives up without telling the server: the app tells it.
      if (!aborted && !mine.cancelled && mine.id !== undefined && this.client === client)
        await client
          .notification({
            method: 'notifications/cancelled',
            params: { requestId: mine.id, reason: 'time limit' },
          })
          .catch(() => undefined)
      return failedOutcome(error, performance.now() - started, { aborted, limits, exit: this.exit })
    } finally {
      this.tags.end(tag)
      this.calls--
      if (this.state.status === 'connected') this.set({ ...this.state, calls: this.calls })
    }
  }

  private stdio(): Transport {
    const c = this.fields.connection
    if (c.transport !== 'stdio') throw new Error('not a stdio server')
    const log = this.deps.log
    return new BoundedStdioTransport(
      {
        command: c.command,
        args: c.args,
        cwd: workingFolder(c.cwd),
        env: childEnvironment(this.deps.env, c.env),
        maxMessageBytes: this.fields.limits.messageMb * 1024 * 1024,
      },
      {
        note: (text) => log.note(text),
        stderr: (text) => log.stderr(text),
        throttled: () =>
          log.note(
            'The server writes to stderr faster than it is read: reading is slowed to 512 KB a second.',
          ),
        exited: ({ code, signal }) => {
          log.flushStderr()
          this.exit = signal ? `stopped by ${signal}` : `exit code ${code}`
          log.note(`The process ended (${this.exit}).`)
        },
      },
    )
  }

  private async http(via: 'streamable-http' | 'sse'): Promise<Transport> {
    const c = this.fields.connection
    if (c.transport !== 'http') throw new Error('not an HTTP server')
    const headers = Object.fromEntries(c.headers.map((h) => [h.name, h.value]))
    const fetch = boundedFetch(this.fields.limits.messageMb * 1024 * 1024, this.deps.log)
    const url = new URL(c.url)
    if (via === 'sse') {
      const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js')
      return new SSEClientTransport(url, { requestInit: { headers }, fetch })
    }
    const { StreamableHTTPClientTransport } =
      await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    return new StreamableHTTPClientTransport(url, {
      requestInit: { headers },
      fetch,
      reconnectionOptions: {
        maxRetries: 2,
        initialReconnectionDelay: 1000,
        maxReconnectionDelay: 10_000,
        reconnectionDelayGrowFactor: 2,
      },
    })
  }

  private async open(
    attempt: number,
    inner: Transport,
    timeout: number,
    via: NonNullable<ToolServerState['via']>,
  ) {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const log = this.deps.log
    const transport = new LoggedTransport(inner, {
      sent: (m) => log.message('sent', m, this.tags.sent(m)),
      received: (m) => log.message('received', m, this.tags.received(m)),
    })
    const client = new Client(
      { name: 'gateway-playground', version: this.deps.version },
      { capabilities: {} },
    )
    client.onerror = (error) => log.note(`Protocol: ${messageOf(error)}`)
    client.onclose = () => this.closed(attempt, client)
    this.client = client
    this.transport = transport
    await client.connect(transport, { timeout })
    const info = client.getServerVersion()
    const caps = client.getServerCapabilities() ?? {}
    const instructions = client.getInstructions()
    this.state = {
      ...this.state,
      via,
      ...(inner instanceof BoundedStdioTransport && inner.pid ? { pid: inner.pid } : {}),
      server: {
        name: String(info?.name ?? 'unnamed').slice(0, 200),
        version: String(info?.version ?? '').slice(0, 100),
        ...(typeof info?.title === 'string' ? { title: info.title.slice(0, 200) } : {}),
        ...(typeof instructions === 'string' ? { instructions: instructions.slice(0, 4000) } : {}),
      },
      capabilities: Object.keys(caps)
        .filter((k) => k !== 'experimental')
        .slice(0, 20),
    }
    client.fallbackNotificationHandler = async (n) => {
      if (n.method === 'notifications/tools/list_changed' && attempt === this.attempt && this.connected)
        await this.readCatalog(timeout, ['tools']).catch((e: unknown) =>
          log.note(`Tools not read again: ${messageOf(e)}`),
        )
    }
  }

  private async readCatalog(timeout: number, which: (keyof Catalog)[] = ['tools', 'resources', 'prompts']) {
    const caps = new Set(this.state.capabilities ?? [])
    const truncated = new Set(this.state.counts?.truncated ?? [])
    for (const key of which) {
      if (!caps.has(key)) continue
      const map: (raw: unknown) => unknown =
        key === 'tools' ? toolItem : key === 'resources' ? resourceItem : promptItem
      try {
        const { items, more } = await this.listAll(key, map, timeout)
        ;(this.catalog as Record<string, unknown>)[key] = items
        if (more) {
          truncated.add(key)
          this.deps.log.note(
            `The server lists more ${key} than the ${TOOL_SERVER_BOUNDS.listed.toLocaleString('en-US')} the app keeps; the first ones are kept.`,
          )
        } else truncated.delete(key)
      } catch (error) {
        if (key === 'tools') throw error
        this.deps.log.note(`The server's ${key} were not read: ${messageOf(error)}`)
      }
    }
    this.set({
      ...this.state,
      counts: {
        tools: this.catalog.tools.length,
        resources: this.catalog.resources.length,
        prompts: this.catalog.prompts.length,
        truncated: [...truncated],
      },
    })
  }

  private async listAll<T>(key: keyof Catalog, map: (raw: unknown) => T | null, timeout: number) {
    const client = this.client
    if (!client) throw new Error('not connected')
    const items: T[] = []
    let cursor: string | undefined
    let pages = 0
    let more = false
    do {
      const page = await client.request(
        { method: `${key}/list`, params: cursor ? { cursor } : {} },
        pageSchema(key),
        { timeout },
      )
      const raw = (page as Record<string, unknown[]>)[key] ?? []
      for (const r of raw) {
        if (items.length >= TOOL_SERVER_BOUNDS.listed) {
          more = true
          break
        }
        const item = map(r)
        if (item) items.push(item)
      }
      cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined
      pages++
    } while (cursor && !more && pages < 100)
    return { items, more: more || cursor !== undefined }
  }

  /** The transport closed: on its own (not by the user), the server exited or the connection dropped. */
  private closed(attempt: number, client: Client): void {
    if (attempt !== this.attempt || client !== this.client) return
    const was = this.state.status
    this.client = null
    this.transport = null
    this.tags.clear()
    if (was !== 'connected') return
    const said = this.deps.log.stderrTail()
    this.set({
      status: this.exit ? 'exited' : 'failed',
      error:
        (this.exit ? `The server process ended (${this.exit}).` : 'The connection to the server closed.') +
        (said ? `\nThe server wrote:\n${said}` : '') +
        '\nConnect it again in Settings → Tool servers.',
    })
  }

  private async quietClose(): Promise<void> {
    const client = this.client
    this.client = null
    this.transport = null
    this.tags.clear()
    await client?.close().catch(() => undefined)
  }

  private set(state: Omit<ToolServerState, 'since'> & { since?: number }): void {
    const keep = state.status === 'connected' || state.status === 'connecting'
    this.state = {
      ...state,
      since: state.since ?? Date.now(),
      ...(!keep ? { via: undefined, pid: undefined, calls: undefined } : {}),
    }
    if (!keep) this.catalog = { tools: [], resources: [], prompts: [] }
    this.deps.changed()
  }
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

function connectFailure(error: unknown, timeoutS: number, exit: string | undefined): string {
  const e = error as { code?: unknown; message?: unknown }
  if (exit) return `The server process ended before it was ready (${exit}).`
  if (e?.code === 'ENOENT') return 'The command was not found: check the command, or give its full path.'
  if (e?.code === 'EACCES') return 'The command cannot be run (permission denied).'
  if (e?.code === -32001)
    return `The server did not answer within ${timeoutS} s (this server's connect time limit).`
  return `The server did not connect: ${messageOf(error)}`
}

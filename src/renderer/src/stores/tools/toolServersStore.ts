// The tool servers as the renderer knows them (Settings → Tool servers; Text offers their tools): views kept in
// step with main by its change events, secrets as `{ configured, hint }` only. Connecting is always the user's
// action here; nothing in the renderer connects a server on its own.
import { create } from 'zustand'
import type { LogEntry, ToolInfo } from '../../../../shared/tools/catalog'
import type { ToolServerFieldsInput, ToolServerView } from '../../../../shared/tools/serverConfig'
import type { ToolOutcome } from '../../../../shared/tools/toolCall'
import type { CannedResult } from '../../../../shared/tools/canned'
import type { ToolMode } from '../../../../shared/tools/cannedModes'
import { toolsCalls } from '../../ipc/toolsCalls'

/** Log entries a watching page keeps per server (main keeps more; the page reads the newest). */
const LOG_KEPT = 500

interface ToolServersState {
  servers: ToolServerView[]
  loaded: boolean
  error: string | null
  /** Each connected server's tools, read when it connects (or when asked). */
  tools: Record<string, ToolInfo[]>
  /** The newest log entries of the servers whose log is open. */
  logs: Record<string, LogEntry[]>
  watch(): Promise<void>
  put(id: string | undefined, fields: ToolServerFieldsInput): Promise<ToolServerView>
  remove(id: string): Promise<void>
  connect(id: string): Promise<ToolServerView>
  disconnect(id: string): Promise<void>
  loadTools(id: string): Promise<void>
  openLog(id: string, open: boolean): Promise<void>
  /** Runs a tool; `tag` (the model's call id) lets Stop name the call and the Inspector find its messages. */
  call(id: string, name: string, args: Record<string, unknown>, tag?: string): Promise<ToolOutcome>
  /** Answers a call with the tool's canned result (not run; the server need not be connected). */
  answerCanned(id: string, name: string, tag?: string): Promise<ToolOutcome>
  setToolMode(id: string, tool: string, mode: ToolMode): Promise<void>
  /** Saves a tool's canned result (null removes it). */
  putCanned(id: string, tool: string, result: CannedResult | null): Promise<void>
  readCanned(id: string, tool: string): Promise<CannedResult | null>
  stopCall(id: string, tag: string): Promise<void>
  /** The JSON-RPC messages (and notes) of one model call, by its call id. */
  callMessages(id: string, tag: string): Promise<LogEntry[]>
  setAlwaysAllow(id: string, tool: string, allow: boolean): Promise<void>
}

let subscribed = false

export const useToolServersStore = create<ToolServersState>((set, get) => {
  const upsert = (server: ToolServerView) => {
    const had = get().servers.find((s) => s.id === server.id)
    set((s) => ({
      servers: had ? s.servers.map((x) => (x.id === server.id ? server : x)) : [...s.servers, server],
    }))
    const connected = server.state.status === 'connected'
    const wasConnected = had?.state.status === 'connected'
    const countChanged = had?.state.counts?.tools !== server.state.counts?.tools
    if (connected && (!wasConnected || countChanged)) void get().loadTools(server.id)
    if (!connected && get().tools[server.id])
      set((s) => {
        const tools = { ...s.tools }
        delete tools[server.id]
        return { tools }
      })
  }
  const appendLog = (id: string, entries: LogEntry[]) =>
    set((s) => {
      const have = s.logs[id]
      if (!have) return s
      const last = have.at(-1)?.seq ?? 0
      const next = [...have, ...entries.filter((e) => e.seq > last)].slice(-LOG_KEPT)
      return { logs: { ...s.logs, [id]: next } }
    })
  return {
    servers: [],
    loaded: false,
    error: null,
    tools: {},
    logs: {},

    async watch() {
      if (!subscribed) {
        subscribed = true
        toolsCalls.onServerChanged(({ server }) => upsert(server))
        toolsCalls.onServerRemoved(({ id }) =>
          set((s) => ({ servers: s.servers.filter((x) => x.id !== id) })),
        )
        toolsCalls.onLogAppended(({ serverId, entries }) => appendLog(serverId, entries))
      }
      try {
        const { servers } = await toolsCalls.watchServers()
        set({ servers, loaded: true, error: null })
        for (const s of servers) if (s.state.status === 'connected') void get().loadTools(s.id)
      } catch (error) {
        set({ loaded: true, error: error instanceof Error ? error.message : String(error) })
      }
    },

    async put(id, fields) {
      const { server } = await toolsCalls.putServer(id, fields)
      upsert(server)
      return server
    },

    async remove(id) {
      await toolsCalls.removeServer(id)
      set((s) => ({ servers: s.servers.filter((x) => x.id !== id) }))
    },

    async connect(id) {
      const { server } = await toolsCalls.connect(id)
      upsert(server)
      return server
    },

    async disconnect(id) {
      upsert((await toolsCalls.disconnect(id)).server)
    },

    async loadTools(id) {
      const { tools } = await toolsCalls.listTools(id)
      set((s) => ({ tools: { ...s.tools, [id]: tools } }))
    },

    async openLog(id, open) {
      if (!open) {
        set((s) => {
          const logs = { ...s.logs }
          delete logs[id]
          return { logs }
        })
        await toolsCalls.watchLog(id, false)
        return
      }
      const { lastSeq } = await toolsCalls.watchLog(id, true)
      const page = await toolsCalls.readLog(id, Math.max(0, lastSeq - LOG_KEPT))
      set((s) => ({ logs: { ...s.logs, [id]: page.entries } }))
    },

    async call(id, name, args, tag) {
      return (await toolsCalls.callTool(id, name, args, tag)).outcome
    },

    async answerCanned(id, name, tag) {
      return (await toolsCalls.callTool(id, name, {}, tag, true)).outcome
    },

    async setToolMode(id, tool, mode) {
      upsert((await toolsCalls.setToolMode(id, tool, mode)).server)
    },

    async putCanned(id, tool, result) {
      upsert((await toolsCalls.putCanned(id, tool, result)).server)
    },

    async readCanned(id, tool) {
      return (await toolsCalls.readCanned(id, tool)).result
    },

    async callMessages(id, tag) {
      return (await toolsCalls.callMessages(id, tag)).entries
    },

    async stopCall(id, tag) {
      await toolsCalls.stopCall(id, tag)
    },

    async setAlwaysAllow(id, tool, allow) {
      upsert((await toolsCalls.setAlwaysAllow(id, tool, allow)).server)
    },
  }
})

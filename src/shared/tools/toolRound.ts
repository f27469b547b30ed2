// A tool round as data, shared by every panel that answers a model's tool calls (Text, Compare): which tool server
// answers a call (the connected one offering the tool, else one holding a canned result for it), how the call is
// answered without asking (run, canned) or not, and the bound on rounds in a row that go back without the user.
// Plain values and types only: no schema, so the panels' first load does not carry zod.
import type { ToolInfo } from './catalog'
import type { ToolServerView } from './serverConfig'
import type { ToolOutcome } from './toolCall'
import { toolMode, type ToolMode } from './cannedModes'

/** Rounds in a row whose results go back without the user pressing Send. */
export const AUTO_ROUNDS = 8

/** The tool servers as a round reads them: their views and each connected one's tools. */
export interface RoundServers {
  servers: readonly ToolServerView[]
  tools: Readonly<Record<string, readonly ToolInfo[] | undefined>>
}

/** Whether this server is connected and offers the tool. */
export function connectedWith(s: RoundServers, server: ToolServerView, name: string): boolean {
  return server.state.status === 'connected' && (s.tools[server.id]?.some((t) => t.name === name) ?? false)
}

export const hasCanned = (server: ToolServerView, name: string): boolean =>
  server.canned.some((c) => c.tool === name)

/** The connected server offering a call's tool (the first one), else a server with a canned result for it. */
export function serverOfTool(s: RoundServers, name: string): ToolServerView | null {
  return (
    s.servers.find((server) => connectedWith(s, server, name)) ??
    s.servers.find((server) => hasCanned(server, name)) ??
    null
  )
}

/** How a call to this tool is answered now: run without asking only while its server is connected. */
export function roundMode(s: RoundServers, name: string): ToolMode {
  const server = serverOfTool(s, name)
  if (!server) return 'ask'
  const mode = toolMode(server, name)
  return mode === 'run' && !connectedWith(s, server, name) ? 'ask' : mode
}

/** What a round asks of the tool servers, by server id (`tag` is the model's call id: Stop and the log use it). */
export interface ToolRoundActions {
  call(serverId: string, name: string, args: Record<string, unknown>, tag: string): Promise<ToolOutcome>
  answerCanned(serverId: string, name: string, tag: string): Promise<ToolOutcome>
  putCanned(serverId: string, tool: string, result: { text: string; isError: boolean }): Promise<void>
  setAlwaysAllow(serverId: string, tool: string, allow: boolean): Promise<void>
  stopCall(serverId: string, tag: string): Promise<void>
}

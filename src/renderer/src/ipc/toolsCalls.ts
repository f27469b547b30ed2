// The tools domain for panels: the tool servers set up in Settings, their connections, tools, log and a call by
// hand. Components reach main through here or the tools store, never the client.
import type { LogEntry } from '../../../shared/tools/catalog'
import type { ToolServerFieldsInput, ToolServerView } from '../../../shared/tools/serverConfig'
import type { CannedResult } from '../../../shared/tools/canned'
import type { ToolMode } from '../../../shared/tools/cannedModes'
import { client } from './client'

export const toolsCalls = {
  watchServers: () => client.invoke('tools.watchServers', {}),
  putServer: (id: string | undefined, fields: ToolServerFieldsInput) =>
    client.invoke('tools.putServer', id ? { id, fields } : { fields }),
  removeServer: (id: string) => client.invoke('tools.removeServer', { id }),
  connect: (id: string) => client.invoke('tools.connectServer', { id }),
  disconnect: (id: string) => client.invoke('tools.disconnectServer', { id }),
  listTools: (id: string) => client.invoke('tools.listTools', { id, offset: 0, limit: 1000 }),
  listResources: (id: string) => client.invoke('tools.listResources', { id, offset: 0, limit: 200 }),
  listPrompts: (id: string) => client.invoke('tools.listPrompts', { id, offset: 0, limit: 200 }),
  readLog: (id: string, afterSeq: number) => client.invoke('tools.readLog', { id, afterSeq, limit: 500 }),
  watchLog: (id: string, watch: boolean) => client.invoke('tools.watchLog', { id, watch }),
  callTool: (id: string, name: string, args: Record<string, unknown>, tag?: string, canned?: boolean) =>
    client.invoke('tools.callTool', {
      id,
      name,
      arguments: args,
      ...(tag ? { tag } : {}),
      ...(canned ? { canned } : {}),
    }),
  setToolMode: (id: string, tool: string, mode: ToolMode) =>
    client.invoke('tools.setToolMode', { id, tool, mode }),
  putCanned: (id: string, tool: string, result: CannedResult | null) =>
    client.invoke('tools.putCanned', { id, tool, result }),
  readCanned: (id: string, tool: string) => client.invoke('tools.readCanned', { id, tool }),
  callMessages: (id: string, tag: string) => client.invoke('tools.callMessages', { id, tag }),
  stopCall: (id: string, tag: string) => client.invoke('tools.stopCall', { id, tag }),
  setAlwaysAllow: (id: string, tool: string, allow: boolean) =>
    client.invoke('tools.setAlwaysAllow', { id, tool, allow }),
  onServerChanged: (listener: (p: { server: ToolServerView }) => void) =>
    client.on('tools.serverChanged', listener),
  onServerRemoved: (listener: (p: { id: string }) => void) => client.on('tools.serverRemoved', listener),
  onLogAppended: (listener: (p: { serverId: string; entries: LogEntry[]; skipped: number }) => void) =>
    client.on('tools.logAppended', listener),
}

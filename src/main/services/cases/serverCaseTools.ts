// The app's answerer of a case's tool calls: the tool servers set up in Settings → Tool servers, found by the name
// the case gives. A case never connects a server: a server that is not connected answers only from its canned
// results, and the cell says to connect it when it has none. A tool in canned mode (or with a canned result while
// its server is disconnected) is answered with its canned result; any other call runs on the server, tagged with
// the model's call id (its JSON-RPC messages are in the server's log under it).
import { toolMode } from '../../../shared/tools/cannedModes'
import type { ToolServerService } from '../tools/toolServers'
import type { CaseToolAnswer, CaseTools } from './toolLoop'

export function serverCaseTools(servers: ToolServerService): CaseTools {
  return {
    problem(name) {
      const server = servers.byName(name)
      if (!server)
        return `tool server "${name}": there is no tool server of that name; add it in Settings → Tool servers`
      if (server.state.status !== 'connected' && server.canned.length === 0)
        return `tool server "${name}" is not connected: connect it in Settings → Tool servers (a case never starts it)`
      return null
    },
    async answer(name, tool, args, callId, signal): Promise<CaseToolAnswer> {
      const server = servers.byName(name)
      if (!server) return { text: `There is no tool server "${name}".`, isError: true, origin: 'ran' }
      const connected = server.state.status === 'connected'
      const canned = server.canned.some((c) => c.tool === tool)
      if (canned && (toolMode(server, tool) === 'canned' || !connected)) {
        const o = servers.answerCanned(server.id, tool, callId)
        return { text: o.text, isError: o.isError, origin: 'canned' }
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(args || '{}')
      } catch {
        parsed = undefined
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return {
          text: `The arguments are not a JSON object: ${args.slice(0, 200)}`,
          isError: true,
          origin: 'ran',
        }
      const o = await servers.call(server.id, tool, parsed as Record<string, unknown>, {
        tag: callId,
        signal,
      })
      return { text: o.text, isError: o.isError, origin: 'ran' }
    },
  }
}

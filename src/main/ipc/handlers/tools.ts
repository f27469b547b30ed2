// The tools domain: thin calls into the tool servers service, which the core builds (Text, Compare and Cases reach
// the same servers through it). Lists are read in pages cut to stay far under the IPC bound; the servers are
// disconnected when the app closes (their processes stopped).
import { toolsCommands } from '../../../shared/ipc/tools'
import { defineDomain } from '../domain'

/** Characters of JSON a page of a server's lists carries at most. */
const PAGE_CHARS = 150_000

function pageOf<T>(all: readonly T[], offset: number, limit: number): { items: T[]; total: number } {
  const items: T[] = []
  let chars = 0
  for (const item of all.slice(offset, offset + limit)) {
    chars += JSON.stringify(item).length
    if (items.length > 0 && chars > PAGE_CHARS) break
    items.push(item)
  }
  return { items, total: all.length }
}

export const toolsDomain = defineDomain({
  name: 'tools',
  commands: toolsCommands,
  services: (ctx) => ctx.tools,
  handlers: (tools) => ({
    'tools.listServers': () => ({ servers: tools.list() }),
    'tools.watchServers': (_input, ctx) => ({ servers: tools.watch(ctx.senderId, ctx.events) }),
    'tools.putServer': async ({ id, fields }) => ({ server: await tools.put(id, fields) }),
    'tools.removeServer': ({ id }) => tools.remove(id),
    'tools.connectServer': async ({ id }) => ({ server: await tools.connect(id) }),
    'tools.disconnectServer': async ({ id }) => ({ server: await tools.disconnect(id) }),
    'tools.listTools': ({ id, offset, limit }) => {
      const { items, total } = pageOf(tools.tools(id), offset, limit)
      return { tools: items, total }
    },
    'tools.listResources': ({ id, offset, limit }) => {
      const { items, total } = pageOf(tools.resources(id), offset, limit)
      return { resources: items, total }
    },
    'tools.listPrompts': ({ id, offset, limit }) => {
      const { items, total } = pageOf(tools.prompts(id), offset, limit)
      return { prompts: items, total }
    },
    'tools.readLog': ({ id, afterSeq, limit }) => tools.readLog(id, afterSeq, limit),
    'tools.watchLog': ({ id, watch }, ctx) => tools.watchLog(ctx.senderId, ctx.events, id, watch),
    'tools.callMessages': ({ id, tag }) => {
      const all = tools.callMessages(id, tag)
      return { entries: pageOf(all, Math.max(0, all.length - 200), 200).items }
    },
    'tools.callTool': async ({ id, name, arguments: args, tag, canned }) => ({
      outcome: canned
        ? tools.answerCanned(id, name, tag)
        : await tools.call(id, name, args, tag ? { tag } : {}),
    }),
    'tools.stopCall': ({ id, tag }) => tools.stopCall(id, tag),
    'tools.setToolMode': ({ id, tool, mode }) => ({ server: tools.setMode(id, tool, mode) }),
    'tools.putCanned': ({ id, tool, result }) => ({ server: tools.putCanned(id, tool, result) }),
    'tools.readCanned': ({ id, tool }) => ({ result: tools.readCanned(id, tool) }),
    'tools.setAlwaysAllow': ({ id, tool, allow }) => ({ server: tools.setAlwaysAllow(id, tool, allow) }),
  }),
  start: (tools) => tools.refreshSecrets(),
  close: (tools) => tools.close(),
})

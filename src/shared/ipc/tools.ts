// The tools domain: the tool servers (Model Context Protocol) the user sets up in Settings, their connections, what
// they offer, their logs, and a call made by hand to try a tool. A server is started only by `tools.connectServer`
// (the user's Connect); lists and logs come in pages that stay far under the IPC bound, and a watching window hears
// of every server's change (`tools.serverChanged`) and of the new log entries of the servers it watches.
import { z } from 'zod'
import { defineCommand, defineEvent } from './define'
import { logEntrySchema, promptInfoSchema, resourceInfoSchema, toolInfoSchema } from '../tools/catalog'
import { toolServerFieldsSchema, toolServerViewSchema } from '../tools/serverConfig'
import { toolOutcomeSchema } from '../tools/toolCall'
import { cannedResultSchema } from '../tools/canned'
import { TOOL_MODES } from '../tools/cannedModes'

const serverId = z.string().min(1).max(100)
const page = {
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
}
const server = z.object({ server: toolServerViewSchema })

export const toolsEvents = {
  'tools.serverChanged': defineEvent(server),
  'tools.serverRemoved': defineEvent(z.object({ id: z.string() })),
  'tools.logAppended': defineEvent(
    z.object({ serverId: z.string(), entries: z.array(logEntrySchema), skipped: z.number() }),
  ),
}

export const toolsCommands = {
  'tools.listServers': defineCommand(z.object({}), z.object({ servers: z.array(toolServerViewSchema) })),
  /** The list, and every server's change from now on to this window. */
  'tools.watchServers': defineCommand(z.object({}), z.object({ servers: z.array(toolServerViewSchema) })),
  /** Adds a server (no id) or changes one; a secret left blank keeps the value already set. */
  'tools.putServer': defineCommand(
    z.object({ id: serverId.optional(), fields: toolServerFieldsSchema }),
    server,
  ),
  'tools.removeServer': defineCommand(z.object({ id: serverId }), z.object({ removed: z.boolean() })),
  'tools.connectServer': defineCommand(z.object({ id: serverId }), server),
  'tools.disconnectServer': defineCommand(z.object({ id: serverId }), server),
  'tools.listTools': defineCommand(
    z.object({ id: serverId, ...page }),
    z.object({ tools: z.array(toolInfoSchema), total: z.number() }),
  ),
  'tools.listResources': defineCommand(
    z.object({ id: serverId, ...page }),
    z.object({ resources: z.array(resourceInfoSchema), total: z.number() }),
  ),
  'tools.listPrompts': defineCommand(
    z.object({ id: serverId, ...page }),
    z.object({ prompts: z.array(promptInfoSchema), total: z.number() }),
  ),
  'tools.readLog': defineCommand(
    z.object({
      id: serverId,
      afterSeq: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(2000).default(500),
    }),
    z.object({ entries: z.array(logEntrySchema), firstSeq: z.number(), lastSeq: z.number() }),
  ),
  'tools.watchLog': defineCommand(
    z.object({ id: serverId, watch: z.boolean() }),
    z.object({ lastSeq: z.number() }),
  ),
  /** The JSON-RPC messages of one model tool call (tagged with its call id), for the Inspector. */
  'tools.callMessages': defineCommand(
    z.object({ id: serverId, tag: z.string().min(1).max(200) }),
    z.object({ entries: z.array(logEntrySchema) }),
  ),
  /** Calls a tool (Settings' "Try it", a model's call in a tool round), with the server's limits. */
  'tools.callTool': defineCommand(
    z.object({
      id: serverId,
      name: z.string().min(1).max(200),
      arguments: z.record(z.string(), z.unknown()).refine((a) => JSON.stringify(a).length <= 200_000, {
        message: 'arguments: at most 200,000 characters of JSON',
      }),
      /** The model's call id: the call's JSON-RPC messages are found by it, and Stop names it. */
      tag: z.string().min(1).max(200).optional(),
      /** Answer with the tool's canned result instead of running it (the server need not be connected). */
      canned: z.boolean().optional(),
    }),
    z.object({ outcome: toolOutcomeSchema }),
  ),
  /** Stops a running call by its tag: it ends as stopped, and the server is sent notifications/cancelled. */
  'tools.stopCall': defineCommand(
    z.object({ id: serverId, tag: z.string().min(1).max(200) }),
    z.object({ stopped: z.boolean() }),
  ),
  /** How a model's calls to a tool are answered: ask first, run without asking, or with its canned result. */
  'tools.setToolMode': defineCommand(
    z.object({ id: serverId, tool: z.string().min(1).max(200), mode: z.enum(TOOL_MODES) }),
    server,
  ),
  /** Saves a tool's canned result (typed, or kept from a run); null removes it. */
  'tools.putCanned': defineCommand(
    z.object({ id: serverId, tool: z.string().min(1).max(200), result: cannedResultSchema.nullable() }),
    server,
  ),
  'tools.readCanned': defineCommand(
    z.object({ id: serverId, tool: z.string().min(1).max(200) }),
    z.object({ result: cannedResultSchema.nullable() }),
  ),
  /** "Always for this tool": the tool runs without asking first (or asks again). */
  'tools.setAlwaysAllow': defineCommand(
    z.object({ id: serverId, tool: z.string().min(1).max(200), allow: z.boolean() }),
    server,
  ),
}

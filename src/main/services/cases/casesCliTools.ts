// `npm run cases` and a suite's tool rounds: `--canned <file>` answers the calls from fixed results, with no server
// running; `--tool-server "<name>=<command> [args…]"` starts that stdio server for this run and stops it at the
// end. Nothing is started unless that flag names it: a suite file names its server and never starts it. The child
// gets none of this process's environment (the tool servers' own rule), so the key stays out of it.
import { readFileSync } from 'node:fs'
import parseShell from 'shell-quote/parse'
import { z } from 'zod'
import { cannedResultSchema, type CannedResult } from '../../../shared/tools/canned'
import type { SecretStore, SettingsStore } from '../ports'
import { ToolServerService } from '../tools/toolServers'
import type { CaseToolAnswer, CaseTools } from './toolLoop'
import { serverCaseTools } from './serverCaseTools'

export const TOOL_ARG_OPTIONS = {
  canned: { type: 'string' },
  'tool-server': { type: 'string', multiple: true },
} as const

export const TOOL_USAGE = `  --canned <file>      results for a suite's tool rounds, without a server: {"<server>": {"<tool>": {"text": "…", "isError": false}}}
  --tool-server "<name>=<command> [args…]"  start this stdio tool server for the run (a suite never starts one)`

/** The canned results of `--canned`, by server name then tool. */
const cannedFileSchema = z.record(z.string().min(1), z.record(z.string().min(1), cannedResultSchema))
type CannedFile = Record<string, Record<string, CannedResult>>

export interface CliToolServer {
  name: string
  command: string
  args: string[]
}

export interface ToolArgs {
  canned: CannedFile
  servers: CliToolServer[]
}

/** Reads `--canned` and `--tool-server`; a problem is named by its flag and rule. */
export function readToolArgs(
  values: { canned?: string; 'tool-server'?: string[] },
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): { ok: true; tools: ToolArgs } | { ok: false; message: string } {
  let canned: CannedFile = {}
  if (values.canned !== undefined) {
    let text: string
    try {
      text = readFile(values.canned)
    } catch (error) {
      return { ok: false, message: `--canned: cannot read ${values.canned}: ${(error as Error).message}` }
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      return { ok: false, message: `--canned: ${values.canned} is not JSON: ${(error as Error).message}` }
    }
    const read = cannedFileSchema.safeParse(json)
    if (!read.success) {
      const issue = read.error.issues[0]!
      return { ok: false, message: `--canned: ${issue.path.join('.') || '(the file)'}: ${issue.message}` }
    }
    canned = read.data
  }
  const servers: CliToolServer[] = []
  for (const spec of values['tool-server'] ?? []) {
    const at = spec.indexOf('=')
    const name = at > 0 ? spec.slice(0, at).trim() : ''
    const words = at > 0 ? parseShell(spec.slice(at + 1)) : []
    if (!name || words.length === 0 || words.some((w) => typeof w !== 'string'))
      return {
        ok: false,
        message: `--tool-server "${spec}": write <name>=<command> [args…] (plain words, no shell operators)`,
      }
    const [command, ...args] = words as string[]
    servers.push({ name, command: command!, args })
  }
  return { ok: true, tools: { canned, servers } }
}

/**
 * Who answers the suite's tool calls on the command line: the canned results first, then the servers started by
 * `--tool-server` (connected before the first cell). `close` stops them.
 */
export async function cliCaseTools(
  args: ToolArgs,
  stores: { settings: SettingsStore; secrets: SecretStore },
  log: (line: string) => void,
): Promise<{ tools: CaseTools; close(): Promise<void> }> {
  const service = new ToolServerService({ ...stores, version: 'cases-cli' })
  for (const s of args.servers) {
    const view = await service.put(undefined, {
      name: s.name,
      connection: { transport: 'stdio', command: s.command, args: s.args },
    })
    const connected = await service.connect(view.id)
    log(
      connected.state.status === 'connected'
        ? `Tool server "${s.name}" started: ${s.command} ${s.args.join(' ')}`
        : `Tool server "${s.name}" did not start (${connected.state.status}${connected.state.error ? `: ${connected.state.error}` : ''})`,
    )
  }
  const started = serverCaseTools(service)
  const cannedFor = (server: string, tool: string): CannedResult | undefined =>
    Object.entries(args.canned).find(([name]) => name.toLowerCase() === server.toLowerCase())?.[1][tool]
  const tools: CaseTools = {
    problem(server) {
      if (Object.keys(args.canned).some((n) => n.toLowerCase() === server.toLowerCase())) return null
      if (service.byName(server)) return started.problem(server)
      return `tool server "${server}": the suite names it; give --tool-server "${server}=<command> [args…]" to start it, or --canned <file> with its results`
    },
    async answer(server, tool, callArgs, callId, signal): Promise<CaseToolAnswer> {
      const canned = cannedFor(server, tool)
      if (canned) return { text: canned.text, isError: canned.isError, origin: 'canned' }
      if (!service.byName(server))
        return {
          text: `No canned result for ${tool} and no server "${server}" was started.`,
          isError: true,
          origin: 'canned',
        }
      return started.answer(server, tool, callArgs, callId, signal)
    },
  }
  return { tools, close: () => service.close() }
}

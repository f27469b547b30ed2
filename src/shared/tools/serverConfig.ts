// Tool servers (Model Context Protocol) as data: how the user describes one (a command run over stdio, or a
// Streamable HTTP URL with the legacy SSE transport as fallback), the bounds each connection keeps, and what the
// renderer sees of it. Values the user marks secret (an environment variable, a header) live in main's secret
// store; the renderer only ever sees whether one is set and a hint.
import { z } from 'zod'
import { cannedSummarySchema } from './canned'

/** The bounds every server gets unless the user sets its own (Settings → Tool servers → Limits). */
export const TOOL_SERVER_DEFAULTS = {
  /** One JSON-RPC message from the server, in megabytes (a larger one is dropped and its request fails). */
  messageMb: 8,
  /** Answer to `initialize` and to the lists, in seconds. */
  connectTimeoutS: 30,
  /** One tool call without a sign of progress, in seconds. */
  callTimeoutS: 60,
  /** One tool call in all, however much progress it reports, in seconds. */
  callMaxS: 600,
} as const

/** How many servers the app keeps, and how much of each it keeps in memory. */
export const TOOL_SERVER_BOUNDS = {
  servers: 32,
  /** Tools, resources and prompts kept per server (the first ones listed). */
  listed: 1000,
  /** A tool's input schema larger than this (JSON characters) is listed but not offered to a model. */
  schemaChars: 64 * 1024,
  /** Log entries kept per server, and the characters of one entry. */
  logEntries: 2000,
  logEntryChars: 16 * 1024,
} as const

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** Headers the HTTP transport sets itself. */
const TRANSPORT_HEADER =
  /^(host|content-length|content-type|connection|transfer-encoding|accept|mcp-session-id|mcp-protocol-version|last-event-id)$/i

/** A name and a value; a secret value is kept in the secret store (blank on update keeps the one set). */
const namedValue = (name: z.ZodString) =>
  z.object({
    name,
    value: z.string().max(8192, 'a value is at most 8,192 characters'),
    secret: z.boolean().default(false),
  })

export const envEntrySchema = namedValue(
  z
    .string()
    .trim()
    .regex(ENV_NAME, 'an environment variable name is letters, digits and _ (not first a digit)'),
).refine((e) => !e.value.includes('\0'), {
  message: 'a value must not contain a NUL character',
  path: ['value'],
})

export const headerEntrySchema = namedValue(
  z
    .string()
    .trim()
    .regex(HEADER_NAME, 'a header name is an HTTP token (letters, digits, - and _)')
    .refine((n) => !TRANSPORT_HEADER.test(n), 'this header is set by the transport'),
).refine((h) => !/[\r\n\0]/.test(h.value), {
  message: 'a header value must not contain line breaks',
  path: ['value'],
})
export type NamedValue = z.output<typeof envEntrySchema>

export const toolServerUrlSchema = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(2048)
  .superRefine((value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'URL must be absolute, such as http://127.0.0.1:3001/mcp' })
      return
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      ctx.addIssue({ code: 'custom', message: 'URL must use http or https' })
    if (url.username || url.password)
      ctx.addIssue({ code: 'custom', message: 'URL must not hold credentials; add an Authorization header' })
  })

export const stdioTransportSchema = z.object({
  transport: z.literal('stdio'),
  command: z.string().trim().min(1, 'command is required').max(1000),
  args: z.array(z.string().max(4000)).max(100, 'at most 100 arguments').default([]),
  /** The working folder; blank runs it in the user's home folder. */
  cwd: z.string().trim().max(1000).default(''),
  env: z.array(envEntrySchema).max(100, 'at most 100 variables').default([]),
})

export const httpTransportSchema = z.object({
  transport: z.literal('http'),
  url: toolServerUrlSchema,
  headers: z.array(headerEntrySchema).max(50, 'at most 50 headers').default([]),
  /** When the URL does not speak Streamable HTTP, try the legacy SSE transport (GET an event stream, POST). */
  sseFallback: z.boolean().default(true),
})

export const toolServerLimitsSchema = z.object({
  messageMb: z.number().min(0.0625, 'at least 0.0625 MB (64 KB)').max(64, 'at most 64 MB'),
  connectTimeoutS: z.number().min(1, 'at least 1 s').max(600, 'at most 600 s'),
  callTimeoutS: z.number().min(1, 'at least 1 s').max(3600, 'at most 3,600 s'),
  callMaxS: z.number().min(1, 'at least 1 s').max(86_400, 'at most 86,400 s'),
})

export const toolServerFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(80, 'name is at most 80 characters'),
    connection: z.discriminatedUnion('transport', [stdioTransportSchema, httpTransportSchema]),
    limits: toolServerLimitsSchema.default({ ...TOOL_SERVER_DEFAULTS }),
  })
  .superRefine((f, ctx) => {
    if (f.limits.callMaxS < f.limits.callTimeoutS)
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'callMaxS'],
        message: 'the longest call is at least the time limit without progress',
      })
    const c = f.connection
    const http = c.transport === 'http'
    const names = c.transport === 'http' ? c.headers : c.env
    const seen = new Set<string>()
    for (const [i, e] of names.entries()) {
      const key = http ? e.name.toLowerCase() : e.name
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['connection', http ? 'headers' : 'env', i, 'name'],
          message: `${e.name} is set twice`,
        })
      seen.add(key)
    }
  })
export type ToolServerFields = z.output<typeof toolServerFieldsSchema>
export type ToolServerFieldsInput = z.input<typeof toolServerFieldsSchema>

/** Where a server is in its life; `failed` and `exited` carry why. */
export const TOOL_SERVER_STATUSES = ['disconnected', 'connecting', 'connected', 'failed', 'exited'] as const

/** A named value as the renderer sees it: a secret's value is blank, with whether it is set and a hint. */
const namedValueView = z.object({
  name: z.string(),
  value: z.string(),
  secret: z.boolean(),
  configured: z.boolean().optional(),
  hint: z.string().nullable().optional(),
})

export const toolServerStateSchema = z.object({
  status: z.enum(TOOL_SERVER_STATUSES),
  /** When it entered this status (ms since the epoch). */
  since: z.number(),
  /** Why it failed or exited, in words, with what to do. */
  error: z.string().optional(),
  /** The transport in use once connected: stdio, Streamable HTTP, or the legacy SSE fallback. */
  via: z.enum(['stdio', 'streamable-http', 'sse']).optional(),
  pid: z.number().optional(),
  server: z
    .object({
      name: z.string(),
      version: z.string(),
      title: z.string().optional(),
      protocolVersion: z.string().optional(),
      instructions: z.string().optional(),
    })
    .optional(),
  capabilities: z.array(z.string()).optional(),
  counts: z
    .object({
      tools: z.number(),
      resources: z.number(),
      prompts: z.number(),
      /** The server listed more than the app keeps (TOOL_SERVER_BOUNDS.listed). */
      truncated: z.array(z.enum(['tools', 'resources', 'prompts'])),
    })
    .optional(),
  /** Calls going now. */
  calls: z.number().optional(),
  /** The settings changed since it connected: reconnect to apply them. */
  stale: z.boolean().optional(),
})
export type ToolServerState = z.infer<typeof toolServerStateSchema>

export const toolServerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  connection: z.discriminatedUnion('transport', [
    z.object({
      transport: z.literal('stdio'),
      command: z.string(),
      args: z.array(z.string()),
      cwd: z.string(),
      env: z.array(namedValueView),
    }),
    z.object({
      transport: z.literal('http'),
      url: z.string(),
      headers: z.array(namedValueView),
      sseFallback: z.boolean(),
    }),
  ]),
  limits: toolServerLimitsSchema,
  /** Tools this server may run without asking first ("always for this tool"). */
  alwaysAllow: z.array(z.string()),
  /** The tools with a canned result saved, and those whose calls get it without asking. */
  canned: z.array(cannedSummarySchema),
  answerCanned: z.array(z.string()),
  state: toolServerStateSchema,
})
export type ToolServerView = z.infer<typeof toolServerViewSchema>

/** The command line a stdio server runs, as the user sees it before connecting. */
export function commandLine(view: { command: string; args: readonly string[] }): string {
  const quote = (s: string) => (s === '' || /[\s"'\\$`]/.test(s) ? `'${s.replace(/'/g, `'\\''`)}'` : s)
  return [view.command, ...view.args].map(quote).join(' ')
}

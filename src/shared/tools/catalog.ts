// What a connected tool server offers (its tools with their schemas, its resources, its prompts) and what it
// said (its log: the JSON-RPC messages both ways, its stderr, the app's notes), as the renderer reads them in
// pages that stay far under the IPC bound.
import { z } from 'zod'

const jsonObject = z.record(z.string(), z.unknown())

export const toolInfoSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** The JSON Schema of the arguments ({} when the schema is too large to offer; see `schemaChars`). */
  inputSchema: jsonObject,
  outputSchema: jsonObject.optional(),
  annotations: jsonObject.optional(),
  /** Characters of the input schema as JSON. */
  schemaChars: z.number(),
  /** False when the schema is over the bound: the tool is listed but not offered to a model. */
  offered: z.boolean(),
})
export type ToolInfo = z.infer<typeof toolInfoSchema>

export const resourceInfoSchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
})
export type ResourceInfo = z.infer<typeof resourceInfoSchema>

export const promptInfoSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(
      z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }),
    )
    .optional(),
})
export type PromptInfo = z.infer<typeof promptInfoSchema>

/**
 * One line of a server's log. `sent` and `received` are JSON-RPC messages (their text cut to the entry bound,
 * `bytes` their whole size); `stderr` is what the process wrote there; `note` is the app's own word (dropped
 * messages, slowed reading, the process's exit). `tag` names the model's tool call a message belongs to.
 */
export const logEntrySchema = z.object({
  seq: z.number(),
  at: z.number(),
  kind: z.enum(['sent', 'received', 'stderr', 'note']),
  text: z.string(),
  bytes: z.number(),
  method: z.string().optional(),
  rpcId: z.union([z.string(), z.number()]).optional(),
  tag: z.string().optional(),
})
export type LogEntry = z.infer<typeof logEntrySchema>

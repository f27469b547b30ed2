// A server's lists read leniently and bounded: each page is taken as an array of anything, and each item is kept
// only when it has what the app needs (a tool's name and an object schema; a resource's uri; a prompt's name),
// with long texts cut and an input schema over the bound listed but not offered. A server that lists 100,000
// tools costs one page's parse, never 100,000 validations or compiled schemas.
import { z } from 'zod'
import type { PromptInfo, ResourceInfo, ToolInfo } from '../../../shared/tools/catalog'
import { TOOL_SERVER_BOUNDS } from '../../../shared/tools/serverConfig'

const TEXT_CHARS = 16 * 1024
const NAME = /^[^\s\0]{1,200}$/

export const pageSchema = (key: 'tools' | 'resources' | 'prompts') =>
  z.looseObject({ [key]: z.array(z.unknown()), nextCursor: z.string().max(4096).optional() })

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? (v.length > TEXT_CHARS ? `${v.slice(0, TEXT_CHARS)}…` : v) : undefined

export function toolItem(raw: unknown): ToolInfo | null {
  const t = record(raw)
  const name = t?.name
  if (!t || typeof name !== 'string' || !NAME.test(name)) return null
  const schema = record(t.inputSchema) ?? { type: 'object' }
  const schemaChars = JSON.stringify(schema).length
  const offered = schemaChars <= TOOL_SERVER_BOUNDS.schemaChars
  const output = record(t.outputSchema)
  const outputKept =
    output && JSON.stringify(output).length <= TOOL_SERVER_BOUNDS.schemaChars ? output : undefined
  const annotations = record(t.annotations)
  return {
    name,
    ...(text(t.title) ? { title: text(t.title) } : {}),
    ...(text(t.description) ? { description: text(t.description) } : {}),
    inputSchema: offered ? schema : {},
    ...(outputKept ? { outputSchema: outputKept } : {}),
    ...(annotations && JSON.stringify(annotations).length < 4096 ? { annotations } : {}),
    schemaChars,
    offered,
  }
}

export function resourceItem(raw: unknown): ResourceInfo | null {
  const r = record(raw)
  if (!r || typeof r.uri !== 'string' || r.uri.length > 4096) return null
  return {
    uri: r.uri,
    name: text(r.name) ?? r.uri,
    ...(text(r.title) ? { title: text(r.title) } : {}),
    ...(text(r.description) ? { description: text(r.description) } : {}),
    ...(typeof r.mimeType === 'string' && r.mimeType.length < 200 ? { mimeType: r.mimeType } : {}),
  }
}

export function promptItem(raw: unknown): PromptInfo | null {
  const p = record(raw)
  if (!p || typeof p.name !== 'string' || !NAME.test(p.name)) return null
  const args = Array.isArray(p.arguments)
    ? p.arguments.slice(0, 50).flatMap((a) => {
        const arg = record(a)
        return arg && typeof arg.name === 'string'
          ? [
              {
                name: arg.name.slice(0, 200),
                ...(text(arg.description) ? { description: text(arg.description) } : {}),
                ...(typeof arg.required === 'boolean' ? { required: arg.required } : {}),
              },
            ]
          : []
      })
    : undefined
  return {
    name: p.name,
    ...(text(p.title) ? { title: text(p.title) } : {}),
    ...(text(p.description) ? { description: text(p.description) } : {}),
    ...(args ? { arguments: args } : {}),
  }
}

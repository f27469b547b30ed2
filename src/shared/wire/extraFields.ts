// Fields of a format's extras that the app has no control for: the extras schemas are loose, so a key the user
// typed in "Other fields" survives validation and IPC, and each builder sends it verbatim at the top of the body.
// Invariant: a field the builder writes itself (model, messages, a form field) is never replaced by one of these.
import type { WireFormat } from './format'
import {
  chatExtrasSchema,
  messagesExtrasSchema,
  nativeExtrasSchema,
  responsesExtrasSchema,
  type DraftExtras,
} from './draft'
import type { JsonObject } from './read'

const KNOWN: Record<WireFormat, ReadonlySet<string>> = {
  chat: new Set(Object.keys(chatExtrasSchema.shape)),
  responses: new Set(Object.keys(responsesExtrasSchema.shape)),
  messages: new Set(Object.keys(messagesExtrasSchema.shape)),
  native: new Set(Object.keys(nativeExtrasSchema.shape)),
}

/** The extras keys of `format` that no builder rule places (sent as they are). */
export function unknownExtras(format: WireFormat, extras: DraftExtras[WireFormat] | undefined): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(extras ?? {}))
    if (!KNOWN[format].has(key) && value !== undefined) out[key] = value
  return out
}

/** `body` with the format's unknown extras added where the body has no such field yet. */
export function withUnknownExtras<T extends JsonObject>(
  format: WireFormat,
  extras: DraftExtras[WireFormat] | undefined,
  body: T,
): T {
  const out: JsonObject = { ...body }
  for (const [key, value] of Object.entries(unknownExtras(format, extras)))
    if (!(key in out)) out[key] = value
  return out as T
}

// The "Other fields of this format" editor's text read as the format's extras, checked with the schema main
// parses with. Its own module, imported when the editor opens (a closed <details>), so the extras schemas and
// zod stay out of the first load.
import {
  chatExtrasSchema,
  messagesExtrasSchema,
  nativeExtrasSchema,
  responsesExtrasSchema,
} from '../../../../shared/wire/draft'
import type { WireFormat } from '../../../../shared/format'

/**
 * The "Other fields of this format" editor's text as the format's extras: the value to store, or the problem.
 * The schema is the one main parses with; keys it does not name are kept (and sent as they are).
 */
export function extrasFromText(
  format: WireFormat,
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let parsed: unknown
  try {
    parsed = text.trim() ? JSON.parse(text) : {}
  } catch (e) {
    return { ok: false, message: `not valid JSON (${(e as Error).message})` }
  }
  const result = EXTRAS_SCHEMA[format].safeParse(parsed)
  if (!result.success)
    return {
      ok: false,
      message: result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
    }
  return { ok: true, value: result.data }
}

const EXTRAS_SCHEMA = {
  chat: chatExtrasSchema,
  responses: responsesExtrasSchema,
  messages: messagesExtrasSchema,
  native: nativeExtrasSchema,
}

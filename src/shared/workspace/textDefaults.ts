// What a Text form starts with (format, model, stream, parameters), as plain data: the renderer's form starts
// from it and main's check of a saved Text state falls back to it field by field. No schema here, so the
// renderer's first load reads it without zod.
import type { WireFormat } from '../format'

export const TEXT_FORM_DEFAULTS = {
  format: 'chat' as WireFormat,
  model: 'gpt-4o-mini',
  stream: true,
  params: {
    maxTokens: 1024,
    stopSequences: [] as string[],
    toolChoice: 'auto' as const,
    thinking: { enabled: false },
  },
}

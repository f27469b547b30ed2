// The Text panel's defaults from Settings, as pure functions over plain values: what the panel starts with, and
// which model a change of format picks. A model the user typed is never replaced; a default one follows the
// format to the user's default model for it.
import type { TextDefaults } from '../../../../shared/ipc/app'
import { KNOWN_TEXT_MODELS, parseThinkingSuffix } from '../../../../shared/catalog/textModels'
import type { WireFormat } from '../../../../shared/format'

export interface TextStart {
  format: WireFormat
  model: string
  stream: boolean
}

/** What the Text panel starts with: the default format, its default model (else the panel's own), streaming. */
export function startingText(defaults: TextDefaults, panelModel: string): TextStart {
  return {
    format: defaults.format,
    model: defaults.models[defaults.format] || panelModel,
    stream: defaults.stream,
  }
}

/**
 * The starting values still to apply once Settings' defaults arrive: none of what the user already chose. A
 * format or model the user picked keeps both (the model follows their format); streaming is its own choice.
 */
export function startingTextFor(
  start: TextStart,
  touched: Readonly<Record<string, true>>,
): Partial<TextStart> {
  const patch: Partial<TextStart> = {}
  if (!touched.format && !touched.model) {
    patch.format = start.format
    patch.model = start.model
  }
  if (!touched.stream) patch.stream = start.stream
  return patch
}

/**
 * The model to use after the format changes from `from` to `to`, or null to keep the current one. The user's
 * default for the new format replaces a model that was itself a default: empty, one of the user's defaults, or
 * a known model that is usually called through another format.
 */
export function modelAfterFormatChange(
  defaults: TextDefaults,
  from: { format: WireFormat; model: string },
  to: WireFormat,
): string | null {
  const wanted = defaults.models[to]
  if (!wanted || from.format === to) return null
  const model = from.model.trim()
  if (!model || Object.values(defaults.models).includes(model)) return wanted
  const known = KNOWN_TEXT_MODELS.find((m) => m.id === parseThinkingSuffix(model).base)
  return known && !known.formats.includes(to) ? wanted : null
}

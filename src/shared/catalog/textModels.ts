// Text model suggestions and the spec's thinking-variant suffixes, as plain data.
// The gateway accepts any model id; this list only feeds suggestions. parseThinkingSuffix is the one place
// that reads the suffix grammar (`-thinking`, `-thinking-<budget>`, `-nothinking`, `-thinking-low|high`).

/** The wire formats a text model can be called through. */
export type TextFormat = 'chat' | 'responses' | 'messages' | 'native'

export interface KnownTextModel {
  id: string
  /** Formats the model is usually called through (all four work through the gateway). */
  formats: readonly TextFormat[]
  /** Whether the model has a thinking (reasoning) mode. */
  thinking: boolean
  /** Whether the model can answer with generated images (native responseModalities IMAGE). */
  imageOutput?: boolean
}

export const KNOWN_TEXT_MODELS: readonly KnownTextModel[] = [
  { id: 'gpt-4o', formats: ['chat', 'responses'], thinking: false },
  { id: 'gpt-4o-mini', formats: ['chat', 'responses'], thinking: false },
  { id: 'gpt-4.1', formats: ['chat', 'responses'], thinking: false },
  { id: 'gpt-5', formats: ['chat', 'responses'], thinking: true },
  { id: 'gpt-5-mini', formats: ['chat', 'responses'], thinking: true },
  { id: 'o4-mini', formats: ['chat', 'responses'], thinking: true },
  { id: 'claude-sonnet-4-6', formats: ['messages', 'chat'], thinking: true },
  { id: 'claude-opus-4-7', formats: ['messages', 'chat'], thinking: true },
  { id: 'claude-haiku-4-5', formats: ['messages', 'chat'], thinking: true },
  { id: 'gemini-2.5-pro', formats: ['native', 'chat'], thinking: true },
  { id: 'gemini-2.5-flash', formats: ['native', 'chat'], thinking: true },
  { id: 'gemini-2.5-flash-image', formats: ['native'], thinking: false, imageOutput: true },
  { id: 'gemini-3-pro-preview', formats: ['native', 'chat'], thinking: true },
  { id: 'deepseek-r1', formats: ['chat'], thinking: true },
  { id: 'deepseek-v3', formats: ['chat'], thinking: false },
  { id: 'qwen-plus', formats: ['chat'], thinking: true },
  { id: 'grok-4', formats: ['chat'], thinking: true },
]

/**
 * Suffixes a model id may carry to pick a thinking variant (spec, endpoint 1); `<budget>` stands for a whole
 * number of thinking tokens. The one list forms, hints and the simulator read.
 */
export const THINKING_SUFFIXES = [
  '-thinking',
  '-thinking-<budget>',
  '-nothinking',
  '-thinking-low',
  '-thinking-high',
] as const

/** The suffixes as a user would type them, with `budget` in place of `<budget>` (model-id suggestions). */
export function thinkingSuffixExamples(budget = 8192): string[] {
  return THINKING_SUFFIXES.map((suffix) => suffix.replace('<budget>', String(budget)))
}

export type ThinkingSuffix =
  | { kind: 'on' }
  | { kind: 'off' }
  | { kind: 'budget'; budget: number }
  | { kind: 'level'; level: 'low' | 'high' }

export interface ParsedModelId {
  /** The id without its thinking suffix. */
  base: string
  /** The suffix found, or undefined when the id carries none. */
  thinking: ThinkingSuffix | undefined
}

/** Splits a model id into its base id and thinking suffix. */
export function parseThinkingSuffix(model: string): ParsedModelId {
  if (model.endsWith('-nothinking')) {
    return { base: model.slice(0, -'-nothinking'.length), thinking: { kind: 'off' } }
  }
  const match = /^(.+)-thinking(?:-(low|high|\d+))?$/.exec(model)
  if (!match || !match[1]) return { base: model, thinking: undefined }
  const tail = match[2]
  if (tail === undefined) return { base: match[1], thinking: { kind: 'on' } }
  if (tail === 'low' || tail === 'high') return { base: match[1], thinking: { kind: 'level', level: tail } }
  return { base: match[1], thinking: { kind: 'budget', budget: Number(tail) } }
}

/** Builds the id of a thinking variant, the inverse of parseThinkingSuffix. */
export function withThinkingSuffix(base: string, thinking: ThinkingSuffix | undefined): string {
  if (!thinking) return base
  switch (thinking.kind) {
    case 'on':
      return `${base}-thinking`
    case 'off':
      return `${base}-nothinking`
    case 'budget':
      return `${base}-thinking-${thinking.budget}`
    case 'level':
      return `${base}-thinking-${thinking.level}`
  }
}

/**
 * Whether a text model id is one this app's list knows (its thinking suffix aside). Any other id is sent as
 * typed, with the one note that it is outside the catalog: the gateway decides.
 */
export function isKnownTextModel(id: string): boolean {
  const base = parseThinkingSuffix(id.trim()).base
  return KNOWN_TEXT_MODELS.some((m) => m.id === base)
}

/** The model a format starts with: one the format is usually called through. */
export const DEFAULT_MODEL_BY_FORMAT: Record<TextFormat, string> = {
  chat: 'gpt-4o-mini',
  responses: 'gpt-4o-mini',
  messages: 'claude-sonnet-4-6',
  native: 'gemini-2.5-flash',
}

/**
 * The model to keep when the format changes: the user's own id when it is not a known model or the known
 * model is usually called through the new format; otherwise (a suggestion from another format, or nothing) the
 * new format's default.
 */
export function modelForFormat(current: string, format: TextFormat): string {
  const id = current.trim()
  if (!id) return DEFAULT_MODEL_BY_FORMAT[format]
  const known = KNOWN_TEXT_MODELS.find((m) => m.id === parseThinkingSuffix(id).base)
  if (!known || known.formats.includes(format)) return current
  return DEFAULT_MODEL_BY_FORMAT[format]
}

// What a format's schema dialect cannot carry of a tool's parameter schema. Chat completions, Responses and
// Messages take the schema as JSON Schema and pass it on whole; native generateContent's `parameters` is the
// OpenAPI 3.0 subset Gemini documents (its Schema object): a keyword outside it is refused or ignored there, a
// `type` given as a list has no place, and `const` is said with a one-value `enum` only. Every tool's schema is
// walked (properties, items, anyOf branches, definitions) with a bound on depth and keywords named once per tool.
import type { Draft } from './draft'
import type { WireFormat } from './format'
import { FORMAT_LABELS } from './format'

/** One loss, in the shape of lossiness.ts's warnings (which lists these with the draft's other losses). */
interface ToolLoss {
  path: string
  kind: 'dropped'
  target?: string
  message: string
}

/** The keywords of Gemini's Schema object (the native format's `parameters`). */
const NATIVE_SCHEMA_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
])

/** Nesting walked at most; a deeper schema is named as cut. */
const MAX_DEPTH = 32

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The keywords of `schema` (and the schemas inside it) the native dialect has no place for, each once. */
export function nativeSchemaLoss(schema: unknown): string[] {
  const lost = new Set<string>()
  const walk = (node: unknown, depth: number) => {
    if (!isObject(node)) return
    if (depth > MAX_DEPTH) {
      lost.add(`(nesting past ${MAX_DEPTH} levels)`)
      return
    }
    for (const [key, value] of Object.entries(node)) {
      if (!NATIVE_SCHEMA_KEYWORDS.has(key)) lost.add(key)
      else if (key === 'type' && Array.isArray(value)) lost.add('type (a list of types)')
      if (key === 'properties' && isObject(value))
        for (const child of Object.values(value)) walk(child, depth + 1)
      else if (key === 'items') walk(value, depth + 1)
      else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value))
        for (const child of value) walk(child, depth + 1)
      else if ((key === '$defs' || key === 'definitions') && isObject(value))
        for (const child of Object.values(value)) walk(child, depth + 1)
      else if (key === 'additionalProperties' || key === 'not') walk(value, depth + 1)
    }
  }
  walk(schema, 0)
  return [...lost].sort()
}

/** The tool names each format accepts (the function name rules of each API). */
const NAME_RULE: Record<WireFormat, { pattern: RegExp; words: string }> = {
  chat: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, words: 'letters, digits, _ and -, at most 64' },
  responses: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, words: 'letters, digits, _ and -, at most 64' },
  messages: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, words: 'letters, digits, _ and -, at most 64' },
  native: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    words: 'a letter or _ first, then letters, digits, _ . : and -, at most 64',
  },
}

/**
 * The tools as `format` carries them: a name outside its rule (the API refuses it), and in native one warning per
 * tool whose parameter schema has keywords the dialect lacks.
 */
export function toolSchemaLoss(draft: Pick<Draft, 'tools'>, format: WireFormat): ToolLoss[] {
  const out: ToolLoss[] = []
  const rule = NAME_RULE[format]
  for (const [i, tool] of (draft.tools ?? []).entries()) {
    if (!rule.pattern.test(tool.name))
      out.push({
        path: `tools[${i}].name`,
        kind: 'dropped',
        message: `tools[${i}].name: ${FORMAT_LABELS[format]} takes tool names of ${rule.words}; "${tool.name.slice(0, 80)}" is refused`,
      })
    if (format !== 'native') continue
    const lost = nativeSchemaLoss(tool.parameters)
    if (lost.length === 0) continue
    const path = `tools[${i}].parameters`
    out.push({
      path,
      kind: 'dropped',
      target: 'tools[].functionDeclarations[].parameters',
      message: `${path}: ${FORMAT_LABELS[format]}'s schema (an OpenAPI 3.0 subset) has no ${lost.join(', ')} (in ${tool.name}); the gateway may refuse them or the model not see them`,
    })
  }
  return out
}

// JSON Schema sampling and checking for tool-call arguments and structured output.
// sampleSchema builds a value that checkSchema accepts for the supported subset: type (also the native
// upper-case OpenAPI types and `nullable`), enum, const, properties/required/additionalProperties, items,
// prefixItems, min/maxItems, uniqueItems, min/maxLength, format, numeric bounds, multipleOf, anyOf/oneOf/allOf
// and local $ref. `pattern` is checked (with RE2, linear in time) but not generated.

import { linearPattern } from '../../shared/cases/safePattern'

export type JsonSchema = Record<string, unknown>

/** Words from the conversation that make sampled strings responsive to it. */
export interface SampleHints {
  /** The last user message. */
  text: string
  /** Its content words (lower case, no stop words). */
  words: string[]
  /** Capitalised words that do not start a sentence (likely names and places). */
  names: string[]
}

const MAX_DEPTH = 6

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return {}
  let node: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = isSchema(node) ? node[key] : undefined
  }
  return isSchema(node) ? node : {}
}

/** The schema's types in lower case, `null` added for OpenAPI `nullable`. */
function typesOf(schema: JsonSchema): string[] {
  const raw = schema.type
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((t) => String(t).toLowerCase())
  if (schema.nullable === true && !list.includes('null')) list.push('null')
  return list
}

function inferType(schema: JsonSchema): string {
  const declared = typesOf(schema).find((t) => t !== 'null')
  if (declared) return declared
  if (isSchema(schema.properties)) return 'object'
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array'
  if (typesOf(schema).includes('null')) return 'null'
  return 'string'
}

function mergeAllOf(parts: unknown[], root: JsonSchema): JsonSchema {
  const merged: JsonSchema = {}
  const properties: JsonSchema = {}
  const required = new Set<string>()
  for (const part of parts) {
    if (!isSchema(part)) continue
    const resolved = typeof part.$ref === 'string' ? resolveRef(root, part.$ref) : part
    Object.assign(merged, resolved)
    if (isSchema(resolved.properties)) Object.assign(properties, resolved.properties)
    if (Array.isArray(resolved.required)) for (const name of resolved.required) required.add(String(name))
  }
  delete merged.allOf
  if (Object.keys(properties).length > 0) merged.properties = properties
  if (required.size > 0) merged.required = [...required]
  return merged
}

const FORMATS: Record<string, (rand: () => number) => string> = {
  'date-time': () => '2025-01-15T12:00:00Z',
  date: () => '2025-01-15',
  time: () => '12:00:00',
  email: () => 'someone@example.com',
  uri: () => 'https://example.com/simulated',
  url: () => 'https://example.com/simulated',
  uuid: (rand) => {
    const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  },
}

function pick<T>(items: readonly T[], rand: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rand() * items.length) % items.length]
}

function sampleString(schema: JsonSchema, key: string, hints: SampleHints, rand: () => number): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined
  let value: string
  if (format) value = format(rand)
  else if (/location|city|place|country|region|destination|address/i.test(key)) {
    value = hints.names[0] ?? pick(hints.words, rand) ?? 'Paris'
  } else if (/query|search|question|prompt|text|message|input|topic|content/i.test(key)) {
    value = hints.text.slice(0, 80) || 'simulated query'
  } else if (/unit/i.test(key)) value = 'celsius'
  else if (/name|title/i.test(key)) value = hints.names[0] ?? `Simulated ${key}`
  else value = pick(hints.words, rand) ?? 'simulated'
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
  if (value.length < min) value = value.padEnd(min, 'x')
  if (value.length > max) value = value.slice(0, max)
  return value
}

function sampleNumber(schema: JsonSchema, integer: boolean, rand: () => number): number {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined
  let min = typeof schema.minimum === 'number' ? schema.minimum : (exMin ?? undefined)
  let max = typeof schema.maximum === 'number' ? schema.maximum : (exMax ?? undefined)
  if (min === undefined && max === undefined) [min, max] = [1, 100]
  else if (min === undefined) min = (max as number) - 100
  else if (max === undefined) max = min + 100
  const step =
    typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0
  const lo = exMin !== undefined && min <= exMin ? exMin : min
  const hi = exMax !== undefined && (max as number) >= exMax ? exMax : (max as number)
  const candidates: number[] = []
  if (step > 0) {
    for (let k = Math.ceil(lo / step); k * step <= hi && candidates.length < 1000; k += 1) {
      const value = Number((k * step).toPrecision(12))
      if ((exMin === undefined || value > exMin) && (exMax === undefined || value < exMax))
        candidates.push(value)
    }
    return pick(candidates, rand) ?? lo
  }
  const value = Math.round((lo + (hi - lo) * (0.1 + rand() * 0.8)) * 100) / 100
  return Math.min(Math.max(value, lo), hi)
}

interface SampleState {
  root: JsonSchema
  hints: SampleHints
  rand: () => number
}

function sample(schema: JsonSchema, key: string, depth: number, state: SampleState): unknown {
  const { root, rand } = state
  if (typeof schema.$ref === 'string') return sample(resolveRef(root, schema.$ref), key, depth, state)
  if (Array.isArray(schema.allOf)) return sample(mergeAllOf(schema.allOf, root), key, depth, state)
  const options = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined
  if (options) {
    const usable = options.filter(isSchema)
    const nonNull = usable.find(
      (option) => !typesOf(option).every((t) => t === 'null') || typesOf(option).length === 0,
    )
    return sample(nonNull ?? usable[0] ?? {}, key, depth, state)
  }
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) {
    const nonNull = schema.enum.filter((value) => value !== null)
    return pick(nonNull.length > 0 ? nonNull : schema.enum, rand)
  }
  switch (inferType(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {}
      const properties = isSchema(schema.properties) ? schema.properties : {}
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
      for (const [name, child] of Object.entries(properties)) {
        if (depth >= MAX_DEPTH && !required.has(name)) continue
        out[name] = sample(isSchema(child) ? child : {}, name, depth + 1, state)
      }
      for (const name of required) {
        if (!(name in out)) out[name] = 'simulated'
      }
      return out
    }
    case 'array': {
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.filter(isSchema) : []
      const items = isSchema(schema.items) ? schema.items : Array.isArray(schema.items) ? undefined : {}
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0
      const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity
      const wanted = Math.min(maxItems, Math.max(minItems, prefix.length, depth >= MAX_DEPTH ? 0 : 2))
      const out: unknown[] = []
      const seen = new Set<string>()
      for (let attempt = 0; out.length < wanted && attempt < wanted * 8 + 8; attempt += 1) {
        const childSchema = prefix[out.length] ?? items
        if (!childSchema) break
        const value = sample(childSchema, key, depth + 1, state)
        const id = JSON.stringify(value)
        if (schema.uniqueItems === true && seen.has(id)) {
          if (typeof value === 'string') {
            const variant = `${value} ${out.length + 1}`
            if (!seen.has(JSON.stringify(variant)) && checkSchema(childSchema, variant, root).length === 0) {
              seen.add(JSON.stringify(variant))
              out.push(variant)
            }
          }
          continue
        }
        seen.add(id)
        out.push(value)
      }
      return out
    }
    case 'integer':
      return sampleNumber(schema, true, rand)
    case 'number':
      return sampleNumber(schema, false, rand)
    case 'boolean':
      return rand() < 0.5
    case 'null':
      return null
    default:
      return sampleString(schema, key, state.hints, rand)
  }
}

/** A value that satisfies `schema` (for the supported subset), drawn deterministically from `rand`. */
export function sampleSchema(schema: JsonSchema, hintsValue: SampleHints, rand: () => number): unknown {
  return sample(schema, '', 0, { root: schema, hints: hintsValue, rand })
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isSchema(value)
    case 'array':
      return Array.isArray(value)
    case 'string':
      return typeof value === 'string'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    default:
      return true
  }
}

/** Checks `value` against `schema`; returns one message per violation (empty when valid). */
export function checkSchema(
  schema: JsonSchema,
  value: unknown,
  root: JsonSchema = schema,
  path = '$',
): string[] {
  if (typeof schema.$ref === 'string') return checkSchema(resolveRef(root, schema.$ref), value, root, path)
  const errors: string[] = []
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) if (isSchema(part)) errors.push(...checkSchema(part, value, root, path))
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (!Array.isArray(options)) continue
    const passing = options.filter(
      (option) => isSchema(option) && checkSchema(option, value, root, path).length === 0,
    )
    if (passing.length === 0 || (key === 'oneOf' && passing.length > 1))
      errors.push(`${path}: does not match ${key}`)
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    errors.push(`${path}: not const`)
  if (
    Array.isArray(schema.enum) &&
    !schema.enum.some((item) => JSON.stringify(item) === JSON.stringify(value))
  ) {
    errors.push(`${path}: not in enum`)
  }
  const types = typesOf(schema)
  if (types.length > 0 && !types.some((type) => typeMatches(type, value))) {
    errors.push(`${path}: expected ${types.join(' or ')}`)
    return errors
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      errors.push(`${path}: too short`)
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      errors.push(`${path}: too long`)
    // The pattern comes from the request and the embedded simulator runs on main's thread: RE2 runs it in linear
    // time; a pattern only a backtracking engine runs (or none) is not checked here.
    const linear = typeof schema.pattern === 'string' ? linearPattern(schema.pattern, 'u') : null
    if (linear && !linear.test(value)) errors.push(`${path}: does not match pattern`)
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path}: below minimum`)
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path}: above maximum`)
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      errors.push(`${path}: too small`)
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
      errors.push(`${path}: too large`)
    if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
      const ratio = value / schema.multipleOf
      if (Math.abs(ratio - Math.round(ratio)) > 1e-9)
        errors.push(`${path}: not a multiple of ${schema.multipleOf}`)
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      errors.push(`${path}: too few items`)
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      errors.push(`${path}: too many items`)
    if (
      schema.uniqueItems === true &&
      new Set(value.map((item) => JSON.stringify(item))).size !== value.length
    ) {
      errors.push(`${path}: items not unique`)
    }
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : []
    value.forEach((item, index) => {
      const itemSchema = prefix[index] ?? schema.items
      if (isSchema(itemSchema)) errors.push(...checkSchema(itemSchema, item, root, `${path}[${index}]`))
    })
  }
  if (isSchema(value)) {
    const properties = isSchema(schema.properties) ? schema.properties : {}
    if (Array.isArray(schema.required)) {
      for (const name of schema.required)
        if (!(String(name) in value)) errors.push(`${path}: missing ${String(name)}`)
    }
    for (const [name, item] of Object.entries(value)) {
      const child = properties[name]
      if (isSchema(child)) errors.push(...checkSchema(child, item, root, `${path}.${name}`))
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${name}`)
      else if (isSchema(schema.additionalProperties)) {
        errors.push(...checkSchema(schema.additionalProperties, item, root, `${path}.${name}`))
      }
    }
  }
  return errors
}

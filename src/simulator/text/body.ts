// Reading untyped JSON request bodies: small guards plus RequestError, which a text route throws to answer
// a 4xx in its own error style. Parsers never trust a field's type; a wrong type is a 400 naming the field.
import type { NumberRange } from '../../shared/catalog/textParams'
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The offending field, reported as `param` by openai-like styles. */
    readonly param?: string,
    /** Overrides the style's default type for the status (native: the status string). */
    readonly type?: string,
    /** Overrides the openai-like `code`. */
    readonly code?: string,
  ) {
    super(message)
  }
}

export type Json = Record<string, unknown>

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function record(value: unknown, field: string): Json {
  if (!isRecord(value)) throw new RequestError(400, `${field} must be an object.`, field)
  return value
}

export function optionalRecord(value: unknown, field: string): Json | undefined {
  return value === undefined || value === null ? undefined : record(value, field)
}

export function array(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new RequestError(400, `${field} must be an array.`, field)
  return value
}

export function optionalArray(value: unknown, field: string): unknown[] | undefined {
  return value === undefined || value === null ? undefined : array(value, field)
}

export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new RequestError(400, `${field} must be a string.`, field)
  return value
}

export function requiredString(value: unknown, field: string): string {
  const text = optionalString(value, field)
  if (text === undefined || text === '') throw new RequestError(400, `${field} is required.`, field)
  return text
}

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw new RequestError(400, `${field} must be a boolean.`, field)
  return value
}

export function optionalNumber(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RequestError(400, `${field} must be a number.`, field)
  }
  return value
}

/** A number within [min, max] (spec: Limits), or undefined when absent. */
/** A number inside a catalog range (inclusive), or undefined when absent. */
export function numberInRange(value: unknown, field: string, range: NumberRange): number | undefined {
  const { min, max } = range
  const number = optionalNumber(value, field)
  if (number !== undefined && (number < min || number > max)) {
    throw new RequestError(400, `${field} must be between ${min} and ${max}; got ${number}.`, field)
  }
  return number
}

/** A positive integer (max_tokens and friends), or undefined when absent. */
export function positiveInteger(value: unknown, field: string): number | undefined {
  const number = optionalNumber(value, field)
  if (number !== undefined && (!Number.isInteger(number) || number <= 0)) {
    throw new RequestError(400, `${field} must be an integer greater than 0; got ${number}.`, field)
  }
  return number
}

/** Stop sequences given as a string or an array of strings. */
export function stopList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return []
  if (typeof value === 'string') return [value]
  return array(value, field).map((item, index) => {
    if (typeof item !== 'string') throw new RequestError(400, `${field}[${index}] must be a string.`, field)
    return item
  })
}

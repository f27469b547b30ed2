// Reading and writing a field descriptor's value in nested extras: a path ("not sent" removes the key and the
// objects it leaves empty), an item of an array found by a key (native safetySettings), and the words a number
// field shows when its text breaks its range. Pure, shared by the form, its tests and validation.
import type { CheckFieldSpec, FieldTarget, NumberFieldSpec } from './fieldSpecs'

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The value at `path` in a nested record, or undefined. */
export function readPath(obj: unknown, path: readonly string[]): unknown {
  let at: unknown = obj
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

/**
 * A copy of `obj` with `value` at `path`; undefined removes the key, and objects left empty on the way are
 * removed too, so "not sent" leaves nothing behind in the body.
 */
export function writePath<T extends object>(obj: T, path: readonly string[], value: unknown): T {
  const [head, ...rest] = path
  if (head === undefined) return obj
  const copy: Record<string, unknown> = { ...(obj as Record<string, unknown>) }
  const next = rest.length
    ? writePath((copy[head] && typeof copy[head] === 'object' ? copy[head] : {}) as object, rest, value)
    : value
  if (next === undefined || (rest.length && Object.keys(next as object).length === 0)) delete copy[head]
  else copy[head] = next
  return copy as T
}

/** The `field` of the item of the array at `path` whose `match[0]` is `match[1]`, or undefined. */
export function readItem(obj: unknown, t: Extract<FieldTarget, { in: 'extrasItem' }>): unknown {
  const list = readPath(obj, t.path)
  if (!Array.isArray(list)) return undefined
  const item: unknown = list.find((x) => isPlainObject(x) && x[t.match[0]] === t.match[1])
  return isPlainObject(item) ? item[t.field] : undefined
}

/** A copy of `obj` with that item's field set (the item added or removed; an emptied array removed). */
export function writeItem<T extends object>(
  obj: T,
  t: Extract<FieldTarget, { in: 'extrasItem' }>,
  value: unknown,
): T {
  const list = readPath(obj, t.path)
  const items = Array.isArray(list) ? (list as unknown[]) : []
  const at = items.findIndex((x) => isPlainObject(x) && x[t.match[0]] === t.match[1])
  const next = items.filter((_, i) => i !== at)
  if (value !== undefined) {
    const item = { ...(at >= 0 ? (items[at] as object) : { [t.match[0]]: t.match[1] }), [t.field]: value }
    next.splice(at >= 0 ? at : next.length, 0, item)
  }
  return writePath(obj, t.path, next.length ? next : undefined)
}

/** Whether a check box shows checked for the stored value. */
export function isChecked(spec: CheckFieldSpec, value: unknown): boolean {
  if (value === undefined) return spec.checkedWhenAbsent ?? false
  if (spec.off !== undefined && JSON.stringify(value) === JSON.stringify(spec.off)) return false
  if (spec.on === undefined) return true
  return JSON.stringify(value) === JSON.stringify(spec.on)
}

/** The message a number field shows when its text is out of range, or null. */
export function numberFieldError(spec: NumberFieldSpec, text: string): string | null {
  if (text.trim() === '') return null
  const n = Number(text)
  if (!Number.isFinite(n)) return `${spec.label} must be a number`
  if (spec.integer && !Number.isInteger(n)) return `${spec.label} must be a whole number`
  if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
    return spec.max !== undefined
      ? `${spec.label} must be between ${spec.min ?? '-∞'} and ${spec.max}`
      : `${spec.label} must be at least ${spec.min}`
  }
  return null
}

/** The rule of a JSON object whose values are strings (responses `metadata`), in words, or null when it holds. */
export function stringRecordProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'must be a JSON object'
  const bad = Object.entries(value).find(([, x]) => typeof x !== 'string')
  return bad ? `the value of "${bad[0]}" must be a string` : null
}

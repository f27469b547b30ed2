// Small builders of the parameters form's field descriptors (fieldSpecs.ts), shared by the per-format lists in
// textParamFields.ts and textFormatFields.ts: options from a value list, a check box on an extras key, an
// extras target, a search location's text fields, the thinking level select.
import type { CheckFieldSpec, SelectFieldSpec, TextFieldSpec } from './fieldSpecs'
import { THINKING_LEVELS } from './textParams'

export const options = (values: readonly string[]) => values.map((value) => ({ value }))

export const flag = (name: string, label: string, hint?: string): CheckFieldSpec => ({
  kind: 'check',
  name,
  label,
  on: true,
  target: { in: 'extras', path: name.split('.') },
  ...(hint ? { hint } : {}),
})

export const extra = (path: readonly string[]) => ({ in: 'extras', path }) as const

export const isPlainObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)

export function location(
  prefix: readonly string[],
  key: 'country' | 'region' | 'city' | 'timezone',
): TextFieldSpec {
  const label = { country: 'Country', region: 'Region', city: 'City', timezone: 'Time zone' }[key]
  return {
    kind: 'text',
    name: `${prefix.join('.')}.${key}`,
    label: `Search location: ${label}`,
    ...(key === 'country'
      ? { hint: 'two letters, e.g. GB' }
      : key === 'timezone'
        ? { hint: 'e.g. Europe/London' }
        : {}),
    target: extra([...prefix, key]),
  }
}

export const LOCATION_KEYS = ['country', 'region', 'city', 'timezone'] as const

export const THINKING_LEVEL = (path: readonly string[], hint: string): SelectFieldSpec => ({
  kind: 'select',
  name: 'thinkingLevel',
  label: 'Thinking level',
  hint,
  emptyLabel: 'default (HIGH)',
  options: options(THINKING_LEVELS),
  target: extra(path),
})

/**
 * A field the app adds beyond the spec because real servers need it (usage in a chat stream, the location's
 * `type`): checked by default (absent), and unchecking it leaves it out of the body.
 */
export const beyondSpec = (
  name: string,
  label: string,
  hint: string,
  path: readonly string[],
): CheckFieldSpec => ({
  kind: 'check',
  name,
  label,
  hint,
  on: undefined,
  off: false,
  checkedWhenAbsent: true,
  target: extra(path),
})

// The shapes of the parameters form's field descriptors: what a control is (number, select, text, list, JSON,
// check box) and where it reads and writes (neutral params, thinking knob, format extras, panel state).
// Types only: the per-format layout is in textParamFields.ts and the value helpers in fieldValues.ts.

/** Where a control reads and writes: a path in the neutral params, in the thinking knob, or in the extras. */
export type FieldTarget =
  | { in: 'params'; key: 'temperature' | 'topP' | 'topK' | 'maxTokens' }
  | { in: 'thinking'; key: 'budgetTokens' | 'effort' | 'includeThoughts' }
  | { in: 'extras'; path: readonly string[] }
  /** One item of an array in the extras, found by a key's value (native safetySettings by category). */
  | { in: 'extrasItem'; path: readonly string[]; match: readonly [key: string, value: string]; field: string }
  /** Messages: the system prompt's cache_control, '' (off), 'ephemeral' or 'persistent'. */
  | { in: 'panel'; key: 'cacheSystem' }

interface FieldBase {
  /** Stable name: the input's `name` and the test hook. */
  readonly name: string
  readonly label: string
  readonly hint?: string
  readonly target: FieldTarget
}

export interface NumberFieldSpec extends FieldBase {
  readonly kind: 'number'
  readonly min?: number
  readonly max?: number
  /** Whole numbers only (the schema's int). */
  readonly integer?: boolean
}

export interface SelectFieldSpec extends FieldBase {
  readonly kind: 'select'
  /** The first option is the empty value ("not sent"): choosing it removes the field. */
  readonly emptyLabel: string
  readonly options: readonly { readonly value: string; readonly label?: string }[]
}

export interface TextFieldSpec extends FieldBase {
  readonly kind: 'text'
  /** Values offered as the user types; any other text is sent too (the gateway decides). */
  readonly suggestions?: readonly string[]
}

/** Strings typed comma-separated, stored as an array (removed when empty). */
export interface ListFieldSpec extends FieldBase {
  readonly kind: 'list'
  readonly placeholder?: string
}

/** A JSON value typed as text, stored once it parses and passes `check` (the rule, in words; null when held). */
export interface JsonFieldSpec extends FieldBase {
  readonly kind: 'json'
  readonly placeholder?: string
  readonly check: (value: unknown) => string | null
}

export interface CheckFieldSpec extends FieldBase {
  readonly kind: 'check'
  /** The value written when checked (undefined: the field is removed). */
  readonly on: unknown
  /** The value written when unchecked (undefined: the field is removed). */
  readonly off?: unknown
  /** Whether the box shows checked while the field is absent (the gateway's default). */
  readonly checkedWhenAbsent?: boolean
}

export type FieldSpec =
  NumberFieldSpec | SelectFieldSpec | TextFieldSpec | CheckFieldSpec | ListFieldSpec | JsonFieldSpec

export interface TextParamsLayout {
  /** Sampling and length controls. */
  readonly sampling: readonly FieldSpec[]
  /** Controls shown once "Ask for reasoning" is on. */
  readonly thinking: readonly FieldSpec[]
  /** The label of `tool_choice: required` in this format's own words. */
  readonly requiredToolChoiceLabel: string
  /** A note under the structured output schema, when the format sends it in its own way. */
  readonly structuredOutputNote?: string
  /** The format's own fields. */
  readonly formatFields: { readonly legend: string; readonly fields: readonly FieldSpec[] }
}

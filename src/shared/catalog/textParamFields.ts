// The text parameters form as data: for each wire format, which controls it shows, their labels, limits and
// values, and where each one writes (the neutral params, the thinking knob, or the format's own extras).
// Every limit comes from textParams.ts, the same constants validation and the simulator read.
import type { TextFormat } from './textModels'
import {
  CHAT_REASONING_EFFORTS,
  FUNCTION_CALLING_MODES,
  RESPONSES_REASONING_SUMMARIES,
  RESPONSES_TRUNCATION,
  SEARCH_MODES,
  TEMPERATURE_RANGE,
  THINKING_BUDGET_EXCLUSIVE_MIN,
  TOP_P_RANGE,
} from './textParams'

/** Where a control reads and writes: a path in the neutral params, in the thinking knob, or in the extras. */
export type FieldTarget =
  | { in: 'params'; key: 'temperature' | 'topP' | 'topK' | 'maxTokens' }
  | { in: 'thinking'; key: 'budgetTokens' | 'effort' | 'includeThoughts' }
  | { in: 'extras'; path: readonly string[] }
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
}

export interface SelectFieldSpec extends FieldBase {
  readonly kind: 'select'
  /** The first option is the empty value ("not sent"): choosing it removes the field. */
  readonly emptyLabel: string
  readonly options: readonly { readonly value: string; readonly label?: string }[]
}

export interface TextFieldSpec extends FieldBase {
  readonly kind: 'text'
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

export type FieldSpec = NumberFieldSpec | SelectFieldSpec | TextFieldSpec | CheckFieldSpec

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

const options = (values: readonly string[]) => values.map((value) => ({ value }))

function temperature(format: TextFormat): NumberFieldSpec {
  const { min, max } = TEMPERATURE_RANGE[format]
  return {
    kind: 'number',
    name: 'temperature',
    label: 'Temperature',
    hint: `${min}–${max}`,
    min,
    max,
    target: { in: 'params', key: 'temperature' },
  }
}

const TOP_P: NumberFieldSpec = {
  kind: 'number',
  name: 'top_p',
  label: 'Top P',
  hint: `${TOP_P_RANGE.min}–${TOP_P_RANGE.max}`,
  min: TOP_P_RANGE.min,
  max: TOP_P_RANGE.max,
  target: { in: 'params', key: 'topP' },
}

const TOP_K: NumberFieldSpec = {
  kind: 'number',
  name: 'top_k',
  label: 'Top K',
  min: 1,
  target: { in: 'params', key: 'topK' },
}

function maxTokens(label: string, hint?: string): NumberFieldSpec {
  return {
    kind: 'number',
    name: 'max_tokens',
    label,
    min: 1,
    target: { in: 'params', key: 'maxTokens' },
    ...(hint ? { hint } : {}),
  }
}

const EFFORT: SelectFieldSpec = {
  kind: 'select',
  name: 'effort',
  label: 'Effort',
  emptyLabel: 'default',
  options: options(CHAT_REASONING_EFFORTS),
  target: { in: 'thinking', key: 'effort' },
}

const flag = (name: string, label: string, hint?: string): CheckFieldSpec => ({
  kind: 'check',
  name,
  label,
  on: true,
  target: { in: 'extras', path: [name] },
  ...(hint ? { hint } : {}),
})

export const TEXT_PARAMS_LAYOUT: Record<TextFormat, TextParamsLayout> = {
  chat: {
    sampling: [temperature('chat'), TOP_P, maxTokens('Max tokens')],
    thinking: [EFFORT],
    requiredToolChoiceLabel: 'required',
    formatFields: {
      legend: 'Chat completions fields',
      fields: [
        flag('enable_thinking', 'enable_thinking', '(stream only)'),
        flag('svc_thinking_to_content', 'svc_thinking_to_content'),
        {
          kind: 'select',
          name: 'thinking.type',
          label: 'thinking.type',
          emptyLabel: 'not sent',
          options: options(['enabled', 'disabled']),
          target: { in: 'extras', path: ['thinking', 'type'] },
        },
        {
          kind: 'select',
          name: 'vendorSearch',
          label: 'Search tool',
          emptyLabel: 'off',
          options: [
            { value: 'function', label: 'vendorSearch function tool' },
            { value: 'extra_body', label: 'extra_body.vendor.tools' },
          ],
          target: { in: 'extras', path: ['vendorSearch'] },
        },
        {
          kind: 'select',
          name: 'search_parameters.mode',
          label: 'search_parameters.mode',
          emptyLabel: 'not sent',
          options: options(SEARCH_MODES),
          target: { in: 'extras', path: ['search_parameters', 'mode'] },
        },
      ],
    },
  },
  responses: {
    sampling: [temperature('responses'), TOP_P, maxTokens('Max output tokens')],
    thinking: [EFFORT],
    requiredToolChoiceLabel: 'required',
    formatFields: {
      legend: 'Responses fields',
      fields: [
        {
          kind: 'text',
          name: 'previous_response_id',
          label: 'previous_response_id',
          target: { in: 'extras', path: ['previous_response_id'] },
        },
        {
          kind: 'select',
          name: 'reasoning.summary',
          label: 'Reasoning summary',
          emptyLabel: 'not sent',
          options: options(RESPONSES_REASONING_SUMMARIES),
          target: { in: 'extras', path: ['reasoning', 'summary'] },
        },
        {
          kind: 'select',
          name: 'truncation',
          label: 'truncation',
          emptyLabel: 'default (disabled)',
          options: options(RESPONSES_TRUNCATION),
          target: { in: 'extras', path: ['truncation'] },
        },
        {
          kind: 'check',
          name: 'parallel_tool_calls',
          label: 'parallel_tool_calls',
          on: undefined,
          off: false,
          checkedWhenAbsent: true,
          target: { in: 'extras', path: ['parallel_tool_calls'] },
        },
        {
          kind: 'check',
          name: 'web_search_preview',
          label: 'web_search_preview tool',
          on: {},
          target: { in: 'extras', path: ['web_search_preview'] },
        },
      ],
    },
  },
  messages: {
    sampling: [temperature('messages'), TOP_P, TOP_K, maxTokens('Max tokens', 'required, > 0')],
    thinking: [
      {
        kind: 'number',
        name: 'budget_tokens',
        label: 'Budget tokens',
        hint: `> ${THINKING_BUDGET_EXCLUSIVE_MIN}, below max tokens`,
        min: THINKING_BUDGET_EXCLUSIVE_MIN + 1,
        target: { in: 'thinking', key: 'budgetTokens' },
      },
    ],
    requiredToolChoiceLabel: 'any (required)',
    structuredOutputNote: '(sent as a forced tool: the answer arrives as a tool call)',
    formatFields: {
      legend: 'Messages fields',
      fields: [
        {
          kind: 'check',
          name: 'cache_system',
          label: 'Cache the system prompt (cache_control ephemeral)',
          on: true,
          off: false,
          target: { in: 'panel', key: 'cacheSystem' },
        },
        flag('disable_parallel_tool_use', 'disable_parallel_tool_use'),
      ],
    },
  },
  native: {
    sampling: [temperature('native'), TOP_P, TOP_K, maxTokens('Max output tokens')],
    thinking: [
      {
        kind: 'number',
        name: 'budget_tokens',
        label: 'Budget tokens',
        min: 0,
        target: { in: 'thinking', key: 'budgetTokens' },
      },
      {
        kind: 'check',
        name: 'include_thoughts',
        label: 'Include thoughts',
        on: true,
        off: false,
        target: { in: 'thinking', key: 'includeThoughts' },
      },
    ],
    requiredToolChoiceLabel: 'ANY (required)',
    formatFields: {
      legend: 'Native fields',
      fields: [
        {
          kind: 'check',
          name: 'responseModalities',
          label: 'Image output (responseModalities IMAGE)',
          on: ['TEXT', 'IMAGE'],
          target: { in: 'extras', path: ['generationConfig', 'responseModalities'] },
        },
        {
          kind: 'select',
          name: 'functionCallingConfig.mode',
          label: 'Function calling mode',
          emptyLabel: 'from tool choice',
          options: options(FUNCTION_CALLING_MODES),
          target: { in: 'extras', path: ['toolConfig', 'functionCallingConfig', 'mode'] },
        },
        {
          kind: 'text',
          name: 'cachedContent',
          label: 'cachedContent',
          target: { in: 'extras', path: ['cachedContent'] },
        },
        flag('vendorSearch', 'vendorSearch tool'),
      ],
    },
  },
}

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
  if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
    return spec.max !== undefined
      ? `${spec.label} must be between ${spec.min ?? '-∞'} and ${spec.max}`
      : `${spec.label} must be at least ${spec.min}`
  }
  return null
}

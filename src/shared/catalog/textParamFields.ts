// The text parameters form as data: for each wire format, which controls it shows, their labels, limits and
// values, and where each one writes (the neutral params, the thinking knob, or the format's own extras).
// Every limit comes from textParams.ts, the same constants validation and the simulator read.
import type { TextFormat } from './textModels'
import type {
  CheckFieldSpec,
  NumberFieldSpec,
  SelectFieldSpec,
  TextFieldSpec,
  TextParamsLayout,
} from './fieldSpecs'
import {
  CHAT_REASONING_EFFORTS,
  FUNCTION_CALLING_MODES,
  IMAGE_ASPECT_RATIOS,
  IMAGE_OUTPUT_MIME_TYPES,
  IMAGE_SIZES,
  RESPONSE_MIME_TYPES,
  RESPONSES_REASONING_SUMMARIES,
  RESPONSES_TRUNCATION,
  SAFETY_CATEGORIES,
  SAFETY_THRESHOLDS,
  SEARCH_CONTEXT_SIZES,
  SEARCH_MODES,
  TEMPERATURE_RANGE,
  THINKING_BUDGET_EXCLUSIVE_MIN,
  THINKING_LEVELS,
  TOP_P_RANGE,
} from './textParams'
import { stringRecordProblem } from './fieldValues'

export type * from './fieldSpecs'
export { isChecked, numberFieldError, readItem, readPath, writeItem, writePath } from './fieldValues'

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

const extra = (path: readonly string[]) => ({ in: 'extras', path }) as const

const isPlainObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)

function location(prefix: readonly string[], key: 'country' | 'region' | 'city' | 'timezone'): TextFieldSpec {
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

const SAFETY_FIELDS: SelectFieldSpec[] = SAFETY_CATEGORIES.map((category) => ({
  kind: 'select',
  name: `safety.${category}`,
  label: `Safety: ${category.replace('HARM_CATEGORY_', '').toLowerCase().replace(/_/g, ' ')}`,
  emptyLabel: 'default',
  options: options(SAFETY_THRESHOLDS),
  target: { in: 'extrasItem', path: ['safetySettings'], match: ['category', category], field: 'threshold' },
}))

const THINKING_LEVEL = (path: readonly string[], hint: string): SelectFieldSpec => ({
  kind: 'select',
  name: 'thinkingLevel',
  label: 'Thinking level',
  hint,
  emptyLabel: 'default (HIGH)',
  options: options(THINKING_LEVELS),
  target: extra(path),
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
        THINKING_LEVEL(['thinkingLevel'], 'generationConfig.thinkingConfig, one model generation'),
        {
          kind: 'select',
          name: 'web_search_options.search_context_size',
          label: 'Web search context size',
          hint: 'web_search_options',
          emptyLabel: 'not sent',
          options: options(SEARCH_CONTEXT_SIZES),
          target: extra(['web_search_options', 'search_context_size']),
        },
        ...(['country', 'region', 'city', 'timezone'] as const).map((k) =>
          location(['web_search_options', 'user_location', 'approximate'], k),
        ),
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
        {
          kind: 'check',
          name: 'file_search',
          label: 'file_search tool',
          on: {},
          target: extra(['file_search']),
        },
        {
          kind: 'list',
          name: 'file_search.vector_store_ids',
          label: 'File search: vector store ids',
          hint: 'comma-separated',
          placeholder: 'vs_abc, vs_def',
          target: extra(['file_search', 'vector_store_ids']),
        },
        {
          kind: 'number',
          name: 'max_tool_calls',
          label: 'Max tool calls',
          hint: '> 0',
          min: 1,
          integer: true,
          target: extra(['max_tool_calls']),
        },
        {
          kind: 'json',
          name: 'metadata',
          label: 'Metadata',
          hint: 'JSON object of strings',
          placeholder: '{"run": "nightly"}',
          check: stringRecordProblem,
          target: extra(['metadata']),
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
          kind: 'select',
          name: 'cache_system',
          label: 'Cache the system prompt',
          hint: 'cache_control',
          emptyLabel: 'off',
          options: [
            { value: 'ephemeral', label: 'ephemeral (5 minutes)' },
            { value: 'persistent', label: 'persistent (1 hour)' },
          ],
          target: { in: 'panel', key: 'cacheSystem' },
        },
        flag('disable_parallel_tool_use', 'disable_parallel_tool_use'),
        {
          kind: 'check',
          name: 'web_search',
          label: 'Web search tool',
          on: {},
          target: extra(['web_search']),
        },
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
      THINKING_LEVEL(['generationConfig', 'thinkingConfig', 'thinkingLevel'], 'thinkingConfig'),
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
        {
          kind: 'text',
          name: 'responseMimeType',
          label: 'Response MIME type',
          hint: 'responseMimeType',
          suggestions: RESPONSE_MIME_TYPES,
          target: extra(['generationConfig', 'responseMimeType']),
        },
        {
          kind: 'json',
          name: 'responseSchema',
          label: 'Response schema',
          hint: 'with application/json or text/x.enum',
          placeholder: '{"type": "OBJECT", "properties": {"title": {"type": "STRING"}}}',
          check: (v) => (isPlainObject(v) ? null : 'must be a JSON schema object'),
          target: extra(['generationConfig', 'responseSchema']),
        },
        {
          kind: 'text',
          name: 'imageConfig.aspectRatio',
          label: 'Image aspect ratio',
          hint: 'imageConfig',
          suggestions: IMAGE_ASPECT_RATIOS,
          target: extra(['generationConfig', 'imageConfig', 'aspectRatio']),
        },
        {
          kind: 'text',
          name: 'imageConfig.imageSize',
          label: 'Image size',
          hint: 'imageConfig',
          suggestions: IMAGE_SIZES,
          target: extra(['generationConfig', 'imageConfig', 'imageSize']),
        },
        {
          kind: 'text',
          name: 'imageConfig.imageOutputOptions.mimeType',
          label: 'Image output type',
          hint: 'imageConfig',
          suggestions: IMAGE_OUTPUT_MIME_TYPES,
          target: extra(['generationConfig', 'imageConfig', 'imageOutputOptions', 'mimeType']),
        },
        ...SAFETY_FIELDS,
      ],
    },
  },
}

// The text parameters form as data: for each wire format, which controls it shows, their labels, limits and
// values, and where each one writes (the neutral params, the thinking knob, or the format's own extras).
// Every limit comes from textParams.ts, the same constants validation and the simulator read. The chat and
// responses formats' own fields are in textFormatFields.ts.
import type { TextFormat } from './textModels'
import type { NumberFieldSpec, SelectFieldSpec, TextParamsLayout } from './fieldSpecs'
import {
  CACHE_CONTROL_TYPES,
  CHAT_REASONING_EFFORTS,
  FUNCTION_CALLING_MODES,
  IMAGE_ASPECT_RATIOS,
  IMAGE_OUTPUT_MIME_TYPES,
  IMAGE_SIZES,
  RESPONSE_MIME_TYPES,
  SAFETY_CATEGORIES,
  SAFETY_THRESHOLDS,
  TEMPERATURE_RANGE,
  THINKING_BUDGET_EXCLUSIVE_MIN,
  TOP_P_RANGE,
} from './textParams'
import { extra, flag, isPlainObject, options, THINKING_LEVEL } from './fieldBuilders'
import { CHAT_FIELDS, RESPONSES_FIELDS } from './textFormatFields'

export type * from './fieldSpecs'
export { isChecked, numberFieldError, readItem, readPath, writeItem, writePath } from './fieldValues'

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

const SAFETY_FIELDS: SelectFieldSpec[] = SAFETY_CATEGORIES.map((category) => ({
  kind: 'select',
  name: `safety.${category}`,
  label: `Safety: ${category.replace('HARM_CATEGORY_', '').toLowerCase().replace(/_/g, ' ')}`,
  emptyLabel: 'default',
  options: options(SAFETY_THRESHOLDS),
  target: { in: 'extrasItem', path: ['safetySettings'], match: ['category', category], field: 'threshold' },
}))

export const TEXT_PARAMS_LAYOUT: Record<TextFormat, TextParamsLayout> = {
  chat: {
    sampling: [temperature('chat'), TOP_P, maxTokens('Max tokens')],
    thinking: [EFFORT],
    requiredToolChoiceLabel: 'required',
    formatFields: { legend: 'Chat completions fields', fields: CHAT_FIELDS },
  },
  responses: {
    sampling: [temperature('responses'), TOP_P, maxTokens('Max output tokens')],
    thinking: [EFFORT],
    requiredToolChoiceLabel: 'required',
    formatFields: { legend: 'Responses fields', fields: RESPONSES_FIELDS },
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
        {
          kind: 'select',
          name: 'cache_last_turn',
          label: 'Cache the conversation',
          hint: 'cache_control on the last message block',
          emptyLabel: 'off',
          options: CACHE_CONTROL_TYPES.map((value) => ({
            value,
            label: value === 'ephemeral' ? 'ephemeral (5 minutes)' : 'persistent (1 hour)',
          })),
          target: extra(['cacheLastTurn']),
        },
        flag('disable_parallel_tool_use', 'disable_parallel_tool_use'),
        {
          kind: 'check',
          name: 'web_search',
          label: 'Web search tool',
          on: {},
          target: extra(['web_search']),
        },
        {
          kind: 'json',
          name: 'metadata',
          label: 'Metadata',
          hint: 'JSON object (e.g. user_id)',
          placeholder: '{"user_id": "user-42"}',
          check: (v) => (isPlainObject(v) ? null : 'must be a JSON object'),
          target: extra(['metadata']),
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

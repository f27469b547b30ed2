// The format fields' rules of a draft (its extras: thinking, reasoning, response schemas, the vendor keys), for
// validate.ts: each issue reported with its field path and rule, errors and warnings apart. Pure, like the rest
// of the draft's rules.
import { SCHEMA_MIME_TYPES, THINKING_BUDGET_EXCLUSIVE_MIN, thinkingBudget } from '../catalog/textParams'
import { KNOWN_TEXT_MODELS, parseThinkingSuffix } from '../catalog/textModels'
import type { Draft } from './draft'
import type { WireFormat } from './format'
import { SVC_THINKING_TO_CONTENT, VENDOR_KEY } from './names'

/** Reports one issue: the field's path in the draft, the rule and the message. */
export type Report = (field: string, rule: string, message: string) => void

/** A catalog model first called through the messages format (the spec's "messages-format family"). */
function messagesFamily(model: string): boolean {
  const base = parseThinkingSuffix(model.trim()).base
  return KNOWN_TEXT_MODELS.find((m) => m.id === base)?.formats[0] === 'messages'
}

export function validateExtras(
  format: WireFormat,
  draft: Draft,
  label: string,
  error: Report,
  warn: Report,
): void {
  const stream = draft.stream === true
  if (format === 'chat') {
    const x = draft.extras?.chat ?? {}
    if (x.enable_thinking === true && !stream) {
      warn(
        'extras.chat.enable_thinking',
        'stream_only',
        'enable_thinking requires stream; without it the service disables deep thinking',
      )
    }
    if (x.thinking_config) {
      if (!stream) {
        warn(
          'extras.chat.thinking_config',
          'stream_only',
          `extra_body.${VENDOR_KEY}.thinking_config requires stream; it has no effect on a non-streamed request`,
        )
      }
      const budget = x.thinking_config.thinking_budget
      if (budget !== undefined && budget < -1) {
        error(
          'extras.chat.thinking_config.thinking_budget',
          'range',
          'thinking_budget must be -1 (auto), 0 (off) or a positive budget',
        )
      }
    }
    if (x.reasoning_effort !== undefined && draft.maxTokens !== undefined) {
      warn(
        'extras.chat.reasoning_effort',
        'needs_no_max_tokens',
        'reasoning_effort applies when max_tokens is absent',
      )
    }
    if (x.svc_thinking_to_content === true && x.thinking?.type === 'disabled') {
      warn(
        `extras.chat.${SVC_THINKING_TO_CONTENT}`,
        'no_effect',
        `${SVC_THINKING_TO_CONTENT} has no effect with thinking disabled`,
      )
    }
    if (x.web_search_options && messagesFamily(draft.model)) {
      warn(
        'extras.chat.web_search_options',
        'no_effect',
        'Web search context size and location (web_search_options) do not enable search for models of the messages-format family; the spec has them search through tool calls (the Search tool)',
      )
    }
    const p = x.parameters
    if (p?.temperature !== undefined && !(p.temperature >= 0 && p.temperature <= 2)) {
      error('extras.chat.parameters.temperature', 'range', 'parameters.temperature must be between 0 and 2')
    }
    if (p?.top_p !== undefined && !(p.top_p >= 0 && p.top_p <= 1)) {
      error('extras.chat.parameters.top_p', 'range', 'parameters.top_p must be between 0 and 1')
    }
  }

  if (format === 'responses') {
    const x = draft.extras?.responses ?? {}
    if (x.max_tool_calls !== undefined && !(x.max_tool_calls > 0)) {
      error('extras.responses.max_tool_calls', 'positive', 'max_tool_calls must be greater than 0')
    }
  }

  if (format === 'messages') {
    const extra = draft.extras?.messages?.thinking
    const neutral = draft.thinking
    let budget: number | undefined
    let field = ''
    if (extra?.type === 'enabled') {
      budget = extra.budget_tokens
      field = 'extras.messages.thinking.budget_tokens'
    } else if (!extra && neutral?.enabled && neutral.budgetTokens !== undefined) {
      budget = neutral.budgetTokens
      field = 'thinking.budgetTokens'
    }
    const thinkingOn = extra ? extra.type === 'enabled' : neutral?.enabled === true
    if (budget !== undefined && !(budget > THINKING_BUDGET_EXCLUSIVE_MIN)) {
      error(
        field,
        'budget_min',
        `budget_tokens must be greater than ${THINKING_BUDGET_EXCLUSIVE_MIN} for ${label}`,
      )
    }
    // Anthropic's own API (behind many gateways) refuses a budget at or over max_tokens (WIRE-NOTES); the budget
    // an effort stands for counts too when no budget is set.
    const sent = budget ?? (thinkingOn && !extra && neutral ? thinkingBudget(neutral) : undefined)
    if (thinkingOn && sent !== undefined && draft.maxTokens !== undefined && sent >= draft.maxTokens) {
      warn(
        field || 'thinking.budgetTokens',
        'budget_below_max_tokens',
        budget === undefined
          ? `budget_tokens (${sent}, from the effort) should be less than max_tokens (${draft.maxTokens})`
          : 'budget_tokens should be less than max_tokens',
      )
    }
    if (thinkingOn && draft.temperature !== undefined && draft.temperature !== 1) {
      warn('temperature', 'advised', 'temperature 1 is advised with extended thinking')
    }
    const forced =
      draft.toolChoice === 'required' || typeof draft.toolChoice === 'object' || draft.responseFormat
    if (thinkingOn && forced) {
      warn(
        'toolChoice',
        'thinking_tool_choice',
        'with extended thinking only tool_choice auto or none is accepted',
      )
    }
  }

  if (format === 'native') {
    const gen = draft.extras?.native?.generationConfig
    if (gen?.responseSchema !== undefined) {
      const mime = gen.responseMimeType ?? ''
      if (!(SCHEMA_MIME_TYPES as readonly string[]).includes(mime))
        warn(
          'extras.native.generationConfig.responseSchema',
          'needs_mime_type',
          `Response schema applies with Response MIME type application/json or text/x.enum${mime ? `, not ${mime}` : ''}`,
        )
      if (draft.responseFormat)
        warn(
          'extras.native.generationConfig.responseSchema',
          'two_schemas',
          'Response schema and Structured output are both set: the gateway gets responseSchema and responseJsonSchema',
        )
    }
    const budget = draft.extras?.native?.generationConfig?.thinkingConfig?.thinkingBudget
    if (budget !== undefined && budget < -1) {
      error(
        'extras.native.generationConfig.thinkingConfig.thinkingBudget',
        'range',
        'thinkingBudget must be -1 (dynamic), 0 (off) or a positive budget',
      )
    }
  }
}

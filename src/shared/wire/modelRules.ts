// The spec's rules that hang on the model id and on tools only some models have, as warnings (the gateway, not
// the app, knows its models): the thinking-suffix grammar (`-thinking`, `-thinking-<whole budget>`,
// `-thinking-low`, `-thinking-high`, `-nothinking`), a `-nothinking` model asked to reason, chat's
// `reasoning_effort` without a `-thinking` suffix, and the responses tools "limited to certain model kinds".
import { parseThinkingSuffix, THINKING_SUFFIXES } from '../catalog/textModels'
import type { Draft } from './draft'
import type { WireFormat } from './format'
import type { DraftIssue } from './issue'

/** A trailing `-thinking-…` that is not one of the spec's forms, e.g. `-thinking-abc`, `-thinking-medium`. */
export function badThinkingSuffix(model: string): string | null {
  const m = /-thinking-([^-]*)$/.exec(model)
  if (!m) return /-thinking-$/.test(model) ? '-thinking-' : null
  return /^(low|high|\d+)$/.test(m[1]!) ? null : m[0]
}

/** Whether the draft asks for reasoning in its format's own way or through the neutral knob. */
function asksForReasoning(format: WireFormat, draft: Draft): boolean {
  if (draft.thinking?.enabled) return true
  const x = draft.extras
  if (format === 'chat') {
    const c = x?.chat
    return (
      c?.reasoning_effort !== undefined ||
      c?.thinking?.type === 'enabled' ||
      c?.enable_thinking === true ||
      (c?.thinking_config?.thinking_budget ?? 0) !== 0
    )
  }
  if (format === 'responses') {
    const effort = x?.responses?.reasoning?.effort
    return effort !== undefined && effort !== 'none'
  }
  if (format === 'messages') return x?.messages?.thinking?.type === 'enabled'
  return (x?.native?.generationConfig?.thinkingConfig?.thinkingBudget ?? 0) !== 0
}

export function modelIssues(format: WireFormat, draft: Draft): DraftIssue[] {
  const issues: DraftIssue[] = []
  const warn = (field: string, rule: string, message: string) =>
    issues.push({ field, rule, message, severity: 'warning' })
  const model = draft.model.trim()
  const bad = badThinkingSuffix(model)
  if (bad) {
    warn(
      'model',
      'suffix',
      `model "${model.slice(0, 80)}": ${bad} is not a thinking suffix the spec gives (${THINKING_SUFFIXES.join(', ')}); the gateway may not know this model`,
    )
  }
  const suffix = parseThinkingSuffix(model).thinking
  if (suffix?.kind === 'off' && asksForReasoning(format, draft)) {
    warn(
      'model',
      'suffix_conflict',
      'the -nothinking model variant turns reasoning off, but this request asks for reasoning: drop one of them',
    )
  }
  const effort =
    format === 'chat' &&
    (draft.extras?.chat?.reasoning_effort ?? (draft.thinking?.enabled ? 'neutral' : undefined))
  if (effort && (!suffix || suffix.kind === 'off')) {
    warn(
      draft.extras?.chat?.reasoning_effort !== undefined ? 'extras.chat.reasoning_effort' : 'thinking',
      'needs_thinking_suffix',
      'reasoning_effort is used with a -thinking model suffix (spec: chat completions); without one the gateway may ignore it',
    )
  }
  if (format === 'responses') {
    const x = draft.extras?.responses
    for (const tool of ['web_search_preview', 'file_search'] as const) {
      if (x?.[tool] !== undefined) {
        warn(
          `extras.responses.${tool}`,
          'some_models',
          `${tool} is limited to certain model kinds (spec); a model without it answers with an error`,
        )
      }
    }
  }
  return issues
}

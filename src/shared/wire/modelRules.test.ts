// The spec's model-id rules as warnings: the thinking-suffix grammar, a -nothinking model asked to reason,
// chat's reasoning_effort without a -thinking suffix, and the responses tools limited to certain model kinds.
import { describe, expect, it } from 'vitest'
import type { Draft, DraftExtras } from './draft'
import { badThinkingSuffix, modelIssues } from './modelRules'
import { validateDraft } from './validate'

const draft = (model: string, extras?: DraftExtras, thinking?: Draft['thinking']): Draft => ({
  model,
  stream: false,
  maxTokens: 100,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
  ...(extras ? { extras } : {}),
  ...(thinking ? { thinking } : {}),
})
const rules = (issues: { rule: string; severity: string }[]) =>
  issues.map((i) => `${i.severity}:${i.rule}`).sort()

describe('the thinking-suffix grammar', () => {
  it.each([
    'm-thinking',
    'm-thinking-2048',
    'm-thinking-low',
    'm-thinking-high',
    'm-nothinking',
    'plain-model',
  ])('%s is one of the spec’s forms (or has none)', (model) => expect(badThinkingSuffix(model)).toBeNull())

  it.each([
    ['m-thinking-abc', '-thinking-abc'],
    ['m-thinking-medium', '-thinking-medium'],
    ['m-thinking-', '-thinking-'],
  ])('%s is named as a suffix the spec does not give', (model, bad) => {
    expect(badThinkingSuffix(model)).toBe(bad)
    const issues = modelIssues('chat', draft(model))
    expect(issues).toEqual([expect.objectContaining({ field: 'model', rule: 'suffix', severity: 'warning' })])
    expect(issues[0]!.message).toContain(bad)
  })
})

describe('suffix and request disagree', () => {
  it('warns when a -nothinking model is asked to reason, in every format’s own way', () => {
    expect(
      rules(modelIssues('chat', draft('m-nothinking', { chat: { reasoning_effort: 'low' } }))),
    ).toContain('warning:suffix_conflict')
    expect(
      rules(
        modelIssues('responses', draft('m-nothinking', { responses: { reasoning: { effort: 'high' } } })),
      ),
    ).toEqual(['warning:suffix_conflict'])
    expect(rules(modelIssues('messages', draft('m-nothinking', undefined, { enabled: true })))).toEqual([
      'warning:suffix_conflict',
    ])
  })

  it('does not warn when a -nothinking model asks for responses effort none', () => {
    expect(
      modelIssues('responses', draft('m-nothinking', { responses: { reasoning: { effort: 'none' } } })),
    ).toEqual([])
  })

  it('warns on chat reasoning_effort without a -thinking suffix, and not with one', () => {
    const without = modelIssues('chat', draft('m', { chat: { reasoning_effort: 'medium' } }))
    expect(without).toEqual([
      expect.objectContaining({ field: 'extras.chat.reasoning_effort', rule: 'needs_thinking_suffix' }),
    ])
    expect(modelIssues('chat', draft('m-thinking', { chat: { reasoning_effort: 'medium' } }))).toEqual([])
    expect(modelIssues('chat', draft('m-thinking-low', { chat: { reasoning_effort: 'medium' } }))).toEqual([])
  })
})

describe('tools limited to certain model kinds', () => {
  it('warns for web_search_preview and file_search on responses, never blocking', () => {
    const issues = validateDraft(
      'responses',
      draft('m', { responses: { web_search_preview: {}, file_search: { vector_store_ids: ['vs_1'] } } }),
    ).filter((i) => i.rule === 'some_models')
    expect(issues.map((i) => i.field)).toEqual([
      'extras.responses.web_search_preview',
      'extras.responses.file_search',
    ])
    expect(issues.every((i) => i.severity === 'warning')).toBe(true)
  })

  it('are part of the draft’s rules, so the form and edited JSON both show them', () => {
    expect(rules(validateDraft('chat', draft('m-thinking-abc')))).toContain('warning:suffix')
  })
})

import { describe, expect, it } from 'vitest'
import {
  buildDraft,
  DEFAULT_FORM,
  DEFAULT_PARAMS,
  issueShown,
  previewShown,
  thinkingSwitched,
  touch,
  withoutIssuesOf,
  type TextForm,
} from './textForm'
import { formats, validateDraft } from '../../../../shared/wire'
import { requestVariables } from './formVariables'

const form = (patch: Partial<TextForm> = {}): TextForm => ({
  format: 'chat',
  model: 'gpt-4o-mini',
  stream: true,
  system: '',
  cacheSystem: false,
  messages: [],
  composer: '',
  attachments: [],
  params: DEFAULT_PARAMS,
  toolsText: '',
  responseFormatText: '',
  extras: { chat: {}, responses: {}, messages: {}, native: {} },
  variables: {},
  ...patch,
})

describe('buildDraft', () => {
  it('adds the composer as the last user turn only when asked', () => {
    const f = form({ composer: 'hello' })
    expect(buildDraft(f, false).draft.messages).toEqual([])
    expect(buildDraft(f, true).draft.messages).toMatchObject([
      { role: 'user', parts: [{ type: 'text', text: 'hello' }] },
    ])
  })

  it('names broken tools JSON by line and column and leaves tools out of the draft', () => {
    const { draft, issues } = buildDraft(form({ toolsText: '[\n  {"name": "x"},\n]' }), true)
    expect(draft.tools).toBeUndefined()
    expect(issues).toEqual([{ field: 'tools', message: expect.stringMatching(/^tools: .*line 3, column 1/) }])
  })

  it('asks for a model when the field is blank', () => {
    expect(buildDraft(form({ model: '  ' }), true).issues).toEqual([
      { field: 'model', message: 'model: choose or type a model id' },
    ])
  })
})

describe('which issues show', () => {
  const error = { field: 'messages[0].parts', severity: 'error' as const }
  it('shows an error once its field was touched or Send was pressed, a warning always', () => {
    expect(issueShown({ touched: {}, attempted: false }, error)).toBe(false)
    expect(issueShown({ touched: touch({}, ['composer']), attempted: false }, error)).toBe(true)
    expect(issueShown({ touched: {}, attempted: true }, error)).toBe(true)
    expect(issueShown({ touched: {}, attempted: false }, { field: 'profile', severity: 'warning' })).toBe(
      true,
    )
  })

  it("keeps a preview's errors out of the Inspector until the user acted, and its warnings in", () => {
    const issues = [
      { field: 'messages', rule: 'non_empty', message: 'messages must not be empty', severity: 'error' as const },
      { field: 'profile', rule: 'key', message: 'no key set', severity: 'warning' as const },
    ]
    const preview = { body: '{}', issues }
    expect(previewShown(preview, { touched: {}, attempted: false })?.issues).toEqual([issues[1]])
    expect(previewShown(preview, { touched: touch({}, ['composer']), attempted: false })).toBe(preview)
    expect(previewShown(preview, { touched: {}, attempted: true })).toBe(preview)
    expect(previewShown(null, { touched: {}, attempted: false })).toBeNull()
  })

  it('drops the refusal of a field once that field changes, and keeps the others', () => {
    const issues = [
      { field: 'messages', message: 'messages: write a message first' },
      { field: 'temperature', message: 'temperature must be between 0 and 2' },
    ]
    expect(withoutIssuesOf(issues, ['composer'])).toEqual([issues[1]])
    expect(withoutIssuesOf(issues, ['system'])).toBe(issues)
  })
})

describe('variables in the form', () => {
  const withVars = form({
    system: 'Answer in {{language}}.',
    composer: 'Tell me about {{city}}, then {{city}} again.',
  })
  it('holds Send naming every name without a value, and an empty value counts as unset', () => {
    const issue = buildDraft({ ...withVars, variables: { city: '' } }, true).issues.find(
      (i) => i.field === 'variables',
    )
    expect(issue).toMatchObject({
      message: 'Variables: no value for {{language}}, {{city}}',
      forceable: true,
    })
    const set = buildDraft({ ...withVars, variables: { city: 'Lyon', language: 'French' } }, true)
    expect(set.issues).toEqual([])
  })
  it('a request carries the set values of the names used only, and nothing when the prompt uses none', () => {
    const { draft } = buildDraft(withVars, true)
    expect(requestVariables(draft, { city: 'Lyon', language: '', other: 'x' })).toEqual({
      variables: { city: 'Lyon' },
    })
    expect(requestVariables(buildDraft(form({ composer: 'plain' }), true).draft, { city: 'x' })).toEqual({})
    // A turn sent again with new text brings its names in too.
    expect(requestVariables(buildDraft(form(), false).draft, { x: '1' }, ['{{x}}'])).toEqual({
      variables: { x: '1' },
    })
  })
})

describe('thinking with the form defaults', () => {
  it('keeps the messages budget_tokens below max_tokens when reasoning is asked for', () => {
    const params = { ...DEFAULT_FORM.params, ...thinkingSwitched(DEFAULT_FORM.params, true) }
    const f = form({ format: 'messages', model: 'claude-sonnet-4-6', params, composer: 'Is 17 prime?' })
    const { draft } = buildDraft(f, true)
    const body = formats.messages.build(draft).body as {
      max_tokens: number
      thinking: { budget_tokens: number }
    }
    expect(body.thinking.budget_tokens).toBeGreaterThan(1024)
    expect(body.thinking.budget_tokens).toBeLessThan(body.max_tokens)
    expect(validateDraft('messages', draft).filter((i) => i.rule === 'budget_below_max_tokens')).toEqual([])
  })

  it('leaves a max_tokens already above the budget alone, and turning reasoning off changes nothing else', () => {
    const roomy = { ...DEFAULT_PARAMS, maxTokens: 9000 }
    expect(thinkingSwitched(roomy, true)).toEqual({ thinking: { enabled: true } })
    const on = { ...DEFAULT_PARAMS, maxTokens: 5120, thinking: { enabled: true } }
    expect(thinkingSwitched(on, false)).toEqual({ thinking: { enabled: false } })
    // A high effort's budget (8192) raises max_tokens above it.
    const high = { ...DEFAULT_PARAMS, thinking: { enabled: false, effort: 'high' as const } }
    expect(thinkingSwitched(high, true).maxTokens).toBe(8192 + 1024)
  })

  it('warns when the budget an effort stands for is at or over max_tokens (no budget typed)', () => {
    const f = form({
      format: 'messages',
      model: 'claude-sonnet-4-6',
      params: { ...DEFAULT_PARAMS, maxTokens: 1024, thinking: { enabled: true } },
      composer: 'hi',
    })
    const issues = validateDraft('messages', buildDraft(f, true).draft)
    expect(issues.filter((i) => i.rule === 'budget_below_max_tokens')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'budget_tokens (4096, from the effort) should be less than max_tokens (1024)',
      }),
    ])
  })
})

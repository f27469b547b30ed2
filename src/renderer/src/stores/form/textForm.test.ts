import { describe, expect, it } from 'vitest'
import { buildDraft, DEFAULT_PARAMS, issueShown, touch, withoutIssuesOf, type TextForm } from './textForm'
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

import { describe, expect, it } from 'vitest'
import { formats } from './adapters'
import { checkRawBody, rawBodyUnsendable } from './rawBodyCheck'
import { validateDraft } from './validate'
import type { WireFormat } from './format'

const check = (format: WireFormat, body: unknown, context = {}) =>
  checkRawBody(format, typeof body === 'string' ? body : JSON.stringify(body), context, {
    reader: formats[format],
    validate: validateDraft,
  })
const user = [{ role: 'user', content: 'hi' }]

describe('the rules on an edited request JSON', () => {
  it('names an out-of-range field of each format by its wire name, under Request JSON', () => {
    expect(check('chat', { model: 'm', temperature: 5, messages: user }).issues).toEqual([
      {
        field: 'Request JSON.temperature',
        rule: 'range',
        severity: 'error',
        message: 'Request JSON: temperature must be between 0 and 2 for the chat completions format',
      },
    ])
    const native = check(
      'native',
      { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { temperature: 3 } },
      { model: 'g' },
    )
    expect(native.issues.map((i) => i.message)).toEqual([
      'Request JSON: temperature must be between 0 and 2 for the native format',
    ])
    expect(check('responses', { model: 'm', input: 'hi', top_p: 2 }).issues[0]!.message).toMatch(
      /top_p must be between 0 and 1/,
    )
  })

  it('refuses a messages body without max_tokens or with a thinking budget of 1024 or less', () => {
    expect(check('messages', { model: 'm', messages: user }).issues[0]).toMatchObject({ rule: 'required' })
    expect(
      check('messages', {
        model: 'm',
        max_tokens: 2048,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        messages: user,
      }).issues.map((i) => i.rule),
    ).toContain('budget_min')
  })

  it('a body that is not a JSON object is the one thing Send anyway cannot send', () => {
    for (const text of ['{"model": ', '[]', '"text"', 'null']) {
      const { issues, draft } = check('chat', text)
      expect(draft).toBeNull()
      expect(rawBodyUnsendable(issues)).toBe(true)
    }
    expect(rawBodyUnsendable(check('chat', { model: 'm', temperature: 9, messages: user }).issues)).toBe(
      false,
    )
  })

  it('a body that follows the spec has no issue', () => {
    expect(check('messages', { model: 'm', max_tokens: 100, messages: user }).issues).toEqual([])
  })
})

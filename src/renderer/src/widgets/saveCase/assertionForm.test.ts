import { describe, expect, it } from 'vitest'
import { draftTooLarge, newAssertionDraft, readAssertion, readAssertions } from './assertionForm'

const draft = (kind: Parameters<typeof newAssertionDraft>[0], value = '', extra = '') => ({
  ...newAssertionDraft(kind, value),
  extra,
})

describe('the Save as case assertion fields', () => {
  it('reads a contains and a JSON-schema assertion into the case model', () => {
    const { assertions, errors } = readAssertions([
      { ...draft('contains', 'Paris'), ignoreCase: true },
      draft('json', '', '{"type":"object","required":["city"]}'),
    ])
    expect(errors).toEqual({})
    expect(assertions).toEqual([
      { kind: 'contains', text: 'Paris', ignoreCase: true },
      { kind: 'json', schema: { type: 'object', required: ['city'] } },
    ])
  })

  it('names a pattern that is not a regular expression under the pattern field', () => {
    const d = draft('matches', '(unclosed')
    const { assertion, errors } = readAssertion(d)
    expect(assertion).toBeNull()
    expect(errors[`${d.key}.value`]).toMatch(/^Pattern: not a valid regular expression/)
  })

  it('says which engine runs a pattern, as main will run it, and names bad flags under the flags field', () => {
    const linear = draft('matches', '^(a+)+$')
    expect(readAssertion(linear).notes[`${linear.key}.value`]).toBe(
      'Runs with RE2, in time linear in the answer.',
    )
    const lookahead = draft('matches', 'foo(?=bar)')
    const read = readAssertion(lookahead)
    expect(read.assertion).toEqual({ kind: 'matches', pattern: 'foo(?=bar)' })
    expect(read.notes[`${lookahead.key}.value`]).toBe(
      'Uses a lookahead (?=…): JavaScript\'s engine runs it off the main thread, stopped after 1 s ("pattern took too long").',
    )
    const flags = draft('matches', 'a', 'g')
    expect(readAssertion(flags).errors[`${flags.key}.extra`]).toBe(
      'Flags: "g" is not supported: use only i, m, s, u',
    )
  })

  it('reads the patterns inside a JSON Schema the same way: refused with the pattern named, or noted', () => {
    const bad = draft('json', '', '{"properties": {"s": {"type": "string", "pattern": "("}}}')
    expect(readAssertion(bad).errors[`${bad.key}.extra`]).toMatch(
      /^JSON Schema: pattern "\(": not a valid regular expression \(/,
    )
    const backreference = draft('toolCall', 'lookup', '{"patternProperties": {"^(a)\\\\1$": {}}}')
    const read = readAssertion(backreference)
    expect(read.errors).toEqual({})
    expect(read.notes[`${backreference.key}.extra`]).toMatch(
      /^Pattern "\^\(a\)\\1\$": Uses a backreference \(\\1\)/,
    )
    // A "pattern" inside enum is data, not a pattern.
    const data = draft('json', '', '{"enum": [{"pattern": "("}]}')
    expect(readAssertion(data).errors).toEqual({})
  })

  it('names a schema that is not JSON, or not an object, under the schema field', () => {
    const bad = draft('json', '', '{"type": ')
    expect(readAssertion(bad).errors[`${bad.key}.extra`]).toMatch(/^JSON Schema: not JSON/)
    const list = draft('toolCall', 'get_weather', '[1]')
    expect(readAssertion(list).errors[`${list.key}.extra`]).toBe(
      'Arguments schema: must be a JSON object, such as {"type": "object"}',
    )
  })

  it('refuses a limit that is not a positive whole number, and an empty text', () => {
    for (const value of ['', '0', '-5', '1.5', 'abc']) {
      const d = draft('ttftUnder', value)
      expect(readAssertion(d).errors[`${d.key}.value`]).toBe('Milliseconds: must be a positive whole number')
    }
    expect(readAssertion(draft('outputTokensUnder', '300')).assertion).toEqual({
      kind: 'outputTokensUnder',
      tokens: 300,
    })
    const empty = draft('contains', '')
    expect(readAssertion(empty).errors[`${empty.key}.value`]).toBe('contains: write the text to look for')
  })

  it('refuses a conversation too large to cross to main in one message, and says how large', () => {
    const turn = (text: string) => ({
      model: 'm',
      messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }],
    })
    expect(draftTooLarge(turn('Hello'))).toBeNull()
    expect(draftTooLarge(turn('x'.repeat(300 * 1024)))).toMatch(
      /^This conversation is 300 KB as JSON; a case holds at most 200 KB\./,
    )
  })
})

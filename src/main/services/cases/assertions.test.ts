import { afterAll, describe, expect, it } from 'vitest'
import { checkAssertion, checkRun, type RunOutcome } from './assertions'
import { patternWorker } from './patternWorker'

afterAll(() => patternWorker.close())

const run = (patch: Partial<RunOutcome> = {}): RunOutcome => ({
  status: 'done',
  text: 'The capital of France is Paris.',
  toolCalls: [],
  stopReason: 'end_turn',
  finish: 'stop',
  ttftMs: 120,
  totalMs: 900,
  outputTokens: 42,
  error: null,
  ...patch,
})

const personSchema = {
  type: 'object',
  required: ['name', 'age'],
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
}

describe('case assertions', () => {
  it('contains: passes on the text, fails without it, and can ignore case', async () => {
    expect((await checkAssertion({ kind: 'contains', text: 'Paris' }, run())).pass).toBe(true)
    const miss = await checkAssertion({ kind: 'contains', text: 'paris' }, run())
    expect(miss).toMatchObject({ pass: false, message: 'the answer does not contain "paris"' })
    expect((await checkAssertion({ kind: 'contains', text: 'paris', ignoreCase: true }, run())).pass).toBe(
      true,
    )
  })

  it('matches: tests a regular expression and reports one that does not compile', async () => {
    expect((await checkAssertion({ kind: 'matches', pattern: 'capital of \\w+ is' }, run())).pass).toBe(true)
    expect((await checkAssertion({ kind: 'matches', pattern: '^paris', flags: 'i' }, run())).pass).toBe(false)
    const bad = await checkAssertion({ kind: 'matches', pattern: '(' }, run())
    expect(bad.pass).toBe(false)
    expect(bad.message).toContain('not a valid regular expression')
  })

  it('json: parses the answer (fenced or not) and validates it against a JSON schema', async () => {
    const ok = run({ text: '```json\n{"name": "Ada", "age": 36}\n```' })
    expect((await checkAssertion({ kind: 'json' }, ok)).pass).toBe(true)
    expect((await checkAssertion({ kind: 'json', schema: personSchema }, ok)).pass).toBe(true)
    const wrong = await checkAssertion(
      { kind: 'json', schema: personSchema },
      run({ text: '{"name": "Ada", "age": -1}' }),
    )
    expect(wrong.pass).toBe(false)
    expect(wrong.message).toContain('/age must be >= 0')
    expect((await checkAssertion({ kind: 'json' }, run())).message).toContain('the answer is not JSON')
  })

  it('json: a schema that does not compile fails with the reason instead of throwing', async () => {
    const result = await checkAssertion(
      { kind: 'json', schema: { type: 'no-such-type' } },
      run({ text: '{}' }),
    )
    expect(result.pass).toBe(false)
    expect(result.message).toContain('the schema does not compile')
  })

  it('toolCall: needs a call of that name whose arguments fit the schema', async () => {
    const calls = run({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] })
    const schema = { type: 'object', required: ['city'], properties: { city: { type: 'string' } } }
    expect(
      (await checkAssertion({ kind: 'toolCall', name: 'get_weather', arguments: schema }, calls)).pass,
    ).toBe(true)
    expect((await checkAssertion({ kind: 'toolCall', name: 'get_time' }, calls)).message).toBe(
      'no call to get_time (called: get_weather)',
    )
    const needsUnits = { type: 'object', required: ['units'] }
    const miss = await checkAssertion({ kind: 'toolCall', name: 'get_weather', arguments: needsUnits }, calls)
    expect(miss.pass).toBe(false)
    expect(miss.message).toContain("must have required property 'units'")
  })

  it('stopReason: matches the common finish or the raw value, in any case', async () => {
    expect((await checkAssertion({ kind: 'stopReason', value: 'stop' }, run())).pass).toBe(true)
    expect((await checkAssertion({ kind: 'stopReason', value: 'END_TURN' }, run())).pass).toBe(true)
    expect((await checkAssertion({ kind: 'stopReason', value: 'length' }, run())).message).toBe(
      'the stop reason is stop / end_turn, not length',
    )
  })

  it('time and token limits: pass strictly under the limit and fail when unknown', async () => {
    expect((await checkAssertion({ kind: 'ttftUnder', ms: 200 }, run())).pass).toBe(true)
    expect((await checkAssertion({ kind: 'ttftUnder', ms: 120 }, run())).pass).toBe(false)
    expect((await checkAssertion({ kind: 'ttftUnder', ms: 500 }, run({ ttftMs: null }))).pass).toBe(false)
    expect((await checkAssertion({ kind: 'totalUnder', ms: 1000 }, run())).pass).toBe(true)
    expect((await checkAssertion({ kind: 'totalUnder', ms: 900 }, run())).pass).toBe(false)
    expect((await checkAssertion({ kind: 'outputTokensUnder', tokens: 50 }, run())).pass).toBe(true)
    expect((await checkAssertion({ kind: 'outputTokensUnder', tokens: 42 }, run())).pass).toBe(false)
  })

  it('a run that did not finish fails the case even when its partial text passes', async () => {
    const partial = run({ status: 'error', error: 'HTTP 500' })
    const checked = await checkRun([{ kind: 'contains', text: 'Paris' }], partial)
    expect(checked.results[0]!.pass).toBe(true)
    expect(checked.pass).toBe(false)
  })
})

// Suites are shared, so their patterns and schemas are hostile input: each check below froze main for seconds
// with JavaScript's backtracking engine (9.6 s for ^(a+)+$ on 32 characters, 23 s for the same as a JSON Schema
// pattern). They now finish at once with the right answer, or fail with "pattern took too long" off main's thread.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { checkAssertion, type RunOutcome } from './assertions'
import { patternWorker } from './patternWorker'

const HOSTILE = `${'a'.repeat(31)}!`
const run = (patch: Partial<RunOutcome> = {}): RunOutcome => ({
  status: 'done',
  text: HOSTILE,
  toolCalls: [],
  stopReason: 'stop',
  finish: 'stop',
  ttftMs: 10,
  totalMs: 20,
  outputTokens: 5,
  error: null,
  ...patch,
})
const hostileSchema = {
  type: 'object',
  required: ['s'],
  properties: { s: { type: 'string', pattern: '^(a+)+$' } },
}

/**
 * Runs `work` while measuring main's event loop; answers its result, the time taken, the p99 delay and the loop's
 * utilization (the share of the time main ran code rather than waited: about 1 while a regex holds it).
 */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; p99: number; busy: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const loop = performance.eventLoopUtilization()
  const started = performance.now()
  const value = await work()
  const ms = performance.now() - started
  const busy = performance.eventLoopUtilization(loop).utilization
  delay.disable()
  const p99 = delay.percentile(99) / 1e6
  console.log(
    `event loop over ${ms.toFixed(0)} ms: utilization ${busy.toFixed(3)}, delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} p99 ${p99.toFixed(1)} max ${(delay.max / 1e6).toFixed(1)} ms`,
  )
  return { value, ms, p99, busy }
}

afterAll(() => patternWorker.close())

describe('hostile patterns in case assertions', () => {
  it('matches: ^(a+)+$ against 31 a and ! is no match, decided by RE2 at once', async () => {
    const { value, ms } = await measured(() => checkAssertion({ kind: 'matches', pattern: '^(a+)+$' }, run()))
    expect(value).toMatchObject({ pass: false, message: 'the answer does not match /^(a+)+$/' })
    expect(ms).toBeLessThan(200)
    expect(
      (await checkAssertion({ kind: 'matches', pattern: '^(a+)+$' }, run({ text: 'a'.repeat(31) }))).pass,
    ).toBe(true)
  })

  it('json: the same pattern inside a JSON Schema fails the answer quickly with the pattern named', async () => {
    const text = JSON.stringify({ s: `${'a'.repeat(28)}!` })
    const { value, ms } = await measured(() =>
      checkAssertion({ kind: 'json', schema: hostileSchema }, run({ text })),
    )
    expect(value.pass).toBe(false)
    expect(value.message).toBe('the answer does not fit the schema: /s must match pattern "^(a+)+$"')
    expect(ms).toBeLessThan(3000)
    const fits = await checkAssertion({ kind: 'json', schema: hostileSchema }, run({ text: '{"s":"aaaa"}' }))
    expect(fits).toMatchObject({ pass: true, message: 'the answer is JSON that fits the schema' })
  })

  it('toolCall: the pattern in an argument schema and in patternProperties runs in linear time', async () => {
    const args = JSON.stringify({ s: HOSTILE, [HOSTILE]: 'x' })
    const calls = run({ toolCalls: [{ name: 'lookup', arguments: args }] })
    const schema = { ...hostileSchema, patternProperties: { '^(a+)+$': { type: 'number' } } }
    const { value, ms } = await measured(() =>
      checkAssertion({ kind: 'toolCall', name: 'lookup', arguments: schema }, calls),
    )
    expect(value.pass).toBe(false)
    expect(value.message).toBe(
      'the arguments of lookup does not fit the schema: /s must match pattern "^(a+)+$"',
    )
    expect(ms).toBeLessThan(3000)
  })

  // Main is held to being idle while the worker spins: its loop utilization, which other processes' load on the
  // machine does not raise (the delay p99, which they do, is held in the matrix test, test/integration).
  it('a backreference only JavaScript runs is stopped after its time limit, with main responsive meanwhile', async () => {
    const before = patternWorker.started
    const { value, ms, busy } = await measured(() =>
      checkAssertion({ kind: 'matches', pattern: '^(a+)+\\1$' }, run({ text: `${'a'.repeat(40)}!` })),
    )
    expect(value.pass).toBe(false)
    expect(value.message).toBe(
      'pattern took too long: /^(a+)+\\1$/ ran over 1000 ms on an answer of 41 characters and was stopped',
    )
    // One second of the worker's CPU time; on a busy machine the niced thread may need longer to get it.
    expect(ms).toBeGreaterThanOrEqual(1000)
    expect(ms).toBeLessThan(5000)
    expect(busy).toBeLessThan(0.2)
    // The stuck worker was ended; a fresh one answers the next pattern only JavaScript runs.
    const next = await checkAssertion({ kind: 'matches', pattern: '(a)\\1' }, run({ text: 'xaay' }))
    expect(next).toMatchObject({ pass: true, message: 'the answer matches /(a)\\1/' })
    expect(patternWorker.started).toBeGreaterThan(before)
  })

  it('a lookahead in a JSON Schema pattern is stopped the same way', async () => {
    const schema = { type: 'string', pattern: '^(?=(a+)+$)' }
    const text = JSON.stringify(`${'a'.repeat(40)}!`)
    const result = await checkAssertion({ kind: 'json', schema }, run({ text }))
    expect(result.pass).toBe(false)
    expect(result.message).toBe(
      'pattern took too long: checking the answer against the schema ran over 1000 ms and was stopped',
    )
    const fine = await checkAssertion(
      { kind: 'json', schema: { type: 'string', pattern: '^a(?=b)' } },
      run({ text: '"ab"' }),
    )
    expect(fine.pass).toBe(true)
  })

  it('a fenced answer full of blank lines is read in linear time (the old fence regex took 43 s on 5,000)', async () => {
    const text = `\`\`\`json\n${'\n'.repeat(200_000)}x`
    const { value, ms } = await measured(() => checkAssertion({ kind: 'json' }, run({ text })))
    expect(value.message).toContain('the answer is not JSON')
    expect(ms).toBeLessThan(500)
    const fenced = await checkAssertion({ kind: 'json' }, run({ text: '```json\n{"a": 1}\n```' }))
    expect(fenced.pass).toBe(true)
  })

  it('runs no format regex: Ajv has no formats loaded, so `format` is not checked at all', async () => {
    const schema = { type: 'string', format: 'email' }
    expect((await checkAssertion({ kind: 'json', schema }, run({ text: '"not an email"' }))).pass).toBe(true)
  })
})

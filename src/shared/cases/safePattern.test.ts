import { describe, expect, it } from 'vitest'
import { describePlan, linearPattern, planPattern } from './safePattern'

const HOSTILE_TEXT = `${'a'.repeat(31)}!`

describe('patterns from outside run with a linear-time engine', () => {
  it('runs the catastrophic ^(a+)+$ with RE2: no match, at once', () => {
    expect(planPattern('^(a+)+$')).toMatchObject({ ok: true, engine: 're2' })
    const started = performance.now()
    expect(linearPattern('^(a+)+$')!.test(HOSTILE_TEXT)).toBe(false)
    expect(linearPattern('^(a+)+$')!.test('a'.repeat(31))).toBe(true)
    expect(performance.now() - started).toBeLessThan(100)
  })

  it('agrees with JavaScript on what a pattern means (spaces, dots, letter escapes, classes, flags)', () => {
    const texts = [
      'The capital of France is Paris.',
      'no\u00a0break and\u2028line',
      'line one\r\nline two',
      'Aa zz \t tab',
      '[:alpha:] x]',
      'emoji 😀 here',
      'foobar barfoo',
      '',
      'b\bc',
    ]
    const patterns: [string, string][] = [
      ['capital of \\w+ is', ''],
      ['^the', 'i'],
      ['no\\sbreak', ''],
      ['no\\Sbreak', ''],
      ['and.line', ''],
      ['and.line', 's'],
      ['one.$', 'm'],
      ['^line two$', 'm'],
      ['\\Aa', ''],
      ['\\z', ''],
      ['[[:alpha:]]', ''],
      ['[]', ''],
      ['[^]', ''],
      ['(?<word>z+)', ''],
      ['\\u{1F600}', 'u'],
      ['\\u0041a', ''],
      ['(?<=foo)bar', ''],
      ['(?<!foo)bar', ''],
      ['[\\s]tab', ''],
      ['[\\b]', ''],
      ['\\bbar\\b', ''],
      ['^$', ''],
      ['\\p{Lu}', 'u'],
      ['x{2,}|tab', 'i'],
    ]
    for (const [pattern, flags] of patterns) {
      expect(planPattern(pattern, flags), `/${pattern}/${flags}`).toMatchObject({ engine: 're2' })
      const linear = linearPattern(pattern, flags)!
      for (const text of texts)
        expect(linear.test(text), `/${pattern}/${flags} on ${JSON.stringify(text)}`).toBe(
          new RegExp(pattern, flags).test(text),
        )
    }
  })

  it('names the construct of a pattern only JavaScript runs, and says how it will run', () => {
    const cases: [string, string][] = [
      ['(a)\\1', 'a backreference (\\1)'],
      ['(?<q>a)\\k<q>', 'a named backreference (\\k<…>)'],
      ['foo(?=bar)', 'a lookahead (?=…)'],
      ['foo(?!bar)', 'a negative lookahead (?!…)'],
      ['[\\Sx]', '\\S inside a character class'],
    ]
    for (const [pattern, construct] of cases) {
      const plan = planPattern(pattern)
      expect(plan).toEqual({ ok: true, engine: 'js', construct })
      expect(describePlan(plan)).toBe(
        `Uses ${construct}: JavaScript's engine runs it off the main thread, stopped after 1 s ("pattern took too long").`,
      )
    }
    // A capture inside a lookbehind is beyond RE2's linear lookbehinds: RE2's own reason is given.
    expect(planPattern('(?<=(a))b')).toMatchObject({
      engine: 'js',
      construct: expect.stringContaining('RE2 refuses'),
    })
    expect(describePlan(planPattern('a+'))).toBe('Runs with RE2, in time linear in the answer.')
  })

  it('refuses what no engine runs, naming the field: bad flags, an invalid pattern, a pattern too long', () => {
    expect(planPattern('a', 'g')).toEqual({
      ok: false,
      field: 'flags',
      message: '"g" is not supported: use only i, m, s, u',
    })
    expect(planPattern('a', 'ii')).toMatchObject({ ok: false, field: 'flags', message: '"i" is given twice' })
    expect(planPattern('(unclosed')).toMatchObject({
      ok: false,
      field: 'pattern',
      message: expect.stringMatching(/^not a valid regular expression \(/),
    })
    expect(planPattern('a'.repeat(10_001))).toEqual({
      ok: false,
      field: 'pattern',
      message: 'at most 10,000 characters (got 10,001)',
    })
  })
})

describe('the size of what RE2 runs is bounded', () => {
  it('sends a pattern whose repetitions expand past the bound to the time-limited engine, before compiling it', () => {
    const huge = '[a-z]{1000}'.repeat(900)
    const started = performance.now()
    expect(planPattern(huge)).toEqual({
      ok: true,
      engine: 'js',
      construct: expect.stringMatching(
        /^repetitions that expand to about [\d,]+ steps \(RE2 takes at most 5,000\)$/,
      ),
    })
    expect(planPattern('(?:a{100}b){100}')).toMatchObject({ engine: 'js' })
    expect(performance.now() - started).toBeLessThan(100)
    const fine = planPattern('[a-z]{1000}')
    expect(fine).toMatchObject({ engine: 're2' })
    expect(fine.ok && fine.engine === 're2' && fine.steps).toBeGreaterThan(1000)
  })
})

import { describe, expect, it } from 'vitest'
import { readSuiteFile, suiteFileText } from './suiteFile'

const suite = {
  id: 's1',
  name: 'Smoke',
  cases: [
    {
      id: 'c1',
      name: 'capital',
      draft: {
        model: 'sim-model',
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'Capital?' }] }],
      },
      assertions: [{ kind: 'contains', text: 'Paris' }],
    },
  ],
}

describe('suite files', () => {
  it('round-trips a suite through its file text', () => {
    const read = readSuiteFile(suiteFileText(suite as never))
    expect(read).toMatchObject({ ok: true, suite: { name: 'Smoke', cases: [{ name: 'capital' }] } })
  })

  it('names the field and the rule a bad file breaks', () => {
    expect(readSuiteFile('{"version": 1,')).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^the file is not JSON/)],
    })
    const noName = readSuiteFile(JSON.stringify({ version: 1, suite: { ...suite, name: '' } }))
    expect(noName).toEqual({ ok: false, problems: ['suite.name: name: give the suite a name'] })
    const badLimit = { ...suite.cases[0], assertions: [{ kind: 'ttftUnder', ms: 0 }] }
    expect(readSuiteFile(JSON.stringify({ version: 1, suite: { ...suite, cases: [badLimit] } }))).toEqual({
      ok: false,
      problems: ['suite.cases.0.assertions.0.ms: TTFT under: must be at least 1'],
    })
  })

  it('refuses a pattern that is not a regular expression and a schema that does not compile', () => {
    const bad = {
      ...suite.cases[0],
      assertions: [
        { kind: 'matches', pattern: '(' },
        { kind: 'json', schema: { type: 'no-such-type' } },
      ],
    }
    const read = readSuiteFile(JSON.stringify({ version: 1, suite: { ...suite, cases: [bad] } }))
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems[0]).toMatch(
      /^suite\.cases\.0\.assertions\.0\.pattern: not a valid regular expression/,
    )
    expect(read.problems[1]).toMatch(/^suite\.cases\.0\.assertions\.1\.schema: the schema does not compile/)
  })
})

describe('a hostile suite file', () => {
  const withAssertions = (assertions: unknown[], count = 1) =>
    JSON.stringify({
      version: 1,
      suite: {
        ...suite,
        cases: Array.from({ length: count }, (_, i) => ({ ...suite.cases[0], id: `c${i}`, assertions })),
      },
    })

  it('is refused in a moment when its patterns would take long to compile, before any is compiled', () => {
    // 500 cases × 50 patterns, each just under RE2's per-pattern bound: compiling them all would hold main for
    // minutes. Their estimated size is summed first.
    const many = Array.from({ length: 500 }, (_, i) =>
      Array.from({ length: 50 }, (_, j) => ({ kind: 'matches', pattern: `\\w{2400}x${i}_${j}` })),
    )
    const text = JSON.stringify({
      version: 1,
      suite: {
        ...suite,
        cases: many.map((assertions, i) => ({ ...suite.cases[0], id: `c${i}`, assertions })),
      },
    })
    const started = performance.now()
    const read = readSuiteFile(text)
    expect(read).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(
          /^suite\.cases: the patterns expand to about [\d,]+ RE2 steps in all, more than the 250,000 a suite may hold: split it/,
        ),
      ],
    })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('accepts a pattern only JavaScript runs (it runs off main, time-limited) and refuses a bad flag by name', () => {
    expect(readSuiteFile(withAssertions([{ kind: 'matches', pattern: '(a)\\1' }])).ok).toBe(true)
    expect(readSuiteFile(withAssertions([{ kind: 'matches', pattern: 'a', flags: 'ii' }]))).toEqual({
      ok: false,
      problems: ['suite.cases.0.assertions.0.flags: "i" is given twice'],
    })
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: '(' } } }
    const bad = readSuiteFile(withAssertions([{ kind: 'json', schema }]))
    expect(bad).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(
          /^suite\.cases\.0\.assertions\.0\.schema: the schema does not compile: pattern "\(": not a valid regular expression/,
        ),
      ],
    })
  })
})

describe('a schema nested deeper than the call stack', () => {
  it('is refused by name instead of throwing', () => {
    const depth = 50_000
    const schema = `${'{"type":"object","properties":{"x":'.repeat(depth)}{"type":"string","pattern":"^(a+)+$"}${'}}'.repeat(depth)}`
    const head = JSON.stringify({ version: 1, suite: { ...suite, cases: [] } })
    const oneCase = JSON.stringify({ ...suite.cases[0], assertions: [{ kind: 'json', schema: {} }] })
    const text = head.replace(
      '"cases":[]',
      `"cases":[${oneCase.replace('"schema":{}', `"schema":${schema}`)}]`,
    )
    const read = readSuiteFile(text)
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems[0]).toMatch(
      /^(suite\.cases\.0\.assertions\.0\.schema: the schema (cannot be read|does not compile)|the file is not JSON): /,
    )
  })
})

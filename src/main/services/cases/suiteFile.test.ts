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

// The electronegativity gate's rules: a finding passes only when the reviewed allow-list explains it by check,
// file and a piece of its line; an entry that explains nothing is reported stale; the list itself is valid and
// every entry gives a reason. (CI runs the scan itself: `npm run electronegativity` in .ci/run.)
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ALLOW_LIST, judge, parseAllowList, type Finding } from '../../scripts/electronegativity'

const finding = (over: Partial<Finding>): Finding => ({
  id: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'src/main/platform/window.ts',
  line: 25,
  column: 37,
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  manualReview: true,
  sample: 'if (isSafeExternalUrl(url)) void shell.openExternal(url)',
  description: 'Review the use of openExternal',
  ...over,
})

const entry = {
  check: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'src/main/platform/window.ts',
  match: 'isSafeExternalUrl(url)) void shell.openExternal',
  why: 'guarded by isSafeExternalUrl, tested in window.test.ts',
}

describe('electronegativity allow-list', () => {
  it('explains a finding only by the same check, file and a piece of its line', () => {
    const explained = finding({})
    const otherLine = finding({ sample: 'void shell.openExternal(untrusted)' })
    const otherFile = finding({ file: 'src/main/platform/electronHost.ts' })
    const otherCheck = finding({ id: 'SANDBOX_JS_CHECK' })
    const verdict = judge([explained, otherLine, otherFile, otherCheck], [entry])
    expect(verdict.allowed.map((a) => a.finding)).toEqual([explained])
    expect(verdict.unexplained).toEqual([otherLine, otherFile, otherCheck])
    expect(verdict.stale).toEqual([])
  })

  it('reports an entry that no longer matches any finding as stale', () => {
    const verdict = judge([], [entry])
    expect(verdict.stale).toEqual([entry])
    expect(verdict.unexplained).toEqual([])
  })

  it('refuses an entry without a reason, naming the entry and the field', () => {
    expect(() => parseAllowList('[{"check":"X","file":"f","match":"m","why":""}]')).toThrow(
      'allow-list entry 1: "why" must be a string that is not empty',
    )
    expect(() => parseAllowList('[{"check":"X","file":"f","match":"m","why":"ok"}]')).toThrow(
      'entry 1: "why" must explain the finding',
    )
    expect(() => parseAllowList('{"check":"X"}')).toThrow('must be an array')
    expect(() => parseAllowList('[{"check":"X",')).toThrow('not valid JSONC')
  })

  it('the project list parses, with comments, and every entry names a check and its reason', () => {
    const list = parseAllowList(readFileSync(ALLOW_LIST, 'utf8'))
    expect(list.length).toBeGreaterThan(0)
    for (const e of list) {
      expect(e.check).toMatch(/^[A-Z_]+_CHECK$/)
      expect(e.why.length).toBeGreaterThan(40)
    }
  })
})

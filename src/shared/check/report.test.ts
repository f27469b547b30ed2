// Reports as text and over time: the diff names only the cells that changed (status or deviations), the
// Markdown holds the matrix, a report file with a bad field is refused naming it, and the CLI's verdict.
import { describe, expect, it } from 'vitest'
import type { CheckCell, CheckReport } from './model'
import { exitCodeOf } from './model'
import { diffReports, readReport, reportToJson, reportToMarkdown } from './report'

const cell = (
  probeId: string,
  subject: string,
  status: CheckCell['status'],
  deviations: string[] = [],
): CheckCell => ({
  key: `${probeId}@${subject}`,
  probeId,
  group: 'text',
  subject,
  model: 'm',
  format: 'chat',
  status,
  detail: status,
  deviations,
  ttftMs: 12,
  tokensPerSecond: null,
  totalMs: 20,
  exchangeIds: [],
  runId: null,
})
const report = (cells: CheckCell[]): CheckReport => ({
  version: 1,
  checkId: 'check-0001',
  profile: 'p',
  baseUrl: 'http://127.0.0.1:1',
  startedAt: 0,
  endedAt: 1000,
  stopped: false,
  models: ['m'],
  include: [],
  cells,
})

describe('check reports', () => {
  it('diffs cell by cell: a new deviation, a cell gone and a cell added, nothing for unchanged cells', () => {
    const before = report([
      cell('plain', 'chat · m', 'supported'),
      cell('stream', 'chat · m', 'supported'),
      cell('auth', 'chat · m', 'supported'),
    ])
    const after = report([
      cell('plain', 'chat · m', 'supported'),
      cell('stream', 'chat · m', 'deviating', ['stream ended without data: [DONE]']),
      cell('tools', 'chat · m', 'refused'),
    ])
    const changes = diffReports(before, after)
    expect(changes.map((c) => [c.key, c.before, c.after, c.added])).toEqual([
      ['stream@chat · m', 'supported', 'deviating', ['stream ended without data: [DONE]']],
      ['auth@chat · m', 'supported', null, []],
      ['tools@chat · m', null, 'refused', []],
    ])
  })

  it('writes the matrix as Markdown and reads its JSON back', () => {
    const r = report([
      cell('plain', 'chat · m', 'supported'),
      cell('stream', 'chat · m', 'deviating', ['a | b']),
    ])
    const md = reportToMarkdown(r)
    expect(md).toContain('| chat · m | ok | DEVIATES |')
    expect(md).toContain('a \\| b')
    expect(readReport(reportToJson(r))).toEqual({ ok: true, report: r })
    expect(readReport(JSON.stringify({ ...r, cells: [{ ...r.cells[0], status: 'great' }] }))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^cells\.0\.status: /),
    })
    expect(readReport('{')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not JSON/) })
  })

  it('fails CI on a deviation or an unchecked cell, not on capabilities', () => {
    expect(exitCodeOf([{ status: 'supported' }, { status: 'refused' }, { status: 'skipped' }])).toBe(0)
    expect(exitCodeOf([{ status: 'supported' }, { status: 'deviating' }])).toBe(1)
    expect(exitCodeOf([{ status: 'failed' }])).toBe(1)
  })
})

import { describe, expect, it } from 'vitest'
import type { EvalCellView } from '../../../shared/ipc/evals'
import { evalHtml } from './evalHtml'

const cell = (over: Partial<EvalCellView>): EvalCellView => ({
  row: 0,
  column: 0,
  status: 'pass',
  score: 1,
  runId: null,
  answer: '',
  grades: [],
  error: null,
  ttftMs: 10,
  totalMs: 20,
  costMicros: null,
  currency: null,
  gradingMicros: 0,
  ...over,
})

describe('the HTML report of an eval run', () => {
  it('keeps a script in a row, an answer or a grade as text, and allows no script to run', () => {
    const html = evalHtml(
      {
        plan: {
          name: '<img src=x onerror=alert(1)>.csv',
          prompts: [],
          variants: [],
          graders: [],
          unmapped: [],
          problems: [],
          dataset: { columns: ['q'], rows: [{ cells: ['<script>alert("row")</script>'] }] },
        },
        columns: ['chat:"m"'],
        cells: [
          cell({
            status: 'fail',
            answer: '</pre><script>alert(2)</script>',
            grades: [{ kind: 'contains', pass: false, score: 0, message: "<b onclick='x'>no</b>" }],
          }),
        ],
      },
      Date.UTC(2026, 10, 28),
    )
    expect(html).not.toMatch(/<script|<img|<b onclick/i)
    expect(html).toContain('&lt;script&gt;alert(&quot;row&quot;)&lt;/script&gt;')
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;')
    expect(html).toContain('&lt;b onclick=&#39;x&#39;&gt;no&lt;/b&gt;')
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`)
    expect(html).toContain('0/1 · 0.0 %')
    expect(html).toContain('<time datetime="2026-11-28T00:00:00.000Z">28 Nov 2026')
    expect(html).not.toMatch(/>2026-11-28T/)
  })

  it('gives each column its cost as the panel does, and only the start of a long answer', () => {
    const long = 'word '.repeat(400)
    const html = evalHtml(
      {
        plan: {
          name: 'costs.csv',
          prompts: [],
          variants: [],
          graders: [],
          unmapped: [],
          problems: [],
          dataset: { columns: ['q'], rows: [{ cells: ['a'] }, { cells: ['b'] }] },
        },
        columns: ['priced', 'unpriced'],
        cells: [
          cell({ answer: long, costMicros: 420, currency: 'USD', gradingMicros: 170 }),
          cell({ row: 1, costMicros: 7, currency: 'USD' }),
          cell({ column: 1 }),
        ],
      },
      Date.UTC(2026, 10, 28, 10, 27),
    )
    expect(html).toContain('<td>$0.000427 + grading $0.00017</td>')
    expect(html).toContain('<td>not known</td>')
    expect(html).toContain(`${'word '.repeat(120)}… (2,000 characters in all)`)
    expect(html).not.toContain('word '.repeat(121))
  })
})

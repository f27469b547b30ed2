import { describe, expect, it } from 'vitest'
import { formats, type Draft } from '../wire'
import { translationLoss } from '../wire/lossiness'
import { reconcile } from './reconcile'
import { REPORT_KIND, reportJson, reportMarkdown, type ComparisonReport, type ReportColumn } from './report'

const draft: Draft = {
  model: 'm',
  system: 'Answer in one line.',
  topK: 40,
  maxTokens: 64,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Name a colour.' }] }],
}

function column(format: 'chat' | 'messages', extra: Partial<ReportColumn> = {}): ReportColumn {
  return {
    label: `${format} · m`,
    format,
    model: 'm',
    profile: 'Local simulator',
    overrides: {},
    body: JSON.stringify(formats[format].build(draft).body),
    lossiness: translationLoss(draft, format),
    status: 'done',
    answer: 'Blue, with ```code``` inside.',
    reasoning: '',
    toolCalls: [],
    metrics: {
      ttftMs: 120,
      totalMs: 900,
      tokensPerSecond: 48.5,
      stopReason: 'stop',
      usage: { input: 12, output: 30 },
    },
    timings: { headersMs: 80, firstByteMs: 110, endMs: 900, frames: { text: 30, terminal: 1 } },
    ...extra,
  }
}

const report: ComparisonReport = {
  kind: REPORT_KIND,
  version: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  draft,
  columns: [
    column('chat'),
    column('messages', {
      status: 'error',
      error: { message: 'the stream broke', status: 500 },
      answer: 'Partial',
      metrics: { ttftMs: null, totalMs: 40, tokensPerSecond: null, stopReason: null, usage: null },
    }),
  ],
  reconciliation: reconcile(
    [
      { label: 'chat · m', format: 'chat', usage: { input: 12, output: 30 } },
      { label: 'messages · m', format: 'messages' },
    ],
    { server: 14, estimate: 13 },
  ),
}

describe('comparison export', () => {
  it('JSON holds the draft, every column with its body, answer, metrics and timings, and the table', () => {
    const back = JSON.parse(reportJson(report)) as ComparisonReport
    expect(back).toEqual(report)
    expect(back.columns[0]!.lossiness.map((w) => w.path)).toContain('topK')
    expect(JSON.parse(back.columns[1]!.body!)).toMatchObject({ top_k: 40, max_tokens: 64 })
  })

  it('Markdown has the metrics table, the reconciliation and each column’s body and answer', () => {
    const md = reportMarkdown(report)
    expect(md).toContain('# Comparison of 2 columns')
    expect(md).toMatch(
      /\| 1 \| Chat completions \| m \| Local simulator \| done \| 120 \| 900 \| 48.5 \| 12 \| 30 \|/,
    )
    expect(md).toContain('count_tokens (messages format): 14 · local estimate: 13')
    expect(md).toMatch(/\| chat · m \| 12 \| −2 \| −1 \| 30 \| 0 \|/)
    expect(md).toContain('**Failed** (HTTP 500): the stream broke')
    // Fields in the form's words, not the draft's keys.
    expect(md).toContain('- Top K (dropped): Chat completions has no such field; it is not sent')
    expect(md).not.toMatch(/topK|maxTokens/)
    expect(md).toContain('"top_k": 40')
    expect(md).toContain('Stream: headers 80 ms, first byte 110 ms, end 900 ms; frames text 30, terminal 1.')
  })

  it('an answer holding backticks cannot close its fence', () => {
    const md = reportMarkdown(report)
    expect(md).toContain('````markdown\nBlue, with ```code``` inside.\n````')
  })

  it('numbers each column once, whether or not its label carries the number', () => {
    const md = reportMarkdown({
      ...report,
      columns: [
        column('chat', { label: '1. Chat completions · m' }),
        column('messages', { label: 'messages · m' }),
      ],
    })
    expect(md).toContain('## 1. Chat completions · m\n')
    expect(md).toContain('## 2. messages · m\n')
    expect(md).not.toContain('## 1. 1.')
  })

  it('a pipe in a cell does not break the table row', () => {
    const md = reportMarkdown({ ...report, columns: [column('chat', { model: 'a|b' })] })
    expect(md).toContain('| a\\|b |')
  })

  it("carries each column's cost and the same model's cost through each format, in JSON and Markdown", () => {
    const priced = (micros: number, estimate = false) => ({
      kind: 'priced' as const,
      micros,
      currency: 'USD',
      estimate,
      price: { model: 'm', setAt: '2026-11-28', source: 'user' },
      lines: [],
    })
    const chat = column('chat')
    chat.metrics.cost = priced(264)
    const messages = column('messages', { label: 'messages · m' })
    messages.metrics = { ...messages.metrics, usage: { input: 14, output: 36 }, cost: priced(316) }
    const withCost: ComparisonReport = {
      ...report,
      columns: [chat, messages],
      reconciliation: reconcile(
        [
          {
            label: 'chat · m',
            format: 'chat',
            model: 'm',
            usage: { input: 12, output: 30 },
            cost: priced(264),
          },
          {
            label: 'messages · m',
            format: 'messages',
            model: 'm',
            usage: { input: 14, output: 36 },
            cost: priced(316),
          },
        ],
        { server: 14, estimate: 13 },
      ),
    }
    const back = JSON.parse(reportJson(withCost)) as ComparisonReport
    expect(back.columns[1]!.metrics.cost).toMatchObject({ micros: 316, currency: 'USD' })
    expect(back.reconciliation.sameModel[0]!.others[0]!.percentMore).toBe(20)
    const md = reportMarkdown(withCost)
    expect(md).toMatch(/\| 12 \| 30 \| — \| — \| \$0\.000264 \| stop \|/)
    expect(md).toContain(
      'The same prompt on m cost 20 % more through Messages than through Chat completions (the cheapest).',
    )
    expect(md).toMatch(/\| messages · m \| 14 \| 0 \| \+1 \| 36 \| \+6 \| \$0\.000316 \| \+20 % \|/)
    expect(md).toMatch(/\| chat · m \| 12 \| −2 \| −1 \| 30 \| 0 \| \$0\.000264 \| cheapest \|/)
  })
})

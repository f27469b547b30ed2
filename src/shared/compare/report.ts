// The exported comparison: one value holding the draft, every column (its format, model, profile, overrides, the
// exact body, what its format lost, the answer, the metrics and the stream timings) and the usage reconciliation;
// written as JSON as it is, or as a Markdown report. Pure; keys never appear here (bodies carry no auth headers).
import type { Draft } from '../wire/draft'
import type { ToolCall, Usage } from '../wire/events'
import { FORMAT_LABELS, type WireFormat } from '../format'
import { lossFieldName, lossMessage, type LossWarning } from '../wire/lossiness'
import { sameModelWords, signed, vsCheapestText, type ReconcileTable } from './reconcile'
import type { RunCost } from '../cost/runCost'
import { costText, storedCostText } from '../cost/money'
import type { MarkKind } from './timeline'

export const REPORT_KIND = 'gateway-playground.comparison'

export interface ReportColumn {
  label: string
  format: WireFormat
  model: string
  profile: string
  /** The format's own fields set on this column only. */
  overrides: Record<string, unknown>
  /** The exact request body (JSON text), or null when none was built. */
  body: string | null
  lossiness: LossWarning[]
  status: 'not run' | 'running' | 'done' | 'error' | 'aborted' | 'incomplete'
  error?: { message: string; status?: number | undefined; type?: string | undefined }
  answer: string
  reasoning: string
  toolCalls: Pick<ToolCall, 'id' | 'name' | 'arguments'>[]
  metrics: {
    ttftMs: number | null
    totalMs: number | null
    tokensPerSecond: number | null
    stopReason: string | null
    usage: Usage | null
    /** What the run cost (priced in main from its reported usage), or why it is unknown. */
    cost?: RunCost | null
  }
  timings: {
    headersMs: number | null
    firstByteMs: number | null
    endMs: number | null
    frames: Partial<Record<MarkKind, number>> | null
  }
}

export interface ComparisonReport {
  kind: typeof REPORT_KIND
  version: 1
  createdAt: string
  draft: Draft
  columns: ReportColumn[]
  reconciliation: ReconcileTable
}

export function reportJson(report: ComparisonReport): string {
  return `${JSON.stringify(report, null, 2)}\n`
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${lang}\n${text}\n${fence}`
}

/** A table cell: pipes and line breaks would break the row. */
const cell = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : String(v).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')

const prettyBody = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

export function reportMarkdown(report: ComparisonReport): string {
  const out: string[] = []
  const cols = report.columns
  const user = [...report.draft.messages].reverse().find((m) => m.role === 'user')
  const prompt = user?.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n') ?? ''
  out.push(`# Comparison of ${cols.length} columns`, '', `Exported ${report.createdAt}.`, '')
  if (report.draft.system) out.push('**System prompt**', '', fenced(report.draft.system), '')
  out.push('**Prompt**', '', fenced(prompt), '')

  out.push('## Columns', '')
  out.push(
    '| # | Format | Model | Profile | Status | TTFT ms | Total ms | tok/s | In | Out | Reasoning | Cached | Cost | Stop |',
  )
  out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  cols.forEach((c, i) => {
    const u = c.metrics.usage
    const cached =
      u && (u.cachedRead ?? u.cacheCreation) !== undefined
        ? (u.cachedRead ?? 0) + (u.cacheCreation ?? 0)
        : null
    out.push(
      `| ${i + 1} | ${cell(FORMAT_LABELS[c.format])} | ${cell(c.model)} | ${cell(c.profile)} | ${cell(c.status)} | ${cell(c.metrics.ttftMs)} | ${cell(c.metrics.totalMs)} | ${cell(c.metrics.tokensPerSecond)} | ${cell(u?.input)} | ${cell(u?.output)} | ${cell(u?.reasoning)} | ${cell(cached)} | ${cell(costText(c.metrics.cost))} | ${cell(c.metrics.stopReason)} |`,
    )
  })
  out.push('')

  const r = report.reconciliation
  out.push('## Usage reconciliation', '')
  out.push(
    `count_tokens (messages format): ${cell(r.counts.server)} · local estimate: ${cell(r.counts.estimate)}`,
    '',
  )
  for (const m of r.sameModel ?? [])
    out.push(
      sameModelWords(m, (f) => FORMAT_LABELS[f]),
      '',
    )
  out.push(
    '| Column | Input | − count_tokens | − estimate | Output | Δ output vs first | Cost | vs cheapest |',
  )
  out.push('|---|---|---|---|---|---|---|---|')
  for (const row of r.rows)
    out.push(
      `| ${cell(row.label)} | ${cell(row.input)} | ${signed(row.inputVsServer)} | ${signed(row.inputVsEstimate)} | ${cell(row.output)} | ${signed(row.outputVsFirst)} | ${cell(row.cost ? storedCostText(row.cost) : null)} | ${vsCheapestText(row)} |`,
    )
  out.push('')

  cols.forEach((c, i) => {
    // The column's label already carries its number ("1. Chat completions · gpt-4o").
    out.push(`## ${/^\d+\.\s/.test(c.label) ? c.label : `${i + 1}. ${c.label}`}`, '')
    if (c.error)
      out.push(`**Failed**${c.error.status ? ` (HTTP ${c.error.status})` : ''}: ${c.error.message}`, '')
    if (c.lossiness.length) {
      out.push('What this format cannot express or expresses differently:', '')
      for (const w of c.lossiness) out.push(`- ${lossFieldName(w.path)} (${w.kind}): ${lossMessage(w)}`)
      out.push('')
    }
    if (Object.keys(c.overrides).length)
      out.push('Column overrides:', '', fenced(JSON.stringify(c.overrides, null, 2), 'json'), '')
    if (c.body !== null) out.push('Request body:', '', fenced(prettyBody(c.body), 'json'), '')
    if (c.reasoning) out.push('Reasoning:', '', fenced(c.reasoning), '')
    out.push('Answer:', '', fenced(c.answer || '(no text)', 'markdown'), '')
    for (const call of c.toolCalls)
      out.push(`Tool call \`${call.name}\`:`, '', fenced(call.arguments, 'json'), '')
    const t = c.timings
    if (t.frames)
      out.push(
        `Stream: headers ${cell(t.headersMs)} ms, first byte ${cell(t.firstByteMs)} ms, end ${cell(t.endMs)} ms; frames ${Object.entries(
          t.frames,
        )
          .filter(([, n]) => n)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}.`,
        '',
      )
  })
  return out.join('\n')
}

// A check report as text: the matrix (subjects × probes) for a terminal, Markdown and JSON exports, and the
// cell-by-cell diff of two reports (the same gateway last week, or two gateways). Pure, so the CLI, main's
// export and the panel all print the same words.
import { checkReportSchema, countCells, type CheckCell, type CheckReport, type CheckStatus } from './model'
import { ALL_PROBES, probeById } from './battery'

export const STATUS_MARK: Record<CheckStatus, string> = {
  supported: 'ok',
  refused: 'refused',
  deviating: 'DEVIATES',
  failed: 'FAILED',
  stopped: 'not run',
  skipped: '—',
}

/** A cell's mark in a text table; the plain cell of a row whose model is not there says so. */
const markOf = (c: CheckCell) => (c.unavailable ? 'not here' : STATUS_MARK[c.status])

const label = (probeId: string) => probeById(probeId)?.label ?? probeId

/**
 * A cell's verdict in one line: a cell that could not be checked (a 5xx, a 429, no answer) leads with what the
 * gateway answered, the shape findings after it; a deviating cell leads with its deviations; others with the detail.
 */
export function headline(c: Pick<CheckCell, 'status' | 'detail' | 'deviations'>): string {
  if (c.status === 'failed' || !c.deviations.length) return [c.detail, ...c.deviations].join('; ')
  return c.deviations.join('; ')
}

/** The columns of a group in battery order, and its rows in report order. */
export function matrixOf<T extends Pick<CheckCell, 'subject' | 'probeId'>>(
  cells: readonly T[],
): { subjects: string[]; probes: string[]; at: Map<string, T> } {
  const subjects = [...new Set(cells.map((c) => c.subject))]
  const present = new Set(cells.map((c) => c.probeId))
  const probes = ALL_PROBES.map((p) => p.id).filter((id) => present.has(id))
  const at = new Map(cells.map((c) => [`${c.probeId}@${c.subject}`, c]))
  return { subjects, probes, at }
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)))
  return rows.map((r) =>
    r
      .map((v, col) => v.padEnd(widths[col]!))
      .join('  ')
      .trimEnd(),
  )
}

export function summaryLine(cells: readonly CheckCell[]): string {
  const c = countCells(cells)
  return `${cells.length} cells: ${c.supported} supported, ${c.refused} refused, ${c.deviating} deviating, ${c.failed} failed, ${c.stopped} not run, ${c.skipped} not applicable.`
}

/** The matrix for a terminal, one table per group, then every cell that is not plainly supported, with why. */
export function formatMatrixText(report: CheckReport): string {
  const out: string[] = [`Gateway check of ${report.baseUrl} (${report.profile})`]
  for (const group of [...new Set(report.cells.map((c) => c.group))]) {
    const { subjects, probes, at } = matrixOf(report.cells.filter((c) => c.group === group))
    out.push(
      '',
      ...table([
        [group, ...probes.map(label)],
        ...subjects.map((s) => [
          s,
          ...probes.map((p) => {
            const c = at.get(`${p}@${s}`)
            return c ? markOf(c) : ''
          }),
        ]),
      ]),
    )
  }
  const notable = report.cells.filter(
    (c) => c.status !== 'supported' && c.status !== 'skipped' && c.status !== 'stopped',
  )
  if (notable.length) out.push('')
  for (const c of notable) {
    const why = headline(c)
    out.push(`${markOf(c)} ${c.subject} · ${label(c.probeId)}: ${why}`)
  }
  out.push('', summaryLine(report.cells))
  return out.join('\n')
}

const md = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')

export function reportToMarkdown(report: CheckReport): string {
  const out: string[] = [
    `# Gateway check: ${md(report.profile)}`,
    '',
    `- Base URL: ${md(report.baseUrl)}`,
    `- Started: ${new Date(report.startedAt).toISOString()}${report.endedAt ? `, took ${((report.endedAt - report.startedAt) / 1000).toFixed(1)} s` : ''}${report.stopped ? ' (stopped)' : ''}`,
    `- Paid probes: ${report.include.length ? report.include.join(', ') : 'none'}`,
    `- ${summaryLine(report.cells)}`,
  ]
  for (const group of [...new Set(report.cells.map((c) => c.group))]) {
    const { subjects, probes, at } = matrixOf(report.cells.filter((c) => c.group === group))
    out.push(
      '',
      `## ${group}`,
      '',
      `| ${['', ...probes.map(label)].join(' | ')} |`,
      `|${' --- |'.repeat(probes.length + 1)}`,
    )
    for (const s of subjects)
      out.push(
        `| ${[
          md(s),
          ...probes.map((p) => {
            const c = at.get(`${p}@${s}`)
            return c ? markOf(c) : ''
          }),
        ].join(' | ')} |`,
      )
  }
  out.push(
    '',
    '## Cells',
    '',
    '| subject | probe | status | detail | deviations | TTFT ms | tokens/s |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  )
  for (const c of report.cells)
    out.push(
      `| ${md(c.subject)} | ${md(label(c.probeId))} | ${c.status} | ${md(c.detail.slice(0, 200))} | ${md(c.deviations.join('; '))} | ${c.ttftMs ?? ''} | ${c.tokensPerSecond ?? ''} |`,
    )
  return `${out.join('\n')}\n`
}

export function reportToJson(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`
}

/** Reads an exported report; a problem names the field. */
export function readReport(text: string): { ok: true; report: CheckReport } | { ok: false; problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: `not JSON: ${(error as Error).message}` }
  }
  const parsed = checkReportSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, problem: `${issue.path.join('.') || 'report'}: ${issue.message}` }
  }
  return { ok: true, report: parsed.data }
}

export interface CellChange {
  key: string
  subject: string
  probe: string
  before: CheckStatus | null
  after: CheckStatus | null
  /** Deviations that appeared and went away. */
  added: string[]
  removed: string[]
}

/** What changed from `before` to `after`, cell by cell (by probe and subject); unchanged cells are left out. */
export function diffReports(before: CheckReport, after: CheckReport): CellChange[] {
  const a = new Map(before.cells.map((c) => [c.key, c]))
  const b = new Map(after.cells.map((c) => [c.key, c]))
  const keys = [...new Set([...a.keys(), ...b.keys()])]
  const out: CellChange[] = []
  for (const key of keys) {
    const x = a.get(key)
    const y = b.get(key)
    const added = (y?.deviations ?? []).filter((d) => !(x?.deviations ?? []).includes(d))
    const removed = (x?.deviations ?? []).filter((d) => !(y?.deviations ?? []).includes(d))
    if (x?.status === y?.status && !added.length && !removed.length) continue
    const any = (y ?? x)!
    out.push({
      key,
      subject: any.subject,
      probe: label(any.probeId),
      before: x?.status ?? null,
      after: y?.status ?? null,
      added,
      removed,
    })
  }
  return out
}

export function diffToMarkdown(before: CheckReport, after: CheckReport): string {
  const changes = diffReports(before, after)
  const head = [
    `# Gateway check: what changed`,
    '',
    `- Before: ${md(before.profile)} at ${md(before.baseUrl)}, ${new Date(before.startedAt).toISOString()}`,
    `- After: ${md(after.profile)} at ${md(after.baseUrl)}, ${new Date(after.startedAt).toISOString()}`,
    `- ${changes.length} cell${changes.length === 1 ? '' : 's'} changed`,
  ]
  if (!changes.length) return `${head.join('\n')}\n`
  const rows = changes.map(
    (c) =>
      `| ${md(c.subject)} | ${md(c.probe)} | ${c.before ?? 'absent'} | ${c.after ?? 'absent'} | ${md([...c.added.map((d) => `+ ${d}`), ...c.removed.map((d) => `− ${d}`)].join('; '))} |`,
  )
  return `${[...head, '', '| subject | probe | before | after | deviations |', '| --- | --- | --- | --- | --- |', ...rows].join('\n')}\n`
}

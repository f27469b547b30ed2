// Exports the whole comparison: the report (shared/compare/report) assembled from what the panel holds, then
// sent to main in pieces of at most EXPORT_PIECE_CHARS (M1), where it is saved through a dialog (desktop) or
// offered as a download (browser mode).
import { EXPORT_PIECE_CHARS, type CompareExportFormat } from '../../../../shared/ipc/compare'
import { reconcile } from '../../../../shared/compare/reconcile'
import {
  REPORT_KIND,
  reportJson,
  reportMarkdown,
  type ComparisonReport,
  type ReportColumn,
} from '../../../../shared/compare/report'
import { client } from '../../ipc/client'
import { useProfilesStore } from '../profiles'
import { columnDraft, columnLabel, columnLoss } from './compareForm'
import { columnProfile, useCompareStore } from './compareStore'

/** The comparison as it stands, as one report value. */
export function buildReport(now = new Date()): ComparisonReport {
  const s = useCompareStore.getState()
  const profiles = useProfilesStore.getState().profiles
  const first = s.columns[0]
  const shared = first ? columnDraft(s.shared, { ...first, extras: {} }).draft : { model: '', messages: [] }
  const columns = s.columns.map((c, i): ReportColumn => {
    const run = s.runs[s.columnRuns[c.id] ?? '']
    const lane = run ? s.lanes[run.runId]?.lane : undefined
    const profileId = columnProfile(c)
    const error = run?.error
    return {
      label: columnLabel(c, i),
      format: c.format,
      model: c.model,
      profile: profiles.find((p) => p.id === profileId)?.name ?? '(none)',
      overrides: c.extras,
      body: s.previews[c.id]?.preview?.body ?? null,
      lossiness: columnLoss(s.shared, s.columns, i),
      status: run?.status ?? 'not run',
      ...(error ? { error: { message: error.message, status: error.status, type: error.errorType } } : {}),
      answer: run?.text ?? '',
      reasoning: run?.reasoning ?? '',
      toolCalls: (run?.toolCalls ?? []).map(({ id, name, arguments: args }) => ({
        id,
        name,
        arguments: args,
      })),
      metrics: {
        ttftMs: run?.timings?.ttftMs ?? null,
        totalMs: run?.timings?.totalMs ?? null,
        tokensPerSecond: run?.timings?.tokensPerSecond ?? null,
        stopReason: run?.summary?.stopReason ?? null,
        usage: run?.usage ?? null,
        cost: run?.summary?.cost ?? null,
      },
      timings: {
        headersMs: run?.exchange?.timings.headersMs ?? null,
        firstByteMs: run?.exchange?.timings.firstByteMs ?? null,
        endMs: run?.exchange?.timings.endMs ?? null,
        frames: lane ? lane.counts : null,
      },
    }
  })
  const { model: _model, ...draft } = shared
  return {
    kind: REPORT_KIND,
    version: 1,
    createdAt: now.toISOString(),
    draft: { model: '', ...draft },
    columns,
    reconciliation: reconcile(
      columns.map((c) => ({
        label: c.label,
        format: c.format,
        model: c.model,
        usage: c.metrics.usage ?? undefined,
        cost: c.metrics.cost ?? undefined,
      })),
      { server: s.counts.server, estimate: s.counts.estimate },
    ),
  }
}

/** Sends the report to main in pieces; answers where it went (a path, or a URL to download). */
export async function exportComparison(
  format: CompareExportFormat,
): Promise<{ saved: boolean; path: string | null; url: string | null; name: string }> {
  const report = buildReport()
  const text = format === 'json' ? reportJson(report) : reportMarkdown(report)
  const exportId = `export-${crypto.randomUUID()}`
  let index = 0
  for (let at = 0; ; at += EXPORT_PIECE_CHARS, index++) {
    const piece = text.slice(at, at + EXPORT_PIECE_CHARS)
    const done = at + EXPORT_PIECE_CHARS >= text.length
    const result = await client.invoke('compare.putExport', { exportId, format, index, piece, done })
    if (done) return result
  }
}

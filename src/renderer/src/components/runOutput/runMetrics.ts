// The run's metrics line, one list for every place that shows a finished run (Text, Compare): stop reason,
// the matched stop sequence, every usage count the answer carried (the common ones, then the rest by name), the
// model version, system fingerprint and creation time, the cost, timings. Usage that is
// absent or all zero reads "usage not reported", never "in 0 · out 0".
import type { RunSummary, RunTimings } from '../../../../shared/ipc/text'
import { reportedUsage } from '../../../../shared/wire/reportedUsage'
import { costText } from '../../../../shared/cost/money'

export interface RunMetricsInput {
  status: string
  summary?: RunSummary | undefined
  timings?: RunTimings | undefined
}

export function runMetricParts({ status, summary, timings: t }: RunMetricsInput): string[] {
  const parts: string[] = []
  if (summary?.stopReason) parts.push(`stop: ${summary.stopReason}`)
  if (summary?.stopSequence !== undefined)
    parts.push(`matched stop sequence ${JSON.stringify(summary.stopSequence)}`)
  const u = reportedUsage(summary?.usage)
  if (u) {
    if (u.input !== undefined) parts.push(`in ${u.input}`)
    if (u.output !== undefined) parts.push(`out ${u.output}`)
    if (u.reasoning) parts.push(`reasoning ${u.reasoning}`)
    if (u.cachedRead) parts.push(`cache read ${u.cachedRead}`)
    if (u.cacheCreation) parts.push(`cache write ${u.cacheCreation}`)
    if (u.total !== undefined) parts.push(`total tokens ${u.total}`)
    for (const [name, value] of Object.entries(u.details ?? {})) parts.push(`${name} ${value}`)
  } else if (summary && (status === 'done' || status === 'incomplete')) {
    parts.push('usage not reported')
  }
  // The cost beside the usage it comes from (or why it is unknown), as main priced it.
  if (summary?.cost)
    parts.push(summary.cost.kind === 'priced' ? `cost ${costText(summary.cost)}` : costText(summary.cost))
  if (summary?.modelVersion) parts.push(`model version ${summary.modelVersion}`)
  if (summary?.systemFingerprint) parts.push(`fingerprint ${summary.systemFingerprint}`)
  if (summary?.createTime) parts.push(`created ${summary.createTime}`)
  if (t?.ttftMs != null) parts.push(`TTFT ${t.ttftMs} ms`)
  if (t) parts.push(`total ${(t.totalMs / 1000).toFixed(2)} s`)
  // Tokens per second need a reported output count; zeros are not one.
  if (u?.output && t?.tokensPerSecond != null) parts.push(`${t.tokensPerSecond} tok/s`)
  return parts
}

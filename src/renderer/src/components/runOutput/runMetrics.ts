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
    for (const [name, value] of Object.entries(u.details ?? {})) parts.push(`${usageFieldWords(name)} ${value}`)
  } else if (summary && (status === 'done' || status === 'incomplete')) {
    parts.push('usage not reported')
  }
  // The cost beside the usage it comes from (or why it is unknown), as main priced it.
  if (summary?.cost)
    parts.push(summary.cost.kind === 'priced' ? `cost ${costText(summary.cost)}` : costText(summary.cost))
  if (summary?.modelVersion) parts.push(`model version ${summary.modelVersion}`)
  if (summary?.systemFingerprint) parts.push(`fingerprint ${summary.systemFingerprint}`)
  if (summary?.createTime) parts.push(`created ${localDateTime(summary.createTime)}`)
  if (t?.ttftMs != null) parts.push(`TTFT ${t.ttftMs} ms`)
  if (t) parts.push(`total ${(t.totalMs / 1000).toFixed(2)} s`)
  // Tokens per second need a reported output count; zeros are not one.
  if (u?.output && t?.tokensPerSecond != null) parts.push(`${t.tokensPerSecond} tok/s`)
  return parts
}

/** One segment of a usage field's name in words: `promptTokensDetails` → "prompt tokens", `TEXT` → "text". */
function segmentWords(segment: string): string {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim()
    .replace(/ (details|count)$/, '')
    .replace(/ (details|count)$/, '')
    .replace(/ token$/, ' tokens')
}

/**
 * A usage field's dotted path as people read it: `promptTokensDetails.TEXT` reads "Prompt tokens (text)",
 * `completion_tokens_details.audio_tokens` "Completion tokens (audio)", `server_tool_use.web_search_requests`
 * "Server tool use (web search requests)", `toolUsePromptTokenCount` "Tool use prompt tokens".
 */
export function usageFieldWords(path: string): string {
  const [head = '', ...rest] = path.split('.').map(segmentWords)
  const inner = rest.map((r) => (head.endsWith('tokens') ? r.replace(/ tokens$/, '') : r))
  const named = head.charAt(0).toUpperCase() + head.slice(1)
  return inner.length ? `${named} (${inner.join(', ')})` : named
}

/** A timestamp the gateway sent, as this machine's local date and time; the text as sent when it is not one. */
function localDateTime(stamp: string): string {
  const at = new Date(stamp)
  return Number.isNaN(at.getTime()) ? stamp : at.toLocaleString()
}

// Locust's `--csv` results (`<prefix>_stats.csv`) read back, to show beside the app's own figures: the rows an
// exported locustfile reports (TTFT, TPOT, ITL, TOKENS, E2E per "target @ level"), grouped by that name. Locust
// keeps response times rounded (2 significant digits past 100 ms) for its percentiles; its min, max and average
// are exact. The file is hostile input: bounded, every number checked, unknown rows ignored.
import { parse } from 'csv-parse/sync'
import { AppError } from '../../../shared/ipc/result'
import type { LocustLevel, LocustMetric } from '../../../shared/ipc/load'

/** The largest stats file read (a run of many names stays far below). */
export const LOCUST_CSV_MAX_CHARS = 2 * 1024 * 1024
const KINDS = ['TTFT', 'TPOT', 'ITL', 'TOKENS', 'E2E'] as const

function num(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '' || value === 'N/A') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

export function readLocustStats(text: string): LocustLevel[] {
  if (text.length > LOCUST_CSV_MAX_CHARS)
    throw new AppError(
      'LOAD_BAD_LOCUST',
      `Locust results: larger than ${LOCUST_CSV_MAX_CHARS / 1024 / 1024} MB`,
    )
  let rows: Record<string, string>[]
  try {
    rows = parse(text, {
      columns: true,
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
    }) as Record<string, string>[]
  } catch (error) {
    throw new AppError('LOAD_BAD_LOCUST', `Locust results: not a CSV file (${(error as Error).message})`)
  }
  const first = rows[0]
  if (!first || !('Type' in first) || !('Name' in first) || !('Request Count' in first))
    throw new AppError(
      'LOAD_BAD_LOCUST',
      'Locust results: expected the _stats.csv file Locust writes with --csv (columns Type, Name, Request Count, …)',
    )
  const byName = new Map<string, LocustLevel>()
  for (const row of rows) {
    const kind = row.Type as (typeof KINDS)[number]
    const name = row.Name ?? ''
    if (!KINDS.includes(kind) || name === 'Aggregated' || name.length > 500) continue
    const [target, level] = name.includes(' @ ') ? name.split(' @ ') : [name, '']
    let entry = byName.get(name)
    if (!entry) {
      entry = { name, target: target ?? name, level: level ?? '', metrics: {} }
      byName.set(name, entry)
    }
    const metric: LocustMetric = {
      count: num(row['Request Count']) ?? 0,
      failures: num(row['Failure Count']) ?? 0,
      mean: num(row['Average Response Time']),
      min: num(row['Min Response Time']),
      max: num(row['Max Response Time']),
      p50: num(row['50%']) ?? num(row['Median Response Time']),
      p90: num(row['90%']),
      p95: num(row['95%']),
      p99: num(row['99%']),
      perSecond: num(row['Requests/s']),
      meanLength: num(row['Average Content Size']),
    }
    entry.metrics[kind] = metric
  }
  if (byName.size === 0)
    throw new AppError(
      'LOAD_BAD_LOCUST',
      'Locust results: no TTFT, TPOT, ITL, TOKENS or E2E rows; import the results of a locustfile exported here',
    )
  return [...byName.values()].slice(0, 200)
}

// A load test's report: the plan (profiles by name, never by key), how the run ended, and the figures of each
// level; its JSON export (read back, checked, for a diff), the CSV of its levels, and the table a terminal shows.
// Field names here are the ones the README documents (times in ms, throughputs per second).
import { z } from 'zod'
import { ERROR_CLASSES, STAT_FIELDS, type Stats } from './metrics'
import type { LevelFigures } from './levels'
import { levelLabel, loadPlanSchema, targetLabel, type LoadPlan } from './plan'
import { billedSumSchema, mergeBilledSums, type BilledSum } from '../cost/billed'

export const LOAD_STATUSES = ['running', 'done', 'stopped', 'failed', 'interrupted'] as const
export type LoadStatus = (typeof LOAD_STATUSES)[number]

export interface ReportTarget {
  profile: string
  baseUrl: string
  model: string
  format: LoadPlan['targets'][number]['format']
  stream: boolean
  /**
   * What its requests cost at its profile's prices, from the usage each answer reported (warm-up included: it
   * was billed); the requests without a cost counted by why. Absent in reports written before runs were priced.
   */
  cost?: BilledSum
}

export interface LoadReport {
  version: 1
  runId: string
  name: string
  startedAt: number
  endedAt: number | null
  status: LoadStatus
  error: string | null
  plan: LoadPlan
  targets: ReportTarget[]
  levels: LevelFigures[]
  /** Requests sent in all, and how many of them went to disk with their exchange. */
  requests: number
}

const num = z.number().nullable()
const statsSchema = z.object({
  count: z.number(),
  mean: num,
  min: num,
  max: num,
  p50: num,
  p90: num,
  p95: num,
  p99: num,
})
const levelSchema = z.object({
  cost: billedSumSchema.optional(),
  step: z.number(),
  targetIndex: z.number().int().min(0),
  mode: z.enum(['concurrency', 'rate']),
  level: z.number(),
  sent: z.number(),
  warmup: z.number(),
  measured: z.number(),
  ok: z.number(),
  stopped: z.number(),
  durationMs: z.number(),
  requestThroughput: num,
  outputTokenThroughput: num,
  inputTokenThroughput: num,
  ttftMs: statsSchema,
  tpotMs: statsSchema,
  e2eMs: statsSchema,
  itlFrameMs: statsSchema,
  itlTokenMs: statsSchema,
  outputTokens: statsSchema,
  tokPerSecAfterFirst: statsSchema,
  tokPerSecWhole: statsSchema,
  outputTokensFrom: z.object({ usage: z.number(), tokenizer: z.number() }),
  errors: z.object({
    '429': z.number(),
    '5xx': z.number(),
    timeout: z.number(),
    midStream: z.number(),
    incomplete: z.number(),
    '4xx': z.number(),
    network: z.number(),
  }),
  errorRate: num,
  goodput: z.object({
    ttftLimitMs: num,
    tpotLimitMs: num,
    good: z.number(),
    share: num,
    perSecond: num,
  }),
  waitedAtClient: z.number(),
})
export const loadReportSchema = z.object({
  version: z.literal(1),
  runId: z.string().max(200),
  name: z.string().max(300),
  startedAt: z.number(),
  endedAt: num,
  status: z.enum(LOAD_STATUSES),
  error: z.string().nullable(),
  plan: loadPlanSchema,
  targets: z.array(
    z.object({
      profile: z.string(),
      baseUrl: z.string(),
      model: z.string(),
      format: loadPlanSchema.shape.targets.element.shape.format,
      stream: z.boolean(),
      cost: billedSumSchema.optional(),
    }),
  ),
  levels: z.array(levelSchema).max(1000),
  requests: z.number(),
})

/** Reads an exported report; a problem names the field. */
export function readLoadReport(
  text: string,
): { ok: true; report: LoadReport } | { ok: false; problem: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: `not JSON: ${(error as Error).message}` }
  }
  const parsed = loadReportSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, problem: `${issue.path.join('.') || 'report'}: ${issue.message}` }
  }
  return { ok: true, report: parsed.data as LoadReport }
}

/** The run's cost, its targets' together; null when the run was not priced. */
export function reportCost(report: Pick<LoadReport, 'targets'>): BilledSum | null {
  return report.targets.some((t) => t.cost) ? mergeBilledSums(report.targets.map((t) => t.cost)) : null
}

/** The report as a file: with the run's total cost after its targets' (read back, the total is left out). */
export function reportToJson(report: LoadReport): string {
  const cost = reportCost(report)
  return `${JSON.stringify(cost ? { ...report, cost } : report, null, 2)}\n`
}

/** A level's cost as CSV cells: the amount (in the currency's unit, unrounded) and currency, then the counts. */
const COST_COLUMNS = [
  'cost',
  'cost.currency',
  'cost.priced',
  'cost.estimated',
  'cost.noPrice',
  'cost.usageNotReported',
  'cost.failedBeforeBilling',
]
function costCells(sum: BilledSum | undefined): unknown[] {
  if (!sum) return COST_COLUMNS.map(() => null)
  const amounts = Object.entries(sum.byCurrency)
  return [
    // A string: the CSV's numbers are rounded to 3 decimals, a request costs millionths.
    amounts.map(([, micros]) => unitAmount(micros)).join(';'),
    amounts.map(([currency]) => currency).join(';'),
    sum.priced,
    sum.estimates,
    sum.unpriced,
    sum.unreported,
    sum.unbilled,
  ]
}

/** Millionths as the currency's unit, to the billionth, without trailing zeros: 341.5 → `0.0003415`. */
export const unitAmount = (micros: number) => (micros / 1e6).toFixed(9).replace(/\.?0+$/, '')

/** The metrics of a level that have a distribution, with the unit their columns carry. */
export const DISTRIBUTIONS = [
  ['ttftMs', 'TTFT', 'ms'],
  ['tpotMs', 'TPOT', 'ms'],
  ['itlFrameMs', 'ITL per frame', 'ms'],
  ['itlTokenMs', 'ITL per token', 'ms'],
  ['e2eMs', 'End-to-end latency', 'ms'],
  ['outputTokens', 'Output tokens', 'tokens'],
  ['tokPerSecAfterFirst', 'Output tok/s after the first token', 'tok/s'],
  ['tokPerSecWhole', 'Output tok/s over the whole request', 'tok/s'],
] as const satisfies readonly (readonly [keyof LevelFigures, string, string])[]

const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One row per level, the columns named `<metric>.<stat>` as in the JSON. */
export function levelsToCsv(report: LoadReport): string {
  const head = [
    'target',
    'profile',
    'model',
    'format',
    'stream',
    'mode',
    'level',
    'sent',
    'warmup',
    'measured',
    'ok',
    'stopped',
    'durationMs',
    'requestThroughput',
    'outputTokenThroughput',
    'inputTokenThroughput',
    ...DISTRIBUTIONS.flatMap(([key]) => STAT_FIELDS.map((s) => `${key}.${s}`)),
    'outputTokensFrom.usage',
    'outputTokensFrom.tokenizer',
    ...ERROR_CLASSES.map((c) => `errors.${c}`),
    'errorRate',
    'goodput.good',
    'goodput.share',
    'goodput.perSecond',
    'waitedAtClient',
    ...COST_COLUMNS,
  ]
  const rows = report.levels.map((l) => {
    const t = report.targets[l.targetIndex]
    return [
      t ? targetLabel(t) : '',
      t?.profile,
      t?.model,
      t?.format,
      t?.stream,
      l.mode,
      l.level,
      l.sent,
      l.warmup,
      l.measured,
      l.ok,
      l.stopped,
      l.durationMs,
      l.requestThroughput,
      l.outputTokenThroughput,
      l.inputTokenThroughput,
      ...DISTRIBUTIONS.flatMap(([key]) => STAT_FIELDS.map((s) => (l[key] as Stats)[s])),
      l.outputTokensFrom.usage,
      l.outputTokensFrom.tokenizer,
      ...ERROR_CLASSES.map((c) => l.errors[c]),
      l.errorRate,
      l.goodput.good,
      l.goodput.share,
      l.goodput.perSecond,
      l.waitedAtClient,
      ...costCells(l.cost),
    ]
  })
  return `${[head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n')}\n`
}

const fixed = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits))
const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`)

/** The levels as a table for a terminal: one line per level with the figures people look at first. */
export function levelsTable(report: LoadReport): string {
  const head = [
    'target',
    'level',
    'ok/measured',
    'req/s',
    'out tok/s',
    'TTFT p50',
    'TTFT p95',
    'TPOT p50',
    'TPOT p95',
    'e2e p95',
    'errors',
    'goodput',
  ]
  const rows = report.levels.map((l) => {
    const t = report.targets[l.targetIndex]
    const errors = Object.entries(l.errors)
      .filter(([, n]) => n > 0)
      .map(([c, n]) => `${c}:${n}`)
      .join(' ')
    return [
      t ? targetLabel(t) : '?',
      levelLabel(l.mode, l.level),
      `${l.ok}/${l.measured}`,
      fixed(l.requestThroughput, 2),
      fixed(l.outputTokenThroughput, 1),
      fixed(l.ttftMs.p50, 1),
      fixed(l.ttftMs.p95, 1),
      fixed(l.tpotMs.p50, 2),
      fixed(l.tpotMs.p95, 2),
      fixed(l.e2eMs.p95, 0),
      errors || '0',
      pct(l.goodput.share),
    ]
  })
  const all = [head, ...rows]
  const widths = head.map((_, col) => Math.max(...all.map((r) => r[col]!.length)))
  return all
    .map((r) =>
      r
        .map((v, col) => v.padEnd(widths[col]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
